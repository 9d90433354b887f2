/**
 * Which column of the table each of the report's columns is, by identity (pure). A report column is
 * the table column whose id the definition recorded for it (TableColumn.id), wherever the planner
 * moved it and whatever they renamed it; a definition made before ids were recorded finds it by its
 * header. Every other column is the planner's and stays where it is. Columns the new data no longer
 * has are deleted; new ones are inserted after the report's last column.
 */
import { reportHeaderLabel } from "../../api/fieldLabels";

/**
 * A column the add-in wrote: its name, the number format it gave its body, and its table column's id
 * (what a definition records, and what this plan finds the report's columns by).
 */
export interface WrittenColumn {
  name: string;
  format: string;
  id?: number;
}

export interface OldColumns {
  ids: readonly number[];
  headers: readonly string[];
}

/** A column of the refreshed table, left to right. */
export type Slot =
  | {
      kind: "report";
      /** The report's column (index into the new table's columns). */
      j: number;
      /** Its index in the old table; undefined for a column the report adds. */
      from?: number;
      header: string;
      /** The planner renamed it: the header stays theirs. */
      renamed: boolean;
    }
  | { kind: "planner"; from: number; header: string };

export interface ColumnPlan {
  slots: Slot[];
  /** Old column indexes to delete (report columns the new data no longer has), right to left. */
  deletions: number[];
  /** Final indexes where the report's new columns go, left to right. */
  insertions: number[];
}

const lower = (s: string) => s.toLowerCase();
/**
 * The key a report field is found by: its header as a sheet shows it now. A sheet written before the
 * report's headers were put in a planner's words (`uploadedAt`, now "Uploaded") finds its column by
 * the new header, so the column, its notes and the formulas over it stay (the header is renamed).
 */
const field = (name: string) => lower(reportHeaderLabel(name));

/** Old index of each report field (by lower-case name) the definition knows, by id, else by header. */
function fieldColumns(old: OldColumns, previous: readonly WrittenColumn[]): Map<string, number> {
  const taken = new Set<number>();
  const at = new Map<string, number>();
  for (const p of previous) {
    let i = p.id === undefined ? -1 : old.ids.indexOf(p.id);
    if (i < 0 || taken.has(i))
      i = old.headers.findIndex((h, k) => !taken.has(k) && lower(h) === lower(p.name));
    if (i < 0) continue;
    taken.add(i);
    at.set(field(p.name), i);
  }
  return at;
}

/**
 * The refreshed table's columns. `previous` is what the definition recorded (undefined for a table
 * made before definitions recorded columns: then the old columns whose headers the new data has, or
 * the report's kind can have, are the report's, and every other one is the planner's, kept; the
 * refresh says so).
 */
export function planColumns(
  old: OldColumns,
  previous: readonly WrittenColumn[] | undefined,
  nextHeaders: readonly string[],
  /** Every column the report's kind can have (its catalogue), for a table whose columns were not recorded. */
  reportFields: readonly string[] = [],
): ColumnPlan {
  const nextFields = new Set([...nextHeaders, ...reportFields].map(field));
  const fields = previous?.length
    ? fieldColumns(old, previous)
    : new Map(
        old.headers.flatMap((h, i) => (nextFields.has(field(h)) ? [[field(h), i] as const] : [])).reverse(),
      );
  const reportOld = new Set(fields.values());
  const used = new Set<number>();
  const writtenName = new Map(previous?.map((p) => [field(p.name), p.name]) ?? []);
  const byOld = new Map<number, Slot>();
  const added: Slot[] = [];
  nextHeaders.forEach((name, j) => {
    let from = fields.get(lower(name));
    // A table without recorded columns: a new field may still match a header of its own.
    if (from !== undefined && used.has(from)) from = undefined;
    if (from === undefined) {
      added.push({ kind: "report", j, header: name, renamed: false });
      return;
    }
    used.add(from);
    const had = old.headers[from];
    const was = writtenName.get(lower(name)) ?? name;
    const renamed = lower(had) !== lower(was);
    byOld.set(from, { kind: "report", j, from, header: renamed ? had : name, renamed });
  });
  const deletions: number[] = [];
  const slots: Slot[] = [];
  old.headers.forEach((header, i) => {
    const slot = byOld.get(i);
    if (slot) slots.push(slot);
    else if (reportOld.has(i)) deletions.unshift(i);
    else slots.push({ kind: "planner", from: i, header });
  });
  const lastReport = slots.reduce((n, s, i) => (s.kind === "report" ? i : n), -1);
  const at = lastReport < 0 ? slots.length : lastReport + 1;
  slots.splice(at, 0, ...added);
  uniqueHeaders(slots);
  return { slots, deletions, insertions: added.map((_, k) => at + k) };
}

/** Headers stay unique (Excel would number a repeat): the planner's stay as they are, the report's give way. */
function uniqueHeaders(slots: Slot[]): void {
  const seen = new Set(slots.filter((s) => s.kind === "planner" || s.renamed).map((s) => lower(s.header)));
  for (const s of slots) {
    if (s.kind === "planner" || s.renamed) continue;
    let header = s.header;
    for (let k = 2; seen.has(lower(header)); k++) header = `${s.header}${k}`;
    seen.add(lower(header));
    s.header = header;
  }
}
