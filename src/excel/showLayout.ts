/**
 * A show info answer laid out as a sheet a planner can read: title, key metrics, content risk,
 * social links and fans, top advertisers, then three tables: similar shows, episodes with
 * per-platform downloads, and ads (one row per ad with its episode, timestamps and placement).
 */
import { platformLabel } from "../api/platformWords";
import type { RowMarks } from "../reports/definition";
import type { DateSystem } from "../api/excelDates";
import { dateSystemOf, tableInSystem } from "./dateSystem";
import { blocksInSystem } from "./refresh/lines";
import type { ShowInfo } from "../api/schemas";
import { parseDateTime } from "../api/csv";
import { percentFraction, type CellValue, type TypedTable } from "../api/table";
import type { ExcelHost } from "./host";
import type { WrittenColumn } from "./plannerWork";
import { SyncBatch } from "./syncBatch";
import { refreshTables, type LinesBlock, type RefreshTarget } from "./tableRefresh";
import { SHOW_STATUS_CELL, type StatusCell } from "./statusCell";
import { a1, queueRecalculation, queueTextLines, writeTableBlock, type LineCell } from "./tableWriter";
import { withNewSheet } from "./newTableSheet";

type Line = LineCell[];
const val = (v: unknown): string | number | boolean | null =>
  v === undefined || v === null ? null : (v as string | number | boolean);
/** A number shown with `format`; anything else as it is. */
const shown = (v: unknown, format: string): LineCell =>
  typeof v === "number" ? { value: v, format } : val(v);
const COUNT = "#,##0";
const PERCENT = "0.00%";
/** The service's percentage points (12.5) as a fraction under a % format (12.50%). */
const pct = (v: unknown): LineCell => shown(typeof v === "number" ? percentFraction(v) : v, PERCENT);

function showMetricLines(show: ShowInfo): Line[] {
  const optIn = typeof show.gammaVideoOptInDate === "string" ? parseDateTime(show.gammaVideoOptInDate) : null;
  const lines: Line[] = [
    ["Monthly listeners", shown(show.monthlyListeners, COUNT)],
    ["Monthly downloads", shown(show.monthlyDownloads, COUNT)],
    ["Avg downloads per episode (60 days)", shown(show.avgDownloadsPerEpisode, COUNT)],
    [
      "Podcast monthly / avg per episode",
      shown(show.podcastMonthlyDownloads, COUNT),
      shown(show.podcastAvgDownloadsPerEpisode, COUNT),
    ],
    [
      "Alpha monthly / avg per episode",
      shown(show.ytMonthlyDownloads, COUNT),
      shown(show.ytAvgDownloadsPerEpisode, COUNT),
    ],
    [
      "Gamma monthly / avg per episode",
      shown(show.gammaMonthlyDownloads, COUNT),
      shown(show.gammaAvgDownloadsPerEpisode, COUNT),
    ],
    [
      "Beta monthly / avg per episode",
      shown(show.betaMonthlyDownloads, COUNT),
      shown(show.betaAvgDownloadsPerEpisode, COUNT),
    ],
    ["Ad load %", pct(show.adLoad)],
    ["Ad load % (Alpha simulcast)", pct(show.adLoadYT)],
    ["Direct response %", pct(show.directRes)],
    ["Host read %", pct(show.hostRead)],
    ["Renewal rate %", pct(show.renewalRate)],
    ["Ads detected", shown(show.countAds, COUNT)],
    ["Service prefix placed", val(show.isServicePrefixPlaced)],
    [
      "Gamma video opt-in",
      optIn === null ? val(show.gammaVideoOptInDate) : { value: optIn, format: "yyyy-mm-dd" },
    ],
  ];
  if (show.netNewReachPercent !== undefined && show.netNewReachPercent !== null)
    lines.push(["Net new reach %", pct(show.netNewReachPercent)]);
  return lines;
}

function showSocialLines(show: ShowInfo): Line[] {
  const rows: [string, unknown, unknown][] = [
    ["SocialA", show.socialA, show.numSocialAFans],
    ["SocialB", show.socialB, show.numSocialBFans],
    ["SocialC", show.socialC, show.numSocialCFans],
    ["Alpha", show.alpha, show.numAlphaFans],
    ["SocialD", show.socialD, show.numSocialDFans],
  ];
  return [
    ["Platform", "Link", "Followers"],
    ...rows.map(([p, link, fans]) => [p, val(link), shown(fans, COUNT)]),
  ];
}

function similarTable(show: ShowInfo): TypedTable {
  return {
    columns: [
      { name: "Show ID", kind: "integer" },
      { name: "Title", kind: "text" },
      { name: "Content similarity", kind: "number" },
      { name: "Audience similarity (third party)", kind: "number" },
      { name: "Audience similarity (social)", kind: "number" },
      { name: "Audience overlap %", kind: "percent" },
      { name: "Reverse overlap %", kind: "percent" },
    ],
    rows: (show.similarShows ?? []).map((s) => [
      s.seriesId,
      s.title,
      val(s.contentSimilarity),
      val(s.audienceSimilarityThirdParty),
      val(s.audienceSimilaritySocial),
      percentFraction(val(s.audienceSimilarityOverlap) as CellValue),
      percentFraction(val(s.audienceSimilarityOverlapReverse) as CellValue),
    ]),
  };
}

const dt = (v: unknown): CellValue => (typeof v === "string" ? (parseDateTime(v) ?? v) : val(v));

function episodesTable(show: ShowInfo): TypedTable {
  const eps = show.episodes ?? [];
  return {
    columns: [
      { name: "Episode", kind: "text" },
      { name: "Episode ID", kind: "integer" },
      { name: "Uploaded", kind: "datetime" },
      { name: "Duration (s)", kind: "integer" },
      { name: "Downloads", kind: "integer" },
      { name: "Downloads 30d", kind: "integer" },
      { name: "Downloads 7d", kind: "integer" },
      { name: "Podcast", kind: "integer" },
      { name: "Alpha", kind: "integer" },
      { name: "Gamma", kind: "integer" },
      { name: "Beta", kind: "integer" },
      { name: "Ad load %", kind: "percent" },
      { name: "Ads", kind: "integer" },
      { name: "Description", kind: "text" },
      { name: "Media URL", kind: "url" },
    ],
    rows: eps.map((e) => [
      e.title,
      e.serviceEpisodeId,
      dt(e.uploadedAt),
      val(e.duration),
      val(e.downloads),
      val(e.downloadsAt30Days),
      val(e.downloadsAt7Days),
      val(e.podcastDownloads),
      val(e.alphaDownloads),
      val(e.gammaDownloads),
      val(e.betaDownloads),
      percentFraction(val(e.adLoad) as CellValue),
      e.ads?.length ?? 0,
      val(e.description),
      val(e.url),
    ]),
  };
}

function adsTable(show: ShowInfo): TypedTable {
  return {
    columns: [
      { name: "Episode", kind: "text" },
      { name: "Episode ID", kind: "integer" },
      { name: "Advertiser", kind: "text" },
      { name: "Ad ID", kind: "integer" },
      { name: "Start (s)", kind: "number" },
      { name: "End (s)", kind: "number" },
      { name: "Placement group", kind: "integer" },
      { name: "Placement", kind: "integer" },
      { name: "Placement in group", kind: "integer" },
      { name: "Unit", kind: "text" },
    ],
    rows: (show.episodes ?? []).flatMap((e) =>
      (e.ads ?? []).map((a) => [
        e.title,
        e.serviceEpisodeId,
        a.advertiser,
        a.adId,
        val(a.startTs),
        val(a.endTs),
        val(a.placementGroupNum),
        val(a.placementNum),
        val(a.placementNumInGroup),
        val(a.placementUnit),
      ]),
    ),
  };
}

/**
 * The show sheet's layout: fixed places, so a refresh writes every block and table where it was
 * (tables keep their names and places, only resized, so structured references to them hold).
 * Title on top; key metrics, content risk, social links and top advertisers side by side; similar
 * shows (at most 50, per the spec) below; episodes and ads side by side at the bottom, where both
 * may grow.
 */
const SHOW_LAYOUT = {
  /** The status line (rendered from the record: src/excel/reportStore.ts), under the title and subtitle. */
  statusRow: SHOW_STATUS_CELL.row,
  blocksRow: 3,
  metrics: { col: 0, width: 3, room: 18 },
  risk: { col: 4, width: 2, room: 22 },
  social: { col: 7, width: 3, room: 6 },
  top: { col: 11, width: 2, room: 26 },
  similar: { row: 30, col: 0 },
  episodes: { row: 83, col: 0 },
  ads: { row: 83, col: 16 },
} as const;

/** The three tables of a show sheet: label, table name suffix, where they go, what they hold. */
function showTables(show: ShowInfo) {
  return [
    { label: "Similar shows", suffix: "Similarshows", at: SHOW_LAYOUT.similar, table: similarTable(show) },
    { label: "Episodes", suffix: "Episodes", at: SHOW_LAYOUT.episodes, table: episodesTable(show) },
    { label: "Ads", suffix: "Ads", at: SHOW_LAYOUT.ads, table: adsTable(show) },
  ];
}

/** "Podcast · directory id 1200000001 · service id 50000": the id asked for, and the service's own when it differs. */
function showSubtitle(show: ShowInfo, requestedId?: string): string {
  const service = String(show.serviceSeriesId);
  const ids =
    requestedId && requestedId !== service ? `${requestedId} · service id ${service}` : `id ${service}`;
  return `${show.platform ? platformLabel(show.platform) : "Show"} · ${ids}`;
}

/** A block of the layout: its region (rows `room` × columns `width`) is the add-in's, rewritten whole. */
function block(row: number, col: number, width: number, room: number, lines: LineCell[][]): LinesBlock {
  return { row, col, room, lines, boldRows: [0], owned: { row, col, rows: room, cols: width } };
}

/** The blocks of text lines above the tables (the refresh rewrites them in their regions). */
function showLines(show: ShowInfo, requestedId?: string): LinesBlock[] {
  const risk = show.contentRisk;
  const { blocksRow: row, metrics, risk: riskAt, social, top } = SHOW_LAYOUT;
  const label = (text: string, r = 0) => [text, ...Array<LineCell>(r).fill(null)];
  return [
    block(0, 0, 1, 2, [[show.title], [showSubtitle(show, requestedId)]]),
    block(row, metrics.col, metrics.width, metrics.room, [label("Key metrics"), ...showMetricLines(show)]),
    block(row, riskAt.col, riskAt.width, riskAt.room, [
      ["Content risk", val(risk?.overallScore)],
      ...Object.entries(risk?.scoreByCategory ?? {}).map(([k, v]): LineCell[] => [k, v]),
    ]),
    block(row, social.col, social.width, social.room, showSocialLines(show)),
    block(row, top.col, top.width, top.room, [
      label("Top advertisers"),
      ...(show.topAdvertisers ?? []).map((n, i): LineCell[] => [i + 1, n]),
    ]),
    ...showTables(show).map(({ label: text, at }) => block(at.row, at.col, 1, 1, [[text]])),
  ];
}

/** Where a show sheet goes: its sheet, its tables' prefix, and the id the planner asked for. */
export interface ShowNames {
  sheetName: string;
  prefix: string;
  requestedId?: string;
}

/** How many rows a show's tables hold (what its status line counts). */
export const showRowCount = (show: ShowInfo): number =>
  showTables(show).reduce((n, t) => n + t.table.rows.length, 0);

/** Writes the whole show sheet (blocks and tables) on an empty sheet. */
async function writeShowContent(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  show: ShowInfo,
  names: ShowNames,
  system: DateSystem,
): Promise<{ rows: number; tables: ShowTableRecord[] }> {
  for (const block of blocksInSystem(showLines(show, names.requestedId), system)) {
    const shown = block.lines.slice(0, block.room);
    queueTextLines(sheet, block.row, shown, block.col);
    for (const r of block.boldRows ?? [])
      sheet.getRange(a1(block.row + r, block.col)).format.font.bold = true;
  }
  await context.sync();
  let rows = 0;
  const tables: ShowTableRecord[] = [];
  // Tables stacked in the same columns share widths (each column the widest any of them needs).
  const widths = new Map<number, number>();
  // The tables share the syncs: each one's header rides with the last rows of the one before.
  const batch = new SyncBatch(context);
  for (const { suffix, at, table } of showTables(show)) {
    const tableName = `${names.prefix}_${suffix}`;
    const { written } = await writeTableBlock(
      context,
      sheet,
      tableInSystem(table, system),
      { sheetName: names.sheetName, tableName, headerRow: at.row + 1, col: at.col },
      batch,
      widths,
    );
    rows += table.rows.length;
    tables.push({ name: tableName, columns: written, rowCount: table.rows.length });
  }
  sheet.activate();
  queueRecalculation(context);
  await batch.sync();
  return { rows, tables };
}

/** Writes a new show sheet named `sheetName`; its table names get `prefix`. */
export async function writeShowSheet(
  excel: ExcelHost,
  show: ShowInfo,
  names: ShowNames,
): Promise<{ rows: number; tables: ShowTableRecord[] }> {
  const system = await dateSystemOf(excel);
  return withNewSheet(excel, names.sheetName, (context, sheet) =>
    writeShowContent(context, sheet, show, names, system),
  );
}

/** What the add-in wrote in one of a show sheet's tables (kept in the definition, for the next refresh). */
export interface ShowTableRecord {
  name: string;
  columns: WrittenColumn[];
  rowCount: number;
  totals?: boolean;
  /** The rows written, by their keys' marks (from the first refresh on: a new show sheet's columns have no ids yet). */
  rowMarks?: RowMarks;
}

/**
 * The refresh targets of a show sheet's tables: similar shows grow in place in the block the layout
 * keeps for them (at most 50 rows, per the spec); episodes and ads, at the bottom, grow by inserting
 * cells, so what the planner wrote under them moves with their ends.
 */
export function showTargets(
  prefix: string,
  show: ShowInfo,
  previous: readonly ShowTableRecord[],
): RefreshTarget[] {
  return showTables(show).map(({ suffix, table, at }) => {
    const tableName = `${prefix}_${suffix}`;
    const was = previous.find((p) => p.name === tableName);
    return {
      tableName,
      table,
      previous: was
        ? { columns: was.columns, rowCount: was.rowCount, totals: was.totals, rowMarks: was.rowMarks }
        : undefined,
      ...(at === SHOW_LAYOUT.similar
        ? { reservedRows: SHOW_LAYOUT.episodes.row - SHOW_LAYOUT.similar.row - 2 }
        : {}),
    };
  });
}

/**
 * Where a show sheet's tables are: in SHOW_LAYOUT ("current"), all there but placed as sheets made
 * before it ("legacy"), or some missing (renamed or deleted by the planner).
 */
export async function showLayoutState(
  excel: ExcelHost,
  sheetName: string,
  prefix: string,
): Promise<"current" | "legacy" | { missing: string[] }> {
  const expected = showTables({ serviceSeriesId: 0 } as ShowInfo);
  return excel.run(async (context) => {
    const found = expected.map(({ suffix }) =>
      context.workbook.worksheets.getItem(sheetName).tables.getItemOrNullObject(`${prefix}_${suffix}`),
    );
    await context.sync();
    const missing = expected
      .filter((_, i) => found[i].isNullObject)
      .map(({ suffix }) => `${prefix}_${suffix}`);
    if (missing.length) return { missing };
    const ranges = found.map((t) => {
      const r = t.getRange();
      r.load("rowIndex,columnIndex");
      return r;
    });
    await context.sync();
    return expected.every(
      ({ at }, i) => ranges[i].rowIndex === at.row + 1 && ranges[i].columnIndex === at.col,
    )
      ? "current"
      : "legacy";
  });
}

/**
 * Refreshes a show sheet in place: the same sheet, the same tables (resized, so structured
 * references hold), every block rewritten in its region; the planner's columns and notes kept as
 * in report tables; any failure puts every cell back. A sheet with a status line has its cell read
 * and handed to `commit`, whose record's one writer writes the line (statusCell.ts).
 */
export async function refreshShowSheet(
  excel: ExcelHost,
  { sheetName, prefix, requestedId }: ShowNames,
  show: ShowInfo,
  previous: readonly ShowTableRecord[] = [],
  commit?: (sheet: Excel.Worksheet, tables: ShowTableRecord[], status: StatusCell | null) => void,
  status = false,
): Promise<{ rows: number; tables: ShowTableRecord[] }> {
  const targets = showTargets(prefix, show, previous);
  let records: ShowTableRecord[] = [];
  const blocks = showLines(show, requestedId);
  await refreshTables(excel, sheetName, targets, {
    lines: blocksInSystem(blocks, await dateSystemOf(excel)),
    status: status ? () => SHOW_STATUS_CELL : undefined,
    commit: (sheet, result) => {
      records = result.tables.map((t) => ({
        name: t.tableName,
        columns: t.written,
        rowCount: t.rows,
        totals: t.totals,
        rowMarks: t.rowMarks,
      }));
      commit?.(sheet, records, result.status);
    },
  });
  return { rows: targets.reduce((n, t) => n + t.table.rows.length, 0), tables: records };
}
