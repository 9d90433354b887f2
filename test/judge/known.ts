/**
 * Where LibreOffice Calc is known to depart from Excel, so that a disagreement there is no fault of
 * the add-in or the preview. Each departure is a row of docs/excel-fidelity.md ("The second
 * engine"), with its reason and citation; `matches` recognises the disagreements it explains, and
 * nothing broader.
 */
import type { Disagreement } from "./compare";

export interface KnownDeparture {
  /** The anchor of its row in docs/excel-fidelity.md. */
  id: string;
  /** In a sentence: what LibreOffice does that Excel does not. */
  what: string;
  matches(d: Disagreement): boolean;
}

export const KNOWN_DEPARTURES: readonly KnownDeparture[] = [
  {
    id: "lo-sum-order",
    what: "Sums: LibreOffice adds with compensated (Kahan–Neumaier) summation, Excel in order, in binary doubles; a sum agrees to 15 digits, and a difference of two sums to fewer",
    matches: (d) => {
      if (d.kind !== "value" || !/SUM|SUBTOTAL|AVERAGE/i.test(d.formula ?? "")) return false;
      const p = Number(d.preview);
      const l = Number(d.libre);
      return (
        Number.isFinite(p) &&
        Number.isFinite(l) &&
        Math.abs(p - l) <= Math.max(Math.abs(p), Math.abs(l)) * 1e-12
      );
    },
  },
  {
    id: "lo-no-xlookup",
    what: "LibreOffice 7.4 has no XLOOKUP (it arrived in LibreOffice 24.8): the cell is #NAME?",
    matches: (d) => /\bXLOOKUP\(/i.test(d.formula ?? "") && d.libre === "#NAME?",
  },
  {
    id: "lo-countblank",
    what: 'LibreOffice 7.4\'s COUNTBLANK, calculating a file without saved values, leaves out never-written cells in rows that hold something; Excel counts every empty cell, as its COUNTIF with "" does in both',
    matches: (d) =>
      (d.kind === "value" || d.kind === "text") &&
      /\bCOUNTBLANK\(/i.test(d.formula ?? "") &&
      Number(d.libre) < Number(d.preview),
  },
];

/** The departure that explains `d`, if any. */
export function explain(d: Disagreement): KnownDeparture | undefined {
  return KNOWN_DEPARTURES.find((k) => k.matches(d));
}
