/**
 * What to do with a file an agent run produced, and how text files become tables.
 * csv/tsv/txt/json open as a sheet, xlsx is inserted as workbook sheets, everything else
 * (xls, html, zip) is downloaded.
 */
import type { CellValue, ColumnKind, TypedTable } from "../api/table";

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

/** Nested objects become dotted column names; arrays stay whole as JSON text. */
function flatten(
  value: { [k: string]: Json },
  prefix: string,
  out: Map<string, CellValue>,
  arrays: Set<string>,
): void {
  for (const [k, v] of Object.entries(value)) {
    const name = prefix ? `${prefix}.${k}` : k;
    if (isRecord(v)) flatten(v, name, out, arrays);
    else if (Array.isArray(v)) {
      arrays.add(name);
      out.set(name, JSON.stringify(v));
    } else out.set(name, v);
  }
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

/** Tabular JSON flattened to columns (union of keys, in first-seen order). Throws on text that is not JSON. */
export function jsonToTable(text: string): TypedTable {
  let doc: Json;
  try {
    doc = JSON.parse(text) as Json;
  } catch (e) {
    throw new Error(`The file is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  const arrayColumns = new Set<string>();
  const flat = recordsOf(doc).map((r) => {
    const m = new Map<string, CellValue>();
    if (isRecord(r)) flatten(r, "", m, arrayColumns);
    else m.set("value", Array.isArray(r) ? JSON.stringify(r) : r);
    return m;
  });
  const names: string[] = [];
  const seen = new Set<string>();
  for (const m of flat) {
    for (const k of m.keys()) {
      if (!seen.has(k)) {
        seen.add(k);
        names.push(k);
      }
    }
  }
  const rows = flat.map((m) => names.map((n) => (m.has(n) ? (m.get(n) as CellValue) : null)));
  const columns = names.map((name, i) => ({
    name,
    kind: kindOf(
      rows.map((r) => r[i]),
      arrayColumns.has(name),
    ),
  }));
  return { columns, rows };
}
