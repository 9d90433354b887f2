/**
 * The advertiser names the workbook already knows, read without spending a request: those its report
 * sheets ask for, its report sets' values (sets for each advertiser), and its campaign plans'
 * Advertiser column. A refused advertiser's message offers the close ones (src/api/closeNames.ts).
 */
import { recentNames } from "../runtime/recentNames";
import { planColumnOf } from "../writebacks/planColumns";
import type { ExcelHost } from "./host";
import { readAllReports } from "./store/readAll";

/** The request parameters that name advertisers. */
const PARAMS = ["advertiser", "advertisers", "netNewReachAdvertisers"] as const;

/** Rows read at most from one plan's column. */
const MAX_ROWS = 5_000;

const namesIn = (v: unknown): string[] =>
  (Array.isArray(v) ? v : typeof v === "string" ? v.split(",") : [])
    .map((x) => String(x).trim())
    .filter(Boolean);

/** Every plan table's Advertiser column, read in two syncs whatever the number of tables. */
async function planAdvertisers(excel: ExcelHost): Promise<string[]> {
  return excel.run(async (context) => {
    const tables = context.workbook.tables;
    tables.load("items/name");
    await context.sync();
    const heads = tables.items.map((t) => {
      const h = t.getHeaderRowRange();
      h.load("values");
      return { t, h };
    });
    await context.sync();
    const columns = heads.flatMap(({ t, h }) => {
      const at = h.values[0].findIndex((c) => planColumnOf(c)?.header === "advertiser");
      if (at < 0) return [];
      const body = t.columns.getItemAt(at).getDataBodyRange();
      body.load("values");
      return [body];
    });
    if (columns.length) await context.sync();
    return columns.flatMap((b) => b.values.slice(0, MAX_ROWS).map((r) => String(r[0] ?? "").trim()));
  });
}

/** The workbook's advertiser names, each once, in the order found (reports, sets, plans); none on failure. */
async function workbookAdvertisers(excel: ExcelHost): Promise<string[]> {
  // Reports and sets in the store's one batched read; plans' columns beside it.
  const [read, plans] = await Promise.all([
    readAllReports(excel).catch(() => null),
    planAdvertisers(excel).catch(() => []),
  ]);
  const defs = read?.reports ?? [];
  const sets = read?.sets ?? [];
  const fromReports = defs.flatMap((d) => PARAMS.flatMap((p) => namesIn(d.params[p])));
  const fromSets = sets.flatMap((s) =>
    s.state === "current" && s.set.client === "advertiser" ? s.set.members.map((m) => m.value) : [],
  );
  return [...new Set([...fromReports, ...fromSets, ...plans].filter(Boolean))];
}

/** The workbook's advertiser names, then those recently used on this computer: what a refusal offers. */
export async function knownAdvertisers(excel: ExcelHost): Promise<string[]> {
  return [...new Set([...(await workbookAdvertisers(excel)), ...recentNames()])];
}
