/**
 * A show info answer laid out as a sheet a planner can read: title, key metrics, content risk,
 * social links and fans, top advertisers, then three tables: similar shows, episodes with
 * per-platform downloads, and ads (one row per ad with its episode, timestamps and placement).
 */
import type { ShowInfo } from "../api/schemas";
import { parseDateTime } from "../api/csv";
import { percentFraction, type CellValue, type TypedTable } from "../api/table";
import type { ExcelHost } from "./host";
import {
  a1,
  queueRecalculation,
  queueTextLines,
  withNewSheet,
  writeTableBlock,
  type LineCell,
} from "./tableWriter";

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

export function showMetricLines(show: ShowInfo): Line[] {
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

export function showSocialLines(show: ShowInfo): Line[] {
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

export function similarTable(show: ShowInfo): TypedTable {
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

export function episodesTable(show: ShowInfo): TypedTable {
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

export function adsTable(show: ShowInfo): TypedTable {
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
 * A show sheet emptied for rewriting in place (refresh): its tables and cells go, the sheet itself
 * stays, so formulas elsewhere that point at it keep working (and so do its custom properties).
 */
async function clearedSheet(context: Excel.RequestContext, name: string): Promise<Excel.Worksheet> {
  const tables = context.workbook.worksheets.getItem(name).tables;
  tables.load("items/name");
  await context.sync();
  for (const t of tables.items) t.delete();
  const sheet = context.workbook.worksheets.getItem(name);
  sheet.getRange().clear("All");
  return sheet;
}

/** Writes the show sheet (a new sheet named `sheetName`, or that sheet emptied with `existing`); table names get `prefix`. */
export async function writeShowSheet(
  excel: ExcelHost,
  show: ShowInfo,
  names: { sheetName: string; prefix: string },
  opts: { existing?: boolean } = {},
): Promise<{ rows: number }> {
  const write = async (context: Excel.RequestContext, sheet: Excel.Worksheet): Promise<{ rows: number }> => {
    let row = 0;
    queueTextLines(sheet, row, [[show.title], [`${show.platform ?? "Show"} · id ${show.serviceSeriesId}`]]);
    sheet.getRange("A1").format.font.bold = true;
    row = 3;
    const metrics = showMetricLines(show);
    queueTextLines(sheet, row, [["Key metrics"], ...metrics]);
    sheet.getRange(a1(row, 0)).format.font.bold = true;
    row += metrics.length + 2;
    const risk = show.contentRisk;
    const riskLines: Line[] = [
      ["Content risk", val(risk?.overallScore)],
      ...Object.entries(risk?.scoreByCategory ?? {}).map(([k, v]) => [k, v]),
    ];
    queueTextLines(sheet, row, riskLines);
    sheet.getRange(a1(row, 0)).format.font.bold = true;
    row += riskLines.length + 1;
    const social = showSocialLines(show);
    queueTextLines(sheet, row, social);
    row += social.length + 1;
    const top = show.topAdvertisers ?? [];
    queueTextLines(sheet, row, [["Top advertisers"], ...top.map((n, i) => [i + 1, n])]);
    sheet.getRange(a1(row, 0)).format.font.bold = true;
    row += top.length + 2;
    await context.sync();
    let rows = 0;
    for (const [label, table] of [
      ["Similar shows", similarTable(show)],
      ["Episodes", episodesTable(show)],
      ["Ads", adsTable(show)],
    ] as const) {
      queueTextLines(sheet, row, [[label]]);
      sheet.getRange(a1(row, 0)).format.font.bold = true;
      await writeTableBlock(context, sheet, table, {
        sheetName: names.sheetName,
        tableName: `${names.prefix}_${label.replace(/\s/g, "")}`,
        headerRow: row + 1,
      });
      row += Math.max(1, table.rows.length) + 4;
      rows += table.rows.length;
    }
    sheet.activate();
    queueRecalculation(context);
    await context.sync();
    return { rows };
  };
  if (!opts.existing) return withNewSheet(excel, names.sheetName, write);
  return excel.run(async (context) => write(context, await clearedSheet(context, names.sheetName)));
}
