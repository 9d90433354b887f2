/**
 * A run's files into the workbook: a finished run's tabular files open by themselves, each on a sheet
 * named after the agent, the run and the file; any file opens on its own action.
 */
import type { AdsClient } from "../../../api/client";
import type { AgentFile } from "../../../api/schemas";
import type { ExcelHost } from "../../../excel/host";
import { workbookFileTargets } from "../../../excel/agentFiles";
import {
  describeOpened,
  isTabular,
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
  /** A finished run's tabular files open by themselves, one after the other; the rest wait for their action. */
  async function openTables(final: RunView | null, from: AgentRunRef): Promise<void> {
    const tables = final?.status === "done" ? (final.files ?? []).filter(isTabular) : [];
    if (!client || tables.length === 0) return;
    const said: string[] = [];
    let failed = false;
    // One after the other (one workbook), each file's failure said and the others still opened.
    for (const file of tables)
      said.push(
        await openOne(file, from).then(
          (said) => `${file.fileName}: ${said}`,
          (e: unknown) => {
            failed = true;
            return e instanceof Error ? e.message : String(e);
          },
        ),
      );
    const rest = (final?.files?.length ?? 0) - tables.length;
    const others = rest
      ? ` ${rest} other file${rest === 1 ? "" : "s"} listed below, each with its action.`
      : "";
    setMessage({
      intent: failed ? "error" : "success",
      text: `The run finished. ${said.join(" ")}${others}`,
    });
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

  return { openOne, openTables };
}
