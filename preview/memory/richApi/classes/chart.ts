/**
 * Worksheet.charts and the chart objects (ChartCollection, Chart, ChartTitle, ChartLegend, ChartAxes,
 * ChartAxis, ChartAxisTitle, ChartSeriesCollection, ChartSeries) over the chart model in chart.ts.
 */
import { parseAddress, type Rect } from "../../address";
import {
  addChart,
  box,
  chartType,
  checkStock,
  MARKER_STYLES,
  legendVisible,
  MAX_NAME_LENGTH,
  place,
  ref,
  seriesPoints,
  setChartData,
  setPosition,
  titleText,
  type AxisTitle,
  type ChartData,
  type SeriesData,
} from "../../chart";
import type { CategoryAxisData, TimeUnit } from "../../chartData";
import { officeError, type SheetData } from "../../model";
import type { Batch } from "../batch";
import {
  defineClass,
  hostObject,
  htmlColor,
  invalidArgument,
  objectArg,
  type HostObject,
} from "../hostClass";
import { sheetOf, worksheetObject, type RangeData, type SheetRef } from "./lookup";
interface ChartRef {
  chartId: string;
}
interface AxisRef extends ChartRef {
  axis: "category" | "value" | "secondaryValue";
}
interface SeriesRef extends ChartRef {
  seriesId: number;
}

/** A range argument: where it is (a range on another sheet is allowed). */
function source(b: Batch, value: unknown): { sheet: SheetData; rect: Rect } {
  const r = objectArg<RangeData>(value, "Range");
  return { sheet: sheetOf(b, r.sheetId), rect: r.rect };
}

function checkName(name: unknown, what: string): string {
  if (typeof name !== "string" || name.length === 0 || name.length > MAX_NAME_LENGTH)
    throw invalidArgument(`${what} must have 1 to ${MAX_NAME_LENGTH} characters`);
  return name;
}

function chart(b: Batch, r: ChartRef): ChartData {
  const c = b.model.charts.find((x) => x.id === r.chartId);
  if (!c) throw officeError("ItemNotFound", "The chart does not exist");
  return c;
}

const chartObject = (c: ChartData) => hostObject(Chart, { chartId: c.id });
const chartsOn = (b: Batch, s: SheetRef) =>
  b.model.charts.filter((c) => c.sheetId === sheetOf(b, s.sheetId).id);
/** The first chart of that name on the sheet ("If there are multiple charts with the same name, the first one will be returned"), or that id. */
const findChart = (b: Batch, s: SheetRef, key: unknown) =>
  chartsOn(b, s).find((c) => c.name === key) ?? chartsOn(b, s).find((c) => c.id === key);

function chartOrThrow(b: Batch, s: SheetRef, key: unknown): HostObject {
  const c = findChart(b, s, key);
  if (!c) throw officeError("ItemNotFound", `The chart "${String(key)}" does not exist`);
  return chartObject(c);
}

defineClass<SheetRef>("ChartCollection", {
  items: (s, b) => chartsOn(b, s).map(chartObject),
  props: { Count: { get: (s, b) => chartsOn(b, s).length } },
  indexer: (s, key, b) => chartOrThrow(b, s, key),
  methods: {
    Add: (s, [type, sourceData, seriesBy], b) =>
      chartObject(addChart(b.model, sheetOf(b, s.sheetId), type, source(b, sourceData), seriesBy)),
    GetItem: (s, [name], b) => chartOrThrow(b, s, name),
    GetItemOrNullObject: (s, [name], b) => {
      const c = findChart(b, s, name);
      return c ? chartObject(c) : null;
    },
    GetItemAt: (s, [index], b) => {
      const c = chartsOn(b, s)[Number(index)];
      if (!c) throw officeError("ItemNotFound", `There is no chart at ${String(index)}`);
      return chartObject(c);
    },
    GetCount: (s, _a, b) => chartsOn(b, s).length,
  },
});

function resize(
  b: Batch,
  r: ChartRef,
  part: Partial<{ top: number; left: number; width: number; height: number }>,
) {
  const c = chart(b, r);
  place(b.model, c, { ...box(b.model, c), ...part });
}

const boxProp = (key: "top" | "left" | "width" | "height") => ({
  get: (r: ChartRef, b: Batch) => box(b.model, chart(b, r))[key],
  set: (r: ChartRef, v: unknown, b: Batch) => resize(b, r, { [key]: Number(v) }),
});

/** A cell of the chart's own sheet, as a Range or an address. */
function cellOfChartSheet(b: Batch, c: ChartData, x: unknown): Rect {
  const at =
    typeof x === "string"
      ? parseAddress(x)
      : (() => {
          const r = objectArg<RangeData>(x, "Range");
          return { sheet: sheetOf(b, r.sheetId).name, rect: r.rect };
        })();
  const sheet = at.sheet ? b.model.sheetByName(at.sheet) : b.model.sheetById(c.sheetId);
  if (sheet?.id !== c.sheetId) throw invalidArgument("A chart is positioned by cells of its own worksheet");
  return at.rect;
}

const Chart = defineClass<ChartRef>("Chart", {
  id: (r) => r.chartId,
  props: {
    Name: {
      get: (r, b) => chart(b, r).name,
      set: (r, v, b) => void (chart(b, r).name = checkName(v, "A chart's name")),
    },
    Id: { get: (r, b) => chart(b, r).id },
    ChartType: {
      get: (r, b) => chart(b, r).type,
      set: (r, v, b) => {
        const c = chart(b, r);
        const type = chartType(v);
        checkStock(type, c.series);
        c.type = type;
      },
    },
    Top: boxProp("top"),
    Left: boxProp("left"),
    Width: boxProp("width"),
    Height: boxProp("height"),
  },
  nav: {
    Title: (r) => hostObject(ChartTitle, r),
    Legend: (r) => hostObject(ChartLegend, r),
    Axes: (r) => hostObject(ChartAxes, r),
    Series: (r) => hostObject(ChartSeriesCollection, r),
    Worksheet: (r, b) => worksheetObject(sheetOf(b, chart(b, r).sheetId)),
  },
  methods: {
    /** Positions the chart at `startCell` (top-left); with `endCell`, it covers that cell too. */
    SetPosition: (r, [start, end], b) => {
      const c = chart(b, r);
      setPosition(b.model, c, cellOfChartSheet(b, c, start), end ? cellOfChartSheet(b, c, end) : undefined);
    },
    SetData: (r, [sourceData, seriesBy], b) =>
      setChartData(b.model, chart(b, r), source(b, sourceData), seriesBy),
    Delete: (r, _a, b) => {
      const c = chart(b, r);
      b.model.charts = b.model.charts.filter((x) => x !== c);
    },
  },
});

const ChartTitle = defineClass<ChartRef>("ChartTitle", {
  props: {
    /** Setting the text shows the title. */
    Text: {
      get: (r, b) => titleText(b.model, chart(b, r)),
      set: (r, v, b) => void (chart(b, r).title = { text: String(v), visible: true }),
    },
    Visible: {
      get: (r, b) => chart(b, r).title.visible,
      set: (r, v, b) => void (chart(b, r).title.visible = Boolean(v)),
    },
  },
});

const LEGEND_POSITIONS = ["Top", "Bottom", "Left", "Right", "Corner"];

const ChartLegend = defineClass<ChartRef>("ChartLegend", {
  props: {
    Visible: {
      get: (r, b) => legendVisible(chart(b, r)),
      set: (r, v, b) => void (chart(b, r).legend.visible = Boolean(v)),
    },
    Position: {
      get: (r, b) => chart(b, r).legend.position,
      set: (r, v, b) => {
        const p = LEGEND_POSITIONS.find((x) => x.toLowerCase() === String(v).toLowerCase());
        if (!p)
          throw invalidArgument(`"${String(v)}" is not a legend position (${LEGEND_POSITIONS.join(", ")})`);
        chart(b, r).legend.position = p;
      },
    },
  },
});

const ChartAxes = defineClass<ChartRef>("ChartAxes", {
  nav: {
    CategoryAxis: (r) => hostObject(ChartAxis, { ...r, axis: "category" }),
    ValueAxis: (r) => hostObject(ChartAxis, { ...r, axis: "value" }),
  },
  methods: {
    /** `axes.getItem(type, group)` (ExcelApi 1.7): the category axis, or a value axis of either group. */
    GetItem: (r, [type, group]) => {
      const t = String(type).toLowerCase();
      const g = group === undefined || group === null ? "primary" : String(group).toLowerCase();
      if (!["category", "value"].includes(t) || !["primary", "secondary"].includes(g))
        throw invalidArgument(`There is no ${String(group ?? "primary")} ${String(type)} axis`);
      if (t === "category" && g === "secondary")
        throw invalidArgument("This chart has no secondary category axis");
      return hostObject(ChartAxis, {
        ...r,
        axis: t === "category" ? "category" : g === "secondary" ? "secondaryValue" : "value",
      });
    },
  },
});

/** One of `values`, case-insensitive (office.js sends the enum's string), or InvalidArgument naming them. */
function oneOf<T extends string>(v: unknown, values: readonly T[], what: string): T {
  const found = values.find((x) => x.toLowerCase() === String(v).toLowerCase());
  if (!found) throw invalidArgument(`"${String(v)}" is not ${what} (${values.join(", ")})`);
  return found;
}

const TIME_UNITS: readonly TimeUnit[] = ["Days", "Months", "Years"];

/** The category axis's settings; only the category axis has them (a value axis answers InvalidArgument). */
function categoryAxis(b: Batch, r: AxisRef): CategoryAxisData {
  if (r.axis !== "category") throw invalidArgument("Only the category axis has this setting here");
  return (chart(b, r).categoryAxis ??= {});
}

/** A date axis's setting: refused on a text axis (stricter: Excel's behaviour there is not documented). */
function dateAxis(b: Batch, r: AxisRef): CategoryAxisData {
  const a = categoryAxis(b, r);
  if (a.categoryType !== "DateAxis")
    throw invalidArgument("Set categoryType to DateAxis before a date axis's units");
  return a;
}

const ChartAxis = defineClass<AxisRef>("ChartAxis", {
  props: {
    /** A value axis's number format, or the category axis's labels' (none: the cells'). */
    NumberFormat: {
      get: (r, b) =>
        r.axis === "category"
          ? (chart(b, r).categoryAxis?.numberFormat ?? "General")
          : (chart(b, r).axisFormats?.[r.axis] ?? "General"),
      set: (r, v, b) => {
        const c = chart(b, r);
        if (r.axis === "category") categoryAxis(b, r).numberFormat = String(v);
        else c.axisFormats = { ...c.axisFormats, [r.axis]: String(v) };
      },
    },
    /** ChartAxis.categoryType (ExcelApi 1.7): Automatic, TextAxis or DateAxis. */
    CategoryType: {
      get: (r, b) => categoryAxis(b, r).categoryType ?? "Automatic",
      set: (r, v, b) =>
        void (categoryAxis(b, r).categoryType = oneOf(
          v,
          ["Automatic", "TextAxis", "DateAxis"] as const,
          "a category type",
        )),
    },
    BaseTimeUnit: {
      get: (r, b) => categoryAxis(b, r).baseTimeUnit ?? "Days",
      set: (r, v, b) => void (dateAxis(b, r).baseTimeUnit = oneOf(v, TIME_UNITS, "a time unit")),
    },
    MajorTimeUnitScale: {
      get: (r, b) => categoryAxis(b, r).majorTimeUnitScale ?? categoryAxis(b, r).baseTimeUnit ?? "Days",
      set: (r, v, b) => void (dateAxis(b, r).majorTimeUnitScale = oneOf(v, TIME_UNITS, "a time unit")),
    },
    /** A date axis's label step, in majorTimeUnitScale units (a whole number, 1 or more). */
    MajorUnit: {
      get: (r, b) => categoryAxis(b, r).majorUnit ?? 1,
      set: (r, v, b) => {
        const n = Number(v);
        if (!Number.isInteger(n) || n < 1)
          throw invalidArgument(`A major unit must be a whole number, 1 or more (got ${String(v)})`);
        dateAxis(b, r).majorUnit = n;
      },
    },
    /** Every how many categories a label is drawn: 1 to 31,999 (ChartAxis.tickLabelSpacing). */
    TickLabelSpacing: {
      get: (r, b) => categoryAxis(b, r).tickLabelSpacing ?? 1,
      set: (r, v, b) => {
        const n = Number(v);
        if (!Number.isInteger(n) || n < 1 || n > 31999)
          throw invalidArgument(
            `The tick label spacing must be a whole number from 1 to 31999 (got ${String(v)})`,
          );
        categoryAxis(b, r).tickLabelSpacing = n;
      },
    },
    /** Where the labels are (ExcelApi 1.7): NextToAxis or Low (High and None are not modelled). */
    TickLabelPosition: {
      get: (r, b) => categoryAxis(b, r).tickLabelPosition ?? "NextToAxis",
      set: (r, v, b) =>
        void (categoryAxis(b, r).tickLabelPosition = oneOf(
          v,
          ["NextToAxis", "Low"] as const,
          "a label position modelled here",
        )),
    },
    /** The labels' angle (ExcelApi 1.8): a whole number of degrees from -90 to 90 (Excel's 180, stacked letters, is not modelled). */
    TextOrientation: {
      get: (r, b) => categoryAxis(b, r).textOrientation ?? 0,
      set: (r, v, b) => {
        const n = Number(v);
        if (!Number.isInteger(n) || n < -90 || n > 90)
          throw invalidArgument(
            `A label angle must be a whole number of degrees from -90 to 90 (got ${String(v)})`,
          );
        categoryAxis(b, r).textOrientation = n;
      },
    },
  },
  nav: { Title: (r) => hostObject(ChartAxisTitle, r) },
});

const axisTitle = (b: Batch, r: AxisRef): AxisTitle => {
  const titles = chart(b, r).axisTitles;
  return (titles[r.axis] ??= { text: "", visible: false });
};

const ChartAxisTitle = defineClass<AxisRef>("ChartAxisTitle", {
  props: {
    /** Setting the text shows the axis title. */
    Text: {
      get: (r, b) => axisTitle(b, r).text,
      set: (r, v, b) => void (chart(b, r).axisTitles[r.axis] = { text: String(v), visible: true }),
    },
    Visible: {
      get: (r, b) => axisTitle(b, r).visible,
      set: (r, v, b) => void (axisTitle(b, r).visible = Boolean(v)),
    },
  },
});

const seriesObject = (b: Batch, c: ChartData, s: SeriesData) =>
  hostObject(ChartSeries, { chartId: c.id, seriesId: b.idOf(s) });

function series(b: Batch, r: SeriesRef): { c: ChartData; s: SeriesData } {
  const c = chart(b, r);
  const s = c.series.find((x) => b.idOf(x) === r.seriesId);
  if (!s) throw officeError("ItemNotFound", "The series does not exist");
  return { c, s };
}

const ChartSeriesCollection = defineClass<ChartRef>("ChartSeriesCollection", {
  items: (r, b) => {
    const c = chart(b, r);
    return c.series.map((s) => seriesObject(b, c, s));
  },
  props: { Count: { get: (r, b) => chart(b, r).series.length } },
  indexer: (r, key, b) => {
    const c = chart(b, r);
    const s = c.series.find((x) => b.idOf(x) === Number(key));
    if (!s) throw officeError("ItemNotFound", "The series does not exist");
    return seriesObject(b, c, s);
  },
  methods: {
    GetItemAt: (r, [index], b) => {
      const c = chart(b, r);
      const s = c.series[Number(index)];
      if (!s) throw officeError("ItemNotFound", `The chart has no series at ${String(index)}`);
      return seriesObject(b, c, s);
    },
    GetCount: (r, _a, b) => chart(b, r).series.length,
    /** A new, empty series ("not visible until values … are set"), at `index` or last. */
    Add: (r, [name, index], b) => {
      const c = chart(b, r);
      fixedSeries(c);
      if (name !== undefined && name !== null) checkName(name, "A series name");
      const created: SeriesData = { name: (name as string | null | undefined) ?? null };
      c.series.splice(index === undefined || index === null ? c.series.length : Number(index), 0, created);
      return seriesObject(b, c, created);
    },
  },
});

/** A stock chart's three series (high, low, close) are its data: none is added or deleted (stricter: Excel's answer is not documented). */
function fixedSeries(c: ChartData): void {
  if (c.type === "StockHLC")
    throw invalidArgument("A stock chart's series are high, low and close: none is added or deleted");
}

/** Values must be one row or one column (Excel: "References … must be a single cell, row, or column"). */
function oneLine(b: Batch, value: unknown) {
  const { sheet, rect } = source(b, value);
  if (rect.rows > 1 && rect.cols > 1) throw invalidArgument("A series reads one row or one column of cells");
  return ref(b.model, sheet, rect);
}

const ChartSeries = defineClass<SeriesRef>("ChartSeries", {
  id: (r) => r.seriesId,
  props: {
    Name: {
      get: (r, b) => {
        const { c, s } = series(b, r);
        return seriesPoints(b.model, s, c.series.indexOf(s)).name;
      },
      set: (r, v, b) => void (series(b, r).s.name = checkName(v, "A series name")),
    },
    ChartType: { get: (r, b) => chart(b, r).type },
    /** Each point labelled with its value (ExcelApi 1.7). */
    HasDataLabels: {
      get: (r, b) => series(b, r).s.dataLabels ?? false,
      set: (r, v, b) => void (series(b, r).s.dataLabels = Boolean(v)),
    },
    MarkerBackgroundColor: {
      get: (r, b) => series(b, r).s.markerColor ?? "",
      set: (r, v, b) => void (series(b, r).s.markerColor = htmlColor(v)),
    },
    MarkerForegroundColor: {
      get: (r, b) => series(b, r).s.markerColor ?? "",
      set: (r, v, b) => void (series(b, r).s.markerColor = htmlColor(v)),
    },
    /** The markers' shape (ExcelApi 1.7): the styles the workbook draws (MARKER_STYLES); Excel's others are refused. */
    MarkerStyle: {
      get: (r, b) => series(b, r).s.markerStyle ?? "Automatic",
      set: (r, v, b) =>
        void (series(b, r).s.markerStyle = oneOf(v, MARKER_STYLES, "a marker style modelled here")),
    },
    /** Which value axis the series is drawn against (ExcelApi 1.8). */
    AxisGroup: {
      get: (r, b) => series(b, r).s.axisGroup ?? "Primary",
      set: (r, v, b) => {
        const g = ["Primary", "Secondary"].find((x) => x.toLowerCase() === String(v).toLowerCase());
        if (!g) throw invalidArgument(`"${String(v)}" is not an axis group (Primary, Secondary)`);
        const { c, s } = series(b, r);
        if (g === "Secondary" && c.type === "StockHLC")
          throw invalidArgument("A stock chart's high, low and close share one value axis here");
        s.axisGroup = g as "Primary" | "Secondary";
      },
    },
  },
  nav: { Format: (r) => hostObject(ChartSeriesFormat, r) },
  methods: {
    SetValues: (r, [range], b) => void (series(b, r).s.values = oneLine(b, range)),
    SetXAxisValues: (r, [range], b) => void (series(b, r).s.xValues = oneLine(b, range)),
    Delete: (r, _a, b) => {
      const { c, s } = series(b, r);
      fixedSeries(c);
      c.series = c.series.filter((x) => x !== s);
    },
    /** Values of one dimension as text: Values / YValues (numbers), Categories / XValues (as the cells show them). */
    GetDimensionValues: (r, [dimension], b) => {
      const { c, s } = series(b, r);
      const p = seriesPoints(b.model, s, c.series.indexOf(s));
      const d = String(dimension).toLowerCase();
      if (d === "values" || d === "yvalues") return p.values.map((v) => (v === null ? "" : String(v)));
      if (d === "categories") return p.categories;
      if (d === "xvalues") return p.x.map(String);
      throw invalidArgument(`"${String(dimension)}" is not a series dimension this chart has`);
    },
  },
});

/** A series' format: its line (ChartLineFormat) and its fill (ChartFill), ExcelApi 1.7. */
const ChartSeriesFormat = defineClass<SeriesRef>("ChartSeriesFormat", {
  nav: {
    Line: (r) => hostObject(ChartLineFormat, r),
    Fill: (r) => hostObject(ChartFill, r),
  },
});

const ChartLineFormat = defineClass<SeriesRef>("ChartLineFormat", {
  props: {
    Color: {
      get: (r, b) => series(b, r).s.color ?? "",
      set: (r, v, b) => void (series(b, r).s.color = htmlColor(v)),
    },
  },
});

const ChartFill = defineClass<SeriesRef>("ChartFill", {
  methods: {
    SetSolidColor: (r, [color], b) => void (series(b, r).s.color = htmlColor(color)),
    Clear: (r, _a, b) => void (series(b, r).s.color = undefined),
  },
});
