/**
 * Issue 57: LibreOffice draws the downloaded workbook's charts and tables as the preview draws them.
 * Each chart's value axes are labelled in the format the preview labels them with (before, the
 * spend axis read $200,000.00 where the preview drew $200,000, and the Prospects chart's 800000 and
 * 0.045 where it drew 800,000 and 4.4%); a table's style is drawn (before, LibreOffice 7.4, which
 * draws no table style by name, showed plain cells). Read back from LibreOffice's own save of each
 * file (fodsLooks.ts): the data style of each chart axis, the fill and font of each cell.
 */
import { exportXlsx } from "../../preview/memory/export/exportXlsx";
import { chartFrame } from "../../preview/grid/chartFrame";
import { tableLook } from "../../preview/grid/tableStyles";
import { chartViews } from "../../preview/memory/chart";
import type { InMemoryWorkbook } from "../../preview/memory/workbook";
import { startSandbox } from "../support/sandbox";
import { readFodsCellPaints, readFodsChartAxes, type ChartAxisLabels } from "./fodsLooks";
import { recalculate } from "./libreoffice";
import { JUDGED_WORKBOOKS } from "./workbooks";

const NAMES = ["spend-by-day", "prospects", "campaigns"] as const;
type Name = (typeof NAMES)[number];

const built = new Map<Name, InMemoryWorkbook>();
const saved = new Map<Name, string>();

beforeAll(async () => {
  const s = await startSandbox();
  try {
    for (const name of NAMES)
      built.set(name, await JUDGED_WORKBOOKS.find((w) => w.name === name)!.build(s.client("demo-pro")));
  } finally {
    await s.close();
  }
  const { fods } = await recalculate(new Map([...built].map(([name, wb]) => [name, exportXlsx(wb.model)])));
  for (const name of NAMES) saved.set(name, fods.get(name)!);
}, 300_000);

/** The decimals a label shows ("4.4%": 1). */
const decimalsOf = (label: string) => /\.(\d+)/.exec(label)?.[1].length ?? 0;

/**
 * Each value axis of each chart of workbook `name` (a scatter chart's x axis too): the preview's tick
 * labels beside LibreOffice's text for the same values. A format cannot drop trailing zeros label by
 * label, so only the labels with the most decimals are compared ("5%" beside "5.2%" is drawn "5.0%").
 */
function axisLabels(name: Name): { axis: string; preview: string; libre: string | null }[] {
  const wb = built.get(name)!;
  const libre = readFodsChartAxes(saved.get(name)!);
  const out: { axis: string; preview: string; libre: string | null }[] = [];
  for (const sheet of wb.model.sheets)
    for (const view of chartViews(wb.model, sheet)) {
      const frame = chartFrame(view, view.width, view.height);
      const axes = libre.get(view.name) ?? [];
      const drawn: [ChartAxisLabels | undefined, number[], (t: number) => string][] = [
        [axes.find((a) => a.name === "primary-y"), frame.ticks, frame.tickText],
        [axes.find((a) => a.name === "secondary-y"), frame.ticks2, frame.tickText2],
        [
          frame.kind === "scatter" ? axes.find((a) => a.dimension === "x") : undefined,
          frame.xTicks,
          frame.xTickText,
        ],
      ];
      for (const [axis, ticks, text] of drawn) {
        if (ticks.length === 0) continue;
        const most = Math.max(...ticks.map((t) => decimalsOf(text(t))));
        for (const t of ticks.filter((x) => decimalsOf(text(x)) === most))
          out.push({
            axis: `${view.name} ${axis?.name ?? "(none)"}`,
            preview: text(t),
            libre: axis?.text(t) ?? null,
          });
      }
    }
  return out;
}

test("LibreOffice labels the spend chart's value axis as the preview does: $200,000, not $200,000.00", () => {
  const labels = axisLabels("spend-by-day");
  expect(labels.some((l) => /^\$\d{1,3}(,\d{3})+$/.test(l.preview))).toBe(true);
  expect(labels.map((l) => [l.axis, l.libre])).toEqual(labels.map((l) => [l.axis, l.preview]));
});

test("LibreOffice labels the Prospects chart's axes as the preview does: 800,000 and 4.4%, not 800000 and 0.044", () => {
  const labels = axisLabels("prospects");
  expect(labels.some((l) => /^\d{3},000$/.test(l.preview))).toBe(true);
  expect(labels.some((l) => /^\d\.\d%$/.test(l.preview))).toBe(true);
  expect(labels.map((l) => [l.axis, l.libre])).toEqual(labels.map((l) => [l.axis, l.preview]));
});

test("LibreOffice draws a Medium 2 table's style: its header bold on its fill, the first body row banded, the second not", () => {
  const wb = built.get("campaigns")!;
  const table = wb.model.tables[0];
  expect(table.style).toBe("TableStyleMedium2");
  const look = tableLook(table.style)!;
  const sheet = wb.model.sheetById(table.sheetId)!;
  const paints = readFodsCellPaints(saved.get("campaigns")!, table.rect.row + 4).get(sheet.name)!;
  const { row, col, cols } = table.rect;
  const hex = (c: string | undefined) => c?.slice(1).toUpperCase() ?? null;
  const across = (r: number) =>
    Array.from({ length: Math.min(cols, 40 - col) }, (_, j) => paints.get(`${r},${col + j}`) ?? null);
  const header = across(row);
  expect(new Set(header.map((p) => JSON.stringify(p)))).toEqual(
    new Set([JSON.stringify({ fill: hex(look.headerFill), bold: true, color: hex(look.headerColor) })]),
  );
  expect(new Set(across(row + 1).map((p) => p?.fill ?? null))).toEqual(new Set([hex(look.band)]));
  expect(new Set(across(row + 2).map((p) => p?.fill ?? null))).toEqual(new Set([null]));
  expect(new Set(across(row + 3).map((p) => p?.fill ?? null))).toEqual(new Set([hex(look.band)]));
});
