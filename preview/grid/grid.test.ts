/** The grid's drawing rules that need no browser: error notes, table style colours, chart ticks, #### and decimals. */
import { fittedNumber } from "./cellText";
import { errorNote } from "./errors";
import { niceTicks } from "./SheetChart";
import { COLORS } from "./chartScale";
import { cellLines } from "./GridRow";
import { columnLabels, withColumnWidth, type SheetLayout } from "./layout";
import { extendedByKey } from "./selection";
import { tableLook } from "./tableStyles";

test("an error note gives Excel's label, then the function's message unless it already says the same", () => {
  expect(errorNote("#DIV/0!")).toBe("#DIV/0! Divide by Zero Error");
  expect(errorNote("#N/A", "Monthly request limit exceeded")).toBe(
    "#N/A Value Not Available Error: Monthly request limit exceeded",
  );
  expect(errorNote("#SPILL!", "The spill range isn't blank: something is in the way")).toBe(
    "#SPILL! The spill range isn't blank: something is in the way",
  );
  expect(errorNote("#WHAT?")).toBe("#WHAT? Error");
});

test("table styles: the header fill and the banded rows of each family; unknown styles are plain", () => {
  expect(tableLook("TableStyleLight9")).toEqual({ headerFill: "#4472C4", headerColor: "#FFFFFF" });
  expect(tableLook("TableStyleMedium2")).toMatchObject({ headerFill: "#4472C4", band: "#dae3f3" });
  expect(tableLook("TableStyleLight1")).toMatchObject({ headerColor: "#000000", band: "#cccccc" });
  expect(tableLook("TableStyleLight16")?.border).toBe("#4472C4");
  expect(tableLook("TableStyleDark1")).toMatchObject({ headerFill: "#000000", bodyColor: "#FFFFFF" });
  expect(tableLook("TableStyleDark12")).toBeNull();
  expect(tableLook("MyOwnStyle")).toBeNull();
});

test("chart value axes get round ticks that cover the data and zero", () => {
  expect(niceTicks(0, 2100)).toEqual([0, 500, 1000, 1500, 2000, 2500]);
  expect(niceTicks(0, 0)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  expect(niceTicks(-3, 7)).toEqual([-4, -2, 0, 2, 4, 6, 8]);
});

test("a number too wide for its column: General loses decimals, then goes scientific; formatted numbers show ####", () => {
  const view = (value: number, text: string, numberFormat?: string) => ({
    value,
    text,
    editText: String(value),
    numberFormat,
  });
  // Without a canvas (Jest), a character is 7 px; a cell's padding is 8 px.
  expect(fittedNumber(view(3.14159265, "3.14159265"), 100)).toBe("3.14159265");
  expect(fittedNumber(view(3.14159265, "3.14159265"), 50)).toBe("3.1416");
  expect(fittedNumber(view(45678, "2025-01-21", "yyyy-mm-dd"), 50)).toBe("######");
  expect(fittedNumber(view(1200000003, "1200000003"), 64)).toBe("1.2E+09");
  expect(fittedNumber(view(1234567, "1,234,567", "#,##0"), 40)).toBe("####");
  // A function's date in a General cell draws as a date: ####, never 4.6E+04.
  const date = { value: 45809, text: "2025-06-01", editText: "6/1/2025", valueFormat: "yyyy-mm-dd" };
  expect(fittedNumber(date, 64)).toBe("########");
});

test("Shift+arrow moves the selection's far corner and keeps its anchor, as Excel does", () => {
  const one = { row: 4, col: 2, rows: 1, cols: 1 };
  const down = extendedByKey(one, null, 1, 0);
  expect(down).toEqual({ rect: { row: 4, col: 2, rows: 2, cols: 1 }, anchor: { row: 4, col: 2 } });
  // Back up past the anchor: the selection grows upward from it.
  const up = extendedByKey(extendedByKey(down.rect, down.anchor, -1, 0).rect, down.anchor, -1, 0);
  expect(up.rect).toEqual({ row: 3, col: 2, rows: 2, cols: 1 });
  expect(extendedByKey(up.rect, up.anchor, 0, 1).rect).toEqual({ row: 3, col: 2, rows: 2, cols: 2 });
  // An anchor that is no longer a corner (a click chose another range) gives way to the top-left cell.
  expect(extendedByKey({ row: 0, col: 0, rows: 3, cols: 3 }, { row: 9, col: 9 }, 0, -1).rect).toEqual({
    row: 0,
    col: 0,
    rows: 3,
    cols: 2,
  });
  // Never above row 1 or left of column A.
  expect(extendedByKey({ row: 0, col: 0, rows: 1, cols: 1 }, null, -1, -1).rect).toEqual({
    row: 0,
    col: 0,
    rows: 1,
    cols: 1,
  });
});

test("Excel's table headers take the column letters' place while the active cell is in a table whose header row is scrolled away", () => {
  const layout = {
    widths: [64, 64, 64, 64],
    lefts: [0, 64, 128, 192],
    cols: 4,
    rows: 60,
    freeze: 0,
    width: 304,
    tables: [{ rect: { row: 16, col: 1, rows: 30, cols: 2 }, look: null }],
    charts: [],
  };
  const header = (r: number, c: number) => (r === 16 ? ["", "Day", "Spend", ""][c] : "?");
  const shown = (topRow: number, active: { row: number; col: number }, freeze = 0) =>
    columnLabels({ ...layout, freeze }, topRow, active, header)
      .map((l) => (l.tableHeader ? `[${l.text}]` : l.text))
      .join(" ");
  // The header row in view, or the active cell outside the table: the letters.
  expect(shown(0, { row: 20, col: 1 })).toBe("A B C D");
  expect(shown(16, { row: 20, col: 1 })).toBe("A B C D");
  expect(shown(25, { row: 20, col: 3 })).toBe("A B C D");
  expect(shown(25, { row: 5, col: 1 })).toBe("A B C D");
  // Scrolled past the header with the active cell in the table: its names, over its columns only.
  expect(shown(17, { row: 20, col: 2 })).toBe("A [Day] [Spend] D");
  // Past the table's last row, or the header frozen in view: the letters again.
  expect(shown(46, { row: 20, col: 2 })).toBe("A B C D");
  expect(shown(25, { row: 20, col: 2 }, 17)).toBe("A B C D");
});

test("a chart's seventh series has a colour of its own (Excel's darker accents), not the first's again", () => {
  expect(COLORS).toHaveLength(18);
  expect(new Set(COLORS).size).toBe(18);
  expect(COLORS[6]).toBe("#264478");
});

test("border lines: each drawn once, below and right of the cell that draws it (above and left too in the first row and column), weight and style as CSS", () => {
  const edge = (style: string, weight: string, color = "#5A0000") => ({ style, weight, color }) as never;
  const v = {
    value: null,
    text: "",
    editText: "",
    borders: {
      top: edge("Continuous", "Thick"),
      bottom: edge("Continuous", "Medium"),
      left: edge("Dot", "Thin", "#000000"),
      right: edge("Double", "Thin"),
    },
  };
  expect(cellLines(v)).toEqual({
    borderBottomWidth: 2,
    borderBottomStyle: "solid",
    borderBottomColor: "#5A0000",
    borderRightWidth: 3,
    borderRightStyle: "double",
    borderRightColor: "#5A0000",
  });
  expect(cellLines(v, { row: true, col: true })).toMatchObject({
    borderTopWidth: 3,
    borderTopStyle: "solid",
    borderLeftWidth: 1,
    borderLeftStyle: "dotted",
    borderLeftColor: "#000000",
  });
  expect(cellLines({ value: null, text: "", editText: "" })).toEqual({});
});

test("a column being dragged is drawn at its new width and the columns after it move over", () => {
  const layout = { widths: [64, 64, 100], lefts: [0, 64, 128], cols: 3, width: 48 + 228 } as SheetLayout;
  const dragged = withColumnWidth(layout, 1, 150);
  expect(dragged).toMatchObject({ widths: [64, 150, 100], lefts: [0, 64, 214], width: 48 + 314 });
  expect(layout.widths).toEqual([64, 64, 100]);
  expect(withColumnWidth(layout, 9, 150)).toBe(layout);
});
