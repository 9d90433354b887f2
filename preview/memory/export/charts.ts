/**
 * The charts as DrawingML (ECMA-376 Part 1, 21.2 and 20.5): a drawing part per sheet that has
 * charts, anchoring each chart to the cells its corners are over, and a chart part per chart with
 * its type, series (cell references and the values they showed), titles, legend, the value axes'
 * formats as the preview draws their labels (axisFormats.ts), and the secondary value axis its
 * series may use.
 */
import { columnName } from "../address";
import {
  categoryAxisView,
  chartViews,
  HIGH_LOW_COLOR,
  legendVisible,
  resolveChartRef,
  seriesPoints,
  titleText,
  type CategoryAxisView,
  type ChartData,
  type ChartRef,
  type ChartView,
} from "../chart";
import type { WorkbookModel } from "../model";
import { chartAxisFormats, type AxisNumberFormat } from "./axisFormats";
import { familyOf, seriesLook, solid } from "./seriesLook";
import { el, esc, NS, relsXml, XML_HEAD } from "./xml";

const EMU_PER_PT = 12_700;
const CT = "application/vnd.openxmlformats-officedocument";

interface Part {
  name: string;
  xml: string;
  type?: string;
}

/** `'Spend by day'!$B$5:$B$24`, or null when the reference's sheet is gone. */
function refFormula(model: WorkbookModel, r: ChartRef | undefined): string | null {
  const at = r && resolveChartRef(model, r);
  if (!at) return null;
  const { rect } = at;
  const cell = (row: number, col: number) => `$${columnName(col)}$${row + 1}`;
  const end =
    rect.rows === 1 && rect.cols === 1 ? "" : `:${cell(rect.row + rect.rows - 1, rect.col + rect.cols - 1)}`;
  return `'${at.sheet.name.replace(/'/g, "''")}'!${cell(rect.row, rect.col)}${end}`;
}

const rich = (text: string) =>
  el(
    "c:tx",
    {},
    el(
      "c:rich",
      {},
      el("a:bodyPr"),
      el("a:lstStyle"),
      el("a:p", {}, el("a:r", {}, `<a:t>${esc(text)}</a:t>`)),
    ),
  );
const title = (text: string) => el("c:title", {}, rich(text), el("c:overlay", { val: 0 }));

function strData(kind: "c:cat" | "c:tx", f: string | null, texts: string[]): string {
  const cache = el(
    "c:strCache",
    {},
    el("c:ptCount", { val: texts.length }),
    ...texts.map((t, i) => el("c:pt", { idx: i }, `<c:v>${esc(t)}</c:v>`)),
  );
  return f
    ? el(kind, {}, el("c:strRef", {}, `<c:f>${esc(f)}</c:f>`, cache))
    : el(kind, {}, el("c:strLit", {}, cache));
}

function numData(kind: string, f: string | null, values: (number | null)[], format = "General"): string {
  const cache = el(
    "c:numCache",
    {},
    `<c:formatCode>${esc(format)}</c:formatCode>`,
    el("c:ptCount", { val: values.length }),
    ...values.map((v, i) => (v === null ? "" : el("c:pt", { idx: i }, `<c:v>${v}</c:v>`))),
  );
  return f
    ? el(kind, {}, el("c:numRef", {}, `<c:f>${esc(f)}</c:f>`, cache))
    : el(kind, {}, el("c:numLit", {}, cache));
}

function seriesXml(
  model: WorkbookModel,
  chart: ChartData,
  index: number,
  dated: CategoryAxisView | null,
): string {
  const s = chart.series[index];
  const points = seriesPoints(model, s, index);
  const family = familyOf(chart.type);
  const name =
    s.name !== null || !s.nameRef
      ? el("c:tx", {}, `<c:v>${esc(points.name)}</c:v>`)
      : strData("c:tx", refFormula(model, s.nameRef), [points.name]);
  const look = seriesLook(chart, index);
  const xRef = refFormula(model, s.xValues);
  const numericX = family === "scatter" && points.x.length > 0;
  const categories =
    family === "scatter"
      ? numericX
        ? numData("c:xVal", xRef, points.x)
        : ""
      : !s.xValues
        ? ""
        : dated
          ? numData("c:cat", xRef, points.x, dated.format ?? points.categoryFormat ?? "yyyy-mm-dd")
          : strData("c:cat", xRef, points.categories);
  const values = numData(
    family === "scatter" ? "c:yVal" : "c:val",
    refFormula(model, s.values),
    points.values,
  );
  return el(
    "c:ser",
    {},
    el("c:idx", { val: index }),
    el("c:order", { val: index }),
    name,
    look.spPr,
    look.marker,
    family === "bar" ? el("c:invertIfNegative", { val: 0 }) : "",
    categories,
    values,
    family === "line" || family === "scatter" || family === "stock" ? el("c:smooth", { val: 0 }) : "",
  );
}

/** The chart's category axis when it is a date axis (a day without data a gap on it), else null. */
function datedAxis(model: WorkbookModel, chart: ChartData): CategoryAxisView | null {
  if (familyOf(chart.type) === "scatter" || chart.series.length === 0) return null;
  const first = seriesPoints(model, chart.series[0], 0);
  const view = categoryAxisView(chart, first);
  return view.date && first.x.length > 0 && chart.series[0].xValues ? view : null;
}

/** One chart group (`c:barChart`, …) over the series `indices`, on the axes `axes`. */
function group(model: WorkbookModel, chart: ChartData, indices: number[], axes: [number, number]): string {
  const family = familyOf(chart.type);
  const stacked = chart.type.endsWith("Stacked");
  const dated = datedAxis(model, chart);
  const series = indices.map((i) => seriesXml(model, chart, i, dated));
  const axIds = axes.map((id) => el("c:axId", { val: id }));
  switch (family) {
    case "bar":
      return el(
        "c:barChart",
        {},
        el("c:barDir", { val: chart.type.startsWith("Bar") ? "bar" : "col" }),
        el("c:grouping", { val: stacked ? "stacked" : "clustered" }),
        el("c:varyColors", { val: 0 }),
        ...series,
        el("c:gapWidth", { val: 150 }),
        stacked ? el("c:overlap", { val: 100 }) : "",
        ...axIds,
      );
    case "line":
      return el(
        "c:lineChart",
        {},
        el("c:grouping", { val: "standard" }),
        el("c:varyColors", { val: 0 }),
        ...series,
        el("c:marker", { val: 1 }),
        ...axIds,
      );
    case "stock":
      // High-low lines as the preview draws them: 1.125 points (1.5 px), dark grey.
      return el(
        "c:stockChart",
        {},
        ...series,
        el("c:hiLowLines", {}, el("c:spPr", {}, el("a:ln", { w: 14288 }, solid(HIGH_LOW_COLOR, 0)))),
        ...axIds,
      );
    case "scatter":
      return el(
        "c:scatterChart",
        {},
        el("c:scatterStyle", { val: "lineMarker" }),
        el("c:varyColors", { val: 0 }),
        ...series,
        ...axIds,
      );
    default:
      return el(
        "c:areaChart",
        {},
        el("c:grouping", { val: stacked ? "stacked" : "standard" }),
        el("c:varyColors", { val: 0 }),
        ...series,
        ...axIds,
      );
  }
}

interface AxisSpec {
  id: number;
  cross: number;
  kind: "c:catAx" | "c:valAx" | "c:dateAx";
  pos: "b" | "l" | "r" | "t";
  deleted?: boolean;
  title?: string | null;
  format?: string | null;
  /** A value axis's format as the preview draws its labels (axisFormats.ts); else `format`, linked when absent. */
  numFmt?: AxisNumberFormat | null;
  crossesMax?: boolean;
  /** A category axis's view (chart.ts): a date axis's unit, step and format; a text axis's label step. */
  category?: CategoryAxisView;
}

const TIME_UNIT: Record<string, string> = { Days: "days", Months: "months", Years: "years" };

/** What follows `c:crosses` in a category or date axis (ECMA-376 CT_CatAx, CT_DateAx). */
function categoryTail(a: AxisSpec): string {
  const c = a.category;
  if (a.kind === "c:dateAx" && c)
    return (
      el("c:auto", { val: 0 }) +
      el("c:lblOffset", { val: 100 }) +
      el("c:baseTimeUnit", { val: TIME_UNIT[c.baseTimeUnit] ?? "days" }) +
      (c.majorUnit !== null
        ? el("c:majorUnit", { val: c.majorUnit }) +
          el("c:majorTimeUnit", { val: TIME_UNIT[c.majorTimeUnitScale] ?? "days" })
        : "")
    );
  return (
    el("c:auto", { val: 1 }) +
    el("c:lblAlgn", { val: "ctr" }) +
    el("c:lblOffset", { val: 100 }) +
    (c?.tickLabelSpacing ? el("c:tickLblSkip", { val: c.tickLabelSpacing }) : "")
  );
}

function axis(a: AxisSpec): string {
  return el(
    a.kind,
    {},
    el("c:axId", { val: a.id }),
    el("c:scaling", {}, el("c:orientation", { val: "minMax" })),
    el("c:delete", { val: a.deleted ? 1 : 0 }),
    el("c:axPos", { val: a.pos }),
    a.kind === "c:valAx" && !a.crossesMax ? el("c:majorGridlines") : "",
    a.title ? title(a.title) : "",
    a.numFmt
      ? el("c:numFmt", { formatCode: a.numFmt.formatCode, sourceLinked: a.numFmt.sourceLinked ? 1 : 0 })
      : a.kind === "c:valAx" || (a.kind === "c:dateAx" && a.format)
        ? el("c:numFmt", { formatCode: a.format ?? "General", sourceLinked: a.format ? 0 : 1 })
        : "",
    el("c:majorTickMark", { val: "out" }),
    el("c:minorTickMark", { val: "none" }),
    el("c:tickLblPos", { val: a.category?.tickLabelPosition === "Low" ? "low" : "nextTo" }),
    a.category?.textOrientation ? turnedLabels(a.category.textOrientation) : "",
    el("c:crossAx", { val: a.cross }),
    el("c:crosses", { val: a.crossesMax ? "max" : "autoZero" }),
    a.kind === "c:valAx" ? el("c:crossBetween", { val: "between" }) : categoryTail(a),
  );
}

/**
 * Labels turned `degrees` anticlockwise (the API's textOrientation): the text body's rotation, in
 * 60,000ths of a degree clockwise (DrawingML a:bodyPr rot), so 45 is rot -2700000.
 */
const turnedLabels = (degrees: number) =>
  el(
    "c:txPr",
    {},
    el("a:bodyPr", { rot: -degrees * 60_000, vert: "horz" }),
    el("a:lstStyle"),
    el("a:p", {}, el("a:pPr", {}, el("a:defRPr")), el("a:endParaRPr", { lang: "en-US" })),
  );

const LEGEND_POS: Record<string, string> = { Bottom: "b", Top: "t", Left: "l", Right: "r", Corner: "tr" };

function chartXml(model: WorkbookModel, chart: ChartData, view: ChartView): string {
  const family = familyOf(chart.type);
  const all = chart.series.map((_, i) => i);
  const secondary = all.filter((i) => chart.series[i].axisGroup === "Secondary");
  const primary = all.filter((i) => chart.series[i].axisGroup !== "Secondary");
  const across = chart.type.startsWith("Bar");
  const dated = datedAxis(model, chart);
  const category =
    family === "scatter"
      ? undefined
      : categoryAxisView(chart, chart.series[0] && seriesPoints(model, chart.series[0], 0));
  const catKind = family === "scatter" ? "c:valAx" : dated ? "c:dateAx" : "c:catAx";
  const shown = (t: { text: string; visible: boolean } | undefined) => (t?.visible ? t.text : null);
  const formats = chartAxisFormats(chart, view);
  const axes = [
    axis({
      id: 1,
      cross: 2,
      kind: catKind,
      pos: across ? "l" : "b",
      title: shown(chart.axisTitles.category),
      // A date axis's labels: its own format, else its first category cell's ("Nov 27", "Nov 2026").
      format: dated ? (dated.format ?? null) : undefined,
      numFmt: formats.x,
      category,
    }),
    axis({
      id: 2,
      cross: 1,
      kind: "c:valAx",
      pos: across ? "b" : "l",
      title: shown(chart.axisTitles.value),
      format: chart.axisFormats?.value,
      numFmt: formats.value,
    }),
  ];
  const groups = [group(model, chart, primary, [1, 2])];
  if (secondary.length) {
    groups.push(group(model, chart, secondary, [3, 4]));
    axes.push(axis({ id: 3, cross: 4, kind: catKind, pos: across ? "l" : "b", deleted: true }));
    axes.push(
      axis({
        id: 4,
        cross: 3,
        kind: "c:valAx",
        pos: across ? "t" : "r",
        title: shown(chart.axisTitles.secondaryValue),
        format: chart.axisFormats?.secondaryValue,
        numFmt: formats.secondaryValue,
        crossesMax: true,
      }),
    );
  }
  const legend = legendVisible(chart)
    ? el(
        "c:legend",
        {},
        el("c:legendPos", { val: LEGEND_POS[chart.legend.position] ?? "b" }),
        el("c:overlay", { val: 0 }),
      )
    : "";
  return (
    XML_HEAD +
    el(
      "c:chartSpace",
      { "xmlns:c": NS.chart, "xmlns:a": NS.a, "xmlns:r": NS.rel },
      el("c:roundedCorners", { val: 0 }),
      el(
        "c:chart",
        {},
        chart.title.visible ? title(titleText(model, chart)) : "",
        el("c:autoTitleDeleted", { val: chart.title.visible ? 0 : 1 }),
        el("c:plotArea", {}, el("c:layout"), ...groups, ...axes),
        legend,
        el("c:plotVisOnly", { val: 1 }),
        el("c:dispBlanksAs", { val: "gap" }),
      ),
    )
  );
}

function anchorXml(chart: ChartData, index: number): string {
  const corner = (tag: string, a: ChartData["from"]) =>
    el(
      tag,
      {},
      `<xdr:col>${a.col}</xdr:col>`,
      `<xdr:colOff>${Math.round(a.dx * EMU_PER_PT)}</xdr:colOff>`,
      `<xdr:row>${a.row}</xdr:row>`,
      `<xdr:rowOff>${Math.round(a.dy * EMU_PER_PT)}</xdr:rowOff>`,
    );
  return el(
    "xdr:twoCellAnchor",
    {},
    corner("xdr:from", chart.from),
    corner("xdr:to", chart.to),
    el(
      "xdr:graphicFrame",
      { macro: "" },
      el(
        "xdr:nvGraphicFramePr",
        {},
        el("xdr:cNvPr", { id: index + 2, name: chart.name }),
        el("xdr:cNvGraphicFramePr"),
      ),
      el("xdr:xfrm", {}, el("a:off", { x: 0, y: 0 }), el("a:ext", { cx: 0, cy: 0 })),
      el(
        "a:graphic",
        {},
        el(
          "a:graphicData",
          { uri: NS.chart },
          el("c:chart", { "xmlns:c": NS.chart, "xmlns:r": NS.rel, "r:id": `rId${index + 1}` }),
        ),
      ),
    ),
    el("xdr:clientData"),
  );
}

/** The drawing and chart parts of the workbook, and which drawing each sheet refers to. */
export function chartParts(model: WorkbookModel): {
  parts: Part[];
  drawingOf(sheetId: string): string | undefined;
} {
  const parts: Part[] = [];
  const drawings = new Map<string, string>();
  let chartCount = 0;
  for (const sheet of model.sheets) {
    const charts = model.charts.filter((c) => c.sheetId === sheet.id);
    if (charts.length === 0) continue;
    // What the preview draws of each (the same charts, in the same order).
    const views = chartViews(model, sheet);
    const n = drawings.size + 1;
    const drawing = `drawings/drawing${n}.xml`;
    drawings.set(sheet.id, drawing);
    const rels = charts.map((c, i) => {
      const name = `charts/chart${++chartCount}.xml`;
      parts.push({
        name: `xl/${name}`,
        xml: chartXml(model, c, views[i]),
        type: `${CT}.drawingml.chart+xml`,
      });
      return { id: `rId${i + 1}`, type: "chart", target: `../${name}` };
    });
    parts.push({
      name: `xl/${drawing}`,
      xml: XML_HEAD + el("xdr:wsDr", { "xmlns:xdr": NS.drawing, "xmlns:a": NS.a }, ...charts.map(anchorXml)),
      type: `${CT}.drawing+xml`,
    });
    parts.push({ name: `xl/drawings/_rels/drawing${n}.xml.rels`, xml: relsXml(rels) });
  }
  return { parts, drawingOf: (id) => drawings.get(id) };
}
