/**
 * Truncation sweep: every byte cut of small CSVs from the sandbox's own generator, for all seven
 * report kinds, through the client's download path (Tasks.download over an injected fetch, then
 * reportTable, exactly as reports.run does). Three transports:
 *
 * - served: the body cut in transit, Content-Length of the whole file sent (what the sandbox and
 *   any file host with Content-Length send): every cut refused, every whole file accepted.
 * - chunked: no Content-Length, the file ending with its line end (as the sandbox must write it,
 *   see docs/report-sheets.md): every cut refused except a cut exactly after a record's line end,
 *   which leaves a shorter file that is whole in every way a reader can see.
 * - stored cut: the file itself cut and served with its own length (the sandbox's truncate fault):
 *   accepted cuts lose at most whole records at the end and part of the last field of the last one.
 *
 * The figures are printed; docs/report-sheets.md says what cannot be proven.
 */
import Papa from "papaparse";
import { generateReportCsv, World } from "../../sandbox/index";
import { AdsClient } from "../../src/api/client";
import { reportTable } from "../../src/api/resources/reports";
import type { ReportKind, ReportParams } from "../../src/api/schemas";
import type { TypedTable } from "../../src/api/table";

type Case = { [K in ReportKind]: [K, ReportParams[K], number?] }[ReportKind];

const NOW = Date.UTC(2026, 10, 22);
const acme = ["Acme Mattress"];
const world = new World(1);
/** A real episode, so the listeners report has one to describe. */
const episodeId = String(world.episodes(world.shows[1]!)[0]!.serviceEpisodeId);
/** [kind, params, records kept (header + n data records) when the generator writes more]. */
const CASES: Case[] = [
  [
    "impressions",
    {
      advertiser: acme,
      startDate: "2026-10-01",
      endDate: "2026-10-02",
      fields: ["Day", "Campaign", "Spend", "Trial Starts"],
      fieldMapping: { Spend: "Cost" },
    },
  ],
  [
    "impressions",
    {
      advertiser: acme,
      timeGrouping: "all",
      startDate: "2026-10-01",
      endDate: "2026-10-01",
      formatting: { summary: true, totals: true, numberFormatting: true },
    },
  ],
  [
    "impressions",
    { advertiser: acme, startDate: "2026-10-01", endDate: "2026-10-01", geoGrouping: "country" },
    3,
  ],
  ["audience", { show: ["1200000001"], startDate: "2026-10-01", endDate: "2026-10-20" }],
  // Show 1200000004 has a title with quotes, a comma and a newline.
  ["audience", { show: ["1200000004"], startDate: "2026-01-01", endDate: "2026-11-30" }, 3],
  ["lag", { advertiser: acme, groupKey: "mediaType", actions: ["purchase"], attributionWindow: 3 }],
  ["lag", { advertiser: acme, groupKey: "publisher", actions: ["signup"] }, 2],
  ["campaignsPerformance", {}, 2],
  ["estimatedSpendByDay", { advertisers: acme, startDate: "2026-11-01", endDate: "2026-11-02" }],
  ["estimatedSpendByShowByDay", { advertisers: acme, startDate: "2026-11-01", endDate: "2026-11-01" }],
  ["impressionListeners", { episodeId }, 20],
];

/** Offsets just after each record's line end (outside quotes). */
function recordEnds(csv: string): number[] {
  const ends: number[] = [];
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    if (csv[i] === '"') quoted = !quoted;
    else if (!quoted && csv[i] === "\n") ends.push(i + 1);
  }
  return ends;
}

const encoder = new TextEncoder();

/** The generator's CSV (header and at most `keep` records) as the sandbox writes it: CRLF after every line. */
function sample([kind, params, keep]: Case): string {
  const raw = generateReportCsv(world, kind, params as Record<string, unknown>, NOW);
  if (keep === undefined) return raw;
  const ends = recordEnds(raw);
  return raw.slice(0, ends[Math.min(keep, ends.length - 1)]);
}

/** The client, its fetch answering the download with `body` and `headers`. */
function downloader() {
  let answer: { body: Uint8Array; headers: Record<string, string> } = { body: new Uint8Array(), headers: {} };
  const client = new AdsClient({
    baseUrl: "https://api.example.com",
    apiKey: "k",
    maxRetries: 0,
    fetch: async () => new Response(new Uint8Array(answer.body), { status: 200, headers: answer.headers }),
  });
  return async (kind: ReportKind, params: unknown, body: Uint8Array, headers: Record<string, string>) => {
    answer = { body, headers };
    const download = await client.tasks.download("https://api.example.com/files/r.csv");
    return reportTable(kind, params as never, download);
  };
}

const tally = { files: 0, cuts: 0, served: 0, chunked: 0, chunkedAtRecordEnd: 0, stored: 0 };
afterAll(() => {
  console.log(
    `truncation sweep: ${tally.files} files, ${tally.cuts} cut positions per transport; accepted cuts: ` +
      `served with Content-Length ${tally.served}, chunked ${tally.chunked} (all at record ends: ` +
      `${tally.chunkedAtRecordEnd}), stored cut ${tally.stored}; whole files refused: 0`,
  );
});

const raw = (text: string): string[][] =>
  Papa.parse<string[]>(text, { delimiter: ",", newline: "\r\n", skipEmptyLines: true }).data;

/**
 * Every transport's answer to the download cut at `cut` bytes, held to the rules above; the table
 * the stored cut gave, when it was accepted.
 */
async function expectCut(
  read: ReturnType<typeof downloader>,
  c: { kind: ReportKind; params: unknown; bytes: Uint8Array; ends: Set<number>; wholeRecords: string[][] },
  cut: number,
): Promise<TypedTable | null> {
  const { kind, params, bytes, ends, wholeRecords } = c;
  const part = bytes.subarray(0, cut);
  tally.cuts++;
  const served = await read(kind, params, part, { "content-length": String(bytes.length) }).then(
    () => true,
    () => false,
  );
  if (served) tally.served++;
  expect({ cut, served }).toEqual({ cut, served: false });

  const chunked = await read(kind, params, part, {}).then(
    () => true,
    () => false,
  );
  if (chunked) {
    tally.chunked++;
    if (ends.has(cut)) tally.chunkedAtRecordEnd++;
    expect({ cut, atRecordEnd: ends.has(cut) }).toEqual({ cut, atRecordEnd: true });
  }

  const stored = await read(kind, params, part, { "content-length": String(cut) }).catch(() => null);
  if (stored) {
    tally.stored++;
    // What was accepted is the whole file's records, but for the end of the last field of the last.
    const got = raw(new TextDecoder().decode(part));
    const last = got.length - 1;
    expect(got.slice(0, last)).toEqual(wholeRecords.slice(0, last));
    expect(got[last].slice(0, -1)).toEqual(wholeRecords[last].slice(0, -1));
    expect(
      wholeRecords[last][wholeRecords[last].length - 1].startsWith(got[last][got[last].length - 1]),
    ).toBe(true);
  }
  return stored;
}

/** The whole file read with and without its Content-Length, and what each cut is checked against. */
async function sweepTarget(read: ReturnType<typeof downloader>, c: Case, csv: string) {
  const [kind, params] = c;
  const bytes = encoder.encode(csv);
  const whole: TypedTable = await read(kind, params, bytes, { "content-length": String(bytes.length) });
  expect(await read(kind, params, bytes, {})).toEqual(whole);
  tally.files++;
  const ends = new Set(recordEnds(csv).map((e) => encoder.encode(csv.slice(0, e)).length));
  return { kind, params, bytes, ends, wholeRecords: raw(csv), whole };
}

test.each(CASES.map((c, i) => [i + 1, c[0], c] as const))(
  "file %i (%s): every cut is refused unless nothing a reader can see is missing",
  async (_n, _kind, c) => {
    const read = downloader();
    const target = await sweepTarget(read, c, sample(c));
    for (let cut = 0; cut < target.bytes.length; cut++) await expectCut(read, target, cut);
  },
  120_000,
);

test("a download long enough for the field scan: cuts in its body and every cut in its last records", async () => {
  // 4,000 records: once the kinds are decided on the first 1,100 lines, the reader scans the text
  // itself from the next 64 KiB chunk on (about record 2,100 here; src/api/csv/fieldScan.ts); a cut
  // must be refused or accepted exactly as before, and an accepted one keep the same rows.
  const c: Case = [
    "impressions",
    {
      advertiser: ["Acme Mattress", "Northwind Coffee", "Globex Travel", "Initech Software"],
      startDate: "2026-01-01",
      endDate: "2026-11-08",
      fields: ["Day", "Campaign", "Show", "Spend"],
    },
    4000,
  ];
  const read = downloader();
  const csv = sample(c);
  expect(recordEnds(csv).length).toBe(4001);
  const target = await sweepTarget(read, c, csv);
  expect(target.whole.rows).toHaveLength(4000);
  const n = target.bytes.length;
  // Every byte of the last 600, and every 199th byte of the scanned body before them.
  const scanned = encoder.encode(csv.slice(0, recordEnds(csv)[2200])).length;
  const cuts = [
    ...Array.from({ length: Math.ceil((n - 600 - scanned) / 199) }, (_, i) => scanned + i * 199),
    ...Array.from({ length: 600 }, (_, i) => n - 600 + i),
  ];
  for (const cut of cuts) {
    const stored = await expectCut(read, target, cut);
    // An accepted cut keeps every row before its last as the whole file's (the scan's held row too).
    if (stored) {
      const rows = stored.rows.length;
      expect(rows).toBe(raw(new TextDecoder().decode(target.bytes.subarray(0, cut))).length - 1);
      expect(stored.rows.slice(0, -1)).toEqual(target.whole.rows.slice(0, rows - 1));
    }
  }
}, 120_000);
