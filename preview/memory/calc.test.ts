/** Worksheet functions the preview computes itself where the formula library has none or a stub. */
import { InMemoryWorkbook } from "./workbook";

async function computed(formulas: string[], setup: (s: Excel.Worksheet) => void = () => undefined) {
  const wb = new InMemoryWorkbook();
  await wb.excel.run(async (c) => {
    const s = c.workbook.worksheets.getItem("Sheet1");
    setup(s);
    s.getRange(`A1:A${formulas.length}`).formulas = formulas.map((f) => [f]);
    await c.sync();
  });
  return formulas.map((_, i) => wb.host.cell("Sheet1", i, 0).value);
}

test("MIN and MAX read the numbers of ranges (text, logicals, blanks skipped) and of direct arguments, as Excel", async () => {
  const values = await computed(
    [
      "=MIN(B1:B4)",
      "=MAX(B1:B4)",
      "=MAX(B1:B4, 100)",
      "=MIN(C1:C2)",
      '=MAX("7", 2)',
      '=MAX("x", 2)',
      "=MIN(B1:B4)+1",
      "=MAX(D1:D2)",
      "=MIN(B2)",
      "=MAX(B3)",
    ],
    (s) => {
      s.getRange("B1:B4").values = [[5], ["text"], [true], [-2]];
      s.getRange("D1:D2").formulas = [["=1/0"], [3]];
    },
  );
  // A single cell is a reference too: its text or logical is skipped (0), not read as typed.
  expect(values).toEqual([-2, 5, 100, 0, 7, "#VALUE!", -1, "#DIV/0!", 0, 0]);
});

test("HYPERLINK shows its friendly name, else the link", async () => {
  expect(await computed(['=HYPERLINK("#Sheet1!A1","Go")', '=HYPERLINK("https://example.test")'])).toEqual([
    "Go",
    "https://example.test",
  ]);
});
