/**
 * Seed shows from a report sheet: the sheets whose table has a column of the service's show ids are
 * found by either of its headers - a report's Show ID, a Prospects sheet's Service show id (issue 57) -
 * and the ids are read from that column; a sheet with neither (or a Directory id alone) is not offered.
 */
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import { saveDefinition } from "./store/reportRecords";
import { showIdSheets, showIdsOf } from "./showIdSheets";

async function reportSheet(wb: InMemoryWorkbook, sheetName: string, rows: string[][]): Promise<void> {
  const tableName = sheetName.replace(/\W/g, "");
  await wb.excel.run(async (context) => {
    const sheet = context.workbook.worksheets.add(sheetName);
    const range = sheet.getRangeByIndexes(0, 0, rows.length, rows[0].length);
    range.values = rows;
    const end = String.fromCharCode(64 + rows[0].length);
    sheet.tables.add(`A1:${end}${rows.length}`, true).name = tableName;
    await context.sync();
  });
  await saveDefinition(wb.excel, {
    version: 2,
    kind: "prospects",
    params: {},
    sheetName,
    tableName,
    status: "ok",
    rowCount: rows.length - 1,
    refreshOnOpen: false,
  });
}

test("issue 57: a Prospects sheet's Service show id and a report's Show ID are both found and read; a Directory id alone is not", async () => {
  const wb = new InMemoryWorkbook({ sheets: ["Sheet1"] });
  await reportSheet(wb, "Impressions", [
    ["Show", "Show ID"],
    ["A", "50001"],
    ["B", "50001"],
    ["C", "50003"],
  ]);
  await reportSheet(wb, "Prospects", [
    ["Show", "Directory id", "Service show id"],
    ["Seed", "1200000003", "50002"],
    ["Similar", "", "50009"],
  ]);
  await reportSheet(wb, "Seeds only", [
    ["Show", "Directory id"],
    ["Seed", "1200000003"],
  ]);
  expect(await showIdSheets(wb.excel)).toEqual([
    { sheetName: "Impressions", column: "Show ID", rows: 3 },
    { sheetName: "Prospects", column: "Service show id", rows: 2 },
  ]);
  expect(await showIdsOf(wb.excel, "Impressions")).toEqual({ column: "Show ID", ids: ["50001", "50003"] });
  expect(await showIdsOf(wb.excel, "Prospects")).toEqual({
    column: "Service show id",
    ids: ["50002", "50009"],
  });
  await expect(showIdsOf(wb.excel, "Seeds only")).rejects.toThrow(
    "Seeds only's table has no Show ID or Service show id column.",
  );
});
