/** What report sheets are made from and how their work is told: shared by their creation, refresh and settings. */
import type { ShowInfo } from "../api/schemas";
import type { TypedTable } from "../api/table";
import type { ResolvedSource, SheetSourceKind } from "../reports/definition";
import type { DatePreset } from "../reports/relativeDates";

export type SheetData = { type: "table"; table: TypedTable } | { type: "show"; show: ShowInfo };
export type SheetFetcher = (source: ResolvedSource, signal?: AbortSignal) => Promise<SheetData>;

export interface NewReport {
  kind: SheetSourceKind;
  params: Record<string, unknown>;
  datePreset?: DatePreset;
  /** Readable base for the sheet and table names. */
  label: string;
  /** The table's style, when the planner chose one. */
  tableStyle?: string;
  /** A chart beside the table (on unless the planner switched it off). */
  chart?: boolean;
  /** Rows kept above the table for a chart the sheet's room draws itself (the Prospects chart). */
  bandRows?: number;
  /** Parameters taken from cells (parameter → address): bound by a defined name each (boundCells.ts). */
  cells?: Readonly<Record<string, string>>;
}

export interface RefreshProgress {
  done: number;
  total: number;
  sheetName: string;
  error?: string;
}

/** A report sheet's action that failed, naming the sheet. */
export class RefreshError extends Error {
  constructor(
    readonly sheetName: string,
    message: string,
    /** What failed (a service error the pane may act on, such as a request that may have counted). */
    cause?: unknown,
  ) {
    super(`${sheetName}: ${message}`, { cause });
    this.name = "RefreshError";
  }
}

/** The show id a show sheet's request asked for (a directory id, an Alpha channel or playlist id). */
export function requestedShowId(params: Record<string, unknown>): string | undefined {
  return params.id === undefined || params.id === null ? undefined : String(params.id);
}
