/**
 * Agent CSV and TSV files opened into the strict in-memory workbook: every cell holds what the file
 * held (its exact text, or the number or ISO date it unambiguously is), whatever the text looks like.
 */
import fc from "fast-check";
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import { openAgentFile } from "../writebacks/agentFileOpen";
import { workbookFileTargets } from "./agentFiles";
import { agentCell, agentFileText, agentGrid, landsAs } from "./testing/agentCells";

test.each(["csv", "tsv"] as const)(
  "%s files land losslessly in the workbook",
  async (fileType) => {
    const cell = fileType === "tsv" ? agentCell.filter((s) => !/[\t\r\n]/.test(s)) : agentCell;
    let cells = 0;
    await fc.assert(
      fc.asyncProperty(agentGrid(cell), async (rows) => {
        fc.pre(rows[0].some((c) => c !== "") || rows[0].length > 1);
        const wb = new InMemoryWorkbook();
        const opened = await openAgentFile(
          { fileName: `out.${fileType}`, fileType },
          {
            ...workbookFileTargets(wb.excel),
            download: async () => new TextEncoder().encode(agentFileText(fileType, rows)),
            saveAs: () => undefined,
          },
        );
        if (opened.kind !== "sheet") throw new Error(`not opened as a sheet: ${opened.kind}`);
        rows.slice(1).forEach((r, i) =>
          r.forEach((text, j) => {
            const got = wb.host.cell(opened.sheetName, i + 1, j);
            cells++;
            expect({ text, value: got.value, formula: got.formula }).toEqual({
              text,
              value: landsAs(got.value, text) ? got.value : `(not what the file held) ${String(got.value)}`,
              formula: undefined,
            });
          }),
        );
      }),
      { numRuns: 300 },
    );
    expect(cells).toBeGreaterThan(500);
  },
  300_000,
);
