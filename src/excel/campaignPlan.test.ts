/**
 * Campaign plans against the in-memory workbook: the inserted table, Validate's marks, Create's
 * grouping and write-back, and a failure part-way followed by a re-run that creates nothing twice.
 */
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import { DEFAULT_COLUMN_WIDTH_PT, PX_PER_PT } from "../../preview/memory/geometry";
import { CELL_PADDING_PX, fittedNumber, textWidth } from "../../preview/grid/cellText";
import { BadRequestError, ServerError } from "../api/errors";
import type { CampaignRequest } from "../api/schemas";
import { CAMPAIGN_TYPES, GEOS } from "../api/schemas";
import { PLAN_COLUMNS, PLAN_HEADERS, PLAN_LABELS, planLabel } from "../writebacks/planColumns";
import { serviceWordsIn } from "../../test/support/serviceWords";
import { createCampaigns, validatePlan } from "../writebacks/planActions";
import type { CreatedCampaigns } from "../writebacks/planSend";
import {
  BAD_CELL_BORDER,
  BAD_CELL_FILL,
  campaignPlanIO,
  insertCampaignPlan,
  markValidation,
  readCampaignPlan,
  RUNS_PER_SYNC,
} from "./campaignPlan";
import { PAYLOAD_LIMIT_BYTES } from "../api/excelLimits";
import { daiFlight, planColumn, typePlanRows, type PlanInput } from "../../test/support/planRows";

type Row = PlanInput;

function setup() {
  const wb = new InMemoryWorkbook();
  // src/excel reads enums from the global Excel namespace, as it does inside Office.
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  return wb;
}

const col = planColumn;
/**
 * The day the plan's checks take as today: fixed, so the flights below (December 2026, March 2026)
 * are judged the same whenever the tests run (a flight before it warns as already run).
 */
const CLOCK = { today: "2026-11-15" };
const typeRows = typePlanRows;

function value(wb: InMemoryWorkbook, sheet: string, row: number, header: string) {
  return wb.host.cell(sheet, 1 + row, col(header));
}

const dai = (name: string, over: Row = {}): Row => ({ ...daiFlight(name), tags: "q4, audio", ...over });

const bakedIn = (name: string): Row => ({
  name,
  advertiser: "Acme Mattress",
  itunesOrYtId: "1200000001",
  type: "Baked-in",
  expectedDate: "2026-12-15",
  totalCost: "1500",
  currency: "USD",
});

const refusal = new BadRequestError("Invalid data", "POST /api/public/campaign", 400);

/** A create() that answers like the service: one {id, externalId} per flight, in order. */
function fakeService(
  failWhen: (body: CampaignRequest) => boolean = () => false,
  failure: Error = new ServerError("Service error (500): Internal error", "POST /api/public/campaign", 500),
) {
  const bodies: CampaignRequest[] = [];
  let n = 0;
  const create = async (body: CampaignRequest): Promise<CreatedCampaigns> => {
    bodies.push(body);
    if (failWhen(body)) throw failure;
    return { campaigns: body.flights.map(() => ({ id: `c-${++n}`, externalId: body.externalId ?? null })) };
  };
  return { bodies, create };
}

test("Insert campaign plan: every request field as a column, drop-down lists where the spec lists values, first cell selected", async () => {
  const wb = setup();
  const at = await insertCampaignPlan(wb.excel);
  expect(at).toEqual({ sheetName: "Campaign plan", tableName: "CampaignPlan", firstRowNumber: 2 });
  expect(wb.host.tables()).toEqual([
    {
      name: "CampaignPlan",
      sheet: "Campaign plan",
      rect: { row: 0, col: 0, rows: 2, cols: PLAN_HEADERS.length },
    },
  ]);
  const headerRow = PLAN_HEADERS.map((_, c) => wb.host.cell("Campaign plan", 0, c).value);
  // Headers in words: the planner's inputs first, the result columns after them (issue 49), in dark text.
  expect(headerRow).toEqual([...PLAN_LABELS]);
  expect(headerRow.slice(0, 3)).toEqual(["Campaign name", "Advertiser", "Publisher"]);
  expect(headerRow.slice(-5)).toEqual([
    "Status",
    "Campaign id",
    "Created external id",
    "Created",
    "Problems",
  ]);
  for (const label of headerRow) expect(serviceWordsIn(String(label))).toEqual([]);
  for (const field of [
    "startDate",
    "endDate",
    "expectedDate",
    "expectedUnits",
    "billToPublisher",
    "creativeIds",
  ])
    expect(headerRow).toContain(planLabel(field));

  const lists = wb.host.validations("Campaign plan");
  const listAt = (header: string) => lists.find((v) => v.rect.col === col(header));
  expect(listAt("type")?.list).toEqual([...CAMPAIGN_TYPES]);
  expect(listAt("type")?.alert?.style).toBe("Stop");
  // The spec lists some geos and media types and says more exist: off-list values only warn.
  expect(listAt("geo")?.list).toEqual([...GEOS]);
  expect(listAt("geo")?.alert?.style).toBe("Warning");
  expect(listAt("currency")).toBeDefined();
  expect(listAt("mediaType")).toBeDefined();
  expect(listAt("billToPublisher")?.list).toEqual(["TRUE", "FALSE"]);
  expect(listAt("name")).toBeUndefined();

  expect(wb.host.cell("Campaign plan", 1, col("startDate")).numberFormat).toBe("yyyy-mm-dd");
  expect(wb.host.cell("Campaign plan", 1, col("name")).numberFormat).toBe("@");
  expect(wb.host.cell("Campaign plan", 0, col("id")).fill).toBeTruthy();
  expect(wb.host.cell("Campaign plan", 0, col("name")).fill).toBeFalsy();
  expect(wb.host.selection()).toEqual({ sheet: "Campaign plan", row: 1, col: 0, rows: 1, cols: 1 });

  // A second plan gets its own sheet and table.
  const again = await insertCampaignPlan(wb.excel);
  expect(again).toMatchObject({ sheetName: "Campaign plan (2)", tableName: "CampaignPlan_2" });
});

test("Insert campaign plan fits each column to its header and values: no header cut, no date shown as ####", async () => {
  const wb = setup();
  await insertCampaignPlan(wb.excel);
  typeRows(wb, "Campaign plan", [dai("Spring", { startDate: "2026-12-01", endDate: "2026-12-10" })]);
  const widths = wb.host.columnWidths("Campaign plan");
  const px = (header: string) => (widths.get(col(header)) ?? DEFAULT_COLUMN_WIDTH_PT) * PX_PER_PT;
  // The header and its filter button (about 16 px) fit, in the grid's own measure.
  expect(PLAN_HEADERS.filter((h) => textWidth(h) + CELL_PADDING_PX + 16 > px(h))).toEqual([]);
  for (const header of ["startDate", "endDate"]) {
    const cell = value(wb, "Campaign plan", 0, header);
    expect(cell.text).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(fittedNumber(cell, px(header))).toBe(cell.text);
  }
  // What Create writes back fits too: a created id (36 characters) and a time.
  expect(px("id")).toBeGreaterThanOrEqual(textWidth("0".repeat(36)) + CELL_PADDING_PX);
  expect(px("createdAt")).toBeGreaterThanOrEqual(textWidth("2026-12-01 10:00:00") + CELL_PADDING_PX);
});

test("typing below the plan adds rows that keep the column formats and lists", async () => {
  const wb = setup();
  await insertCampaignPlan(wb.excel);
  typeRows(wb, "Campaign plan", [dai("Spring"), dai("Spring"), bakedIn("Summer")]);
  expect(wb.host.tables()[0].rect.rows).toBe(4);
  expect(wb.host.cell("Campaign plan", 3, col("startDate")).numberFormat).toBe("yyyy-mm-dd");
  const type = wb.host.validations("Campaign plan").find((v) => v.rect.col === col("type"));
  expect(type?.rect).toMatchObject({ row: 1, rows: 3 });
  const plan = await readCampaignPlan(wb.excel);
  expect(plan.sheet.rows).toHaveLength(3);
  expect(plan.sheet.rows[2][col("type")]).toBe("Baked-in");
});

test("Validate marks each bad cell with its reason, and clears the marks once fixed", async () => {
  const wb = setup();
  await insertCampaignPlan(wb.excel);
  typeRows(wb, "Campaign plan", [
    dai("Spring"),
    dai("Spring", { cpm: "lots", startDate: "" }),
    bakedIn("Summer"),
    { ...bakedIn("Autumn"), expectedDate: "" },
  ]);
  const result = await validatePlan(campaignPlanIO(wb.excel), CLOCK);
  expect(result.rows).toBe(4);
  expect(result.problems.join("\n")).toMatch(/Row 3, CPM: /);
  expect(result.problems.join("\n")).toMatch(/Row 3, Start date: /);
  expect(result.problems.join("\n")).toMatch(/Row 5, Expected air date: /);
  expect(result.problems.some((p) => p.startsWith("Row 2,") || p.startsWith("Row 4,"))).toBe(false);

  expect(value(wb, "Campaign plan", 1, "cpm").fill).toBe(BAD_CELL_FILL);
  expect(value(wb, "Campaign plan", 1, "startDate").fill).toBe(BAD_CELL_FILL);
  expect(value(wb, "Campaign plan", 3, "expectedDate").fill).toBe(BAD_CELL_FILL);
  expect(value(wb, "Campaign plan", 0, "cpm").fill).toBeFalsy();
  expect(String(value(wb, "Campaign plan", 1, "validation").value)).toMatch(
    /^(CPM|Start date): .+; (CPM|Start date): /,
  );
  expect(value(wb, "Campaign plan", 0, "validation").value ?? "").toBe("");
  // Validating changes no input cell.
  expect(value(wb, "Campaign plan", 1, "cpm").value).toBe("lots");

  typeRows(wb, "Campaign plan", [{ cpm: "30", startDate: "2026-12-02" }], 1);
  typeRows(wb, "Campaign plan", [{ expectedDate: "2027-01-05" }], 3);
  const again = await validatePlan(campaignPlanIO(wb.excel), CLOCK);
  expect(again.problems).toEqual([]);
  expect(value(wb, "Campaign plan", 1, "cpm").fill).toBeFalsy();
  expect(value(wb, "Campaign plan", 3, "expectedDate").fill).toBeFalsy();
  expect(value(wb, "Campaign plan", 1, "validation").value ?? "").toBe("");
});

/** A plan cell's four sides as the genuine client loads them (range.format.borders). */
async function sides(wb: InMemoryWorkbook, row: number, header: string) {
  return wb.excel.run(async (context) => {
    const cell = context.workbook.worksheets.getItem("Campaign plan").getCell(1 + row, col(header));
    const edges = (["EdgeTop", "EdgeBottom", "EdgeLeft", "EdgeRight"] as const).map((side) =>
      cell.format.borders.getItem(side).load("style,color,weight"),
    );
    await context.sync();
    return edges.map((e) => (e.style === "None" ? "None" : `${e.style} ${e.weight} ${e.color}`));
  });
}

test("Validate outlines each bad cell (fill and border, in the sync that fills it) and takes the outline away once fixed", async () => {
  const wb = setup();
  await insertCampaignPlan(wb.excel);
  // totalCost and cpm sit side by side: two marked cells share the line between them.
  typeRows(wb, "Campaign plan", [dai("Spring"), dai("Spring", { totalCost: "much", cpm: "lots" })]);
  expect(col("cpm")).toBe(col("totalCost") + 1);
  const line = `${BAD_CELL_BORDER.style} ${BAD_CELL_BORDER.weight} ${BAD_CELL_BORDER.color}`;
  const all = [line, line, line, line];
  const none = ["None", "None", "None", "None"];

  await validatePlan(campaignPlanIO(wb.excel), CLOCK);
  expect(await sides(wb, 1, "totalCost")).toEqual(all);
  expect(await sides(wb, 1, "cpm")).toEqual(all);
  expect(await sides(wb, 0, "cpm")).toEqual(["None", line, "None", "None"]); // the line above a marked cell
  expect(await sides(wb, 1, "currency")).toEqual(["None", "None", line, "None"]);
  expect(value(wb, "Campaign plan", 1, "cpm").borders?.top).toEqual(BAD_CELL_BORDER);

  // Marking costs no sync of its own: the read of the fills, then one write.
  const read = await readCampaignPlan(wb.excel);
  const before = wb.syncLog.length;
  await markValidation(wb.excel, read, [{ row: 1, column: "cpm", reason: "x" }]);
  expect(wb.syncLog.length - before).toBe(2);

  // cpm fixed, totalCost still bad: cpm's outline goes, the line it shares with totalCost stays.
  typeRows(wb, "Campaign plan", [{ totalCost: "much", cpm: "30" }], 1);
  await validatePlan(campaignPlanIO(wb.excel), CLOCK);
  expect(value(wb, "Campaign plan", 1, "cpm").fill).toBeFalsy();
  expect(await sides(wb, 1, "cpm")).toEqual(["None", "None", line, "None"]);
  expect(await sides(wb, 1, "totalCost")).toEqual(all);

  typeRows(wb, "Campaign plan", [{ totalCost: "", cpm: "30" }], 1);
  const fixed = await validatePlan(campaignPlanIO(wb.excel), CLOCK);
  expect(fixed.problems).toEqual([]);
  for (const h of ["totalCost", "cpm", "currency"]) {
    expect(await sides(wb, 1, h)).toEqual(none);
    expect(value(wb, "Campaign plan", 1, h).borders).toBeUndefined();
  }
  expect(await sides(wb, 0, "cpm")).toEqual(none);
});

test("Marks of a plan too scattered for one request are written in as many syncs as they need, each under Excel's 5 MB; a column of marks is one range", async () => {
  const wb = setup();
  await insertCampaignPlan(wb.excel, 1000);
  const plan = await readCampaignPlan(wb.excel);
  // Every other row in four columns: 2,000 runs of one cell, each outlined on four sides (over 6 MB in one request).
  const columns = ["name", "type", "cpm", "geo"];
  const errors = columns.flatMap((column) =>
    Array.from({ length: 500 }, (_, i) => ({ row: 2 * i, column, reason: "x" })),
  );
  const syncs = async (run: () => Promise<void>) => {
    const before = wb.syncLog.length;
    await run();
    const log = wb.syncLog.slice(before);
    expect(log.every((s) => !s.failed && s.payloadBytes < PAYLOAD_LIMIT_BYTES)).toBe(true);
    return log.length;
  };
  expect(await syncs(() => markValidation(wb.excel, plan, errors))).toBe(1 + Math.ceil(2000 / RUNS_PER_SYNC));
  expect(value(wb, "Campaign plan", 998, "geo").borders?.bottom).toEqual(BAD_CELL_BORDER);
  expect(value(wb, "Campaign plan", 998, "geo").fill).toBe(BAD_CELL_FILL);
  // Fixed: 2,000 runs unmarked, then a whole column marked as one run.
  const column = Array.from({ length: 1000 }, (_, row) => ({ row, column: "cpm", reason: "x" }));
  expect(await syncs(() => markValidation(wb.excel, plan, column))).toBe(1 + Math.ceil(2001 / RUNS_PER_SYNC));
  expect(value(wb, "Campaign plan", 998, "name").borders).toBeUndefined();
  expect(value(wb, "Campaign plan", 500, "cpm").borders).toEqual({
    top: BAD_CELL_BORDER,
    bottom: BAD_CELL_BORDER,
    left: BAD_CELL_BORDER,
    right: BAD_CELL_BORDER,
  });
  expect(await syncs(() => markValidation(wb.excel, plan, []))).toBe(2);
  expect(value(wb, "Campaign plan", 500, "cpm").borders).toBeUndefined();
});

test("Create groups rows into campaigns (shared fields = flights, in row order), one request each; ids, status and time written back", async () => {
  const wb = setup();
  await insertCampaignPlan(wb.excel);
  typeRows(wb, "Campaign plan", [
    dai("Spring", { startDate: "2026-12-01", endDate: "2026-12-10" }),
    bakedIn("Summer"),
    dai("Spring", { startDate: "2026-12-11", endDate: "2026-12-31", cpm: "30" }),
  ]);
  const service = fakeService();
  const before = Date.now();
  const result = await createCampaigns(campaignPlanIO(wb.excel), service.create, CLOCK);
  expect(result).toMatchObject({ kind: "sent", summary: { campaigns: 2, flights: 3, notAttempted: 0 } });
  expect(service.bodies.map((b) => [b.name, b.flights.length])).toEqual([
    ["Spring", 2],
    ["Summer", 1],
  ]);
  expect(service.bodies[0].flights.map((f) => [f.startDate, f.endDate, f.cpm])).toEqual([
    // The spec's flight dates are date-times.
    ["2026-12-01T00:00:00.000Z", "2026-12-10T00:00:00.000Z", 25],
    ["2026-12-11T00:00:00.000Z", "2026-12-31T00:00:00.000Z", 30],
  ]);
  expect(service.bodies[0].expectedUnits).toEqual([
    { position: "pre", length: 30 },
    { position: "mid", length: 60 },
  ]);
  expect(service.bodies[1].flights[0]).toMatchObject({
    expectedDate: "2026-12-15T00:00:00.000Z",
    totalCost: 1500,
  });

  const S = "Campaign plan";
  expect([0, 1, 2].map((r) => value(wb, S, r, "id").value)).toEqual(["c-1", "c-3", "c-2"]);
  expect([0, 1, 2].map((r) => value(wb, S, r, "createdExternalId").value)).toEqual([
    "ext-Spring",
    null, // Summer has no externalId: the cell stays empty
    "ext-Spring",
  ]);
  expect([0, 1, 2].map((r) => value(wb, S, r, "status").value)).toEqual(["Created", "Created", "Created"]);
  const at = value(wb, S, 0, "createdAt");
  expect(at.numberFormat).toBe("yyyy-mm-dd hh:mm:ss");
  // Local clock time, as Excel's NOW() shows it.
  const ms = (at.value as number) * 86_400_000 + Date.UTC(1899, 11, 30);
  const local = (t: number) => t - new Date(t).getTimezoneOffset() * 60_000;
  expect(ms).toBeGreaterThanOrEqual(local(before) - 1000);
  expect(ms).toBeLessThanOrEqual(local(Date.now()) + 1000);
  // To the second, as it shows: no milliseconds for Excel to round up to the next second.
  expect(Math.round(ms) % 1000).toBe(0);

  // Every row has an id now: running again sends nothing.
  const again = await createCampaigns(campaignPlanIO(wb.excel), service.create, CLOCK);
  expect(again).toEqual({ kind: "nothing-to-send", alreadyCreated: 3, held: 0, heldCampaigns: [] });
  expect(service.bodies).toHaveLength(2);
});

test("a failure part-way leaves created rows marked and the rest untouched; the re-run creates nothing twice", async () => {
  const wb = setup();
  await insertCampaignPlan(wb.excel);
  const S = "Campaign plan";
  typeRows(wb, S, [dai("Spring"), dai("Spring"), bakedIn("Broken"), dai("Winter")]);
  let down = true;
  // A clear refusal (400): nothing was created, so the row may simply be sent again.
  const service = fakeService((b) => down && b.name === "Broken", refusal);
  const first = await createCampaigns(campaignPlanIO(wb.excel), service.create, CLOCK);
  expect(first).toMatchObject({
    kind: "sent",
    summary: { campaigns: 1, flights: 2, notAttempted: 1, failure: { rows: [2] } },
  });
  expect([0, 1].map((r) => value(wb, S, r, "id").value)).toEqual(["c-1", "c-2"]);
  expect(value(wb, S, 2, "status").value).toBe(
    "Failed: The service did not accept the values sent while creating the campaign",
  );
  expect(value(wb, S, 2, "id").value ?? "").toBe("");
  // The campaign after the failure was never attempted: its output cells are as they were.
  expect(value(wb, S, 3, "status").value ?? "").toBe("");
  expect(value(wb, S, 3, "id").value ?? "").toBe("");

  down = false;
  const second = await createCampaigns(campaignPlanIO(wb.excel), service.create, CLOCK);
  expect(second).toMatchObject({ kind: "sent", summary: { campaigns: 2, flights: 2, notAttempted: 0 } });
  expect(service.bodies.map((b) => b.name)).toEqual(["Spring", "Broken", "Broken", "Winter"]);
  expect([0, 1, 2, 3].map((r) => value(wb, S, r, "id").value)).toEqual(["c-1", "c-2", "c-3", "c-4"]);
  expect([0, 1, 2, 3].map((r) => value(wb, S, r, "status").value)).toEqual([
    "Created",
    "Created",
    "Created",
    "Created",
  ]);
});

test("a failure that may have created the campaign (5xx) holds its rows: never resent until the status is cleared", async () => {
  const wb = setup();
  await insertCampaignPlan(wb.excel);
  const S = "Campaign plan";
  typeRows(wb, S, [dai("Spring"), bakedIn("Unsure"), dai("Winter")]);
  let down = true;
  const service = fakeService((b) => down && b.name === "Unsure");
  await createCampaigns(campaignPlanIO(wb.excel), service.create, CLOCK);
  expect(String(value(wb, S, 1, "status").value)).toMatch(
    /^Check: The service failed while creating the campaign; .*clear this status to send the row again$/,
  );
  down = false;
  const second = await createCampaigns(campaignPlanIO(wb.excel), service.create, CLOCK);
  expect(second).toMatchObject({ kind: "sent", held: 1, summary: { campaigns: 1 } });
  expect(service.bodies.map((b) => b.name)).toEqual(["Spring", "Unsure", "Winter"]);

  wb.host.setInput(S, 2, col("status"), "");
  await createCampaigns(campaignPlanIO(wb.excel), service.create, CLOCK);
  expect(service.bodies.map((b) => b.name)).toEqual(["Spring", "Unsure", "Winter", "Unsure"]);
  expect(value(wb, S, 1, "status").value).toBe("Created");
});

/** The plan sheet's hold properties (AdsHold.<id>.n and parts). */
const holdKeys = (wb: InMemoryWorkbook): string[] =>
  [...wb.model.sheets.find((s) => s.name === "Campaign plan")!.properties.keys()].filter((k) =>
    k.startsWith("AdsHold."),
  );

test("an uncertain campaign whose rows cannot be marked is held on the plan sheet: never resent until released", async () => {
  const wb = setup();
  await insertCampaignPlan(wb.excel);
  const S = "Campaign plan";
  typeRows(wb, S, [dai("Spring"), bakedIn("Unsure"), dai("Winter")]);
  const service = fakeService((b) => b.name === "Unsure");
  // The workbook refuses the write-back of Unsure's failure (rows moved, workbook busy…).
  let broken = false;
  wb.faultHook = () => {
    if (broken) throw new Error("The workbook is busy");
  };
  const io = campaignPlanIO(wb.excel);
  const failing = {
    ...io,
    writeBack: (o: Parameters<typeof io.writeBack>[0]) => {
      broken = o.kind === "failed";
      return io.writeBack(o).finally(() => (broken = false));
    },
  };
  await expect(createCampaigns(failing, service.create, CLOCK)).rejects.toThrow(
    /"Unsure" failed .* may exist on the service; row 3 could not be marked .*released it under Held campaigns/,
  );
  expect(value(wb, S, 1, "status").value).toBeNull();
  // Spring's hold went with its write-back; Unsure's stays, in the sheet's custom properties.
  expect(holdKeys(wb)).toHaveLength(2);

  const second = await createCampaigns(campaignPlanIO(wb.excel), service.create, CLOCK);
  expect(second).toMatchObject({ kind: "sent", heldCampaigns: [{ name: "Unsure", rows: [3] }] });
  expect(service.bodies.map((b) => b.name)).toEqual(["Spring", "Unsure", "Winter"]);
  const third = await createCampaigns(campaignPlanIO(wb.excel), service.create, CLOCK);
  expect(third).toMatchObject({ kind: "nothing-to-send", heldCampaigns: [{ name: "Unsure" }] });
  expect(service.bodies).toHaveLength(3);

  // The hold travels with the sheet: it is read back from the workbook, not from memory.
  const check = campaignPlanIO(wb.excel);
  const validated = await validatePlan(check, CLOCK);
  expect(validated.holds).toMatchObject([{ name: "Unsure", advertiser: "Acme Mattress", rows: [3] }]);
  // The planner checked the service (no such campaign) and releases it: it goes out once.
  await check.release(validated.holds[0].id);
  expect(holdKeys(wb)).toEqual([]);
  const ok = fakeService();
  await createCampaigns(campaignPlanIO(wb.excel), ok.create, CLOCK);
  expect(ok.bodies.map((b) => b.name)).toEqual(["Unsure"]);
  expect(value(wb, S, 1, "status").value).toBe("Created");
  expect(holdKeys(wb)).toEqual([]);
});

test("rows moved while campaigns are being created: nothing is written on the wrong rows, and the ids are reported", async () => {
  const wb = setup();
  await insertCampaignPlan(wb.excel);
  const S = "Campaign plan";
  typeRows(wb, S, [dai("Spring"), dai("Winter")]);
  const service = fakeService();
  const create = async (body: CampaignRequest) => {
    // The planner sorts the plan (Winter above Spring) while the request is out.
    typeRows(wb, S, [{ name: "Winter" }, { name: "Spring" }]);
    return service.create(body);
  };
  await expect(createCampaigns(campaignPlanIO(wb.excel), create, CLOCK)).rejects.toThrow(
    /row 2 changed while campaigns were being created.*row 2 → c-1/,
  );
  expect([0, 1].map((r) => value(wb, S, r, "id").value)).toEqual([null, null]);
});

test("a row with an id is never sent, even when its other cells no longer validate", async () => {
  const wb = setup();
  await insertCampaignPlan(wb.excel);
  const S = "Campaign plan";
  typeRows(wb, S, [
    { ...dai("Spring", { cpm: "not a number" }), id: "old-1", status: "Created" },
    dai("Fresh"),
  ]);
  const service = fakeService();
  const result = await createCampaigns(campaignPlanIO(wb.excel), service.create, CLOCK);
  expect(result).toMatchObject({ kind: "sent", summary: { campaigns: 1, flights: 1 } });
  expect(service.bodies.map((b) => b.name)).toEqual(["Fresh"]);
  expect(value(wb, S, 0, "id").value).toBe("old-1");
});

test("invalid pending rows block Create: nothing is sent and the bad cells are marked", async () => {
  const wb = setup();
  await insertCampaignPlan(wb.excel);
  typeRows(wb, "Campaign plan", [dai("Spring"), dai("Spring", { currency: "", totalCost: "-5" })]);
  const service = fakeService();
  const result = await createCampaigns(campaignPlanIO(wb.excel), service.create, CLOCK);
  expect(result.kind).toBe("invalid");
  expect(service.bodies).toHaveLength(0);
  expect(value(wb, "Campaign plan", 1, "totalCost").fill).toBe(BAD_CELL_FILL);
});

test("the ids of a created campaign are never lost: if writing them back fails, the error lists them", async () => {
  const wb = setup();
  await insertCampaignPlan(wb.excel);
  typeRows(wb, "Campaign plan", [dai("Spring")]);
  const service = fakeService();
  // The workbook starts refusing writes once the campaign exists on the service.
  let broken = false;
  wb.faultHook = () => {
    if (broken) throw new Error("The workbook is busy");
  };
  const create = (body: CampaignRequest) => {
    broken = true;
    return service.create(body);
  };
  await expect(createCampaigns(campaignPlanIO(wb.excel), create, CLOCK)).rejects.toThrow(
    /Campaign "Spring" was created but the plan could not be updated.*row 2 → c-1/,
  );
});

test("a plan is found from the selection, or as the first plan-shaped table", async () => {
  const wb = setup();
  await insertCampaignPlan(wb.excel);
  await insertCampaignPlan(wb.excel);
  typeRows(wb, "Campaign plan (2)", [dai("Only in plan 2")]);
  wb.host.select("Campaign plan (2)", 1, 3);
  expect((await readCampaignPlan(wb.excel)).tableName).toBe("CampaignPlan_2");
  wb.host.select("Sheet1", 0, 0);
  expect((await readCampaignPlan(wb.excel)).tableName).toBe("CampaignPlan");
});

test("no plan table: a clear message", async () => {
  const wb = setup();
  await expect(readCampaignPlan(wb.excel)).rejects.toThrow(/Insert campaign plan/);
});

test("Validate clears only its own marks: a planner's colours on plan cells stay", async () => {
  const wb = setup();
  await insertCampaignPlan(wb.excel);
  const S = "Campaign plan";
  typeRows(wb, S, [dai("Spring", { cpm: "lots" }), dai("Summer")]);
  // The planner highlights a cell of their own.
  await wb.excel.run(async (context) => {
    context.workbook.worksheets.getItem(S).getRange("A3").format.fill.color = "#FFFF00";
    await context.sync();
  });
  await validatePlan(campaignPlanIO(wb.excel), CLOCK);
  expect(value(wb, S, 0, "cpm").fill).toBe(BAD_CELL_FILL);
  typeRows(wb, S, [{ cpm: "30" }]);
  await validatePlan(campaignPlanIO(wb.excel), CLOCK);
  expect(value(wb, S, 0, "cpm").fill).toBeFalsy();
  expect(value(wb, S, 1, "name").fill).toBe("#FFFF00");
});

test("a plan written before labels (its headers the service's field names) is read as before, its headers renamed to words", async () => {
  const wb = setup();
  await insertCampaignPlan(wb.excel);
  // The headers an earlier version wrote: the field names, the result columns last.
  const old = [
    ...PLAN_COLUMNS.filter((c) => c.level !== "output"),
    ...PLAN_COLUMNS.filter((c) => c.level === "output"),
  ].map((c) => c.header);
  await wb.excel.run(async (context) => {
    context.workbook.tables.getItem("CampaignPlan").getHeaderRowRange().values = [old];
    await context.sync();
  });
  const plan = await readCampaignPlan(wb.excel);
  expect(plan.sheet.headers).toEqual(old);
  expect(plan.renamed).toHaveLength(old.filter((h) => planLabel(h) !== h).length);
  expect(plan.renamed).toContain("startDate → Start date");
  expect(plan.renamed).toContain("itunesOrYtId → iTunes or YouTube id");
  const shown = old.map((_, c) => wb.host.cell("Campaign plan", 0, c).value);
  expect(shown).toEqual(old.map(planLabel));
  // Read again, nothing is left to rename.
  expect((await readCampaignPlan(wb.excel)).renamed).toEqual([]);
});

test("issue 49: a new plan puts the planner's inputs first and the add-in's result columns after them, headers dark on yellow", async () => {
  const wb = setup();
  await insertCampaignPlan(wb.excel);
  const shown = PLAN_HEADERS.map((_, c) => String(wb.host.cell("Campaign plan", 0, c).value));
  const results = ["Status", "Campaign id", "Created external id", "Created", "Problems"];
  expect(shown.slice(-results.length)).toEqual(results);
  expect(shown.slice(0, 3)).toEqual(["Campaign name", "Advertiser", "Publisher"]);
  const firstResult = shown.indexOf("Status");
  expect(PLAN_COLUMNS.slice(0, firstResult).every((c) => c.level !== "output")).toBe(true);
  const head = wb.host.cell("Campaign plan", 0, firstResult);
  expect({ fill: head.fill, color: head.color }).toEqual({ fill: "#FFF2CC", color: "#1F1F1F" });
});

test("issue 49: a plan made with the result columns after Advertiser (the last version's order) is still read, validated and marked on the right cells", async () => {
  const wb = setup();
  await insertCampaignPlan(wb.excel);
  const lastVersion = [
    ...PLAN_COLUMNS.filter((c) => c.header === "name" || c.header === "advertiser"),
    ...PLAN_COLUMNS.filter((c) => c.level === "output"),
    ...PLAN_COLUMNS.filter((c) => c.level !== "output" && c.header !== "name" && c.header !== "advertiser"),
  ];
  await wb.excel.run(async (context) => {
    context.workbook.tables.getItem("CampaignPlan").getHeaderRowRange().values = [
      lastVersion.map((c) => c.label),
    ];
    await context.sync();
  });
  const at = (h: string) => lastVersion.findIndex((c) => c.header === h);
  const row = { ...dai("Spring"), cpm: "lots" };
  for (const [h, text] of Object.entries(row)) wb.host.setInput("Campaign plan", 1, at(h), text ?? "");
  const result = await validatePlan(campaignPlanIO(wb.excel), CLOCK);
  expect(result.problems).toEqual(['Row 2, CPM: "lots" is not a number']);
  expect(wb.host.cell("Campaign plan", 1, at("cpm")).fill).toBe(BAD_CELL_FILL);
  expect(wb.host.cell("Campaign plan", 1, at("validation")).value).toBe('CPM: "lots" is not a number');
  // Nothing was renamed or moved: the planner's order stays.
  expect(wb.host.cell("Campaign plan", 0, at("status")).value).toBe("Status");
});

test("issue 49: a row's Problems cell names each problem once, in one voice; the summary counts the rows that have problems", async () => {
  const wb = setup();
  await insertCampaignPlan(wb.excel);
  typeRows(wb, "Campaign plan", [
    dai("A"),
    dai("B"),
    dai("C"),
    dai("D"),
    dai("E", { endDate: "2026-11-30", startDate: "2026-12-05", totalCost: "-5", currency: "JPY" }),
  ]);
  const result = await validatePlan(campaignPlanIO(wb.excel), CLOCK);
  expect(result.problems).toHaveLength(3);
  expect(result.problemRows).toBe(1);
  const cell = String(value(wb, "Campaign plan", 4, "validation").value);
  expect(cell).toBe(
    "End date: is before start date; Total cost: must be 0 or more; Currency: must be one of USD, EUR, GBP",
  );
  expect(result.problemCells).toEqual([
    { row: 4, column: "endDate" },
    { row: 4, column: "totalCost" },
    { row: 4, column: "currency" },
  ]);
});

test("issue 49: the pane's list of problems takes the planner to each cell: selecting it on the plan's sheet", async () => {
  const wb = setup();
  await insertCampaignPlan(wb.excel);
  typeRows(wb, "Campaign plan", [dai("A"), dai("B", { cpm: "lots" })]);
  await wb.excel.run(async (context) => {
    context.workbook.worksheets.add("Elsewhere").activate();
    await context.sync();
  });
  const io = campaignPlanIO(wb.excel);
  const result = await validatePlan(io, CLOCK);
  const cell = result.problemCells[0]!;
  const address = await io.select(cell.row, cell.column);
  const letter = String.fromCharCode(65 + col("cpm"));
  expect(address).toBe(`'Campaign plan'!${letter}3`);
  expect(wb.host.sheets().find((s) => s.active)?.name).toBe("Campaign plan");
  expect(wb.host.selection()).toMatchObject({ sheet: "Campaign plan", row: 2, col: col("cpm") });
});

test("issue 49: a flight wholly in the past is written as a warning in its Problems cell, unmarked, and Create still sends it", async () => {
  const wb = setup();
  await insertCampaignPlan(wb.excel);
  typeRows(wb, "Campaign plan", [dai("Old", { startDate: "2026-03-01", endDate: "2026-03-31" })]);
  const result = await validatePlan(campaignPlanIO(wb.excel), CLOCK);
  expect(result.problems).toEqual([]);
  expect(result.warnings).toEqual([expect.stringMatching(/^Row 2, End date: 2026-03-31 is in the past/)]);
  expect(String(value(wb, "Campaign plan", 0, "validation").value)).toMatch(
    /^Warning: End date: 2026-03-31 is in the past/,
  );
  expect(value(wb, "Campaign plan", 0, "endDate").fill).toBeFalsy();
  const service = fakeService();
  const created = await createCampaigns(campaignPlanIO(wb.excel), service.create, CLOCK);
  expect(created.kind).toBe("sent");
  expect(service.bodies).toHaveLength(1);
});

test("issue 49: Validate and Create judge past flights against the day they are given (the pane's today), both of them", async () => {
  const wb = setup();
  await insertCampaignPlan(wb.excel);
  typeRows(wb, "Campaign plan", [dai("Old", { startDate: "2026-03-01", endDate: "2026-03-31" })]);
  // On the first of March 2026 the flight is still to come: no warning, an empty Problems cell.
  const early = { today: "2026-03-01" };
  expect((await validatePlan(campaignPlanIO(wb.excel), early)).warnings).toEqual([]);
  expect(value(wb, "Campaign plan", 0, "validation").value ?? "").toBe("");
  // Create, given a later day, writes the warning itself and still sends the flight.
  const service = fakeService();
  const created = await createCampaigns(campaignPlanIO(wb.excel), service.create, { today: "2026-04-02" });
  expect(created.kind).toBe("sent");
  expect(String(value(wb, "Campaign plan", 0, "validation").value)).toMatch(
    /^Warning: End date: 2026-03-31 is in the past: this flight has already run \(today is 2026-04-02\)/,
  );
});
