/**
 * Column headers (and labels, keys, messages) up to 100,000 characters through every write path, in
 * the strict in-memory workbook (a cell holds 32,767 characters): report CSVs whose renamed and
 * custom-action columns are that long, written and refreshed; show sheets; the JSON sources; agent
 * CSV, TSV, JSON and TXT files; campaign-plan marks and outcomes; the pane's inserts. 10,000 cases:
 * none may throw, and every table's header cells are unique, non-empty text of at most 32,767
 * characters, a cut one ending with the visible marker.
 */
import fc from "fast-check";
import Papa from "papaparse";
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import type { AdsClient } from "../api/client";
import { reportTable } from "../api/resources/reports";
import type { ShowInfo } from "../api/schemas";
import { fetchSource } from "../runtime/reportSources";
import { openAgentFile } from "../writebacks/agentFileOpen";
import { PLAN_HEADERS } from "../writebacks/planColumns";
import { workbookFileTargets } from "./agentFiles";
import { insertCampaignPlan, markValidation, readCampaignPlan, writeCampaignOutcome } from "./campaignPlan";
import { writeTextAtSelection } from "./campaignPlanSelection";
import { MAX_CELL_CHARS, TRUNCATION_MARKER } from "./cellFormats";
import { createReportSheet, refreshReport } from "./reportSheets";
import { propertyRuns } from "../../test/support/propertyRuns";

/** Text of 32,000 to 100,000 characters: repeated units (formula-like, accented, astral), a tail. */
const long: fc.Arbitrary<string> = fc
  .tuple(
    fc.integer({ min: 32_000, max: 100_000 }),
    fc.constantFrom("x", "=A1+", "Ab ", "é", "😀", "0", '"a,b" '),
    fc.string({ maxLength: 6 }),
  )
  .map(([n, unit, tail]) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n) + tail);

const short: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("Spend", "spend", "", " ", "=SUM(A1)", "Column1", "00123", "TRUE", "#N/A", "Day"),
  fc.string({ maxLength: 30 }),
);

const text: fc.Arbitrary<string> = fc.oneof({ weight: 1, arbitrary: long }, { weight: 3, arbitrary: short });

/**
 * 1–6 headers, long and short, with repeats: the same text, the same text in another case, and two
 * long texts equal over their first 32,767 characters.
 */
const headers: fc.Arbitrary<string[]> = fc
  .tuple(
    fc.array(text, { minLength: 1, maxLength: 6 }),
    fc.constantFrom("none", "none", "none", "same", "case", "tail"),
  )
  .map(([hs, repeat]) => {
    const first = hs[0];
    if (repeat === "same") return [...hs, first];
    if (repeat === "case") return [...hs, first.toUpperCase()];
    if (repeat === "tail") return [...hs, `${first.padEnd(40_000, "y")}1`, `${first.padEnd(40_000, "y")}2`];
    return hs;
  });

const tally = { cases: 0, throws: 0, tables: 0, cutHeaders: 0 };
const failures: string[] = [];
afterAll(() => {
  console.log(
    `long headers: ${tally.cases} cases, ${tally.throws} threw; ${tally.tables} tables checked, ` +
      `${tally.cutHeaders} headers cut with the marker`,
  );
});

/** Runs `write` on a fresh workbook; counts a throw; checks every table's header row. */
async function check(write: (wb: InMemoryWorkbook) => Promise<unknown>): Promise<void> {
  const wb = new InMemoryWorkbook({ sheets: ["Sheet1"] });
  tally.cases++;
  try {
    await write(wb);
  } catch (e) {
    tally.throws++;
    if (failures.length < 5) failures.push(e instanceof Error ? e.message.slice(0, 300) : String(e));
    throw e;
  }
  for (const t of wb.host.tables()) {
    tally.tables++;
    const names = Array.from(
      { length: t.rect.cols },
      (_, c) => wb.host.cell(t.sheet, t.rect.row, t.rect.col + c).value,
    );
    const bad = names.filter((n) => typeof n !== "string" || n.length === 0 || n.length > MAX_CELL_CHARS);
    const unique = new Set(names.map((n) => String(n).toLowerCase())).size === names.length;
    if (bad.length || !unique)
      expect({ table: t.name, bad, unique }).toEqual({ table: t.name, bad: [], unique: true });
    tally.cutHeaders += names.filter((n) => String(n).endsWith(TRUNCATION_MARKER)).length;
  }
}

const run = (numRuns: number) => ({ numRuns: propertyRuns(numRuns), endOnFailure: true });
afterEach(() => {
  const seen = failures.splice(0);
  expect(seen).toEqual([]);
});

/** An impressions CSV asked for with `fields`, each renamed by `fieldMapping` to a header of the case. */
function renamedReport(names: string[], rows: number) {
  const fields = names.map((_, i) => (i === 0 ? "Day" : `Custom ${i}`));
  const params = { fields, fieldMapping: Object.fromEntries(fields.map((f, i) => [f, names[i]])) };
  const data = Array.from({ length: rows }, (_, r) => fields.map((_, c) => (c === 0 ? "2026-01-02" : r * c)));
  const csv = `${Papa.unparse({ fields: names, data }, { newline: "\r\n" })}\r\n`;
  return reportTable("impressions", params, { text: csv, lengthProven: false });
}

test("report sheets from CSVs with long renamed columns, created and refreshed", async () => {
  await fc.assert(
    fc.asyncProperty(
      headers,
      headers,
      fc.integer({ min: 0, max: 4 }),
      fc.integer({ min: 0, max: 4 }),
      async (a, b, n1, n2) => {
        // One column named "" is a file of empty lines: the reader refuses it before any writer runs.
        fc.pre([a, b].every((h) => h.length > 1 || h[0] !== ""));
        await check(async (wb) => {
          const first = renamedReport(a, n1);
          first.summary = [
            ["Report", a[0]],
            ["Advertiser", b[0]],
          ];
          const def = await createReportSheet(
            wb.excel,
            { kind: "impressions", params: {}, label: a[0] },
            { type: "table", table: first },
          );
          await refreshReport(wb.excel, def.sheetName, async () => ({
            type: "table",
            table: renamedReport(b, n2),
          }));
        });
      },
    ),
    run(3000),
  );
}, 900_000);

function longShow(t: string[]): ShowInfo {
  const at = (i: number) => t[i % t.length];
  return {
    serviceSeriesId: 77,
    title: at(0),
    platform: at(1),
    topAdvertisers: [at(2)],
    similarShows: [{ seriesId: 2, title: at(3), contentSimilarity: 0.5 }],
    contentRisk: { overallScore: "low", scoreByCategory: { [at(4)]: at(5) } },
    episodes: [
      {
        title: at(6),
        serviceEpisodeId: 1,
        description: at(7),
        uploadedAt: "2026-01-02T00:00:00Z",
        userAgents: [{ [at(8)]: 5 }],
        ads: [{ adId: 1, advertiser: at(9), startTs: 1, endTs: 2, placementUnit: at(10) }],
      },
    ],
  } as ShowInfo;
}

test("show sheets with long titles, labels and keys, created and refreshed", async () => {
  await fc.assert(
    fc.asyncProperty(headers, headers, async (a, b) => {
      await check(async (wb) => {
        const def = await createReportSheet(
          wb.excel,
          { kind: "show", params: { id: "77" }, label: a[0] },
          { type: "show", show: longShow(a) },
        );
        await refreshReport(wb.excel, def.sheetName, async () => ({ type: "show", show: longShow(b) }));
      });
    }),
    run(1000),
  );
}, 900_000);

function longClient(t: string[]): AdsClient {
  const at = (i: number) => t[i % t.length];
  return {
    search: {
      episodes: async () => ({
        data: [{ podcast: { id: at(0), title: at(1), seriesTitle: at(2), seriesId: 1 }, score: 1 }],
      }),
    },
    ads: {
      async *iterate() {
        yield {
          headers: [{ id: at(3), name: at(3) }],
          data: [{ podcast_title: at(4), transcript: at(5), product: at(6), link: at(7) }],
          pagination: { limit: 1, offset: 0, total: 1 },
        };
      },
    },
    incrementality: {
      get: async () => [{ aggregationLevel: at(8), advertiser: at(9), errorReason: at(10), [at(11)]: 1 }],
    },
  } as unknown as AdsClient;
}

test("search, individual ads and incrementality sheets with long text", async () => {
  await fc.assert(
    fc.asyncProperty(
      headers,
      fc.constantFrom("search", "individualAds", "incrementality") as fc.Arbitrary<
        "search" | "individualAds" | "incrementality"
      >,
      async (t, kind) => {
        await check(async (wb) => {
          const table = await fetchSource(longClient(t), kind, {
            advertiser: "A",
            search: "x",
            aggregationLevel: "c",
          });
          await createReportSheet(wb.excel, { kind, params: {}, label: t[0] }, { type: "table", table });
        });
      },
    ),
    run(1500),
  );
}, 900_000);

test("agent CSV, TSV, JSON and TXT files with long headers and keys", async () => {
  const tsv = (h: string[]) => h.map((x) => x.replace(/[\t\r\n]/g, " "));
  const files: [string, (h: string[]) => string][] = [
    [
      "csv",
      (h) => `${Papa.unparse({ fields: h, data: [h.map((_, i) => String(i))] }, { newline: "\r\n" })}\r\n`,
    ],
    ["tsv", (h) => `${tsv(h).join("\t")}\n${h.map((_, i) => String(i)).join("\t")}\n`],
    [
      "json",
      (h) => JSON.stringify([Object.fromEntries(h.map((x, i) => [x, i])), { nested: { [h[0]]: h[0] } }]),
    ],
    ["txt", (h) => `${h.join("\n")}\n`],
  ];
  await fc.assert(
    fc.asyncProperty(headers, fc.integer({ min: 0, max: 3 }), async (h, which) => {
      const [fileType, content] = files[which];
      await check(async (wb) => {
        await openAgentFile(
          { fileName: `${h[0].slice(0, 200)}.${fileType}`, fileType },
          {
            ...workbookFileTargets(wb.excel),
            download: async () => new TextEncoder().encode(content(h)),
            saveAs: () => undefined,
          },
        );
      });
    }),
    run(3000),
  );
}, 900_000);

test("campaign-plan marks and outcomes with long reasons and messages, and the pane's inserts", async () => {
  await fc.assert(
    fc.asyncProperty(headers, async (t) => {
      const at = (i: number) => t[i % t.length];
      await check(async (wb) => {
        const plan = await insertCampaignPlan(wb.excel, 2);
        const read = await readCampaignPlan(wb.excel);
        await markValidation(wb.excel, read, [
          { row: 0, column: PLAN_HEADERS[0], reason: at(0) },
          { row: 1, column: at(1), reason: at(2) },
        ]);
        await writeCampaignOutcome(wb.excel, read, {
          kind: "failed",
          rows: [0],
          message: at(3),
          uncertain: true,
          at: new Date(),
        });
        await writeCampaignOutcome(wb.excel, read, {
          kind: "created",
          rows: [1],
          flights: [{ row: 1, id: at(4), externalId: at(5) }],
          at: new Date(),
        });
        wb.host.select(plan.sheetName, 10, 0);
        await writeTextAtSelection(wb.excel, [at(6), at(7)]);
      });
    }),
    run(1500),
  );
}, 900_000);
