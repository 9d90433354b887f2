/**
 * The preview's workbook against what LibreOffice made of its .xlsx: every formula cell's value
 * and every cell's shown text (Range.text, numberFormat.ts) against LibreOffice's. Each difference
 * is a disagreement; known.ts says which ones are LibreOffice's known departures from Excel.
 */
import type { CellData, WorkbookModel } from "../../preview/memory/model";
import { columnName } from "../../preview/memory/address";
import { displayText } from "../../preview/memory/numberFormat";
import type { JudgedCell, JudgedSheet, JudgedValue } from "./fods";

export interface Disagreement {
  workbook: string;
  sheet: string;
  address: string;
  kind: "value" | "text" | "missing";
  formula?: string;
  numberFormat?: string;
  /** The preview's value, where it is a number. */
  number?: number;
  preview: string;
  libre: string;
}

/** Equal as Excel keeps numbers: to 15 significant digits (what the flat ODS file holds, too). */
function sameNumber(a: number, b: number): boolean {
  if (a === b) return true;
  const scale = Math.max(Math.abs(a), Math.abs(b));
  return Math.abs(a - b) <= scale * 5e-15;
}

function previewValue(cell: CellData): JudgedValue {
  if (cell.value === null) return null;
  if (cell.error) return { error: String(cell.value) };
  return cell.value;
}

const show = (v: JudgedValue): string =>
  v === null
    ? "(empty)"
    : typeof v === "object"
      ? v.error
      : typeof v === "string"
        ? JSON.stringify(v)
        : String(v);

function sameValue(p: JudgedValue, l: JudgedValue): boolean {
  if (typeof p === "number" && typeof l === "number") return sameNumber(p, l);
  if (p !== null && l !== null && typeof p === "object" && typeof l === "object") return p.error === l.error;
  // An empty text result is an empty cell to LibreOffice's file.
  if ((p === "" && l === null) || (p === null && l === "")) return true;
  return p === l;
}

export interface CompareOptions {
  /** Formulas written as values (custom functions): their cells are compared as values. */
  asValue?: (formula: string) => boolean;
}

/** Every disagreement between the preview's `model` and LibreOffice's sheets. */
export function compareWorkbook(
  workbook: string,
  model: WorkbookModel,
  judged: readonly JudgedSheet[],
  options: CompareOptions = {},
): {
  disagreements: Disagreement[];
  formulas: { sheet: string; address: string; formula: string }[];
  /** How many cells' shown text was compared. */
  cells: number;
} {
  const disagreements: Disagreement[] = [];
  let compared = 0;
  const formulas: { sheet: string; address: string; formula: string }[] = [];
  for (const sheet of model.sheets) {
    const other = judged.find((s) => s.name === sheet.name);
    if (!other) {
      disagreements.push({
        workbook,
        sheet: sheet.name,
        address: "",
        kind: "missing",
        preview: "sheet",
        libre: "none",
      });
      continue;
    }
    for (const [r, cells] of sheet.rows)
      for (const [c, cell] of cells) {
        const address = `${columnName(c)}${r + 1}`;
        const l: JudgedCell = other.cells.get(`${r},${c}`) ?? { value: null, text: "" };
        const judgedFormula =
          cell.formula !== undefined && !cell.spilledFrom && !options.asValue?.(cell.formula);
        const base = {
          workbook,
          sheet: sheet.name,
          address,
          formula: cell.formula,
          numberFormat: cell.numberFormat,
          number: typeof cell.value === "number" ? cell.value : undefined,
        };
        if (judgedFormula) {
          formulas.push({ sheet: sheet.name, address, formula: cell.formula! });
          const p = previewValue(cell);
          if (!sameValue(p, l.value))
            disagreements.push({ ...base, kind: "value", preview: show(p), libre: show(l.value) });
        }
        compared++;
        const text = displayText(cell, model.date1904);
        if (text !== l.text) disagreements.push({ ...base, kind: "text", preview: text, libre: l.text });
      }
  }
  return { disagreements, formulas, cells: compared };
}
