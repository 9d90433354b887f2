/**
 * What a report sheet was made from, and how to fetch it again: the seven report tasks plus the
 * JSON sources that land as tables (search, individual ads, incrementality), prospects and delivery. Used by the task pane
 * to run a request and by refresh (pane and ribbon) to run it again. Pure: no Office.
 */
import type { AdsClient } from "../api/client";
import type { PollProgress } from "../api/polling";
import {
  REPORT_KINDS,
  type IncrementalityRequest,
  type ReportKind,
  type ReportParams,
  type SearchQuery,
  type ShowInfo,
  type ShowInfoQuery,
} from "../api/schemas";
import type { TypedTable } from "../api/table";
import { keptAsTextNote } from "../api/exactNumbers";
import { groupedTimeColumns } from "../reports/timeColumns";
import { incrementalityTable, individualAdsTable, searchTable } from "./jsonSourceTables";
import { prospectsTable, type ConfirmSpend } from "./prospectsSource";
import { deliverySourceTable } from "./deliverySource";

type JsonSourceKind = "search" | "individualAds" | "incrementality" | "prospects" | "delivery";
export type SourceKind = ReportKind | JsonSourceKind;

export { SOURCE_LABELS } from "../reports/statusLine";

export type SourceParams = Record<string, unknown>;

export interface RunOptions {
  signal?: AbortSignal;
  onProgress?: (p: PollProgress) => void;
  /** Something the planner should know about the answer (a cached report reused under another name). */
  onNote?: (note: string) => void;
  /**
   * Confirms a count found while fetching, before it is sent (a prospect search's candidates, counted
   * from the seeds' answers); by default the spend guard (asks above the planner's limit).
   */
  confirmSpend?: ConfirmSpend;
}

/** The spec's caveat where it bites: the service reused a cached report and ignored the new name. */
function reusedNameNote(reusedName: string | null, name: string | undefined): string {
  const made = reusedName === null ? "made without a name" : `made as "${reusedName}"`;
  const asked = name === undefined ? "no name" : `the name "${name}"`;
  return `The service reused an identical cached report ${made}, so ${asked} was ignored; to apply a new name, change the request or wait for the cache to expire.`;
}

function isReportKind(kind: string): kind is ReportKind {
  return (REPORT_KINDS as readonly string[]).includes(kind);
}

/** Fetches the data of a source as a typed table. */
export async function fetchSource(
  client: AdsClient,
  kind: SourceKind,
  params: SourceParams,
  opts: RunOptions = {},
): Promise<TypedTable> {
  if (isReportKind(kind)) {
    const run = await client.reports.run(kind, params as ReportParams[typeof kind], opts);
    if (run.reusedName !== undefined)
      opts.onNote?.(reusedNameNote(run.reusedName, (params as { name?: string }).name));
    const kept = keptAsTextNote(run.table.keptAsText);
    if (kept) opts.onNote?.(kept);
    return kind === "impressions" ? groupedTimeColumns(run.table, params.timeGrouping) : run.table;
  }
  switch (kind) {
    case "search":
      return searchTable(client, params as SearchQuery, opts);
    case "individualAds":
      return individualAdsTable(client, params, opts);
    case "incrementality":
      return incrementalityTable(client, params as IncrementalityRequest, opts);
    case "prospects":
      return prospectsTable(client, params, opts);
    case "delivery":
      return deliverySourceTable(client, params, opts);
  }
}

/** Fetches what a report sheet shows: a typed table, or (show sheets) the show info. */
export async function fetchSheetData(
  client: AdsClient,
  source: { kind: SourceKind | "show"; params: SourceParams },
  opts: RunOptions = {},
): Promise<{ type: "table"; table: TypedTable } | { type: "show"; show: ShowInfo }> {
  if (source.kind === "show") {
    const { id, ...query } = source.params as { id: string } & Omit<ShowInfoQuery, "id">;
    return { type: "show", show: await client.shows.get(String(id), query, opts.signal) };
  }
  return { type: "table", table: await fetchSource(client, source.kind, source.params, opts) };
}
