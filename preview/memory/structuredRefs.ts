/**
 * Structured references (Sales[Spend], Sales[@Spend], [@Spend], Sales[#All], Sales) turned into
 * the A1 ranges they mean now, so formulas over tables calculate and follow a resized table.
 */
import { quoteSheet, rectAddress, type Rect } from "./address";
import { bracketEnd, stringEnd, unescapeName } from "./formulaScan";
import type { SheetData, TableData, WorkbookModel } from "./model";

type Part = { kind: "item"; name: string } | { kind: "column"; name: string };

/** Splits the inside of Table[...] into specifiers: #All, #Data, #Headers, #This Row, @, columns. */
function parts(inner: string): Part[] | null {
  const text = inner.trim();
  if (text === "") return [{ kind: "item", name: "#data" }];
  if (text.startsWith("@")) {
    const rest = text.slice(1).trim();
    const col = rest.startsWith("[") && rest.endsWith("]") ? rest.slice(1, -1) : rest;
    return [
      { kind: "item", name: "#this row" },
      ...(col ? [{ kind: "column" as const, name: unescapeName(col) }] : []),
    ];
  }
  if (!text.startsWith("["))
    return text.startsWith("#")
      ? [{ kind: "item", name: text.toLowerCase() }]
      : [{ kind: "column", name: unescapeName(text) }];
  const out: Part[] = [];
  for (const m of text.matchAll(/\[((?:'.|[^\]])*)\]/g)) {
    const p = m[1].trim();
    if (p.startsWith("#")) out.push({ kind: "item", name: p.toLowerCase() });
    else out.push({ kind: "column", name: unescapeName(p) });
  }
  // [Col1]:[Col2] spans columns; keep the two ends as columns.
  return out.length ? out : null;
}

function rectFor(table: TableData, specifiers: Part[], row: number, headers: string[]): Rect | null {
  const t = table.rect;
  let rows = { row: t.row + 1, rows: Math.max(1, t.rows - 1) };
  for (const p of specifiers) {
    if (p.kind !== "item") continue;
    if (p.name === "#all") rows = { row: t.row, rows: t.rows };
    else if (p.name === "#headers") rows = { row: t.row, rows: 1 };
    else if (p.name === "#this row") {
      if (row <= t.row || row >= t.row + t.rows) return null;
      rows = { row, rows: 1 };
    } else if (p.name !== "#data") return null;
  }
  const columns = specifiers.filter((p) => p.kind === "column").map((p) => p.name);
  if (columns.length === 0) return { ...rows, col: t.col, cols: t.cols };
  return columnSpan(table, columns, rows, headers);
}

function columnSpan(
  table: TableData,
  columns: string[],
  rows: { row: number; rows: number },
  headers: string[],
): Rect | null {
  const index = columns.map((c) => headers.findIndex((h) => h.toLowerCase() === c.toLowerCase()));
  if (index.some((i) => i < 0)) return null;
  const first = Math.min(...index);
  const last = Math.max(...index);
  return { ...rows, col: table.rect.col + first, cols: last - first + 1 };
}

/**
 * The formula with every structured reference replaced by its A1 range ("#REF!" when it names a
 * column or row the table does not have). `sheet`/`row` place the formula (for [@Col]).
 */
export function resolveStructured(
  formula: string,
  model: WorkbookModel,
  sheet: SheetData,
  row: number,
): string {
  let out = "";
  let i = 0;
  while (i < formula.length) {
    const ch = formula[i];
    if (ch === '"' || ch === "'") {
      // A text literal, or a quoted sheet name ('Spend data'!C4): never a table.
      const end = stringEnd(formula, i, ch);
      out += formula.slice(i, end);
      i = end;
      continue;
    }
    const name = /^[A-Za-z_\\][A-Za-z0-9_.\\]*/.exec(formula.slice(i))?.[0];
    const prev = formula[i - 1] ?? "";
    if (name && !/[A-Za-z0-9_.!$\\]/.test(prev)) {
      const after = i + name.length;
      // A name before "!" is a sheet (=Spend!C4), even where a table has that name.
      const table = formula[after] === "!" ? undefined : model.tableByName(name);
      if (table && formula[after] === "[") {
        const end = bracketEnd(formula, after);
        out += refText(model, table, parts(formula.slice(after + 1, end - 1)), row);
        i = end;
        continue;
      }
      if (table && formula[after] !== "(") {
        out += refText(model, table, [{ kind: "item", name: "#data" }], row);
        i = after;
        continue;
      }
      out += name;
      i = after;
      continue;
    }
    if (ch === "[" && !/[A-Za-z0-9_.\]]/.test(prev)) {
      // [@Col] inside a table: the table the formula sits in.
      const end = bracketEnd(formula, i);
      const own = model.tables.find(
        (t) => t.sheetId === sheet.id && row > t.rect.row && row < t.rect.row + t.rect.rows,
      );
      out += own ? refText(model, own, parts(formula.slice(i + 1, end - 1)), row) : "#REF!";
      i = end;
      continue;
    }
    out += ch;
    i++;
  }
  return out;
}

function refText(model: WorkbookModel, table: TableData, specifiers: Part[] | null, row: number): string {
  const sheet = model.sheetById(table.sheetId);
  if (!sheet) return "#REF!";
  const headers = Array.from({ length: table.rect.cols }, (_, j) =>
    String(model.cell(sheet, table.rect.row, table.rect.col + j)?.value ?? ""),
  );
  const rect = specifiers ? rectFor(table, specifiers, row, headers) : null;
  if (!rect) return "#REF!";
  return `${quoteSheet(sheet.name)}!${rectAddress(rect)}`;
}
