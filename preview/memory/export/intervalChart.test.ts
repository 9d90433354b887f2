/**
 * The downloaded workbook's Incrementality chart (issue #57): an interval per result, as the preview
 * draws it. The chart part is a high-low-close stock chart (ECMA-376 Part 1, 21.2.2.198 stockChart)
 * with its high-low lines (21.2.2.80 hiLowLines) in the preview's dark grey, the bounds capped with
 * dashes and the point a circle, the category labels under the plot area and turned 45° (bodyPr rot);
 * and LibreOffice, opening it, draws a stock chart over the same cells (read back from its own save
 * of the file), its range lines in that grey, its labels turned and low. The picture LibreOffice
 * draws is saved as test/e2e/artifacts/judge-incrementality.png.
 */
import { mkdirSync, writeFileSync } from "fs";
import path from "path";
import { strFromU8, unzipSync } from "fflate";
import { createReportSheet } from "../../../src/excel/reportSheets";
import { fetchSheetData } from "../../../src/runtime/reportSources";
import { recalculate, renderSheets } from "../../../test/judge/libreoffice";
import { startSandbox } from "../../../test/support/sandbox";
import { HIGH_LOW_COLOR } from "../chart";
import { InMemoryWorkbook } from "../workbook";
import { exportXlsx } from "./exportXlsx";

const ARTIFACTS = path.join(__dirname, "..", "..", "..", "test", "e2e", "artifacts");
const SHEET = "Incrementality";

/** An Incrementality sheet as the pane makes it: the practice service's channel-level results for Acme Mattress. */
async function incrementalityBook(): Promise<InMemoryWorkbook> {
  const s = await startSandbox();
  try {
    const wb = new InMemoryWorkbook();
    (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
    const params = { advertiser: "Acme Mattress", aggregationLevel: "channel" };
    const data = await fetchSheetData(s.client("demo-pro"), { kind: "incrementality", params });
    await createReportSheet(wb.excel, { kind: "incrementality", params, label: SHEET }, data);
    return wb;
  } finally {
    await s.close();
  }
}

let wb: InMemoryWorkbook;
let xlsx: Uint8Array;
let chartXml: string;

beforeAll(async () => {
  wb = await incrementalityBook();
  xlsx = exportXlsx(wb.model);
  const files = unzipSync(xlsx);
  chartXml = strFromU8(files[Object.keys(files).find((k) => k.startsWith("xl/charts/chart"))!]);
}, 60_000);

test("the chart part is a stock chart: high-low lines in the preview's grey, dashes capping the bounds, a circle at the point", () => {
  expect(chartXml).toContain("<c:stockChart>");
  expect(chartXml).not.toContain("<c:barChart>");
  const series = chartXml.match(/<c:ser>.*?<\/c:ser>/g)!;
  expect(
    series.map((s) => [/<c:v>([^<]*)<\/c:v>/.exec(s)?.[1], /<c:symbol val="(\w+)"/.exec(s)?.[1]]),
  ).toEqual([
    ["Incremental % CI upper", "dash"],
    ["Incremental % CI lower", "dash"],
    ["Incremental %", "circle"],
  ]);
  // No line joins one result to the next: the high-low lines are the chart's.
  for (const s of series) expect(s).toContain('<a:ln w="19050"><a:noFill/></a:ln>');
  expect(chartXml).toContain(
    `<c:hiLowLines><c:spPr><a:ln w="14288"><a:solidFill><a:srgbClr val="${HIGH_LOW_COLOR.slice(1)}"/></a:solidFill></a:ln></c:spPr></c:hiLowLines>`,
  );
  expect(chartXml).toMatch(
    /<c:catAx>.*<c:tickLblPos val="low"\/><c:txPr><a:bodyPr rot="-2700000" vert="horz"\/>/,
  );
  expect(chartXml).toContain("podcast · purchase");
});

test("LibreOffice draws the downloaded workbook's interval chart as a stock chart over the same cells, its labels turned and under the plot", async () => {
  const at = wb.model.sheets.findIndex((s) => s.name === SHEET);
  const [{ fods }, [png]] = await Promise.all([
    recalculate(new Map([["book", xlsx]])),
    renderSheets(xlsx, [at]),
  ]);
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(path.join(ARTIFACTS, "judge-incrementality.png"), png);
  const saved = fods.get("book")!;
  expect(/chart:class="([^"]+)"/.exec(saved)?.[1]).toBe("chart:stock");
  // LibreOffice's order is low, high, close: the rows of the block's lower bound, upper bound and percent.
  const [view] = wb.host.charts(SHEET);
  const ranges = [
    ...saved.matchAll(/<chart:series chart:values-cell-range-address="[^".]*\.([A-Z]+)(\d+):/g),
  ].map((m) => Number(m[2]));
  // The block of results above the table names each series (the table's header, further down, too).
  const rowOf = (name: string) => {
    const rows = [...wb.model.sheets[at].rows].filter(([, cols]) =>
      [...cols.values()].some((c) => c.value === name),
    );
    return Math.min(...rows.map(([r]) => r + 1));
  };
  expect(ranges).toEqual(["Incremental % CI lower", "Incremental % CI upper", "Incremental %"].map(rowOf));
  expect(view.series.map((s) => s.name)).toEqual([
    "Incremental % CI upper",
    "Incremental % CI lower",
    "Incremental %",
  ]);
  const style = (name: string) =>
    new RegExp(`<style:style style:name="${name}" style:family="chart"[^>]*>(.*?)</style:style>`, "s").exec(
      saved,
    )?.[1] ?? "";
  const rangeLine = /<chart:stock-range-line chart:style-name="([^"]+)"/.exec(saved)?.[1];
  expect(style(rangeLine!)).toContain(`svg:stroke-color="${HIGH_LOW_COLOR.toLowerCase()}"`);
  const xAxis = /<chart:axis chart:dimension="x"[^>]*chart:style-name="([^"]+)"/.exec(saved)?.[1];
  expect(style(xAxis!)).toMatch(/style:rotation-angle="45"/);
  expect(style(xAxis!)).toMatch(/chart:axis-label-position="outside-start"/);
}, 300_000);
