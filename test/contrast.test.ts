/**
 * Every colour the add-in writes into a sheet or shows in the pane, measured as drawn: WCAG 2.1 AA,
 * 4.5:1 for text, 3:1 for focus indicators and marked cells' outlines. A sheet's cell is drawn as
 * Excel draws it (the preview's tablePaint: a cell's own font, fill and border lines over its table
 * style's, docs/excel-fidelity.md).
 */
import { webLightTheme } from "@fluentui/react-components";
import { tableLook } from "../preview/grid/tableStyles";
import { tablePaint } from "../preview/grid/GridRow";
import { layoutOf, tableAt } from "../preview/grid/layout";
import { InMemoryWorkbook, type CellView } from "../preview/memory/workbook";
import { TABLE_STYLES } from "../src/reports/tableStyles";
import {
  BAD_CELL_BORDER,
  BAD_CELL_FILL,
  insertCampaignPlan,
  markValidation,
  readCampaignPlan,
  OUTPUT_HEADER_FILL,
  OUTPUT_HEADER_FONT,
  PLAN_TABLE_STYLE,
} from "../src/excel/campaignPlan";
import { DASHBOARD_HEAD_FILL } from "../src/excel/dashboardSheet";
import { PANE_CSS } from "../src/taskpane/paneStyles";

const WHITE = "#FFFFFF";
const BLACK = "#000000";

function luminance(hex: string): number {
  const h = hex.replace("#", "");
  const full = h.length === 3 ? [...h].map((c) => c + c).join("") : h;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255);
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2.1 contrast ratio, 1 to 21. */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const view = (own: Partial<CellView>): CellView => ({ value: "x", text: "x", editText: "x", ...own });

/** A cell's text and fill as the grid draws them (no fill: white; no colour: black, Excel's defaults). */
function drawn(own: Partial<CellView>, style: string | null, place: "header" | "odd" | "even" | "plain") {
  const look = style ? tableLook(style) : null;
  const t = place === "plain" ? undefined : { look, header: place === "header", odd: place === "odd" };
  const paint = tablePaint(view(own), t);
  return { text: paint.color ?? BLACK, fill: paint.background ?? WHITE };
}

test("contrast: WCAG's own examples measure as WCAG says", () => {
  expect(contrast(BLACK, WHITE)).toBeCloseTo(21, 5);
  expect(contrast("#767676", WHITE)).toBeGreaterThanOrEqual(4.5);
  expect(contrast("#777777", WHITE)).toBeLessThan(4.5);
});

test.each(TABLE_STYLES.map((s) => [s.id]))(
  "contrast: report table style %s: header and every row read at 4.5:1",
  (style) => {
    for (const place of ["header", "odd", "even"] as const) {
      const { text, fill } = drawn({}, style, place);
      expect({ style, place, ratio: contrast(text, fill) >= 4.5 }).toEqual({ style, place, ratio: true });
    }
  },
);

test("contrast: the plan's result headers are drawn dark on yellow over the table style's white header font", () => {
  const { text, fill } = drawn(
    { fill: OUTPUT_HEADER_FILL, color: OUTPUT_HEADER_FONT },
    PLAN_TABLE_STYLE,
    "header",
  );
  expect(text).toBe(OUTPUT_HEADER_FONT);
  expect(fill).toBe(OUTPUT_HEADER_FILL);
  expect(contrast(text, fill)).toBeGreaterThanOrEqual(4.5);
  // The plan's own input headers: the table style's.
  const input = drawn({}, PLAN_TABLE_STYLE, "header");
  expect(contrast(input.text, input.fill)).toBeGreaterThanOrEqual(4.5);
});

test("contrast: a marked (bad) plan cell's text reads on its fill, on a banded row and a plain one", () => {
  for (const place of ["odd", "even"] as const) {
    const { text, fill } = drawn({ fill: BAD_CELL_FILL }, PLAN_TABLE_STYLE, place);
    expect(fill).toBe(BAD_CELL_FILL);
    expect(contrast(text, fill)).toBeGreaterThanOrEqual(4.5);
  }
});

test("contrast: a marked plan cell's outline shows at 3:1 against its own fill and every fill beside it, as the grid draws it", async () => {
  const wb = new InMemoryWorkbook();
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  const at = await insertCampaignPlan(wb.excel, 4);
  const plan = await readCampaignPlan(wb.excel);
  const h = plan.sheet.headers;
  // Under the header, on a banded row and a plain one; at the table's left edge; beside another mark.
  const marks = [
    { row: 0, column: "cpm" },
    { row: 1, column: "cpm" },
    { row: 2, column: h[0] },
    { row: 3, column: "totalCost" },
    { row: 3, column: "cpm" },
  ];
  await markValidation(
    wb.excel,
    plan,
    marks.map((m) => ({ ...m, reason: "x" })),
  );
  const sheet = at.sheetName;
  const layout = layoutOf(wb, sheet, 2000);
  // A cell as the grid draws it: its fill (white where none) and the lines it draws below and right.
  const paint = (r: number, c: number) => {
    const p = tablePaint(wb.host.cell(sheet, r, c), tableAt(layout, r, c), { row: r === 0, col: c === 0 });
    return { ...p, fill: p.background ?? WHITE };
  };
  let lines = 0;
  for (const m of marks) {
    const r = at.firstRowNumber - 1 + m.row;
    const c = h.indexOf(m.column);
    expect(paint(r, c).fill).toBe(BAD_CELL_FILL);
    // Each side's line, drawn by the cell above or left of it (or by the cell itself), between two fills.
    const sides = [
      { line: paint(r - 1, c).borderBottomColor, beside: [paint(r - 1, c).fill] },
      { line: paint(r, c).borderBottomColor, beside: [paint(r + 1, c).fill] },
      {
        line: c === 0 ? paint(r, c).borderLeftColor : paint(r, c - 1).borderRightColor,
        beside: c ? [paint(r, c - 1).fill] : [],
      },
      { line: paint(r, c).borderRightColor, beside: [paint(r, c + 1).fill] },
    ];
    for (const { line, beside } of sides) {
      expect(line).toBe(BAD_CELL_BORDER.color);
      for (const fill of [BAD_CELL_FILL, ...beside]) {
        expect({ line, fill, ratio: contrast(line!, fill) >= 3 }).toEqual({ line, fill, ratio: true });
        lines++;
      }
    }
  }
  expect(lines).toBeGreaterThan(30);
  // The marks meet the table's header, its banded and plain rows and each other (and, at column A, the sheet's white).
  const fills = new Set(
    marks.flatMap((m) =>
      [-1, 1].map((d) => paint(at.firstRowNumber - 1 + m.row + d, h.indexOf(m.column)).fill),
    ),
  );
  expect([...fills].sort()).toEqual(
    [
      BAD_CELL_FILL,
      tableLook(PLAN_TABLE_STYLE)!.headerFill!,
      tableLook(PLAN_TABLE_STYLE)!.band!,
      WHITE,
    ].sort(),
  );
});

test("contrast: the Dashboard's header row, status lines and plain written cells", () => {
  const head = drawn({ fill: DASHBOARD_HEAD_FILL, bold: true }, null, "plain");
  expect(contrast(head.text, head.fill)).toBeGreaterThanOrEqual(4.5);
  // Status lines, show sheets and cards' cells are written with no colour of their own: black on white.
  const plain = drawn({}, null, "plain");
  expect(contrast(plain.text, plain.fill)).toBe(21);
});

test("contrast: every text colour of the pane's own CSS reads on white and on its grey boxes", () => {
  const colours = [...PANE_CSS.matchAll(/[^-]color:\s*(#[0-9a-f]{3,6})/gi)].map((m) => m[1]);
  expect(colours.length).toBeGreaterThan(3);
  for (const c of colours) {
    expect({ c, onWhite: contrast(c, WHITE) >= 4.5 }).toEqual({ c, onWhite: true });
    expect({ c, onGrey: contrast(c, "#f5f5f5") >= 4.5 }).toEqual({ c, onGrey: true });
  }
});

test("contrast: the pane's focus rings show at 3:1 against the pane", () => {
  const rings = [...PANE_CSS.matchAll(/outline:\s*\d+px solid (#[0-9a-f]{3,6})/gi)].map((m) => m[1]);
  expect(rings.length).toBeGreaterThan(0);
  for (const c of [...rings, webLightTheme.colorStrokeFocus2])
    expect(contrast(c, webLightTheme.colorNeutralBackground1)).toBeGreaterThanOrEqual(3);
});

test("contrast: Fluent's text colours the pane uses read at 4.5:1 on its background", () => {
  const bg = webLightTheme.colorNeutralBackground1;
  for (const k of [
    "colorNeutralForeground1",
    "colorNeutralForeground2",
    "colorNeutralForeground3",
    "colorBrandForegroundLink",
    "colorPaletteRedForeground1",
    "colorStatusWarningForeground1",
    "colorStatusSuccessForeground1",
  ] as const)
    expect({ k, ok: contrast(webLightTheme[k], bg) >= 4.5 }).toEqual({ k, ok: true });
});
