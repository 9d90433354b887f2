/**
 * What a cell shows in its width, as Excel draws it: a number (or date) that does not fit shows
 * ####, a General number first loses decimals or goes to scientific form; text runs on over empty cells to its right and is
 * cut at the next cell that holds something. Widths are measured with the grid's own font.
 */
import type { CellView } from "../memory/workbook";

/**
 * The grid's cell font (preview.html): Arial metrics at 13 px (Liberation Sans on Linux has the
 * same widths) are within a few per cent of Excel's Calibri 11 pt, whose digit is 7 px wide, so
 * text that fits here fits in Excel.
 */
const CELL_FONT = '13px Arial, "Liberation Sans", sans-serif';
/** Left and right padding of a cell. */
export const CELL_PADDING_PX = 8;

let context: CanvasRenderingContext2D | null | undefined;

/** Width of `text` in the cell font (bold or not), in px (about 7 px a character where there is no canvas). */
export function textWidth(text: string, bold = false): number {
  if (context === undefined)
    context = typeof document === "undefined" ? null : document.createElement("canvas").getContext("2d");
  if (!context) return text.length * 7;
  context.font = bold ? `bold ${CELL_FONT}` : CELL_FONT;
  return context.measureText(text).width;
}

/** Excel's scientific form of General: 1.2E+09, 3E-05. */
function scientific(v: number, digits: number): string {
  const [mantissa, exponent] = v.toExponential(digits).split("e");
  const e = Number(exponent);
  const trimmed = mantissa.includes(".") ? mantissa.replace(/\.?0+$/, "") : mantissa;
  return `${trimmed}E${e < 0 ? "-" : "+"}${String(Math.abs(e)).padStart(2, "0")}`;
}

/**
 * The text a number cell shows in `widthPx`: as formatted when it fits; a General number then drops
 * decimals, then goes to scientific form (1.2E+09), as Excel's General format does; else ####.
 */
export function fittedNumber(view: CellView, widthPx: number): string {
  const room = widthPx - CELL_PADDING_PX;
  if (textWidth(view.text) <= room) return view.text;
  const v = view.value as number;
  // A function's formatted number (a date, a percentage) draws as its format does: #### when it does not fit.
  const format = view.numberFormat ?? view.valueFormat;
  if (!format || format === "General") {
    const decimals = view.text.split(".")[1]?.length ?? 0;
    for (let d = decimals - 1; d >= 0; d--) {
      const shorter = String(Number(v.toFixed(d)));
      if (textWidth(shorter) <= room && Number(shorter) !== 0) return shorter;
    }
    for (let d = 5; d >= 0; d--) {
      const sci = scientific(v, d);
      if (textWidth(sci) <= room) return sci;
    }
  }
  return "#".repeat(Math.max(1, Math.floor(room / textWidth("#"))));
}
