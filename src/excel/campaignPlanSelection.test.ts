import { InMemoryWorkbook } from "../../preview/memory/workbook";
import { MAX_PARAMETER_ROWS, readSelectedText, writeTextAtSelection } from "./campaignPlanSelection";

test("advertiser names go into the selected cell and the one to its right, as text", async () => {
  const wb = new InMemoryWorkbook();
  wb.host.select("Sheet1", 4, 3);
  expect(await writeTextAtSelection(wb.excel, ["=Acme", "acme"])).toBe("Sheet1!D5:E5");
  expect(wb.host.cell("Sheet1", 4, 3)).toMatchObject({ value: "=Acme", numberFormat: "@" });
  expect(wb.host.cell("Sheet1", 4, 3).formula).toBeUndefined();
  expect(wb.host.cell("Sheet1", 4, 4).value).toBe("acme");
});

test("nothing is overwritten: a filled cell to the right refuses the insert", async () => {
  const wb = new InMemoryWorkbook();
  wb.host.setInput("Sheet1", 0, 1, "publisher-x");
  wb.host.select("Sheet1", 0, 0);
  await expect(writeTextAtSelection(wb.excel, ["Acme", "acme"])).rejects.toThrow(
    /not empty \(Sheet1!A1:B1\)/,
  );
  expect(wb.host.cell("Sheet1", 0, 0).value).toBeNull();
  expect(wb.host.cell("Sheet1", 0, 1).value).toBe("publisher-x");
});

test("parameters are read as displayed text; a whole-column selection is refused", async () => {
  const wb = new InMemoryWorkbook();
  wb.host.setInput("Sheet1", 0, 0, "topic");
  wb.host.setInput("Sheet1", 0, 1, "sleep");
  wb.host.setInput("Sheet1", 1, 0, "limit");
  wb.host.setInput("Sheet1", 1, 1, "10");
  wb.host.select("Sheet1", 0, 0, 2, 2);
  expect(await readSelectedText(wb.excel)).toEqual([
    ["topic", "sleep"],
    ["limit", "10"],
  ]);
  wb.host.select("Sheet1", 0, 0, MAX_PARAMETER_ROWS + 1, 2);
  await expect(readSelectedText(wb.excel)).rejects.toThrow(/at most 1000 rows/);
});
