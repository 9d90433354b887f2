/**
 * What to do with a file an agent run produced, and how text files become tables.
 * csv/tsv/txt/json open as a sheet, xlsx is inserted as workbook sheets, everything else
 * (xls, html, zip) is downloaded.
 */
import type { CellValue, ColumnKind, KeptAsText, TypedTable } from "../api/table";
import { capText, MAX_CELL_CHARS } from "../api/excelLimits";
import { inexactNumber } from "../api/exactNumbers";

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
  /** A number no number holds exactly, kept as the text the file wrote. */
  kept: boolean;
}

/**
 * A JSON text whose numbers that no double or Excel holds exactly (exactNumbers.ts: `1e400`,
 * `12345678901234567890`) were each swapped for a string, `marker` then the number's index in
 * `numbers` (their text as written), so JSON.parse keeps them; null when it has none. The marker is
 * a private-use character the text holds nowhere, raw or escaped: no string of the file starts with it.
 */
interface KeptJson {
  text: string;
  marker: string;
  numbers: string[];
}

/** JSON's number grammar; a token that breaks it is left for JSON.parse to refuse. */
const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

const isNumberChar = (c: number) =>
  (c >= 48 && c <= 57) || c === 46 || c === 101 || c === 69 || c === 43 || c === 45;

/** Finds the numbers of a JSON text that cannot be numbers exactly (strings skipped); null when there are none. */
function keepInexactNumbers(text: string): KeptJson | null {
  const spans: [number, number][] = [];
  for (let i = 0; i < text.length;) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // A string: to the next quote not escaped by an odd run of backslashes.
      let q = i;
      for (;;) {
        q = text.indexOf('"', q + 1);
        if (q < 0) return spans.length ? marked(text, spans) : null;
        let slashes = 0;
        while (text.charCodeAt(q - 1 - slashes) === 92) slashes++;
        if (slashes % 2 === 0) break;
      }
      i = q + 1;
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      let j = i + 1;
      let exponent = false;
      for (let d = text.charCodeAt(j); j < text.length && isNumberChar(d); d = text.charCodeAt(++j))
        if (d === 101 || d === 69) exponent = true;
      // At most 15 characters and no exponent: at most 15 digits, within a double's range.
      if (exponent || j - i > 15) {
        const token = text.slice(i, j);
        if (JSON_NUMBER.test(token) && inexactNumber(token, Number(token)) !== null) spans.push([i, j]);
      }
      i = j;
    } else i++;
  }
  return spans.length ? marked(text, spans) : null;
}

/** The text with each span swapped for a marked string. */
function marked(text: string, spans: readonly [number, number][]): KeptJson {
  let code = 0xe000;
  const absent = (ch: string, hex: string) =>
    !text.includes(ch) && !new RegExp(`\\\\u${hex}`, "i").test(text);
  while (!absent(String.fromCharCode(code), code.toString(16))) code++;
  const marker = String.fromCharCode(code);
  const numbers: string[] = [];
  const parts: string[] = [];
  let at = 0;
  for (const [from, to] of spans) {
    parts.push(text.slice(at, from), `"${marker}${numbers.length}"`);
    numbers.push(text.slice(from, to));
    at = to;
  }
  parts.push(text.slice(at));
  return { text: parts.join(""), marker, numbers };
}

/** Reads a JSON document's values back out: a marked string is the number the file wrote, as text. */
class JsonValues {
  private readonly marks: RegExp | null;

  constructor(private readonly kept: KeptJson | null) {
    this.marks = kept && new RegExp(`"${kept.marker}(\\d+)"`, "g");
  }

  /** A scalar's cell, and whether it is a number kept as its text. */
  scalar(v: string | number | boolean | null): { value: CellValue; kept: boolean } {
    if (this.kept && typeof v === "string" && v.startsWith(this.kept.marker))
      return { value: this.kept.numbers[Number(v.slice(1))], kept: true };
    return { value: v, kept: false };
  }

  /** An array as JSON text, its kept numbers as the file wrote them. */
  arrayText(v: Json[]): string {
    const text = JSON.stringify(v);
    const kept = this.kept;
    return kept && this.marks ? text.replace(this.marks, (_, i: string) => kept.numbers[Number(i)]) : text;
  }

  /** Nested objects are walked to their values; arrays stay whole as JSON text. */
  flatten(value: { [k: string]: Json }, prefix: string[], out: Leaf[]): void {
    // Object.entries lists the own "__proto__" key JSON.parse makes; nothing is assigned to an object.
    for (const [k, v] of Object.entries(value)) {
      const path = [...prefix, k];
      if (isRecord(v)) this.flatten(v, path, out);
      else if (Array.isArray(v)) out.push({ path, value: this.arrayText(v), array: true, kept: false });
      else out.push({ path, ...this.scalar(v), array: false });
    }
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

/** Parses JSON text, or throws the planner's message. */
function parseJson(text: string): Json {
  try {
    // Not zod: z.json() rebuilds objects by assignment and drops an own "__proto__" key (zod 4.6).
    // JSON.parse only ever returns Json.
    return JSON.parse(text) as Json;
  } catch (e) {
    throw new Error(`The file is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/**
 * Tabular JSON flattened to columns: one per key path, in first-seen order, each named by
 * columnNames, so every value keeps a column of its own. A number no number holds exactly (beyond a
 * double, an integer part over 15 digits) is its text as the file wrote it, counted in
 * `keptAsText`. Throws on text that is not JSON.
 */
export function jsonToTable(text: string): TypedTable {
  const kept = keepInexactNumbers(text);
  // A file that is not JSON is refused in the words of its own text, not the marked one.
  const doc = kept ? (tryParse(kept.text) ?? parseJson(text)) : parseJson(text);
  const values = new JsonValues(kept);
  // Columns are keyed by their path (JSON text of the keys), never by the dotted name, which two paths can share.
  const columns = new Map<string, { path: string[]; array: boolean; kept: number }>();
  const flat = recordsOf(doc).map((r) => {
    const leaves: Leaf[] = [];
    if (isRecord(r)) values.flatten(r, [], leaves);
    else if (Array.isArray(r))
      leaves.push({ path: ["value"], value: values.arrayText(r), array: false, kept: false });
    else leaves.push({ path: ["value"], ...values.scalar(r), array: false });
    const m = new Map<string, CellValue>();
    for (const leaf of leaves) {
      const id = JSON.stringify(leaf.path);
      const column = columns.get(id) ?? { path: leaf.path, array: false, kept: 0 };
      column.array ||= leaf.array;
      if (leaf.kept) column.kept++;
      columns.set(id, column);
      m.set(id, leaf.value);
    }
    return m;
  });
  const ids = [...columns.keys()];
  const rows = flat.map((m) => ids.map((id) => m.get(id) ?? null));
  const names = columnNames([...columns.values()].map((c) => c.path));
  const keptAsText: KeptAsText[] = [...columns.values()].flatMap((c, i) =>
    c.kept ? [{ column: names[i], cells: c.kept }] : [],
  );
  return {
    columns: ids.map((id, i) => ({
      name: names[i],
      kind: kindOf(
        rows.map((r) => r[i]),
        columns.get(id)?.array ?? false,
      ),
    })),
    rows,
    ...(keptAsText.length ? { keptAsText } : {}),
  };
}

/** The document, or null when the text is not JSON. */
function tryParse(text: string): Json | null {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return null;
  }
}
