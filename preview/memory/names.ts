/**
 * Excel's naming rules for worksheets, tables and defined names (docs/excel-fidelity.md, "Names").
 * Each check returns the reason a name is refused, or null when Excel accepts it.
 */

const SHEET_FORBIDDEN = /[\\/?*[\]:]/;

/** Worksheet names: 1–31 characters, none of \ / ? * [ ] :, no apostrophe first or last, not "History". */
export function sheetNameProblem(name: string): string | null {
  if (name.trim() === "") return "a sheet name can't be blank";
  if (name.length > 31) return "a sheet name can have at most 31 characters";
  if (SHEET_FORBIDDEN.test(name)) return "a sheet name can't contain \\ / ? * [ ] :";
  if (name.startsWith("'") || name.endsWith("'")) return "a sheet name can't begin or end with an apostrophe";
  if (name.toLowerCase() === "history") return '"History" is reserved by Excel';
  return null;
}

/** Whether `name` reads as an A1 reference (stricter: any 1–3 letters followed by digits). */
function isA1(name: string): boolean {
  return /^[A-Za-z]{1,3}\d+$/.test(name);
}

/** Whether `name` reads as an R1C1 reference (R, C, RC, R1C1, R2, C3, R1C, RC1) or starts like one (R1x, C2x). */
function isR1C1(name: string): boolean {
  return /^[Rr]\d*([Cc]\d*)?$/.test(name) || /^[Cc]\d*$/.test(name) || /^[RrCc]\d/.test(name);
}

/**
 * Table and defined names: start with a letter, underscore or backslash; then letters, digits,
 * periods, underscores, backslashes; at most 255 characters; not a cell reference in A1 or R1C1
 * style (so not "C", "c", "R", "r"), not TRUE or FALSE.
 */
export function definedNameProblem(name: string): string | null {
  if (name.length === 0) return "a name can't be empty";
  if (name.length > 255) return "a name can have at most 255 characters";
  if (!/^[A-Za-z_\\][A-Za-z0-9_.\\]*$/.test(name))
    return "a name must start with a letter, _ or \\ and hold only letters, digits, _ . \\";
  if (isA1(name) || isR1C1(name)) return "a name can't be a cell reference (A1 or R1C1 style)";
  if (/^(true|false)$/i.test(name)) return "a name can't be TRUE or FALSE";
  return null;
}
