/**
 * Issue 57: a table's style is written as its cells' own formatting as well as by name
 * (tableLooks.ts), so a spreadsheet that draws no table style by name (LibreOffice) shows the
 * preview's header and bands. LibreOffice's reading of it is test/judge/chartsAndTables.test.ts's.
 */
import { strFromU8, unzipSync } from "fflate";
import { tableLook } from "../../grid/tableStyles";
import { InMemoryWorkbook } from "../workbook";
import { exportXlsx } from "./exportXlsx";

/** A table over A1:C6 in `style` (C4 left empty), `own` run on the sheet after. */
async function tableBook(style: string, own?: (ws: Excel.Worksheet) => void): Promise<InMemoryWorkbook> {
  const wb = new InMemoryWorkbook();
  await wb.excel.run(async (context) => {
    const ws = context.workbook.worksheets.getItem("Sheet1");
    ws.getRange("A1:C6").values = [
      ["Show", "Downloads", "Note"],
      ["A", 1, "x"],
      ["B", 2, "y"],
      ["C", 3, ""],
      ["D", 4, "z"],
      ["E", 5, "w"],
    ];
    ws.tables.add("A1:C6", true).style = style;
    own?.(ws);
    await context.sync();
  });
  return wb;
}

interface Look {
  fill: string | null;
  bold: boolean;
  color: string | null;
  bottom: string | null;
}

/** Each written cell's look, by address, read from the file's sheet and styles parts. */
function looks(wb: InMemoryWorkbook): Map<string, Look> {
  const files = unzipSync(exportXlsx(wb.model));
  const styles = strFromU8(files["xl/styles.xml"]);
  const sheet = strFromU8(files["xl/worksheets/sheet1.xml"]);
  // fill, font and border elements always have children; an xf may close itself.
  const all = (tag: string, xml: string) =>
    [...xml.matchAll(new RegExp(`<${tag}\\b(?:[^>]*/>|.*?</${tag}>)`, "g"))].map((m) => m[0]);
  const section = (name: string) => new RegExp(`<${name}[^>]*>(.*?)</${name}>`).exec(styles)![1];
  const fills = all("fill", section("fills")).map((f) => /fgColor rgb="FF(\w{6})"/.exec(f)?.[1] ?? null);
  const fonts = all("font", section("fonts")).map((f) => ({
    bold: f.includes("<b/>"),
    color: /<color rgb="FF(\w{6})"/.exec(f)?.[1] ?? null,
  }));
  const borders = all("border", section("borders")).map(
    (b) => /<bottom style="(\w+)"><color rgb="FF(\w{6})"/.exec(b)?.slice(1).join(" ") ?? null,
  );
  const xfs = all("xf", section("cellXfs"));
  const out = new Map<string, Look>();
  for (const [, ref, s] of sheet.matchAll(/<c r="(\w+)"(?: s="(\d+)")?/g)) {
    const xf = xfs[Number(s ?? 0)];
    const id = (k: string) => Number(new RegExp(`${k}="(\\d+)"`).exec(xf)![1]);
    out.set(ref, { fill: fills[id("fillId")], ...fonts[id("fontId")], bottom: borders[id("borderId")] });
  }
  return out;
}

const hex = (c: string | undefined) => c?.slice(1).toUpperCase() ?? null;

test("a Medium 2 table is written with the preview's look: a bold header on its fill, the first, third and fifth body rows banded", async () => {
  const look = tableLook("TableStyleMedium2")!;
  const cells = looks(
    await tableBook("TableStyleMedium2", (ws) => {
      ws.getRange("E2").values = [["beside"]];
    }),
  );
  expect(cells.get("A1")).toEqual({
    fill: hex(look.headerFill),
    bold: true,
    color: hex(look.headerColor),
    bottom: null,
  });
  const fillsDown = ["A2", "A3", "A4", "A5", "A6"].map((ref) => cells.get(ref)?.fill);
  expect(fillsDown).toEqual([hex(look.band), null, hex(look.band), null, hex(look.band)]);
  expect(cells.get("B2")).toMatchObject({ fill: hex(look.band), bold: false });
  // Outside the table, nothing of its style.
  expect(cells.get("E2") ?? { fill: null, bold: false }).toMatchObject({ fill: null, bold: false });
});

test("an empty cell of a banded row is written too, with its band", async () => {
  const look = tableLook("TableStyleMedium2")!;
  const cells = looks(await tableBook("TableStyleMedium2"));
  expect(cells.get("C4")).toMatchObject({ fill: hex(look.band) });
});

test("a cell's own fill and text colour win over its table's, as the preview draws them", async () => {
  const look = tableLook("TableStyleMedium2")!;
  const cells = looks(
    await tableBook("TableStyleMedium2", (ws) => {
      ws.getRange("B2").format.fill.color = "#FFC7CE";
      ws.getRange("B1").format.font.color = "#000000";
    }),
  );
  expect(cells.get("B2")?.fill).toBe("FFC7CE");
  expect(cells.get("B1")).toEqual({ fill: hex(look.headerFill), bold: true, color: "000000", bottom: null });
});

test("Light 9 (the default) is a header fill without bands; Light 17 a line in its colour under each row", async () => {
  const light9 = tableLook("TableStyleLight9")!;
  const nine = looks(await tableBook("TableStyleLight9"));
  expect(nine.get("A1")).toMatchObject({ fill: hex(light9.headerFill), bold: true, color: "FFFFFF" });
  expect(["A2", "A3"].map((ref) => nine.get(ref)?.fill ?? null)).toEqual([null, null]);
  const light17 = tableLook("TableStyleLight17")!;
  const seventeen = looks(await tableBook("TableStyleLight17"));
  expect(["A1", "A2", "C4"].map((ref) => seventeen.get(ref)?.bottom)).toEqual(
    Array(3).fill(`thin ${hex(light17.border)}`),
  );
});
