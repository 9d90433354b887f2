/**
 * Every string any write path sends to Excel lands as exactly that text, and no write makes a
 * formula: hostile and number-looking strings ("00123", "3/4", "TRUE", "=x", "#N/A", "'quote",
 * 40,000-character text, …) through report sheets and their refresh, show sheets, the JSON sources
 * (search, ads, incrementality), agent files, campaign write-backs and the pane's inserts, in the
 * strict in-memory workbook (which reads strings in General cells as Excel does). 10,000 cases.
 */
import fc from "fast-check";
import type { ValueWrite } from "../../preview/memory/richApi/batch";
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import type { AdsClient } from "../api/client";
import type { ShowInfo } from "../api/schemas";
import type { CellValue, ColumnKind, TypedTable } from "../api/table";
import { fetchSource } from "../runtime/reportSources";
import { openAgentFile } from "../writebacks/agentFileOpen";
import { PLAN_HEADERS } from "../writebacks/planColumns";
import { workbookFileTargets } from "./agentFiles";
import { insertCampaignPlan, markValidation, readCampaignPlan, writeCampaignOutcome } from "./campaignPlan";
import { writeTextAtSelection } from "./campaignPlanSelection";
import { sheetNameFor, tableNameFor } from "./cellFormats";
import { createReportSheet, refreshReport } from "./reportSheets";
import { LOOKS_LIKE_DATA } from "./selftest/text";
import { rewriteTable } from "./tableRefresh";
import { writeNewTable } from "./newTableSheet";
import { propertyRuns } from "../../test/support/propertyRuns";

/** Text Excel would change in a General cell, or that tests the edges (quotes, spaces, length). */
const hostile: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      ...LOOKS_LIKE_DATA,
      "'quoted",
      "FALSE",
      "#DIV/0!",
      "(12)",
      "1,234.5",
      "Jan 5",
      "5-Feb",
      "12:30",
      "1:30 PM",
      "0 3/4",
      "-5",
      "+x",
      "=SUM(A1:A9)",
      "@user",
      "",
    ),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom("", "0", "00", "$", "-", "+", "("),
        fc.nat(99999),
        fc.constantFrom("", "%", ".5", "e3", ")", "/4", "-2026"),
      )
      .map(([a, n, b]) => `${a}${n}${b}`),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom("=", "+", "-", "@", "'", " ", "#"), fc.string({ maxLength: 20 }))
      .map(([a, b]) => a + b),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer({ min: 32_000, max: 40_000 }).map((n) => `0${"9".repeat(n)}`) },
);

interface Seen {
  input: string;
  value: unknown;
  formula?: string;
  error?: boolean;
  where: string;
}

/** Runs `write` on a fresh workbook; returns every string written that did not land as itself. */
async function mismatches(write: (wb: InMemoryWorkbook) => Promise<unknown>): Promise<Seen[]> {
  const wb = new InMemoryWorkbook({ sheets: ["Sheet1"] });
  // src/excel reads a few enums from the global Excel namespace, as it does in Office.
  const bad: Seen[] = [];
  wb.valueWritten = (w: ValueWrite) => {
    if (typeof w.input !== "string" || w.input === "") return;
    if (w.cell.formula || w.cell.error || w.cell.value !== w.input)
      bad.push({
        input: w.input.slice(0, 40),
        value: w.cell.value,
        formula: w.cell.formula,
        error: w.cell.error,
        where: `${w.sheet}!R${w.row + 1}C${w.col + 1}`,
      });
    stats.cells++;
  };
  await write(wb);
  for (const sheet of wb.model.sheets)
    for (const cols of sheet.rows.values())
      for (const cell of cols.values())
        if (cell.formula)
          bad.push({ input: "(formula)", value: cell.value, formula: cell.formula, where: sheet.name });
  stats.cases++;
  return bad;
}

const stats = { cases: 0, cells: 0 };
afterAll(() => {
  // The figure the issue asks for: cases run and string cells checked, with no mismatch.
  console.log(`writers property: ${stats.cases} cases, ${stats.cells} string cells checked`);
});

const KINDS: ColumnKind[] = ["text", "integer", "percent", "date", "boolean", "url", "json", "currency"];

function hostileTable(cells: string[], header: string[], rows: number): TypedTable {
  const at = (i: number) => cells[i % cells.length];
  return {
    columns: KINDS.map((kind, c) => ({ name: header[c % header.length], kind })),
    rows: Array.from({ length: rows }, (_, r) =>
      KINDS.map((kind, c): CellValue =>
        (r + c) % 3 === 0 && kind !== "text" ? r * 10 + c : at(r * KINDS.length + c),
      ),
    ),
    summary: [
      [at(0), at(1)],
      ["Advertiser", at(2)],
    ],
    totals: KINDS.map((_, c) => (c === 0 ? at(3) : c % 2 ? c : at(c))),
  };
}

const batch = fc.array(hostile, { minLength: 1, maxLength: 12 });
const run = (numRuns: number) => ({ numRuns: propertyRuns(numRuns), endOnFailure: true });

test("report sheets and their refresh: every string lands as written, no formula", async () => {
  await fc.assert(
    fc.asyncProperty(
      batch,
      batch,
      fc.integer({ min: 0, max: 6 }),
      fc.integer({ min: 0, max: 6 }),
      async (cells, header, n1, n2) => {
        const bad = await mismatches(async (wb) => {
          const label = header[0];
          const sheetName = sheetNameFor(label, new Set(["Sheet1"]));
          const tableName = tableNameFor(label, new Set());
          await writeNewTable(wb.excel, hostileTable(cells, header, n1), { sheetName, tableName });
          await rewriteTable(
            wb.excel,
            { sheetName, tableName },
            hostileTable([...cells].reverse(), header, n2),
          );
        });
        expect(bad).toEqual([]);
      },
    ),
    run(3500),
  );
}, 600_000);

function hostileShow(t: string[]): ShowInfo {
  const at = (i: number) => t[i % t.length];
  return {
    serviceSeriesId: 77,
    title: at(0),
    platform: at(1),
    monthlyListeners: 5,
    gammaVideoOptInDate: at(2),
    socialA: at(3),
    numSocialAFans: 12,
    topAdvertisers: [at(4), at(5)],
    similarShows: [{ seriesId: 2, title: at(6), contentSimilarity: 0.5, audienceSimilarityOverlap: 12.5 }],
    contentRisk: { overallScore: "low", scoreByCategory: { [at(7)]: at(8) } },
    episodes: [
      {
        title: at(9),
        serviceEpisodeId: 1,
        description: at(10),
        url: at(11),
        guid: at(12),
        uploadedAt: at(13),
        ads: [{ adId: 1, advertiser: at(14), startTs: 1, endTs: 2, placementUnit: at(15) }],
      },
    ],
  } as ShowInfo;
}

test("show sheets, created and refreshed in place: every string lands as written, no formula", async () => {
  await fc.assert(
    fc.asyncProperty(batch, batch, async (a, b) => {
      const bad = await mismatches(async (wb) => {
        const def = await createReportSheet(
          wb.excel,
          { kind: "show", params: { id: "77" }, label: a[0] },
          { type: "show", show: hostileShow(a) },
        );
        await refreshReport(wb.excel, def.sheetName, async () => ({ type: "show", show: hostileShow(b) }));
      });
      expect(bad).toEqual([]);
    }),
    run(1500),
  );
}, 600_000);

/** A client whose JSON answers are made of hostile strings. */
function hostileClient(t: string[]): AdsClient {
  const at = (i: number) => t[i % t.length];
  const client = {
    search: {
      episodes: async () => ({
        data: [
          {
            podcast: {
              id: at(0),
              title: at(1),
              seriesTitle: at(2),
              seriesPlatform: at(3),
              uploadedAt: at(4),
              url: at(5),
              seriesId: 1,
            },
            highlights: { transcript: [{ context: `<em>${at(6)}</em>`, startTime: 3 }] },
            score: 1.5,
          },
        ],
      }),
    },
    ads: {
      async *iterate() {
        yield {
          headers: [],
          data: [
            {
              published_at: at(7),
              download_at: at(8),
              network: at(9),
              transcript: at(10),
              product: at(11),
              link: at(12),
              media_type: at(13),
              directory_podcast_id: at(14),
              start_time: at(15),
            },
          ],
          pagination: { limit: 1, offset: 0, total: 1 },
        };
      },
    },
    incrementality: {
      get: async () => [
        {
          aggregationLevel: at(16),
          advertiser: at(17),
          startDate: at(18),
          lift: 1.2,
          incrementalPercent: 3,
          errorReason: at(19),
        },
      ],
    },
  };
  return client as unknown as AdsClient;
}

test("search, individual ads and incrementality sheets: every string lands as written, no formula", async () => {
  await fc.assert(
    fc.asyncProperty(
      batch,
      fc.constantFrom("search", "individualAds", "incrementality") as fc.Arbitrary<
        "search" | "individualAds" | "incrementality"
      >,
      async (t, kind) => {
        const bad = await mismatches(async (wb) => {
          const table = await fetchSource(hostileClient(t), kind, {
            advertiser: "Acme",
            search: "x",
            aggregationLevel: "channel",
          });
          await createReportSheet(wb.excel, { kind, params: {}, label: t[0] }, { type: "table", table });
        });
        expect(bad).toEqual([]);
      },
    ),
    run(1500),
  );
}, 600_000);

test("agent files (csv, tsv, txt, json) opened as sheets: every string lands as written, no formula", async () => {
  const encode = (s: string) => new TextEncoder().encode(s);
  const files = (t: string[]): [string, string, string][] => {
    const tsvSafe = t.map((x) => x.replace(/[\t\r\n"]/g, " "));
    return [
      [
        "csv",
        `${t[0]}.csv`,
        [["Name", "Value"], ...t.map((x, i) => [x, String(i)])]
          .map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(","))
          .join("\n"),
      ],
      ["tsv", `${t[0]}.tsv`, ["Name\tValue", ...tsvSafe.map((x, i) => `${x}\t${i}`)].join("\n")],
      ["txt", `${t[0]}.txt`, t.map((x) => x.replace(/[\r\n]/g, " ")).join("\n")],
      ["json", `${t[0]}.json`, JSON.stringify(t.map((x, i) => ({ name: x, nested: { value: x, n: i } })))],
    ];
  };
  await fc.assert(
    fc.asyncProperty(batch, fc.integer({ min: 0, max: 3 }), async (t, which) => {
      const [fileType, fileName, text] = files(t)[which];
      const bad = await mismatches(async (wb) => {
        await openAgentFile(
          { fileName, fileType },
          { ...workbookFileTargets(wb.excel), download: async () => encode(text), saveAs: () => undefined },
        );
      });
      expect(bad).toEqual([]);
    }),
    run(2000),
  );
}, 600_000);

test("campaign write-backs (validation marks, statuses, ids) and the pane's inserts: every string lands as written", async () => {
  await fc.assert(
    fc.asyncProperty(batch, async (t) => {
      const at = (i: number) => t[i % t.length];
      const bad = await mismatches(async (wb) => {
        const plan = await insertCampaignPlan(wb.excel, 2);
        const read = await readCampaignPlan(wb.excel);
        await markValidation(wb.excel, read, [
          { row: 0, column: PLAN_HEADERS[0], reason: at(0) },
          { row: 1, column: PLAN_HEADERS[1], reason: at(1) },
        ]);
        await writeCampaignOutcome(wb.excel, read, {
          kind: "failed",
          rows: [0],
          message: at(2),
          uncertain: at(2).length % 2 === 0,
          at: new Date(),
        });
        await writeCampaignOutcome(wb.excel, read, {
          kind: "created",
          rows: [1],
          flights: [{ row: 1, id: at(3), externalId: at(4) }],
          at: new Date(),
        });
        wb.host.select(plan.sheetName, 10, 0);
        await writeTextAtSelection(wb.excel, [at(5), at(6)]);
      });
      expect(bad).toEqual([]);
    }),
    run(1500),
  );
}, 600_000);
