/**
 * Add to plan, through the genuine office.js client: the selected prospects become campaign plan rows
 * (show id, name, advertiser) found by the plan's headers; the plan's own validation finds nothing
 * wrong in what was written, and accepts the rows once their flights are typed.
 */
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import { startSandbox } from "../../test/support/sandbox";
import { daiFlight, planColumn } from "../../test/support/planRows";
import { fetchSheetData } from "../runtime/reportSources";
import { checkPlan } from "../writebacks/planValidate";
import { campaignPlanIO, insertCampaignPlan, readCampaignPlan } from "./campaignPlan";
import { createProspectsSheet } from "./prospectsSheet";
import { addProspectsToPlan, selectedProspects, SERVICE_SHOW_ID } from "./prospectsToPlan";
import { PROSPECT_COLUMNS, SERVICE_ID_STORED } from "../reports/prospects";
import { validatePlan } from "../writebacks/planActions";

let s: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  s = await startSandbox();
});
afterAll(() => s.close());

const PARAMS = { advertisers: ["Acme Mattress"], seeds: ["1200000003"], count: 6 };
const HEADER = 21;
/** Where the fetched table holds the service's show id and the Marked column. */
const SERVICE_ID_AT = PROSPECT_COLUMNS.findIndex(([n]) => n === SERVICE_ID_STORED);
const MARKED_AT = PROSPECT_COLUMNS.findIndex(([n]) => n === "Marked");

async function prospectsSheet() {
  const wb = new InMemoryWorkbook({ sheets: ["Notes"] });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  const data = await fetchSheetData(s.client(), { kind: "prospects", params: PARAMS });
  if (data.type !== "table") throw new Error("a table was expected");
  const def = await createProspectsSheet(
    wb.excel,
    { kind: "prospects", params: PARAMS, label: "Prospects" },
    data,
  );
  return { wb, def, rows: data.table.rows };
}

/** The plan's "Service show id" column (0-based), the last of its header row. */
function referenceColumn(wb: InMemoryWorkbook, sheet: string): number {
  const c = Array.from({ length: 80 }, (_, i) => wb.host.cell(sheet, 0, i).value).indexOf(SERVICE_SHOW_ID);
  expect(c).toBeGreaterThan(0);
  return c;
}

/** Types a flight's cells and its publisher (not its name or advertiser) into plan row `row` (0-based sheet row). */
function typeFlight(wb: InMemoryWorkbook, sheet: string, row: number) {
  const { name: _n, advertiser: _a, ...flight } = daiFlight("x");
  for (const [header, text] of Object.entries(flight))
    wb.host.setInput(sheet, row, planColumn(header), text ?? "");
}

test("three selected prospects become plan rows with nothing retyped; the plan's validation accepts them", async () => {
  const { wb, def, rows } = await prospectsSheet();
  wb.host.select(def.sheetName, HEADER + 2, 3, 3, 1);
  const { prospects: chosen, sheetName } = await selectedProspects(wb.excel);
  expect(sheetName).toBe(def.sheetName);
  expect(chosen.map((p) => p.showId)).toEqual(rows.slice(1, 4).map((r) => String(r[SERVICE_ID_AT])));
  const added = await addProspectsToPlan(wb.excel, chosen, "Acme Mattress");
  expect(added.rows).toEqual([2, 3, 4]);
  const plan = await readCampaignPlan(wb.excel);
  const col = (h: string) => plan.sheet.headers.indexOf(h);
  // No directory id is known for a similar show: "iTunes or YouTube id" stays blank (the seed's row,
  // if among them, has the directory id typed), the service's show id goes into the plan's own
  // reference column (never sent).
  expect(plan.sheet.rows.map((r) => r[col("itunesOrYtId")] ?? "")).toEqual(
    chosen.map((p) => p.directoryId ?? ""),
  );
  const ref = referenceColumn(wb, plan.sheetName);
  expect(added.rows.map((r) => wb.host.cell(plan.sheetName, r - 1, ref).value)).toEqual(
    chosen.map((p) => p.showId),
  );
  expect(plan.sheet.rows.map((r) => r[col("advertiser")])).toEqual([
    "Acme Mattress",
    "Acme Mattress",
    "Acme Mattress",
  ]);
  expect(plan.sheet.rows.map((r) => r[col("name")])).toEqual(chosen.map((p) => `Acme Mattress · ${p.title}`));
  // What was written is never a problem; the flight's cells are what is left to type.
  const before = checkPlan(plan.sheet).rows.flatMap((r) => r.errors.map((e) => e.column));
  expect(before.filter((c) => ["name", "advertiser", "itunesOrYtId"].includes(c))).toEqual([]);
  // Without a show id the publisher is required (the spec): the planner types it with the flights
  // (typeFlight types a publisher; the campaign request's schema refuses a campaign with neither).
  for (const r of added.rows) typeFlight(wb, plan.sheetName, r - 1);
  const result = await validatePlan(campaignPlanIO(wb.excel));
  expect(result.problems).toEqual([]);
  expect(result.campaigns).toHaveLength(3);
  expect(result.campaigns.every((c) => !("itunesOrYtId" in c) || !c.itunesOrYtId)).toBe(true);
});

test("issue 57: a seed's row goes to the plan with the directory id typed as its show and its service show id beside, each under its own name", async () => {
  const { wb, def, rows } = await prospectsSheet();
  const seedAt = rows.findIndex((r) => String(r[MARKED_AT]).startsWith("Seed"));
  const candidateAt = rows.findIndex((r) => !String(r[MARKED_AT]).startsWith("Seed"));
  // The seed's row and a similar show's, selected one after the other (two selections, one each).
  const chosen = [];
  for (const at of [seedAt, candidateAt]) {
    wb.host.select(def.sheetName, HEADER + 1 + at, 0, 1, 1);
    chosen.push(...(await selectedProspects(wb.excel)).prospects);
  }
  expect(chosen.map((p) => p.directoryId)).toEqual(["1200000003", undefined]);
  expect(chosen.map((p) => p.showId)).toEqual(
    [seedAt, candidateAt].map((i) => String(rows[i][SERVICE_ID_AT])),
  );
  expect(chosen[0].showId).not.toBe("1200000003");
  const added = await addProspectsToPlan(wb.excel, chosen, "Acme Mattress");
  const plan = await readCampaignPlan(wb.excel);
  const col = (h: string) => plan.sheet.headers.indexOf(h);
  expect(plan.sheet.rows.map((r) => r[col("itunesOrYtId")] ?? "")).toEqual(["1200000003", ""]);
  const ref = referenceColumn(wb, plan.sheetName);
  expect(added.rows.map((r) => wb.host.cell(plan.sheetName, r - 1, ref).value)).toEqual(
    chosen.map((p) => p.showId),
  );
  // The directory id is a campaign's show: the seed's row is valid without a publisher.
  const { name: _n, advertiser: _a, publisher: _p, ...flight } = daiFlight("x");
  for (const r of added.rows)
    for (const [header, text] of Object.entries(flight))
      wb.host.setInput(plan.sheetName, r - 1, planColumn(header), text ?? "");
  const checked = checkPlan((await readCampaignPlan(wb.excel)).sheet, "2026-11-01").rows;
  expect(checked[0].errors).toEqual([]);
  expect(checked[0].campaign?.itunesOrYtId).toBe("1200000003");
  // The similar show has no show id: its publisher is still the planner's to type.
  expect(checked[1].errors.map((e) => e.column)).toContain("publisher");
});

test("an existing plan grows by the rows, found by its headers", async () => {
  const { wb, def } = await prospectsSheet();
  await insertCampaignPlan(wb.excel, 1);
  const plan0 = await readCampaignPlan(wb.excel);
  wb.host.setInput(plan0.sheetName, 1, planColumn("name"), "Existing flight");
  wb.host.select(def.sheetName, HEADER + 1, 0, 2, 1);
  const { prospects: chosen } = await selectedProspects(wb.excel);
  const added = await addProspectsToPlan(wb.excel, chosen, "Acme Mattress");
  expect(added.rows).toEqual([3, 4]);
  const plan = await readCampaignPlan(wb.excel);
  expect(plan.sheet.rows).toHaveLength(3);
  expect(plan.sheet.rows[0][plan.sheet.headers.indexOf("name")]).toBe("Existing flight");
  expect(wb.host.cell(plan.sheetName, 3, referenceColumn(wb, plan.sheetName)).value).toBe(chosen[1].showId);
});

test("a title that looks like a formula lands as text", async () => {
  const wb = new InMemoryWorkbook({ sheets: ["Notes"] });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  await addProspectsToPlan(
    wb.excel,
    [{ showId: "1200000004", title: "=SUM(A1:A9) and other tricks" }],
    "Acme Mattress",
  );
  const plan = await readCampaignPlan(wb.excel);
  expect(plan.sheet.rows[0][plan.sheet.headers.indexOf("name")]).toBe(
    "Acme Mattress · =SUM(A1:A9) and other tricks",
  );
  await expect(addProspectsToPlan(wb.excel, [], "Acme Mattress")).rejects.toThrow(/Select one or more/);
});
