/**
 * What to do with a file an agent run produced, and how text files become tables.
 * csv/tsv/txt/json open as a sheet, xlsx is inserted as workbook sheets, everything else
 * (xls, html, zip) is downloaded.
 */
import type { CellValue, ColumnKind, TypedTable } from "../api/table";
import { capText, MAX_CELL_CHARS } from "../api/excelLimits";

export type FileAction = "table" | "workbook" | "download";

export function fileAction(fileType: string): FileAction {
  switch (fileType.toLowerCase()) {
    case "csv":
    case "tsv":
    case "txt":
    case "json":
      return "table";
    case "xlsx":
      return "workbook"; // insertWorksheetsFromBase64 takes xlsx only; legacy xls is downloaded
    default:
      return "download";
  }
}

/** 1536 → "1.5 KB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let n = bytes / 1024;
  let u = 0;
  while (n >= 1024 && u < units.length - 1) {
    n /= 1024;
    u++;
  }
  return `${n < 10 ? n.toFixed(1) : Math.round(n)} ${units[u]}`;
}

/** A plain text file → one "text" column, one row per line (a trailing newline adds no row). */
export function textToTable(text: string): TypedTable {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  if (lines.length && lines[lines.length - 1] === "") lines.pop();
  return { columns: [{ name: "text", kind: "text" }], rows: lines.map((l) => [l]) };
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function isRecord(v: Json): v is { [k: string]: Json } {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** One value of a record: the keys leading to it (`["stats", "downloads"]`). */
interface Leaf {
  path: string[];
  value: CellValue;
  array: boolean;
}

/** Nested objects are walked to their values; arrays stay whole as JSON text. */
function flatten(value: { [k: string]: Json }, prefix: string[], out: Leaf[]): void {
  // Object.entries lists the own "__proto__" key JSON.parse makes; nothing is assigned to an object.
  for (const [k, v] of Object.entries(value)) {
    const path = [...prefix, k];
    if (isRecord(v)) flatten(v, path, out);
    else if (Array.isArray(v)) out.push({ path, value: JSON.stringify(v), array: true });
    else out.push({ path, value: v, array: false });
  }
}

/** A header as the planner and Excel compare them: cut to the cell limit, no surrounding spaces, any case. */
const headerKey = (name: string) => capText(name, MAX_CELL_CHARS).trim().toLowerCase();

/**
 * Column names for the key paths, in order: dotted (`stats.downloads`), and distinct as headers.
 * The first path to take a header keeps it; a later one that would read the same (`Name` after
 * `name`, the key `a.b` after `a` → `b`, ` x ` after `x`) gets the first free `Name (2)`, `(3)`…
 * An empty key is named `ColumnN` as the table writer names it, after every key written out has
 * taken its own name; no suffixed name takes a name some path holds plainly.
 */
export function columnNames(paths: readonly (readonly string[])[]): string[] {
  const written = paths.map((p) => capText(p.join("."), MAX_CELL_CHARS));
  const plain = written.map((name, j) => name || `Column${j + 1}`);
  const owner = new Map<string, number>();
  const claim = (j: number) => {
    if (!owner.has(headerKey(plain[j]))) owner.set(headerKey(plain[j]), j);
  };
  const order = [...paths.keys()];
  for (const j of [...order.filter((j) => written[j]), ...order.filter((j) => !written[j])]) claim(j);
  const taken = new Set(owner.keys());
  return plain.map((name, j) => {
    if (owner.get(headerKey(name)) === j) return name;
    // A key of spaces alone reads as an empty header: it takes ColumnN when that is free.
    const base = name.trim() || `Column${j + 1}`;
    for (let k = name.trim() ? 2 : 1; ; k++) {
      const suffix = k === 1 ? "" : ` (${k})`;
      const candidate = capText(base, MAX_CELL_CHARS - suffix.length) + suffix;
      if (!taken.has(headerKey(candidate))) {
        taken.add(headerKey(candidate));
        return candidate;
      }
    }
  });
}

/** The rows a JSON document holds: an array, the only array property of an object ({data:[...]}), or the object itself. */
function recordsOf(doc: Json): Json[] {
  if (Array.isArray(doc)) return doc;
  if (isRecord(doc)) {
    const arrays = Object.values(doc).filter((v): v is Json[] => Array.isArray(v));
    if (arrays.length === 1 && arrays[0].every(isRecord)) return arrays[0];
    return [doc];
  }
  return [doc];
}

function kindOf(values: CellValue[], arrayColumn: boolean): ColumnKind {
  const present = values.filter((v) => v !== null && v !== undefined);
  if (arrayColumn) return "json";
  if (present.length && present.every((v) => typeof v === "number")) return "number";
  if (present.length && present.every((v) => typeof v === "boolean")) return "boolean";
  return "text";
}

/**
 * Tabular JSON flattened to columns: one per key path, in first-seen order, each named by
 * columnNames, so every value keeps a column of its own. Throws on text that is not JSON.
 */
export function jsonToTable(text: string): TypedTable {
  let doc: Json;
  try {
    // Not zod: z.json() rebuilds objects by assignment and drops an own "__proto__" key (zod 4.6).
    // JSON.parse only ever returns Json.
    doc = JSON.parse(text) as Json;
  } catch (e) {
    throw new Error(`The file is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  // Columns are keyed by their path (JSON text of the keys), never by the dotted name, which two paths can share.
  const columns = new Map<string, { path: string[]; array: boolean }>();
  const flat = recordsOf(doc).map((r) => {
    const leaves: Leaf[] = [];
    if (isRecord(r)) flatten(r, [], leaves);
    else leaves.push({ path: ["value"], value: Array.isArray(r) ? JSON.stringify(r) : r, array: false });
    const m = new Map<string, CellValue>();
    for (const leaf of leaves) {
      const id = JSON.stringify(leaf.path);
      const column = columns.get(id) ?? { path: leaf.path, array: false };
      column.array ||= leaf.array;
      columns.set(id, column);
      m.set(id, leaf.value);
    }
    return m;
  });
  const ids = [...columns.keys()];
  const rows = flat.map((m) => ids.map((id) => m.get(id) ?? null));
  const names = columnNames([...columns.values()].map((c) => c.path));
  return {
    columns: ids.map((id, i) => ({
      name: names[i],
      kind: kindOf(
        rows.map((r) => r[i]),
        columns.get(id)?.array ?? false,
      ),
    })),
    rows,
  };
}
