/**
 * A cell's displayed text (Range.text) under its number format, rendered with SheetJS SSF
 * (Apache-2.0), which implements Excel's number format codes. Where SSF and Excel differ, the value
 * or the format is corrected before SSF sees it (docs/excel-fidelity.md, "Displayed numbers"):
 * - Excel rounds the value's 15-significant-digit decimal, half away from zero (1.005 under `0.00`
 *   shows 1.01, -2.675 shows -2.68); SSF rounds the binary double (1.00, -2.67).
 * - Excel rounds a time to the second before showing it (00:59:59.6 under `hh:mm:ss` is 01:00:00);
 *   SSF drops the fraction from the seconds but not from the minutes (00:59:00).
 * - Excel shows any currency symbol written in a format (`£#,##0.00`, `¥#,##0`); SSF throws on
 *   symbols other than `$` and `€`, so they are quoted for it.
 */
import SSF from "ssf";
import { shiftDecimal } from "../../src/api/decimalShift";
import type { CellData, Value } from "./model";
import { entityText } from "./entities";

/** `date1904`: the workbook counts dates in the 1904 system (serial 0 is 1 January 1904). */
export function displayText(cell: CellData | undefined, date1904 = false): string {
  if (!cell || cell.value === null) return "";
  const v = cell.value;
  // An entity (a card) shows its text, though its value is #VALUE!.
  if (cell.entity) return entityText(cell.entity);
  if (cell.error) return String(v);
  if (typeof v === "boolean") return v ? "TRUE" : "FALSE";
  if (typeof v === "string") return v;
  // A value's own format (a custom function's formatted number) shows in a General cell.
  return formatNumber(v, cell.numberFormat ?? cell.valueFormat ?? "General", date1904);
}

/**
 * What Excel's formula bar shows for a cell's value, its editing text: a date or a time in the
 * short forms Excel edits them in (en-US: m/d/yyyy, h:mm:ss AM/PM), a percentage with its %
 * (12.5%), TRUE or FALSE, any other number at 15 significant digits without its format (1234.5,
 * not $1,234.50); text as it is. Typed back unchanged, each reads as the same value (coerce.ts).
 */
export function editText(value: Value, format = "General", date1904 = false): string {
  if (value === null) return "";
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "string") return value;
  const first = sections(format)[0] ?? "";
  if (SSF.is_date(first)) {
    const day = value >= 1 ? "m/d/yyyy" : "";
    const time = Number.isInteger(value) ? "" : "h:mm:ss AM/PM";
    return formatNumber(value, [day, time].filter(Boolean).join(" "), date1904);
  }
  const digits = (n: number) => String(Number(n.toPrecision(15)));
  return /%/.test(first.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, ""))
    ? `${digits(shiftDecimal(value, 2))}%`
    : digits(value);
}

/** `value` under `format` as Excel shows it (the column-width #### is the grid's business). */
export function formatNumber(value: number, format: string, date1904 = false): string {
  const safe = quoteSymbols(format);
  try {
    return SSF.format(safe, excelRounded(value, safe), { date1904 });
  } catch {
    return String(value);
  }
}

/** The format's sections, split on `;` outside quotes, brackets and escapes. */
function sections(format: string): string[] {
  const out = [""];
  for (let i = 0; i < format.length; i++) {
    const c = format[i];
    if (c === '"') {
      const end = format.indexOf('"', i + 1);
      const stop = end < 0 ? format.length : end;
      out[out.length - 1] += format.slice(i, stop + 1);
      i = stop;
    } else if (c === "\\" || c === "_" || c === "*") {
      out[out.length - 1] += format.slice(i, i + 2);
      i++;
    } else if (c === "[") {
      const end = format.indexOf("]", i);
      const stop = end < 0 ? format.length : end;
      out[out.length - 1] += format.slice(i, stop + 1);
      i = stop;
    } else if (c === ";") out.push("");
    else out[out.length - 1] += c;
  }
  return out;
}

/** A section with its literal text (quotes, brackets, escapes, padding) removed: only the codes. */
const codes = (section: string) => section.replace(/"[^"]*"?|\[[^\]]*\]?|[\\_*]./g, "");

/** Non-ASCII symbols outside quotes and brackets, quoted (SSF takes only `$` and `€` bare). */
function quoteSymbols(format: string): string {
  return sections(format)
    .map((s) =>
      s.replace(/("[^"]*"?|\[[^\]]*\]?|[\\_*].)|([^\x20-\x7e€]+)/g, (m, literal: string | undefined) =>
        literal ? m : `"${m}"`,
      ),
    )
    .join(";");
}

/** The section Excel applies to `value` (negative numbers: the second, shown without a sign; zero: the third). */
function sectionFor(format: string, value: number): string {
  const all = sections(format);
  if (value < 0 && all.length >= 2) return all[1];
  if (value === 0 && all.length >= 3) return all[2];
  return all[0];
}

/** The value rounded as Excel rounds it for `format`, so that SSF's own rounding has nothing left to do. */
function excelRounded(value: number, format: string): number {
  if (!Number.isFinite(value)) return value;
  const section = codes(sectionFor(format, value));
  if (/^general$/i.test(section.trim()) || /e[+-]/i.test(section)) return value;
  if (/[ydhsm]/i.test(section)) {
    // A time to the second, unless the format shows fractions of one (ss.00).
    return /s+\.0/i.test(section) ? value : Math.round(value * 86_400) / 86_400;
  }
  const decimals = shownDecimals(section);
  if (decimals === null) return value;
  const decimal = Number(Math.abs(value).toPrecision(15));
  const rounded = shiftDecimal(Math.round(shiftDecimal(decimal, decimals)), -decimals);
  return value < 0 ? -rounded : rounded;
}

/** How many decimals a number section shows of the value (a % shows two more, a trailing , three fewer); null when it is not plain. */
function shownDecimals(section: string): number | null {
  if (section.includes("/")) return null; // fractions (# ?/?) round their own way
  const point = section.indexOf(".");
  const after = point < 0 ? "" : (/^[0#?]*/.exec(section.slice(point + 1))?.[0] ?? "");
  const percent = (section.match(/%/g) ?? []).length * 2;
  const scaled = /[0#?],+(?![0#?])/.exec(section);
  const thousands = scaled ? (scaled[0].length - 1) * 3 : 0;
  return after.length + percent - thousands;
}
