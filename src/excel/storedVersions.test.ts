/**
 * Every stored format carries a version: earlier ones (as the add-in's own earlier code wrote them,
 * test/fixtures/stored) are read into today's, and a later one is never overwritten.
 */
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import { listStoredFixtures, openStoredFixture, readStoredFixture } from "../../test/support/storedFixtures";
import type { TypedTable } from "../api/table";
import { readStoredDefinition } from "../reports/definitionVersions";
import { holdOf, readHold } from "../writebacks/planHolds";
import type { CampaignGroup } from "../writebacks/planGroup";
import { writeDashboard } from "./dashboardSheet";
import { blockAsWritten } from "./charts/summaryBlock";
import { listReportSets, previewReportSet, runReportSet } from "./reportSets";
import {
  createReportSheet,
  listDefinitions,
  refreshReport,
  setReportChart,
  type SheetFetcher,
} from "./reportSheets";
import { saveDefinition } from "./store/reportRecords";

/** The shape each fixture's spend-by-day sheet is read as (the fixture's README: the commit that wrote it). */
const SPEND_SHAPE: Record<string, string> = {
  "report-first": "1.1",
  "report-columns": "1.2",
  "report-chart": "1.3",
  "report-statusline": "1.4",
  "report-columnids": "1.5",
  "report-chartdata-apiwords": "1.6",
  "report-chartdata": "1.6",
  "report-datahash-base36": "1.7",
  "dashboard-sheettables": "1.7",
  "report-datahash": "1.7",
  "report-chartband": "1.8",
  // The last release (d86de03): today's version, from before the store's revisions.
  "report-bound-sets": "current",
};

/** A sheet's stored definition JSON, joined from its AdsReport.* parts. */
function storedJson(properties: readonly [string, string][]): unknown {
  const map = new Map(properties);
  const n = Number(map.get("AdsReport.n"));
  return JSON.parse(Array.from({ length: n }, (_, i) => map.get(`AdsReport.${i}`) ?? "").join(""));
}

test("every fixture of the history is covered, and each shape of version 1 is read as the one it is (the last release's as current)", () => {
  expect(listStoredFixtures().sort()).toEqual(Object.keys(SPEND_SHAPE).sort());
  for (const name of listStoredFixtures()) {
    const sheet = readStoredFixture(name).workbook.sheets.find((s) => s.name.startsWith("Spend by day"))!;
    const read = readStoredDefinition(storedJson(sheet.properties));
    const current = SPEND_SHAPE[name] === "current";
    expect({
      name,
      state: read.state,
      from: read.state === "migrated" ? read.from.split(" ")[0] : "current",
    }).toEqual({
      name,
      state: current ? "current" : "migrated",
      from: SPEND_SHAPE[name],
    });
    if (read.state !== "unreadable" && read.state !== "newer") expect(read.def.version).toBe(2);
  }
});

test("what an earlier shape cannot know is said: columns not recorded, no chart", () => {
  const first = readStoredFixture("report-first").workbook.sheets.find((s) => s.name === "Spend by day")!;
  const read = readStoredDefinition(storedJson(first.properties));
  expect(read.state === "migrated" && read.assumptions.join(" ")).toMatch(/recorded which columns it wrote/);
  expect(read.state === "migrated" && read.def.chart).toEqual({ enabled: false });
  expect(readStoredDefinition({ version: 1, kind: "weather" })).toEqual({ state: "unreadable" });
  expect(readStoredDefinition("nonsense")).toEqual({ state: "unreadable" });
});

const table: TypedTable = {
  columns: [
    { name: "Day", kind: "date" },
    { name: "Campaign", kind: "text" },
    { name: "Spend", kind: "currency" },
  ],
  rows: [
    [45992, "Alpha", 100],
    [45993, "Alpha", 200],
  ],
};

test("a report definition from a newer version is read-only: listed with why, refresh, edit and chart refuse naming it, nothing is overwritten", async () => {
  const wb = new InMemoryWorkbook({ sheets: ["Plan"] });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  const def = await createReportSheet(
    wb.excel,
    { kind: "impressions", params: {}, label: "Spend" },
    { type: "table", table },
  );
  // A later version's definition: a field this version does not know, and version 4 (3 is version 2
  // with parameters bound to cells, which this version reads).
  const later = JSON.stringify({ ...def, version: 4, reportSet: { clients: "Clients!B2:B9" } });
  await wb.excel.run(async (context) => {
    const props = context.workbook.worksheets.getItem("Spend").customProperties;
    props.load("items/key");
    await context.sync();
    for (const p of props.items) if (p.key.startsWith("AdsReport.")) p.delete();
    const parts = later.match(/.{1,250}/g)!;
    parts.forEach((part, i) => props.add(`AdsReport.${i}`, part));
    props.add("AdsReport.n", String(parts.length));
    await context.sync();
  });
  const props = () => JSON.stringify([...wb.host.properties("Spend")]);
  const cells = () =>
    JSON.stringify(
      Array.from({ length: 12 }, (_, r) => [0, 1, 2].map((c) => wb.host.cell("Spend", r, c).value)),
    );
  const before = [props(), cells()];
  const [listed] = await listDefinitions(wb.excel);
  expect(listed.status).toBe("error");
  expect(listed.lastError).toMatch(
    /made by a newer version of the add-in \(its report is stored in format 4/,
  );
  let asked = 0;
  await expect(
    refreshReport(wb.excel, "Spend", async () => {
      asked++;
      return { type: "table", table };
    }),
  ).rejects.toThrow(/newer version of the add-in.*Nothing on the sheet was changed/);
  expect(asked).toBe(0);
  await expect(setReportChart(wb.excel, "Spend", false)).rejects.toThrow(/newer version/);
  await expect(saveDefinition(wb.excel, { ...listed, params: { advertiser: ["Acme"] } })).rejects.toThrow(
    /newer version/,
  );
  expect([props(), cells()]).toEqual(before);
});

test("a Dashboard marked by a newer version is never cleared or made again", async () => {
  const wb = openStoredFixture("report-chartband");
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  await wb.excel.run(async (context) => {
    context.workbook.worksheets.getItem("Dashboard").customProperties.add("AdsDashboard", "v3:1");
    await context.sync();
  });
  const figures = () =>
    JSON.stringify(
      Array.from({ length: 20 }, (_, r) =>
        [0, 1, 2].map(
          (c) => wb.host.cell("Dashboard", r, c).formula ?? wb.host.cell("Dashboard", r, c).value,
        ),
      ),
    );
  const before = figures();
  await expect(writeDashboard(wb.excel, ["Spend by day, last 7 days"])).rejects.toThrow(
    /made by a newer version.*Nothing was changed/,
  );
  expect(figures()).toBe(before);
});

test("a campaign hold from a newer version (or damaged) stops every campaign of the plan until released", () => {
  const newer = readHold("0123456789abcdef", {
    version: 3,
    name: "Spring",
    advertiser: "Acme",
    flights: [1],
  });
  const damaged = readHold("fedcba9876543210", null);
  const group = { body: { name: "Winter", advertiser: "Globex" }, rows: [3] } as unknown as CampaignGroup;
  expect(holdOf([newer], group)?.unreadable).toMatch(/newer version of the add-in \(hold format 3\)/);
  expect(holdOf([damaged], group)?.unreadable).toMatch(/could not be read/);
  // Today's and version 1's holds read as they are.
  const v1 = {
    id: "0123456789abcdef",
    name: "Spring",
    advertiser: "Acme",
    rows: [5],
    sentAt: "2026-11-23T10:00:00.000Z",
  };
  expect(readHold(v1.id, v1)).toEqual(v1);
  expect(holdOf([readHold(v1.id, v1)], group)).toBeUndefined();
});

test("a block of sums fingerprinted in base 36 (2026-11-26 to 27) is still known as the add-in's own", () => {
  const rows = [["Chart data"], ["Day", "Host"], [45992, 100]];
  // As dad2b1d's blockFingerprint wrote it.
  const text = JSON.stringify(rows);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  const old = `${text.length.toString(36)}-${h.toString(36)}`;
  expect(blockAsWritten(rows, old)).toBe(true);
  expect(blockAsWritten([["Chart data"], ["Day", "Host"], [45992, 101]], old)).toBe(false);
});

test("the last release's workbook (d86de03, before revisions): its set spends only what changed and gets revision 1, its bound report refreshes from its cells, its Dashboard gets its revision when made again, the planner's cells stay", async () => {
  const fixture = readStoredFixture("report-bound-sets");
  const clock = new Date(fixture.clock);
  const wb = openStoredFixture("report-bound-sets");
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  const asked: Record<string, unknown>[] = [];
  const fetch: SheetFetcher = async (source) => {
    asked.push(source.params);
    const advertiser = String((source.params.advertisers as string[] | undefined)?.[0]);
    return {
      type: "table",
      table: {
        columns: [
          { name: "Day", kind: "date" },
          { name: "Advertiser", kind: "text" },
          { name: "Estimated Spend", kind: "currency" },
        ],
        rows: [[46340, advertiser, 12.5]],
      },
    };
  };
  const inputs = () => [0, 1, 2, 5, 6].map((r) => wb.host.cell("Sheet1", r, r < 5 ? 1 : 0).value);
  // The set as that release stored and ran it: no revision; nothing changed since, nothing to spend.
  const [listed] = await listReportSets(wb.excel);
  if (listed.state !== "current") throw new Error(`the set read as ${listed.state}`);
  expect([listed.set.revision, listed.set.members.map((m) => m.value)]).toEqual([
    undefined,
    ["Acme Mattress", "Northwind Coffee"],
  ]);
  expect((await previewReportSet(wb.excel, listed.set.id, clock)).plan.requests).toBe(0);
  // One client changed: one request, for it alone; the set is written with revision 1.
  wb.host.setInput("Sheet1", 6, 0, "Initech Software");
  const { plan } = await previewReportSet(wb.excel, listed.set.id, clock);
  expect(plan.requests).toBe(1);
  const run = await runReportSet(wb.excel, listed.set.id, fetch, { confirmed: 1, now: () => clock });
  expect(run.sheets.map((s) => [s.sheetName, s.done])).toEqual([["Initech Software · Spend by day", "made"]]);
  expect(asked.map((p) => p.advertisers)).toEqual([["Initech Software"]]);
  const [after] = await listReportSets(wb.excel);
  expect(after.state === "current" && after.set.revision).toBe(1);
  // The report bound to Sheet1!B1:B3 asks with the cells' values, keeps its bindings, gets a revision.
  wb.host.setInput("Sheet1", 2, 1, "Northwind Coffee");
  await refreshReport(wb.excel, "Spend by day, Nov", fetch, { now: () => clock });
  expect(asked.at(-1)).toEqual({
    advertisers: ["Northwind Coffee"],
    startDate: "2026-11-08",
    endDate: "2026-11-18",
  });
  const bound = (await listDefinitions(wb.excel)).find((d) => d.sheetName === "Spend by day, Nov")!;
  expect(bound.bindings?.map((b) => `${b.param} ${b.address}`)).toEqual([
    "startDate Sheet1!B1",
    "endDate Sheet1!B2",
    "advertisers Sheet1!B3",
  ]);
  expect(bound.revision).toBeGreaterThanOrEqual(1);
  // The Dashboard that release made: made again over its reports, it gains its revision.
  const dashboard = () => wb.model.sheetByName("Dashboard")!.properties;
  expect(dashboard().has("AdsDashboard.rev")).toBe(false);
  await writeDashboard(wb.excel, ["Spend by day, last 7 days", "Spend by day, Nov"]);
  expect(dashboard().get("AdsDashboard.rev")).toBe("1");
  // The planner's inputs: as that release left them, but for the two typed here.
  const dumped = fixture.workbook.sheets.find((s) => s.name === "Sheet1")!.cells;
  const was = (row: number, col: number) => dumped.find((c) => c.row === row && c.col === col)?.value;
  expect(inputs()).toEqual([was(0, 1), was(1, 1), "Northwind Coffee", was(5, 0), "Initech Software"]);
  expect([typeof was(0, 1), was(5, 0)]).toEqual(["number", "Acme Mattress"]);
});
