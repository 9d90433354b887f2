/**
 * The chart gallery: every report kind that has a chart, made through the add-in's own code
 * (createReportSheet) into the in-memory workbook at five ranges (a day, 30 days, 3 months, 12
 * months, 3 years) and three sizes (1, 8 and 50 campaigns, read types, episodes or rows), with the
 * chart as the preview draws it. src/excel/chartGallery.test.ts checks each in the chart's own model;
 * test/e2e/chart-gallery.e2e.test.ts draws them for the eye (docs/screenshots.md).
 */
import type { CellValue, ColumnKind, TypedTable } from "../../src/api/table";
import type { SheetSourceKind } from "../../src/reports/definition";
import { createReportSheet } from "../../src/excel/reportSheets";
import type { ChartView } from "../../preview/memory/chart";
import { InMemoryWorkbook } from "../../preview/memory/workbook";

export const RANGES = [
  { name: "1 day", days: 1 },
  { name: "30 days", days: 30 },
  { name: "3 months", days: 92 },
  { name: "12 months", days: 365 },
  { name: "3 years", days: 3 * 365 + 1 },
] as const;
export const SIZES = [1, 8, 50] as const;
/** The kinds whose reports get a chart (reportCharts.ts CHART_KINDS). */
export const GALLERY_KINDS = [
  "impressions",
  "estimatedSpendByDay",
  "campaignsPerformance",
  "audience",
  "lag",
  "incrementality",
] as const satisfies readonly SheetSourceKind[];
export type GalleryKind = (typeof GALLERY_KINDS)[number];
/** The kinds whose chart is over time (a date axis). */
export const TIME_KINDS: ReadonlySet<GalleryKind> = new Set(["impressions", "estimatedSpendByDay"]);

/** The last day of every range: 2026-11-26. */
const LAST_DAY = 46352;

/** Campaign names as a planner types them: some long, some short. */
const CAMPAIGN_WORDS = [
  "Spring sale",
  "Holiday push",
  "Brand lift",
  "Always on",
  "Podcast launch",
  "Q3 retargeting",
];
const campaignName = (i: number) =>
  `${CAMPAIGN_WORDS[i % CAMPAIGN_WORDS.length]} ${2026 - (i % 3)} #${i + 1}`;
/** A deterministic spread of sizes: a few large, many small (as a real account). */
const weight = (i: number) => 1 + 40 / (1 + i * 0.7);
/** A day's wobble: weekdays higher, weekends lower, a slow trend. */
const wobble = (d: number) => (1 + 0.25 * Math.sin(d / 5)) * ((d + 3) % 7 < 2 ? 0.6 : 1);

function table(columns: [string, ColumnKind][], rows: CellValue[][]): TypedTable {
  return { columns: columns.map(([name, kind]) => ({ name, kind })), rows };
}

/** A report's table at a range of `days` ending LAST_DAY, with `size` campaigns (read types, episodes, rows). */
function galleryTable(kind: GalleryKind, days: number, size: number): TypedTable {
  const first = LAST_DAY - days + 1;
  switch (kind) {
    case "impressions": {
      // Impressions by day × campaign, with the wide columns that put the chart above the table.
      const rows: CellValue[][] = [];
      for (let d = 0; d < days; d++)
        for (let c = 0; c < size; c++) {
          const imp = Math.round(1000 * weight(c) * wobble(d));
          rows.push([
            first + d - ((first + d - 2) % 7),
            first + d,
            "Acme Mattress",
            campaignName(c),
            imp,
            Math.round(imp / 3),
            imp * 0.018,
            Math.round(imp / 400),
          ]);
        }
      return table(
        [
          ["Week", "date"],
          ["Day", "date"],
          ["Advertiser", "text"],
          ["Campaign", "text"],
          ["Podcast & Streaming Impressions", "integer"],
          ["Reach", "integer"],
          ["Spend", "currency"],
          ["Purchases", "integer"],
        ],
        rows,
      );
    }
    case "estimatedSpendByDay": {
      const reads = [
        "Host",
        "Producer",
        "Announcer",
        "Guest",
        "Baked-in",
        "Dynamic",
        "Programmatic",
        "Other read",
      ];
      const rows: CellValue[][] = [];
      for (let d = 0; d < days; d++)
        for (let r = 0; r < size; r++)
          rows.push([
            first + d,
            "Acme Mattress",
            Math.round(500 * weight(r) * wobble(d)) / 10,
            r < reads.length ? reads[r] : `Read ${r + 1}`,
          ]);
      return table(
        [
          ["Day", "date"],
          ["Advertiser", "text"],
          ["Estimated Spend", "currency"],
          ["Read By", "text"],
        ],
        rows,
      );
    }
    case "campaignsPerformance":
      return table(
        [
          ["Campaign", "text"],
          ["Advertiser", "text"],
          ["Start date", "date"],
          ["End date", "date"],
          ["Impressions", "integer"],
          ["Reach", "integer"],
          ["Spend", "currency"],
          ["Convs.", "integer"],
        ],
        Array.from({ length: size }, (_, c) => {
          const imp = Math.round(days * 900 * weight(c));
          return [
            campaignName(c),
            "Acme Mattress",
            first,
            LAST_DAY,
            imp,
            Math.round(imp / 3),
            imp * 0.02,
            Math.round(imp / 500),
          ];
        }),
      );
    case "audience":
      return table(
        [
          ["Episode", "text"],
          ["Uploaded", "date"],
          ["RSS impressions in 15 days", "integer"],
          ["RSS impressions in 30 days", "integer"],
          ["RSS impressions in 45 days", "integer"],
          ["RSS impressions in 60 days", "integer"],
        ],
        Array.from({ length: size }, (_, e) => {
          const d15 = Math.round(20000 * weight(e));
          return [
            `Episode ${240 - e}: ${CAMPAIGN_WORDS[e % 6]}`,
            first + ((e * 7) % days),
            d15,
            Math.round(d15 * 1.3),
            Math.round(d15 * 1.45),
            Math.round(d15 * 1.5),
          ];
        }),
      );
    case "lag": {
      const actions = ["Purchase", "Lead", "Signup", "Install"];
      return table(
        [
          ["Action", "text"],
          ["Object ID", "text"],
          ...Array.from({ length: 31 }, (_, d): [string, ColumnKind] => [`Day ${d + 1}`, "integer"]),
        ],
        Array.from({ length: size }, (_, r) => [
          actions[r % actions.length],
          campaignName(r),
          ...Array.from({ length: 31 }, (_, d) => Math.round((200 * weight(r)) / (1 + d * 0.4))),
        ]),
      );
    }
    case "incrementality": {
      const channels = ["Podcast", "Streaming", "YouTube", "Radio", "CTV", "Display", "Social", "Search"];
      return table(
        [
          ["Campaign", "text"],
          ["Publisher", "text"],
          ["Channel type", "text"],
          ["Action", "text"],
          ["Incremental %", "percent"],
          ["Incremental % CI lower", "percent"],
          ["Incremental % CI upper", "percent"],
        ],
        Array.from({ length: size }, (_, r) => {
          const v = 0.05 + ((r * 37) % 20) / 100;
          return [
            null,
            null,
            r < channels.length ? channels[r] : `Channel ${r + 1}`,
            "Purchase",
            v,
            v - 0.03,
            v + 0.04,
          ];
        }),
      );
    }
  }
}

export interface GalleryChart {
  kind: GalleryKind;
  range: (typeof RANGES)[number]["name"];
  days: number;
  size: number;
  chart: ChartView;
}

/** Every chart of the gallery (kinds × ranges × sizes), each made on its own sheet as a planner's report. */
export async function chartGallery(kinds: readonly GalleryKind[] = GALLERY_KINDS): Promise<GalleryChart[]> {
  const out: GalleryChart[] = [];
  for (const kind of kinds) {
    const wb = new InMemoryWorkbook();
    (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
    for (const range of RANGES)
      for (const size of SIZES) {
        const def = await createReportSheet(
          wb.excel,
          { kind, params: { timeGrouping: "day" }, label: `${kind.slice(0, 12)} ${range.name} ${size}` },
          { type: "table", table: galleryTable(kind, range.days, size) },
        );
        const [chart] = wb.host.charts(def.sheetName);
        if (!chart) throw new Error(`${kind} over ${range.name} with ${size} has no chart`);
        out.push({ kind, range: range.name, days: range.days, size, chart });
      }
  }
  return out;
}
