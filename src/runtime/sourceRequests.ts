/**
 * What refreshing a report sheet spends, before it is sent (the spend guard's count): a report task
 * is one request (its status polls and the download are not counted), and so are show info, a
 * search and incrementality; individual ads spend a request a page, up to Most rows (an upper
 * bound), or, without Most rows, as many pages as the sheet held last time and one more (an
 * estimate); a prospect search a request a seed and one a candidate (an upper bound). Pure.
 */
import type { SheetSourceKind } from "../reports/definition";
import { prospectSpend } from "../reports/prospects";

/** The service's largest page of individual ads (the client's default page). */
const ADS_PAGE = 1000;

export interface SourceRequests {
  requests: number;
  exact: boolean;
}

export function sourceRequests(
  source: { kind: SheetSourceKind; params: Record<string, unknown> },
  lastRowCount = 0,
): SourceRequests {
  if (source.kind === "prospects") return prospectRequests(source.params);
  if (source.kind !== "individualAds") return { requests: 1, exact: true };
  const page =
    typeof source.params.limit === "number" && source.params.limit > 0 ? source.params.limit : ADS_PAGE;
  const maxRows = source.params.maxRows;
  const rows = typeof maxRows === "number" && maxRows > 0 ? maxRows : lastRowCount + 1;
  return { requests: Math.max(1, Math.ceil(rows / page)), exact: false };
}

/** A prospect search: a show info a seed, and up to one a candidate (src/reports/prospects.ts). */
function prospectRequests(params: Record<string, unknown>): SourceRequests {
  const seeds = Array.isArray(params.seeds) ? params.seeds.map(String) : [];
  const count = typeof params.count === "number" ? params.count : 20;
  const { requests, exact } = prospectSpend({ seeds, count });
  return { requests, exact };
}
