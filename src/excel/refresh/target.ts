/**
 * What a refresh is asked to do and what it answers (the targets, each table's plan, the refused
 * error), apart from tableRefresh.ts (which re-exports them) so the refresh/ modules that work a
 * refresh out need not import the module that runs them.
 */
import type { TypedTable } from "../../api/table";
import type { RowMarks } from "../../reports/definition";
import type { KeptWork } from "../plannerWork";
import type { ColumnPlan, WrittenColumn } from "./columnPlan";
import type { Box, RowShape } from "./structure";
import type { LinesBlock } from "./lines";
import type { ReadOnceRequest } from "./readOnce";
import type { StatusCell } from "../statusCell";

export interface RefreshTarget {
  tableName: string;
  table: TypedTable;
  /** What the add-in wrote last time (from the report definition), to tell its work from the planner's. */
  previous?: { columns?: WrittenColumn[]; rowCount?: number; totals?: boolean; rowMarks?: RowMarks };
  /** `previous` as the record says once it is read again with the table (a refresh that committed meanwhile wrote it). */
  previousFrom?: () => RefreshTarget["previous"];
  /**
   * Read the cells right of the table (outside it) to say which notes there will no longer line up
   * with their rows; the boxes listed are the add-in's own (a chart's block of sums) and are skipped.
   */
  beside?: { own: Box[] };
  /** Every column the report's kind can have (its catalogue): tells its columns when they were not recorded. */
  reportFields?: readonly string[];
  /**
   * Grow and shrink within this many rows under the header, in place (a show sheet's similar shows,
   * whose block is reserved in the layout), instead of inserting and deleting cells.
   */
  reservedRows?: number;
}

export interface RefreshedTable {
  tableName: string;
  rows: number;
  columns: number;
  truncatedCells: number;
  hyperlinks: number;
  /** The report's columns as written now, with their table column ids (kept in the definition). */
  written: WrittenColumn[];
  /** Whether a totals row was written under the table. */
  totals: boolean;
  /** The rows written, marked by their keys (none for a table over ROW_MARKS_MAX rows). */
  rowMarks?: RowMarks;
  /** The planner's work that was kept: calculated and static columns, formats on the report's columns. */
  kept: { calculated: string[]; static: string[]; formats: string[] };
  /** Notes right of the table that no longer line up with their rows (said, not moved). */
  misaligned: string[];
}

/** One table's refresh, worked out before anything is written. */
export interface TablePlan {
  target: RefreshTarget;
  table: Excel.Table;
  old: Box;
  headers: string[];
  ids: number[];
  columns: ColumnPlan;
  before: RowShape;
  after: RowShape;
  kept: KeptWork;
  sorted: boolean;
  filtered: boolean;
  /** The old table's column widths in points, left to right: a report column is never made narrower. */
  widths: readonly number[];
}

/** A refresh that would break the promise it keeps (nothing of the planner's lost): refused, nothing changed. */
export class RefreshRefused extends Error {}

/** How a refresh of a sheet's tables runs: its lines and status cell, its one-sync read, its caller's reads and commit. */
export interface RefreshOptions {
  /** The lines blocks, or a function of where the tables are (a summary sits above its table). */
  lines?: readonly LinesBlock[] | ((tables: readonly Box[]) => LinesBlock[]);
  /**
   * The sheet's status cell, given where the tables are: read with the rest (and put back on a
   * failure), handed to the commit, whose record's one writer writes the line (statusCell.ts).
   */
  status?: (tables: readonly Box[]) => { row: number; col: number };
  /**
   * Read the lone table in one sync (readOnce.ts), with what `alongside` queues; a span it does not
   * cover, or a sheet whose tables changed, is read step by step as without it.
   */
  once?: ReadOnceRequest;
  /** Queues the caller's own reads into the first sync (its record, its chart's state); `afterRead` runs once it is done. */
  alongside?: () => void;
  afterRead?: () => void;
  /** Queues the caller's reads of what the writes made into their last sync (after the commit). */
  afterWrite?: () => void;
  /** Queues more writes (e.g. the updated report definition) into the last sync, so they commit with the data. */
  commit?: (
    sheet: Excel.Worksheet,
    result: { tables: RefreshedTable[]; lines: Box[]; status: StatusCell | null },
  ) => void;
}
