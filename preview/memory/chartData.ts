/**
 * What a chart holds (its type, its series and the cells they read, its title, legend and corners),
 * as data: the workbook model keeps charts in this shape, and chart.ts (which re-exports it) reads
 * and changes them. Apart from chart.ts so that model.ts need not import the module that imports it.
 */
import type { Rect } from "./address";

/** The Excel.ChartType values the in-memory workbook models (and the preview draws). */
export const CHART_TYPES = [
  "ColumnClustered",
  "ColumnStacked",
  "BarClustered",
  "BarStacked",
  "Line",
  "LineMarkers",
  "XYScatter",
  "XYScatterLines",
  "XYScatterLinesNoMarkers",
  "Area",
  "AreaStacked",
  "StockHLC",
] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/**
 * The Excel.ChartMarkerStyle values the workbook models (and the preview and the .xlsx draw):
 * Automatic (the chart type's own), none, a circle, a dash. Excel's others are refused.
 */
export const MARKER_STYLES = ["Automatic", "None", "Circle", "Dash"] as const;
export type MarkerStyle = (typeof MARKER_STYLES)[number];
/**
 * Cells a chart reads. A reference that is exactly whole columns of a table's data body (or of the
 * whole table, header included) is bound to the table: it follows the table's rows when the table
 * grows or shrinks, as a chart made from a table does in Excel. Any other reference stays on its cells.
 */
export interface ChartRef {
  sheetId: string;
  rect: Rect;
  table?: { id: string; col: number; cols: number; header: boolean };
}

export interface SeriesData {
  /** A name set through the API; null reads nameRef (or Excel's "SeriesN"). */
  name: string | null;
  nameRef?: ChartRef;
  values?: ChartRef;
  xValues?: ChartRef;
  /** "Secondary": drawn against the chart's secondary value axis (Excel.ChartAxisGroup). */
  axisGroup?: "Primary" | "Secondary";
  /** The line's colour (format.line.color) or the bars' fill (format.fill.setSolidColor), "#RRGGBB"; none: the theme's. */
  color?: string;
  /** The markers' colour (markerBackgroundColor / markerForegroundColor); none: the theme's, not the line's. */
  markerColor?: string;
  /** Each point labelled with its value as its cell shows it (hasDataLabels). */
  dataLabels?: boolean;
  /** The markers' shape (markerStyle); none: Automatic. */
  markerStyle?: MarkerStyle;
}

export type TimeUnit = "Days" | "Months" | "Years";

/**
 * The category axis as the API sets it (ChartAxis, ExcelApi 1.7): a text or date axis (Automatic: a
 * date axis when the category cells are dates), a date axis's base unit and label step, the labels'
 * format, and every how many categories a text axis labels.
 */
export interface CategoryAxisData {
  categoryType?: "Automatic" | "TextAxis" | "DateAxis";
  baseTimeUnit?: TimeUnit;
  majorUnit?: number;
  majorTimeUnitScale?: TimeUnit;
  numberFormat?: string;
  tickLabelSpacing?: number;
  /** The labels' angle in degrees, -90 to 90 (textOrientation, ExcelApi 1.8); none: level (0). */
  textOrientation?: number;
  /**
   * Where the labels are (tickLabelPosition, ExcelApi 1.7): next to the axis (where it crosses the
   * value axis, at 0), or low (under the plot area, below negative values). The preview draws both
   * under the plot area; the .xlsx says which.
   */
  tickLabelPosition?: "NextToAxis" | "Low";
}

/** A corner of a chart: a cell and how far into it (points), as Excel anchors a chart to cells. */
export interface Anchor {
  row: number;
  col: number;
  dy: number;
  dx: number;
}

export interface ChartData {
  id: string;
  name: string;
  sheetId: string;
  type: ChartType;
  series: SeriesData[];
  /** text null: Excel's automatic title (the series name for one series, "Chart Title" for more). */
  title: { text: string | null; visible: boolean };
  /** visible null: automatic (shown when there is more than one series). */
  legend: { visible: boolean | null; position: string };
  axisTitles: { category: AxisTitle; value: AxisTitle; secondaryValue?: AxisTitle };
  /** The value axes' number formats (ChartAxis.numberFormat); none: the source cells' ("General" here). */
  axisFormats?: { value?: string; secondaryValue?: string };
  categoryAxis?: CategoryAxisData;
  /** Top-left and bottom-right corners: the chart moves and sizes with its cells (Excel's default). */
  from: Anchor;
  to: Anchor;
}

export interface AxisTitle {
  text: string;
  visible: boolean;
}
