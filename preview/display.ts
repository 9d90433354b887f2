/** How the preview grid shows a cell value under its number format (a readable approximation of Excel). */
import type { CellView } from "./memory/workbook";

const MS_PER_DAY = 86_400_000;

export function displayValue(cell: CellView): string {
  const v = cell.value;
  if (v === null || v === undefined) return "";
  if (typeof v === "boolean") return v ? "TRUE" : "FALSE";
  if (typeof v === "string") return v;
  const f = cell.numberFormat ?? "General";
  if (/y{2,4}/.test(f)) {
    const iso = new Date(Math.round((v - 25569) * MS_PER_DAY)).toISOString();
    return /h/.test(f) ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : iso.slice(0, 10);
  }
  const decimals = /\.(0+)/.exec(f)?.[1].length ?? 0;
  const grouped = f.includes("#,##0");
  const num = (x: number) =>
    x.toLocaleString("en-US", {
      minimumFractionDigits: decimals,
      maximumFractionDigits: f === "General" ? 10 : decimals,
      useGrouping: grouped,
    });
  if (f.includes('"%"')) return `${num(v)}%`;
  const currency = /^[$€£]/.exec(f)?.[0];
  if (currency) return `${v < 0 ? "-" : ""}${currency}${num(Math.abs(v))}`;
  return f === "General" ? String(v) : num(v);
}
