/**
 * A run's files into the workbook: a finished run says what it gave and opens nothing by itself; the
 * planner opens each file with its own button, a table on a sheet named after the run and the file.
 */
import type { AdsClient } from "../../../api/client";
import type { AgentFile } from "../../../api/schemas";
import type { ExcelHost } from "../../../excel/host";
import { workbookFileTargets } from "../../../excel/agentFiles";
import {
  describeOpened,
  finishedText,
  openAgentFile,
  type AgentRunRef,
} from "../../../writebacks/agentFileOpen";
import { describeServiceError } from "../../../writebacks/serviceErrors";
import { NOT_CONNECTED } from "../../services";
import type { AgentMessage, RunView } from "./agentMessage";

/** Hands bytes to the browser as a file download. */
function saveAs(bytes: Uint8Array, fileName: string): void {
  const url = URL.createObjectURL(new Blob([new Uint8Array(bytes)]));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useRunFiles(
  client: AdsClient | null,
  excel: ExcelHost,
  setMessage: (message: AgentMessage | null) => void,
) {
  /** A finished run opens nothing by itself: the message lists what it gave, and the planner chooses. */
  function finished(final: RunView | null): void {
    if (final?.status === "done") setMessage({ intent: "success", text: finishedText(final.files ?? []) });
  }

  /** Opens one file of the run `from`; what the pane says of it. */
  async function openOne(file: AgentFile, from: AgentRunRef): Promise<string> {
    if (!client) return NOT_CONNECTED;
    try {
      const opened = await openAgentFile(
        file,
        {
          ...workbookFileTargets(excel),
          // The client re-reads the run status for a fresh URL when the one it has expired.
          download: () => client.agents.downloadFile(from.runId, file),
          saveAs,
        },
        from,
      );
      return describeOpened(opened);
    } catch (e) {
      throw new Error(`${file.fileName}: ${describeServiceError(e)}`, { cause: e });
    }
  }

  return { openOne, finished };
}
