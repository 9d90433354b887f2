/**
 * A sheet renamed: every reference to it, in every formula and defined name, takes the new name
 * (pure), as Excel rewrites them (docs/excel-fidelity.md, "Defined names"). A reference is a sheet
 * prefix (`Inputs!`, `'Q1 ''26'!`) before cells or `#REF!`; quoted text and structured references
 * are left alone (outsideStrings).
 */
import { quoteSheet } from "./address";
import { prefixSheet } from "./formulaRefs";
import { outsideStrings } from "./r1c1";

const PREFIX = /(^|[^A-Za-z0-9_.\]!$'"])('(?:[^']|'')+'|[A-Za-z_][A-Za-z0-9_.]*)!/g;

/** `formula` with each reference to the sheet `from` (compared without case) naming `to` instead. */
export function renameSheetInFormula(formula: string, from: string, to: string): string {
  return outsideStrings(formula, (code) =>
    code.replace(PREFIX, (all, lead: string, sheet: string) =>
      prefixSheet(`${sheet}!`).toLowerCase() === from.toLowerCase() ? `${lead}${quoteSheet(to)}!` : all,
    ),
  );
}
