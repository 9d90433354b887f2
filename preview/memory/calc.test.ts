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

test("a bounded range is all its cells, the empty ones past the used area included (COUNTIFS of an empty string counts them, as Excel)", async () => {
  // The sheet's used area ends at row 4 (A1:A4 hold the formulas, B2 a value): B2:B9 is still 8 cells.
  const values = await computed(
    ['=COUNTIFS(B2:B9,"")', '=COUNTIFS(B1:C3,"")', "=COUNTA(B2:B9)", "=ROWS(B2:B9)"],
    (s) => {
      s.getRange("B2").values = [[6]];
    },
  );
  expect(values).toEqual([7, 5, 1, 8]);
});

test("the one-criterion forms read criteria as the …IFS forms do: an empty-text criterion counts the blank cells, as Excel", async () => {
  // B2:B4 is 6, Acme and a blank cell; C2:C4 is 10, 20, 30. The used area ends at row 10 (A1:A10).
  const values = await computed(
    [
      '=COUNTIF(B2:B9,"")',
      '=COUNTIF(B2:B4,">5")',
      '=SUMIF(B2:B4,"",C2:C4)',
      '=SUMIF(B2:B4,"acme",C2:C4)',
      // A smaller third argument is read in the first one's shape from its top-left cell, as Excel.
      '=SUMIF(B2:B4,"acme",C2)',
      '=SUMIF(B2:B4,"<>acme",C2:C3)',
      '=SUMIF(C2:C4,">15")',
      '=AVERAGEIF(B2:B4,"<>Acme",C2:C4)',
      '=AVERAGEIF(B2:B4,"Nobody",C2:C4)',
      "=COUNTBLANK(B2:B9)",
    ],
    (s) => {
      s.getRange("B2:C4").values = [
        [6, 10],
        ["Acme", 20],
        ["", 30],
      ];
    },
  );
  expect(values).toEqual([6, 1, 30, 20, 20, 40, 50, 20, "#DIV/0!", 6]);
});

test("HYPERLINK shows its friendly name, else the link", async () => {
  expect(await computed(['=HYPERLINK("#Sheet1!A1","Go")', '=HYPERLINK("https://example.test")'])).toEqual([
    "Go",
    "https://example.test",
  ]);
});

test("a formula that only looks at its reference (ROWS) follows the table it names as it shrinks and grows", async () => {
  const wb = new InMemoryWorkbook();
  await wb.excel.run(async (c) => {
    const s = c.workbook.worksheets.getItem("Sheet1");
    s.getRange("A1:B5").values = [
      ["Day", "Spend"],
      [1, 10],
      [2, 20],
      [3, 30],
      [4, 40],
    ];
    s.tables.add("A1:B5", true).name = "T";
    s.getRange("D1:D2").formulas = [["=ROWS(T)"], ["=COLUMNS(T[Spend])"]];
    await c.sync();
  });
  expect(wb.host.cell("Sheet1", 0, 3).value).toBe(4);
  await wb.excel.run(async (c) => {
    const s = c.workbook.worksheets.getItem("Sheet1");
    s.getRange("A4:B5").delete("Up" as Excel.DeleteShiftDirection);
    await c.sync();
  });
  expect(wb.host.cell("Sheet1", 0, 3).value).toBe(2);
  await wb.excel.run(async (c) => {
    c.workbook.worksheets.getItem("Sheet1").tables.getItem("T").resize("A1:B7");
    await c.sync();
  });
  expect([wb.host.cell("Sheet1", 0, 3).value, wb.host.cell("Sheet1", 1, 3).value]).toEqual([6, 1]);
});

test("a formula entered into a General cell takes the format of the first cell it refers to, or a date for DATE (KB 214280)", async () => {
  const wb = new InMemoryWorkbook();
  await wb.excel.run(async (c) => {
    const s = c.workbook.worksheets.getItem("Sheet1");
    s.getRange("A1:A3").numberFormat = [["$#,##0.00"], ["0%"], ["@"]];
    s.getRange("A1:A3").values = [[45], [0.5], ["x"]];
    s.getRange("B5").numberFormat = [["0.0"]];
    s.getRange("B1:B7").formulas = [
      ["=SUM(A1:A3)"],
      ["=A2*2"],
      ['=A3&"y"'],
      ["=DATE(2026,3,1)"],
      ["=A1"],
      ["=COUNT(A1:A3)"],
      ["=ROWS(A1:A3)+A1"],
    ];
    await c.sync();
  });
  const shown = [0, 1, 2, 3, 4, 5, 6].map((r) => wb.host.cell("Sheet1", r, 1));
  expect(shown.map((x) => x.numberFormat)).toEqual([
    "$#,##0.00",
    "0%",
    undefined,
    "m/d/yyyy",
    "0.0",
    undefined,
    undefined,
  ]);
  // A count or a position is a number of its own: =COUNT and =ROWS over the money column show plain numbers.
  expect(shown.map((x) => x.text)).toEqual(["$45.50", "100%", "xy", "3/1/2026", "45.0", "2", "48"]);
  // Not dynamic: a later change of the first cell's format leaves the formula's cell as it is.
  await wb.excel.run(async (c) => {
    c.workbook.worksheets.getItem("Sheet1").getRange("A1").numberFormat = [["0"]];
    await c.sync();
  });
  expect(wb.host.cell("Sheet1", 0, 1).text).toBe("$45.50");
});

test("issue 47: =TODAY()-20 shows a date, as Excel formats a date function's result in a General cell", async () => {
  const wb = new InMemoryWorkbook();
  await wb.excel.run(async (c) => {
    c.workbook.worksheets.getItem("Sheet1").getRange("B1:B6").formulas = [
      ["=TODAY()-20"],
      ["=EOMONTH(TODAY(),-1)+1"],
      ["=EDATE(DATE(2026,1,31),1)"],
      ["=2*(TODAY()/2)"],
      ['=TODAY()&""'],
      ["=DATE(2026,3,1) - 1"],
    ];
    await c.sync();
  });
  const formats = [0, 1, 2, 3, 4, 5].map((r) => wb.host.cell("Sheet1", r, 1).numberFormat);
  expect(formats).toEqual(["m/d/yyyy", "m/d/yyyy", "m/d/yyyy", undefined, undefined, "m/d/yyyy"]);
  expect(wb.host.cell("Sheet1", 0, 1).text).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}$/);
  expect(wb.host.cell("Sheet1", 5, 1).text).toBe("2/28/2026");
});
