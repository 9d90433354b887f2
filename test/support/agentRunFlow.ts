/**
 * The pane's agent-run path for tests: start a run, wait for it, download each file and open it in
 * the workbook (tables as sheets, xlsx inserted or saved), as the Agents tab does. Reports anything
 * written that still calls out of the workbook.
 */
import type { InMemoryWorkbook } from "../../preview/memory/workbook";
import type { AdsClient } from "../../src/api/client";
import { workbookFileTargets } from "../../src/excel/agentFiles";
import { openAgentFile } from "../../src/writebacks/agentFileOpen";
import { outwardCalls } from "../../src/writebacks/outwardCalls";
import { checkOutward } from "../../src/writebacks/xlsxOutward";

export async function openAgentRunFiles(
  client: AdsClient,
  wb: InMemoryWorkbook,
  agentId: number,
  params: Record<string, string>,
): Promise<{ wrote: boolean; wrong?: string }> {
  const { runId } = await client.agents.startRun(agentId, params);
  const run = await client.agents.waitForRun(runId);
  const saved: { fileName: string; bytes: Uint8Array }[] = [];
  for (const file of run.files ?? []) {
    await openAgentFile(file, {
      ...workbookFileTargets(wb.excel),
      download: () => client.agents.downloadFile(runId, file),
      saveAs: (bytes, fileName) => void saved.push({ fileName, bytes }),
    });
  }
  const outward: string[] = [];
  for (const sheet of wb.host.sheets()) {
    const size = wb.host.usedSize(sheet.name);
    for (let r = 0; r < size.rows; r++)
      for (let c = 0; c < size.cols; c++) {
        const formula = wb.host.cell(sheet.name, r, c).formula;
        if (formula && outwardCalls(formula).length) outward.push(`${sheet.name}: ${formula}`);
      }
  }
  for (const f of saved)
    if (f.fileName.toLowerCase().endsWith(".xlsx") && checkOutward(f.bytes).kind !== "unchanged")
      outward.push(`${f.fileName} (saved as it came)`);
  return {
    wrote: true,
    wrong: outward.length ? `calls out of the workbook: ${outward.join("; ")}` : undefined,
  };
}
