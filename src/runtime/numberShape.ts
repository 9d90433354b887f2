/**
 * How this Excel takes a number with its own format from a custom function (a date that shows as a
 * date, a percentage as a percentage), read from its requirement sets (docs/excel-fidelity.md,
 * "Formatted numbers from functions"):
 * - "Double": `{ type: "Double", basicValue, numberFormat }` (DoubleCellValue.numberFormat, ExcelApi 1.19);
 * - "FormattedNumber": `{ type: "FormattedNumber", basicValue, numberFormat }` (ExcelApi 1.16, deprecated in 1.19);
 * - "plain": no data types from functions (before CustomFunctionsRuntime 1.4): plain values.
 */
export type NumberShape = "Double" | "FormattedNumber" | "plain";

/**
 * A number with its own format (Excel's DoubleCellValue): a date shows as a date and a percentage as
 * a percentage in the cell a function answers into. The functions build these; forHost
 * (src/functions/shapes.ts) hands them over in the shape this Excel takes.
 */
export interface FormattedNumber {
  type: "Double" | "FormattedNumber";
  basicValue: number;
  numberFormat: string;
}

/**
 * Dates, and date-times (their time kept in the value), as `11/27/26`: the short form that fits
 * Excel's default column width (64 px: "2026-11-27" needs about 75 and shows #######). A planner
 * who wants the time formats the column `m/d/yy h:mm` and widens it (docs/functions.md).
 */
export const DATE_FORMAT = "m/d/yy";
export const PERCENT_FORMAT = "0.00%";

export const formatted = (basicValue: number, numberFormat: string): FormattedNumber => ({
  type: "Double",
  basicValue,
  numberFormat,
});

export type IsSetSupported = (name: string, version: string) => boolean;

export function numberShape(isSetSupported: IsSetSupported): NumberShape {
  if (!isSetSupported("CustomFunctionsRuntime", "1.4")) return "plain";
  if (isSetSupported("ExcelApi", "1.19")) return "Double";
  if (isSetSupported("ExcelApi", "1.16")) return "FormattedNumber";
  return "plain";
}
