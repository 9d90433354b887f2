/** The whole report flow, start → poll → CSV → typed table, for each of the seven task endpoints, against the sandbox. */
import { reportHeaderLabel } from "../../src/api/fieldLabels";
import { REPORT_HEADERS } from "../../src/api/reportHeaders";
import { IMPRESSIONS_DEFAULT_FIELDS } from "../../src/api/defaults";
import { BadRequestError, TaskFailedError } from "../../src/api/errors";
import type { ReportKind, ReportParams } from "../../src/api/schemas";
import { fetchSource } from "../../src/runtime/reportSources";
import { startSandbox } from "../../test/support/sandbox";

let s: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  s = await startSandbox();
});
afterAll(() => s.close());

const cases: { [K in ReportKind]: [K, ReportParams[K], string[]] }[ReportKind][] = [
  [
    "impressions",
    { advertiser: ["Acme Mattress"], startDate: "2026-10-01", endDate: "2026-10-07" },
    IMPRESSIONS_DEFAULT_FIELDS,
  ],
  [
    "audience",
    { show: ["1200000001"], startDate: "2026-06-01", endDate: "2026-11-30" },
    // As the sheet shows them: the service's field names in words (reportHeaderLabel).
    REPORT_HEADERS.audience.map(reportHeaderLabel),
  ],
  [
    "lag",
    { advertiser: ["Acme Mattress"], groupKey: "publisher", actions: ["purchase"] },
    ["Action", "Object ID", "Day 1"],
  ],
  ["campaignsPerformance", {}, REPORT_HEADERS.campaignsPerformance.map(reportHeaderLabel)],
  [
    "estimatedSpendByDay",
    { advertisers: ["Acme Mattress"], startDate: "2026-11-01", endDate: "2026-11-03" },
    [...REPORT_HEADERS.estimatedSpendByDay],
  ],
  [
    "estimatedSpendByShowByDay",
    { advertisers: ["Northwind Coffee"], startDate: "2026-11-01", endDate: "2026-11-02" },
    [...REPORT_HEADERS.estimatedSpendByShowByDay],
  ],
  [
    "impressionListeners",
    { episodeId: "240", advertiser: "acme-mattress", week_lb: 4 },
    ["User Id", "Frequency"],
  ],
];

test.each(cases)(
  "%s: start → poll → CSV → typed table with the spec's columns",
  async (kind, params, columns) => {
    const progress: string[] = [];
    const run = await s
      .client()
      .reports.run(kind, params as never, { onProgress: (p) => progress.push(p.status), deadlineMs: 10_000 });
    expect(progress[progress.length - 1]).toBe("done");
    expect(run.table.columns.map((c) => c.name).slice(0, columns.length)).toEqual(columns);
    expect(run.table.rows.length).toBeGreaterThan(0);
    // every catalogued column got its kind, and numbers came back as numbers
    const numeric = run.table.columns.findIndex((c) => c.kind === "integer" || c.kind === "currency");
    if (numeric >= 0) expect(typeof run.table.rows[0][numeric]).toBe("number");
  },
);

test("impressions honours fields order, fieldMapping, formatting and timeGrouping", async () => {
  const run = await s.client().reports.run("impressions", {
    advertiser: ["Acme Mattress"],
    startDate: "2026-10-01",
    endDate: "2026-10-31",
    fields: ["Week", "Campaign", "Spend", "Visitors %"],
    fieldMapping: { Spend: "Cost" },
    timeGrouping: "week",
    formatting: { numberFormatting: true, summary: true, totals: true },
  });
  expect(run.table.columns.map((c) => [c.name, c.kind])).toEqual([
    ["Week", "date"],
    ["Campaign", "text"],
    ["Cost", "currency"],
    ["Visitors %", "percent"],
  ]);
  expect(run.table.columns[2].numberFormat).toBe("$#,##0.00");
  expect(run.table.summary?.[0]).toEqual(["Report", "Impressions"]);
  expect(run.table.totals?.[0]).toBe("Total");
  const weeks = new Set(run.table.rows.map((r) => r[0]));
  expect(weeks.size).toBe(5);
  expect((await s.client().tasks.download(run.task.url)).text).toContain("$");
});

test("an unknown field is 'Invalid data'; a report name starting FAIL makes the task fail", async () => {
  await expect(s.client().reports.impressions({ fields: ["Nonsense Column"] })).rejects.toBeInstanceOf(
    BadRequestError,
  );
  await expect(
    s.client().reports.run("campaignsPerformance", { name: "FAIL please", startDate: "2026-02-01" }),
  ).rejects.toBeInstanceOf(TaskFailedError);
});

test("the same request within the cache period reuses the report and ignores a new name", async () => {
  const c = s.client();
  const a = await c.reports.audience({ show: ["1200000002"], name: "first" });
  const b = await c.reports.audience({ show: ["1200000002"], name: "second" });
  const other = await c.reports.audience({ show: ["1200000003"], name: "first" });
  expect(b.id).toBe(a.id);
  expect(other.id).not.toBe(a.id);
});

test("a run says when the service reused a cached report made under another name (the name was ignored)", async () => {
  const c = s.client();
  const body = { show: ["1200000004"], startDate: "2026-10-01", endDate: "2026-10-31" };
  expect((await c.reports.run("audience", { ...body, name: "Q4 shortlist" })).reusedName).toBeUndefined();
  expect((await c.reports.run("audience", { ...body, name: "Q4 shortlist" })).reusedName).toBeUndefined();
  expect((await c.reports.run("audience", { ...body, name: "Renamed" })).reusedName).toBe("Q4 shortlist");
  expect((await c.reports.run("audience", body)).reusedName).toBe("Q4 shortlist");
  // The same request through the source layer the pane uses: the note carries both names.
  const notes: string[] = [];
  await fetchSource(c, "audience", { ...body, name: "Again" }, { onNote: (n) => notes.push(n) });
  expect(notes).toEqual([
    'The service reused an identical cached report made as "Q4 shortlist", so the name "Again" was ignored; to apply a new name, change the request or wait for the cache to expire.',
  ]);
});

test("the status poll needs no key and is not counted", async () => {
  const before = s.sandbox.requests("demo-pro");
  const task = await s.client().reports.campaignsPerformance({ startDate: "2026-01-01" });
  const res = await fetch(`${s.url}/api/public/file-processor/status/${task.id}`);
  expect(res.status).toBe(200);
  await s.client().tasks.waitUntilDone(task.id);
  expect(s.sandbox.requests("demo-pro")).toBe(before + 1);
});

test("the 'Unexpected error' answer is rendered readably", async () => {
  await expect(s.client().reports.audience({ name: "UNEXPECTED" })).rejects.toThrow(
    "error: Unexpected error; detail: report engine unavailable",
  );
});
