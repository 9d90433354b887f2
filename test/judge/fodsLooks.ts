/**
 * What LibreOffice draws besides values, read from its flat ODS save (fods.ts reads the values):
 * each cell's fill, bold and text colour (its cell style, else its column's default), and each
 * chart's axes with the number format it labels them in (the chart object's data style, ODF 1.3
 * Part 3, 16.29: number, currency and percentage styles).
 */
import { DOMParser, type Element } from "@xmldom/xmldom";

const TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0";
const OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0";
const STYLE = "urn:oasis:names:tc:opendocument:xmlns:style:1.0";
const FO = "urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0";
const NUMBER = "urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0";
const CHART = "urn:oasis:names:tc:opendocument:xmlns:chart:1.0";
const DRAW = "urn:oasis:names:tc:opendocument:xmlns:drawing:1.0";

export interface CellPaint {
  /** `RRGGBB`, or null for none. */
  fill: string | null;
  bold: boolean;
  color: string | null;
}

const children = (e: Element, ns: string, name?: string): Element[] => {
  const out: Element[] = [];
  for (let c = e.firstChild; c; c = c.nextSibling)
    if (
      c.nodeType === 1 &&
      (c as Element).namespaceURI === ns &&
      (!name || (c as Element).localName === name)
    )
      out.push(c as Element);
  return out;
};

const hexOf = (color: string | null): string | null =>
  color && /^#[0-9a-f]{6}$/i.test(color) ? color.slice(1).toUpperCase() : null;

/** The document's own cell styles by name (not a chart object's). */
function cellStyles(root: Element): Map<string, CellPaint> {
  const styles = new Map<string, CellPaint>();
  for (const group of children(root, OFFICE).filter((e) => /styles$/.test(e.localName ?? "")))
    for (const s of children(group, STYLE, "style")) {
      if (s.getAttributeNS(STYLE, "family") !== "table-cell") continue;
      const cell = children(s, STYLE, "table-cell-properties")[0];
      const text = children(s, STYLE, "text-properties")[0];
      styles.set(s.getAttributeNS(STYLE, "name") ?? "", {
        fill: hexOf(cell?.getAttributeNS(FO, "background-color") ?? null),
        bold: text?.getAttributeNS(FO, "font-weight") === "bold",
        color: hexOf(text?.getAttributeNS(FO, "color") ?? null),
      });
    }
  return styles;
}

/** The rows of a table, row groups looked into. */
function rowsOf(e: Element): Element[] {
  return children(e, TABLE).flatMap((c) =>
    c.localName === "table-row"
      ? [c]
      : /^table-(header-)?rows$|^table-row-group$/.test(c.localName ?? "")
        ? rowsOf(c)
        : [],
  );
}

/** Each column's default cell style, by column index (columns repeated spread out, up to `limit`). */
function columnStyles(table: Element, limit: number): string[] {
  const out: string[] = [];
  for (const col of children(table, TABLE, "table-column")) {
    const n = Number(col.getAttributeNS(TABLE, "number-columns-repeated") || 1);
    const style = col.getAttributeNS(TABLE, "default-cell-style-name") ?? "";
    for (let i = 0; i < n && out.length < limit; i++) out.push(style);
  }
  return out;
}

/**
 * Each sheet's cell looks by sheet name, then by "row,col" (0-based), for the cells of the first
 * `rows` rows and `cols` columns (a sheet's styled cells run on past its data, repeated).
 */
export function readFodsCellPaints(xml: string, rows = 200, cols = 40): Map<string, Map<string, CellPaint>> {
  const root = new DOMParser().parseFromString(xml, "text/xml").documentElement!;
  const styles = cellStyles(root);
  const spreadsheet = root.getElementsByTagNameNS(OFFICE, "spreadsheet")[0];
  const out = new Map<string, Map<string, CellPaint>>();
  for (const table of children(spreadsheet, TABLE, "table")) {
    const defaults = columnStyles(table, cols);
    const paints = new Map<string, CellPaint>();
    let row = 0;
    for (const r of rowsOf(table)) {
      const rowRepeat = Number(r.getAttributeNS(TABLE, "number-rows-repeated") || 1);
      let col = 0;
      for (const e of children(r, TABLE).filter((c) => /^(covered-)?table-cell$/.test(c.localName ?? ""))) {
        const colRepeat = Number(e.getAttributeNS(TABLE, "number-columns-repeated") || 1);
        for (let i = 0; i < rowRepeat && row + i < rows; i++)
          for (let j = 0; j < colRepeat && col + j < cols; j++) {
            const name = e.getAttributeNS(TABLE, "style-name") || defaults[col + j] || "";
            const paint = styles.get(name);
            if (paint) paints.set(`${row + i},${col + j}`, paint);
          }
        col += colRepeat;
      }
      row += rowRepeat;
      if (row >= rows) break;
    }
    out.set(table.getAttributeNS(TABLE, "name") ?? "", paints);
  }
  return out;
}

export interface ChartAxisLabels {
  /** `primary-y`, `secondary-y`, `primary-x`. */
  name: string;
  dimension: string;
  /** The text LibreOffice labels `value` with on this axis; null for a format it does not show as a number. */
  text(value: number): string | null;
}

/**
 * `value` as a number:number element shows it: its decimals, grouped by thousands when it says so;
 * without decimal places, General (as LibreOffice saves it): the value's own digits, to 10.
 */
function numberText(value: number, e: Element): string {
  if (!e.hasAttributeNS(NUMBER, "decimal-places")) return String(Number(Math.abs(value).toPrecision(10)));
  const decimals = Number(e.getAttributeNS(NUMBER, "decimal-places"));
  const [int, frac] = Math.abs(value).toFixed(decimals).split(".");
  const grouped =
    e.getAttributeNS(NUMBER, "grouping") === "true" ? int.replace(/\B(?=(\d{3})+$)/g, ",") : int;
  return frac ? `${grouped}.${frac}` : grouped;
}

/** A data style as the text it gives a value (a minus sign before it, as one-section formats do). */
function styleText(style: Element | undefined): (value: number) => string | null {
  if (!style || !/^(number|currency|percentage)-style$/.test(style.localName ?? "")) return () => null;
  const percent = style.localName === "percentage-style";
  return (value) => {
    const v = percent ? value * 100 : value;
    const shown = children(style, NUMBER)
      .map((part) =>
        part.localName === "number"
          ? numberText(v, part)
          : part.localName === "text"
            ? (part.textContent ?? "")
            : part.localName === "currency-symbol"
              ? // Empty: the locale's own symbol, $ in the judge's en-US profile (its PDFs draw $).
                part.textContent || "$"
              : "",
      )
      .join("");
    return v < 0 && Number(Math.abs(v).toFixed(10)) !== 0 ? `-${shown}` : shown;
  };
}

/** Each chart's axes as LibreOffice labels them, by the chart's name (the drawing's `draw:name`). */
export function readFodsChartAxes(xml: string): Map<string, ChartAxisLabels[]> {
  const root = new DOMParser().parseFromString(xml, "text/xml").documentElement!;
  const out = new Map<string, ChartAxisLabels[]>();
  const frames = root.getElementsByTagNameNS(DRAW, "frame");
  for (let i = 0; i < frames.length; i++) {
    const frame = frames[i];
    const doc = frame.getElementsByTagNameNS(OFFICE, "document")[0];
    if (!doc) continue;
    const byName = new Map<string, Element>();
    for (const tag of ["style", "number-style", "currency-style", "percentage-style", "date-style"]) {
      const ns = tag === "style" ? STYLE : NUMBER;
      const found = doc.getElementsByTagNameNS(ns, tag);
      for (let k = 0; k < found.length; k++)
        byName.set(found[k].getAttributeNS(STYLE, "name") ?? "", found[k]);
    }
    const axes = doc.getElementsByTagNameNS(CHART, "axis");
    const labels: ChartAxisLabels[] = [];
    for (let k = 0; k < axes.length; k++) {
      const axis = axes[k];
      const style = byName.get(axis.getAttributeNS(CHART, "style-name") ?? "");
      const data = byName.get(style?.getAttributeNS(STYLE, "data-style-name") ?? "");
      labels.push({
        name: axis.getAttributeNS(CHART, "name") ?? "",
        dimension: axis.getAttributeNS(CHART, "dimension") ?? "",
        text: styleText(data),
      });
    }
    out.set(frame.getAttributeNS(DRAW, "name") ?? "", labels);
  }
  return out;
}
