/**
 * What a report sheet was made from, and how to fetch it again: the seven report tasks plus the
 * JSON sources that land as tables (search, individual ads, incrementality). Used by the task pane
 * to run a request and by refresh (pane and ribbon) to run it again. Pure: no Office.
 */
import { INDIVIDUAL_AD_HEADERS } from "../api/fieldLabels";
import type { AdsClient } from "../api/client";
import type { PollProgress } from "../api/polling";
import {
  INCREMENTALITY_FIELDS,
  INDIVIDUAL_AD_COLUMNS,
  REPORT_KINDS,
  type IncrementalityRequest,
  type IndividualAdsRequest,
  type ReportKind,
  type ReportParams,
  type SearchQuery,
  type ShowInfo,
  type ShowInfoQuery,
} from "../api/schemas";
import { parseDate, parseDateTime } from "../api/csv";
import { percentFraction, type CellValue, type ColumnKind, type TypedTable } from "../api/table";
import { groupedTimeColumns } from "../reports/timeColumns";

export type JsonSourceKind = "search" | "individualAds" | "incrementality";
export type SourceKind = ReportKind | JsonSourceKind;

export { SOURCE_LABELS } from "../reports/statusLine";

export type SourceParams = Record<string, unknown>;

export interface RunOptions {
  signal?: AbortSignal;
  onProgress?: (p: PollProgress) => void;
  /** Something the planner should know about the answer (a cached report reused under another name). */
  onNote?: (note: string) => void;
}

/** The spec's caveat where it bites: the service reused a cached report and ignored the new name. */
export function reusedNameNote(reusedName: string | null, name: string | undefined): string {
  const made = reusedName === null ? "made without a name" : `made as "${reusedName}"`;
  const asked = name === undefined ? "no name" : `the name "${name}"`;
  return `The service reused an identical cached report ${made}, so ${asked} was ignored; to apply a new name, change the request or wait for the cache to expire.`;
}

export function isReportKind(kind: string): kind is ReportKind {
  return (REPORT_KINDS as readonly string[]).includes(kind);
}

function typed(columns: [string, ColumnKind][], rows: CellValue[][]): TypedTable {
  return { columns: columns.map(([name, kind]) => ({ name, kind })), rows };
}

const v = (x: unknown): CellValue =>
  x === undefined || x === null ? null : typeof x === "object" ? JSON.stringify(x) : (x as CellValue);
const asDate = (x: unknown): CellValue => (typeof x === "string" ? (parseDate(x.slice(0, 10)) ?? x) : v(x));
const asDateTime = (x: unknown): CellValue => (typeof x === "string" ? (parseDateTime(x) ?? x) : v(x));

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
    return kind === "impressions" ? groupedTimeColumns(run.table, params.timeGrouping) : run.table;
  }
  switch (kind) {
    case "search": {
      const { data } = await client.search.episodes(params as SearchQuery, opts.signal);
      return typed(
        [
          ["Episode", "text"],
          ["Show", "text"],
          ["Platform", "text"],
          ["Uploaded", "datetime"],
          ["Score", "number"],
          ["Listens", "integer"],
          ["Ratings", "integer"],
          ["Matched text", "text"],
          ["Transcript time (s)", "number"],
          ["Episode ID", "text"],
          ["Show ID", "integer"],
          ["URL", "url"],
        ],
        data.map((h) => {
          const t = h.highlights?.transcript?.[0];
          const match = t?.context ?? h.highlights?.description?.[0] ?? h.highlights?.title?.[0] ?? null;
          return [
            v(h.podcast.title),
            v(h.podcast.seriesTitle),
            v(h.podcast.seriesPlatform),
            asDateTime(h.podcast.uploadedAt),
            v(h.score),
            v(h.podcast.numListens),
            v(h.podcast.numRatings),
            match === null ? null : match.replace(/<\/?em>/g, ""),
            v(t?.startTime),
            v(h.podcast.id),
            v(h.podcast.seriesId),
            v(h.podcast.url),
          ];
        }),
      );
    }
    case "individualAds": {
      const rows: CellValue[][] = [];
      const maxRows = typeof params.maxRows === "number" ? params.maxRows : undefined;
      const { maxRows: _omit, ...request } = params;
      void _omit;
      let total = 0;
      let lastOffset = 0;
      for await (const page of client.ads.iterate(request as unknown as IndividualAdsRequest, {
        maxRows,
        signal: opts.signal,
      })) {
        total = page.pagination.total;
        lastOffset = page.pagination.offset + page.data.length;
        for (const row of page.data) {
          rows.push(
            INDIVIDUAL_AD_COLUMNS.map(([key, kind]) =>
              kind === "date" ? asDate(row[key]) : kind === "datetime" ? asDateTime(row[key]) : v(row[key]),
            ),
          );
        }
      }
      // A cap applied is said: the sheet holds fewer ads than the service has.
      const more = total - lastOffset;
      if (maxRows !== undefined && rows.length >= maxRows && more > 0)
        opts.onNote?.(
          `The sheet holds the first ${rows.length.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} ads (Most rows is ${maxRows.toLocaleString("en-US")}); raise Most rows and refresh to get the other ${more.toLocaleString("en-US")}.`,
        );
      return typed(
        INDIVIDUAL_AD_COLUMNS.map(([k, kind]) => [INDIVIDUAL_AD_HEADERS[k], kind]),
        rows,
      );
    }
    case "incrementality": {
      const results = await client.incrementality.get(params as IncrementalityRequest, opts.signal);
      return typed(
        INCREMENTALITY_FIELDS.map(([, label, kind]) => [label, kind]),
        results.map((r) =>
          INCREMENTALITY_FIELDS.map(([key, , kind]) => {
            const x = (r as Record<string, unknown>)[key];
            return kind === "date" ? asDate(x) : kind === "percent" ? percentFraction(v(x)) : v(x);
          }),
        ),
      );
    }
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
