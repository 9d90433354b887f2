/**
 * The JSON sources that land as tables (search, individual ads, incrementality): each fetched and
 * turned into a typed table, the service's dates as dates and its percentages as fractions.
 */
import { INDIVIDUAL_AD_HEADERS } from "../api/fieldLabels";
import { platformCell } from "../api/platformWords";
import type { AdsClient } from "../api/client";
import {
  INCREMENTALITY_FIELDS,
  INDIVIDUAL_AD_COLUMNS,
  type IncrementalityRequest,
  type IndividualAdsRequest,
  type SearchQuery,
} from "../api/schemas";
import { parseDate, parseDateTime } from "../api/csv";
import { percentFraction, type CellValue, type ColumnKind, type TypedTable } from "../api/table";

/** What a JSON source's fetch takes besides its parameters (a subset of reportSources.ts's RunOptions). */
interface TableOptions {
  signal?: AbortSignal;
  onNote?: (note: string) => void;
}

function typed(columns: [string, ColumnKind][], rows: CellValue[][]): TypedTable {
  return { columns: columns.map(([name, kind]) => ({ name, kind })), rows };
}

const v = (x: unknown): CellValue =>
  x === undefined || x === null ? null : typeof x === "object" ? JSON.stringify(x) : (x as CellValue);
const asDate = (x: unknown): CellValue => (typeof x === "string" ? (parseDate(x.slice(0, 10)) ?? x) : v(x));
const asDateTime = (x: unknown): CellValue => (typeof x === "string" ? (parseDateTime(x) ?? x) : v(x));

const SEARCH_COLUMNS: [string, ColumnKind][] = [
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
];

/** Episode search hits, one row each, with the text that matched (its <em> marks dropped). */
export async function searchTable(
  client: AdsClient,
  params: SearchQuery,
  opts: TableOptions,
): Promise<TypedTable> {
  const { data } = await client.search.episodes(params, opts.signal);
  return typed(
    SEARCH_COLUMNS,
    data.map((h) => {
      const t = h.highlights?.transcript?.[0];
      const match = t?.context ?? h.highlights?.description?.[0] ?? h.highlights?.title?.[0] ?? null;
      return [
        v(h.podcast.title),
        v(h.podcast.seriesTitle),
        // The platform in words ("SocialA", "Radio show"), not the service's value (sociala, radio_show).
        platformCell(v(h.podcast.seriesPlatform)),
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

/** Individual ads, every page up to `maxRows`; a cap that cut some off is said in a note. */
export async function individualAdsTable(
  client: AdsClient,
  params: Record<string, unknown>,
  opts: TableOptions,
): Promise<TypedTable> {
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
          kind === "date"
            ? asDate(row[key])
            : kind === "datetime"
              ? asDateTime(row[key])
              : key === "media_type"
                ? platformCell(v(row[key]))
                : v(row[key]),
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

/** Incrementality results, one row each. */
export async function incrementalityTable(
  client: AdsClient,
  params: IncrementalityRequest,
  opts: TableOptions,
): Promise<TypedTable> {
  const results = await client.incrementality.get(params, opts.signal);
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
