/**
 * INDEX as Excel gives it: the formula library's INDEX picks one cell of a range as a reference
 * without the range's sheet, so the cell is read on the formula's own sheet (INDEX over another
 * sheet, or over a table there, read a blank: 0). This wrapper gives the picked cell its range's sheet.
 */
import referenceFunctions from "fast-formula-parser/formulas/functions/reference";

interface Ref {
  sheet?: string;
}

export function sheetKeepingIndex(context: unknown, ranges: unknown, ...rest: unknown[]): unknown {
  const result = referenceFunctions.INDEX(context, ranges, ...rest);
  const sheet = (ranges as { ref?: Ref } | null)?.ref?.sheet;
  const picked = (result as { ref?: Ref } | null)?.ref;
  if (picked && sheet !== undefined && picked.sheet === undefined) picked.sheet = sheet;
  return result;
}
