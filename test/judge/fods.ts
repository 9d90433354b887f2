/**
 * Reads a flat ODS file (what LibreOffice saved after recalculating): per sheet, each non-empty
 * cell's value (a number, text, a boolean or an error), the text LibreOffice shows, and its formula.
 * Dates and times come back as serial numbers of the workbook's date system.
 */
import { DOMParser, type Element, type Node } from "@xmldom/xmldom";

export type JudgedValue = number | string | boolean | { error: string } | null;

export interface JudgedCell {
  value: JudgedValue;
  text: string;
  formula?: string;
}

export interface JudgedSheet {
  name: string;
  cells: Map<string, JudgedCell>;
}

const TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0";
const OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0";
const TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0";
const CALCEXT = "urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0";

const key = (row: number, col: number) => `${row},${col}`;

/** The text of a text:p: its text, `text:s` spaces, tabs and line breaks, spans and links included. */
function paragraphText(node: Node): string {
  let out = "";
  for (let c = node.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 3) out += c.nodeValue ?? "";
    else if (c.nodeType === 1) {
      const e = c as Element;
      if (e.namespaceURI === TEXT && e.localName === "s")
        out += " ".repeat(Number(e.getAttributeNS(TEXT, "c") || 1));
      else if (e.namespaceURI === TEXT && e.localName === "tab") out += "\t";
      else if (e.namespaceURI === TEXT && e.localName === "line-break") out += "\n";
      else out += paragraphText(e);
    }
  }
  return out;
}

/** Days from the date system's day 0 (30 December 1899, or 1 January 1904) to an ISO date-time. */
function serialOf(iso: string, date1904: boolean): number {
  const m = /^(-?\d+)-(\d\d)-(\d\d)(?:T(\d\d):(\d\d):(\d\d(?:\.\d+)?))?/.exec(iso);
  if (!m) return NaN;
  const utc = Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), 0) + Number(m[6] ?? 0) * 1000;
  const zero = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  return (utc - zero) / 86_400_000;
}

/** "PT12H30M00S" → the fraction of a day. */
function timeOf(duration: string): number {
  const m = /^-?PT(\d+)H(\d+)M(\d+(?:\.\d+)?)S$/.exec(duration);
  if (!m) return NaN;
  const sign = duration.startsWith("-") ? -1 : 1;
  return (sign * (+m[1] * 3600 + +m[2] * 60 + +m[3])) / 86_400;
}

function cellOf(e: Element, date1904: boolean): JudgedCell | null {
  const paragraphs: string[] = [];
  for (let c = e.firstChild; c; c = c.nextSibling)
    if (c.nodeType === 1 && (c as Element).namespaceURI === TEXT && (c as Element).localName === "p")
      paragraphs.push(paragraphText(c));
  const text = paragraphs.join("\n");
  const type = e.getAttributeNS(OFFICE, "value-type");
  const formula = e.getAttributeNS(TABLE, "formula") || undefined;
  if (!type && !formula && text === "") return null;
  let value: JudgedValue;
  if (e.getAttributeNS(CALCEXT, "value-type") === "error") value = { error: text };
  else if (type === "float" || type === "percentage" || type === "currency")
    value = Number(e.getAttributeNS(OFFICE, "value"));
  else if (type === "date") value = serialOf(e.getAttributeNS(OFFICE, "date-value") ?? "", date1904);
  else if (type === "time") value = timeOf(e.getAttributeNS(OFFICE, "time-value") ?? "");
  else if (type === "boolean") value = e.getAttributeNS(OFFICE, "boolean-value") === "true";
  else if (type === "string")
    value = e.hasAttributeNS(OFFICE, "string-value") ? e.getAttributeNS(OFFICE, "string-value")! : text;
  else value = null;
  return { value, text, formula };
}

/** The rows of a table, row groups (header rows, groups) looked into. */
function rowsOf(e: Element): Element[] {
  const out: Element[] = [];
  for (let c = e.firstChild; c; c = c.nextSibling) {
    if (c.nodeType !== 1 || (c as Element).namespaceURI !== TABLE) continue;
    const name = (c as Element).localName;
    if (name === "table-row") out.push(c as Element);
    else if (/^table-(header-)?rows$|^table-row-group$/.test(name ?? "")) out.push(...rowsOf(c as Element));
  }
  return out;
}

export function readFods(xml: string, date1904 = false): JudgedSheet[] {
  const doc = new DOMParser().parseFromString(xml, "text/xml");
  const sheets: JudgedSheet[] = [];
  // The spreadsheet's own tables (a chart's object holds a "local-table" of its own, not a sheet).
  const spreadsheet = doc.getElementsByTagNameNS(OFFICE, "spreadsheet")[0];
  const tables: Element[] = [];
  for (let c = spreadsheet?.firstChild; c; c = c.nextSibling)
    if (c.nodeType === 1 && (c as Element).namespaceURI === TABLE && (c as Element).localName === "table")
      tables.push(c as Element);
  for (const table of tables) {
    const cells = new Map<string, JudgedCell>();
    let row = 0;
    for (const r of rowsOf(table)) {
      const rowRepeat = Number(r.getAttributeNS(TABLE, "number-rows-repeated") || 1);
      let col = 0;
      for (let c = r.firstChild; c; c = c.nextSibling) {
        if (c.nodeType !== 1) continue;
        const e = c as Element;
        if (e.namespaceURI !== TABLE || !/^(covered-)?table-cell$/.test(e.localName ?? "")) continue;
        const colRepeat = Number(e.getAttributeNS(TABLE, "number-columns-repeated") || 1);
        const cell = cellOf(e, date1904);
        if (cell)
          for (let i = 0; i < rowRepeat; i++)
            for (let j = 0; j < colRepeat; j++) cells.set(key(row + i, col + j), cell);
        col += colRepeat;
      }
      row += rowRepeat;
    }
    sheets.push({ name: table.getAttributeNS(TABLE, "name") ?? "", cells });
  }
  return sheets;
}

/** The tables LibreOffice kept (database ranges): each name and the range it covers ('Sheet'.A1:'Sheet'.D9). */
export function readFodsTables(xml: string): { name: string; range: string }[] {
  const doc = new DOMParser().parseFromString(xml, "text/xml");
  const ranges = doc.getElementsByTagNameNS(TABLE, "database-range");
  const out: { name: string; range: string }[] = [];
  for (let i = 0; i < ranges.length; i++)
    out.push({
      name: ranges[i].getAttributeNS(TABLE, "name") ?? "",
      range: ranges[i].getAttributeNS(TABLE, "target-range-address") ?? "",
    });
  return out;
}
