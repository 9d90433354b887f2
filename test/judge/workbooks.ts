/**
 * The workbooks the judge recalculates, each built through the add-in's own code paths (the pane's
 * calls, the genuine office.js client, the in-memory workbook) against the in-process sandbox:
 * every report kind, a show sheet, the JSON sources, agent files, a campaign plan with its checks,
 * a Dashboard over three reports, a report refreshed twice under a planner's calculated column and
 * totals, a planner's formulas over a report, the self-test's formula steps and ADS.* functions.
 */
import { attachAdsFunctions } from "../../preview/functionsHost";
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import { FIXTURES, World } from "../../sandbox/index";
import type { AdsClient } from "../../src/api/client";
import { campaignPlanIO, insertCampaignPlan } from "../../src/excel/campaignPlan";
import { writeDashboard } from "../../src/excel/dashboardSheet";
import { dateSystemOf } from "../../src/excel/dateSystem";
import { insertFormulaAtSelection } from "../../src/excel/insertFormula";
import { createProspectsSheet } from "../../src/excel/prospectsSheet";
import { createDeliverySheet } from "../../src/excel/delivery/deliverySheet";
import {
  createReportSheet,
  readDefinition,
  refreshReport,
  type NewReport,
} from "../../src/excel/reportSheets";
import { saveDefinition } from "../../src/excel/store/reportRecords";
import { PREVIEW_ENVIRONMENT, SELF_TEST_STEPS } from "../../src/excel/selftest";
import { createAdsFunctions } from "../../src/functions/adsFunctions";
import { RequestCache } from "../../src/functions/requestCache";
import { fetchSheetData, type SourceKind } from "../../src/runtime/reportSources";
import { validatePlan } from "../../src/writebacks/planActions";
import { openAgentRunFiles } from "../support/agentRunFlow";
import { daiFlight, planColumn, typePlanRows } from "../support/planRows";

export interface JudgedWorkbook {
  name: string;
  /** What it holds, for the report. */
  holds: string;
  build(client: AdsClient): Promise<InMemoryWorkbook>;
}

const acme = ["Acme Mattress"];
const world = new World(1);
const episodeId = String(world.episodes(world.shows[1]!)[0]!.serviceEpisodeId);

/** A new workbook whose `Excel` enums the add-in's code reads (as in Office). */
function workbook(options: { date1904?: boolean } = {}): InMemoryWorkbook {
  const wb = new InMemoryWorkbook();
  wb.model.date1904 = options.date1904 ?? false;
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  return wb;
}

/** The pane's path for a new sheet: the request through the client, then createReportSheet. */
async function addSheet(
  wb: InMemoryWorkbook,
  client: AdsClient,
  kind: SourceKind | "show",
  params: Record<string, unknown>,
  label: string,
  look: Partial<NewReport> = {},
): Promise<{ sheetName: string; tableName?: string }> {
  const data = await fetchSheetData(client, { kind, params });
  return createReportSheet(wb.excel, { kind, params, label, ...look }, data);
}

function reportWorkbook(
  name: string,
  kind: SourceKind | "show",
  params: Record<string, unknown>,
  look: Partial<NewReport> = {},
): JudgedWorkbook {
  return {
    name,
    holds: `a ${kind} sheet made as the pane makes it`,
    async build(client) {
      const wb = workbook();
      await addSheet(wb, client, kind, params, name, look);
      return wb;
    },
  };
}

/** Runs the step's code on a sheet of its own, kept (the runner would remove it). */
async function runStepOnSheet(wb: InMemoryWorkbook, id: string): Promise<void> {
  const step = SELF_TEST_STEPS.find((s) => s.id === id);
  if (!step) throw new Error(`No self-test step ${id}`);
  const sheet = id.slice(0, 31);
  await wb.excel.run(async (context) => {
    context.workbook.worksheets.add(sheet);
    await context.sync();
  });
  await step.run({
    excel: wb.excel,
    sheet,
    env: PREVIEW_ENVIRONMENT,
    ownSheet: () => undefined,
    waitFor: async (what, read) => {
      for (let i = 0; i < 400; i++) {
        const v = await read();
        if (v !== null) return v;
        await new Promise((r) => setTimeout(r, 5));
      }
      throw new Error(`waited for ${what}`);
    },
  });
}

function withFunctions(wb: InMemoryWorkbook, client: AdsClient): void {
  attachAdsFunctions(
    wb,
    createAdsFunctions({
      client: () => client,
      cache: new RequestCache({ concurrency: 4 }),
      numberShape: () => PREVIEW_ENVIRONMENT.numberShape,
      dateSystem: () => dateSystemOf(wb.excel),
    }),
  );
}

/** Waits until no cell shows #BUSY! (the functions' answers are in). */
async function settled(wb: InMemoryWorkbook): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    const busy = wb.model.sheets.some((s) =>
      [...s.rows.values()].some((cells) => [...cells.values()].some((c) => c.value === "#BUSY!")),
    );
    if (!busy) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("ADS.* cells still #BUSY!");
}

/** A planner's own formulas over a report table, typed into a sheet: every function the preview computes. */
const PLANNER_FORMULAS: readonly string[] = [
  "=SUM(T[Spend])",
  "=SUBTOTAL(109,T[Spend])",
  "=SUBTOTAL(9,T[Impressions])",
  "=SUBTOTAL(1,T[Spend])",
  "=AVERAGE(T[Spend])",
  "=COUNT(T[Spend])",
  "=COUNTA(T[Campaign])",
  "=MIN(T[Day])",
  "=MAX(T[Day])",
  "=MEDIAN(T[Spend])",
  "=LARGE(T[Spend],2)",
  "=SMALL(T[Spend],2)",
  '=SUMIFS(T[Spend],T[Campaign],"Alpha*")',
  '=SUMIFS(T[Spend],T[Spend],">1,000")',
  '=COUNTIFS(T[Campaign],"<>Beta",T[Spend],">=100")',
  '=AVERAGEIFS(T[Spend],T[Campaign],"Alpha")',
  '=MAXIFS(T[Spend],T[Campaign],"Beta")',
  '=MINIFS(T[Spend],T[Campaign],"Beta")',
  '=SUMIF(T[Campaign],"Alpha",T[Spend])',
  '=COUNTIF(T[Campaign],"Alpha*")',
  '=AVERAGEIF(T[Campaign],"<>Beta",T[Spend])',
  // Empty cells of this sheet (it holds the formulas in A and B): counted as blanks, as Excel does.
  "=COUNTBLANK(C1:C5)",
  '=COUNTIF(C1:C5,"")',
  '=SUMIFS(T[Spend],T[Day],">="&DATE(2026,10,5))',
  '=MATCH("Beta",T[Campaign],0)',
  '=INDEX(T[Spend],MATCH("Beta",T[Campaign],0))',
  '=XLOOKUP("Beta",T[Campaign],T[Spend])',
  '=XLOOKUP("nobody",T[Campaign],T[Spend],"none")',
  "=ROUND(SUM(T[Spend])/SUM(T[Impressions])*1000,2)",
  '=IFERROR(1/0,"–")',
  "=DATE(2026,2,29)",
  "=STDEV(T[Spend])",
  "=VAR(T[Spend])",
  // The modern and population names the preview computes too (its own functions are all judged).
  "=STDEV.S(T[Spend])",
  "=STDEV.P(T[Spend])",
  "=STDEVP(T[Spend])",
  "=VAR.S(T[Spend])",
  "=VAR.P(T[Spend])",
  "=VARP(T[Spend])",
  "=ROWS(T)",
  '=HYPERLINK("#Report!A1","to the report")',
  '=TEXT(MAX(T[Day]),"yyyy-mm-dd")',
  '=IF(SUM(T[Spend])>0,"spent","none")',
  // The workbook's clock: the preview's model.today and LibreOffice's both read the machine's here.
  "=TODAY()-7",
  "=EOMONTH(TODAY(),-1)+1",
  "=INT(NOW())",
];

const plannerTable = (rows: number) => ({
  columns: [
    { name: "Day", kind: "date" as const },
    { name: "Campaign", kind: "text" as const },
    { name: "Spend", kind: "currency" as const },
    { name: "Impressions", kind: "integer" as const },
  ],
  rows: Array.from({ length: rows }, (_, i) => [
    46299 + Math.floor(i / 3),
    ["Alpha", "Alpha Two", "Beta"][i % 3],
    Math.round((97.35 + i * 41.27) * 100) / 100,
    1000 + 137 * i,
  ]),
});

export const JUDGED_WORKBOOKS: readonly JudgedWorkbook[] = [
  reportWorkbook("impressions", "impressions", {
    advertiser: acme,
    startDate: "2026-10-01",
    endDate: "2026-10-21",
    timeGrouping: "day",
  }),
  reportWorkbook("audience", "audience", {
    show: ["1200000001"],
    startDate: "2026-10-01",
    endDate: "2026-10-20",
  }),
  reportWorkbook("lag", "lag", { advertiser: acme, groupKey: "mediaType", actions: ["purchase"] }),
  reportWorkbook("campaigns", "campaignsPerformance", {}, { tableStyle: "TableStyleMedium2" }),
  reportWorkbook("spend-by-day", "estimatedSpendByDay", {
    advertisers: acme,
    startDate: "2026-10-01",
    endDate: "2026-10-30",
  }),
  reportWorkbook("spend-by-show", "estimatedSpendByShowByDay", {
    advertisers: acme,
    startDate: "2026-11-01",
    endDate: "2026-11-03",
  }),
  reportWorkbook("listeners", "impressionListeners", { episodeId }),
  reportWorkbook("show", "show", { id: FIXTURES.showId }),
  {
    name: "json-sources",
    holds: "a search, individual ads and incrementality, each a sheet made as the pane makes it",
    async build(client) {
      const wb = workbook();
      await addSheet(wb, client, "search", { search: "sleep" }, "Search sleep");
      await addSheet(wb, client, "individualAds", { advertiser: "Acme Mattress", maxRows: 50 }, "Ads");
      await addSheet(
        wb,
        client,
        "incrementality",
        { advertiser: "Acme Mattress", aggregationLevel: "channel", channelType: "podcast" },
        "Incrementality",
      );
      return wb;
    },
  },
  {
    name: "prospects",
    holds: "a Prospects sheet as the Data tab makes it: its weights and its Score column over the row",
    async build(client) {
      const wb = workbook();
      const params = { advertisers: acme, seeds: ["1200000003"], count: 8, competitors: ["Globex Bank"] };
      const data = await fetchSheetData(client, { kind: "prospects", params });
      if (data.type !== "table") throw new Error("a prospect search gives a table");
      await createProspectsSheet(wb.excel, { kind: "prospects", params, label: "Prospects" }, data);
      return wb;
    },
  },
  {
    name: "delivery",
    holds:
      "a Delivery sheet as the Data tab makes it: an advertiser's flights with the pacing formulas over each row",
    async build(client) {
      const wb = workbook();
      const params = { advertiser: "Acme Mattress" };
      const data = await fetchSheetData(client, { kind: "delivery", params });
      if (data.type !== "table") throw new Error("a delivery gives a table");
      await createDeliverySheet(wb.excel, { kind: "delivery", params, label: "Delivery" }, data);
      return wb;
    },
  },
  {
    name: "agent-files",
    holds: "both active agents' runs, every file opened as the Agents tab opens it (tables, JSON, xlsx)",
    async build(client) {
      const wb = workbook();
      for (const agent of FIXTURES.activeAgents) {
        const done = await openAgentRunFiles(client, wb, agent, { topic: "sleep" });
        if (done.wrong) throw new Error(done.wrong);
      }
      return wb;
    },
  },
  {
    name: "campaign-plan",
    holds: "a campaign plan with valid and invalid rows, checked (bad cells marked), then created",
    async build(client) {
      const wb = workbook();
      await insertCampaignPlan(wb.excel);
      typePlanRows(wb, "Campaign plan", [
        daiFlight("Spring", "2026-12-01", "2026-12-10"),
        daiFlight("Spring", "2026-12-11", "2026-12-31"),
        { ...daiFlight("Bad dates", "2026-12-31", "2026-12-01"), cpm: "-3" },
        { ...daiFlight("Winter", "2027-01-01", "2027-01-31"), currency: "EUR", cpm: "12.5" },
      ]);
      const io = campaignPlanIO(wb.excel);
      await validatePlan(io);
      // The planner fixes the bad row and sends the plan.
      wb.host.setInput("Campaign plan", 3, planColumn("startDate"), "2026-12-01");
      wb.host.setInput("Campaign plan", 3, planColumn("endDate"), "2026-12-31");
      wb.host.setInput("Campaign plan", 3, planColumn("cpm"), "30");
      const { createCampaigns } = await import("../../src/writebacks/planActions");
      await createCampaigns(io, (body) => client.campaigns.create(body));
      await validatePlan(io);
      return wb;
    },
  },
  {
    name: "dashboard",
    holds: "a Dashboard over three reports (by day, campaigns, spend by day), its KPI formulas and charts",
    async build(client) {
      const wb = workbook();
      const a = await addSheet(
        wb,
        client,
        "impressions",
        { advertiser: acme, startDate: "2026-10-01", endDate: "2026-10-28", timeGrouping: "day" },
        "By day",
      );
      const b = await addSheet(wb, client, "campaignsPerformance", {}, "Campaigns");
      const c = await addSheet(
        wb,
        client,
        "estimatedSpendByDay",
        { advertisers: acme, startDate: "2026-10-01", endDate: "2026-10-30" },
        "Spend",
      );
      await writeDashboard(wb.excel, [a.sheetName, b.sheetName, c.sheetName]);
      return wb;
    },
  },
  {
    name: "dashboard-1904",
    holds: "the Dashboard over two reports in a workbook on the 1904 date system",
    async build(client) {
      const wb = workbook({ date1904: true });
      const a = await addSheet(
        wb,
        client,
        "impressions",
        { advertiser: acme, startDate: "2026-10-01", endDate: "2026-10-20", timeGrouping: "day" },
        "By day",
      );
      const b = await addSheet(wb, client, "campaignsPerformance", {}, "Campaigns");
      await writeDashboard(wb.excel, [a.sheetName, b.sheetName]);
      return wb;
    },
  },
  {
    name: "refreshed-twice",
    holds:
      "an impressions report with a planner's CPM column, notes and totals under the table, its request edited to more days and then to fewer (each a refresh)",
    async build(client) {
      const wb = workbook();
      const params = {
        advertiser: acme,
        startDate: "2026-10-01",
        endDate: "2026-10-08",
        timeGrouping: "day",
      };
      const made = await addSheet(wb, client, "impressions", params, "Spend");
      await planTheReport(wb, made.sheetName, made.tableName!);
      // The pane's edit of a report's request: the new request saved, then the sheet refreshed.
      for (const endDate of ["2026-10-15", "2026-10-04"]) {
        const old = (await readDefinition(wb.excel, made.sheetName))!;
        await saveDefinition(wb.excel, { ...old, params: { ...old.params, endDate } });
        await refreshReport(wb.excel, made.sheetName, (source, signal) =>
          fetchSheetData(client, source, { signal }),
        );
      }
      await failedRefresh(wb, made.sheetName, client);
      return wb;
    },
  },
  {
    name: "planner-formulas",
    holds: "a planner's formulas over a report table: every function the preview's engine computes",
    async build() {
      const wb = workbook();
      const made = await createReportSheet(
        wb.excel,
        { kind: "impressions", params: {}, label: "Report", chart: false },
        { type: "table", table: plannerTable(24) },
      );
      await wb.excel.run(async (context) => {
        context.workbook.worksheets.add("Formulas");
        await context.sync();
      });
      PLANNER_FORMULAS.forEach((f, i) => {
        wb.host.setInput("Formulas", i, 0, f.slice(1));
        wb.host.setInput("Formulas", i, 1, f.replace(/\bT\b/g, made.tableName!));
      });
      return wb;
    },
  },
  {
    name: "self-test",
    holds: "the self-test's steps that write formulas, each left on a sheet of its own",
    async build(client) {
      const wb = workbook();
      withFunctions(wb, client);
      for (const id of [
        "recalculate-after-suspended-sync",
        "resize-keeps-references",
        "text-cell-keeps-text",
        "general-cell-converts",
        "formula-in-text-cell",
        "percent-and-date-formats",
        "date-system",
        "custom-function-spill",
        "custom-function-plain-numbers",
        "custom-function-formatted-number",
        "custom-function-formatted-spill",
      ])
        await runStepOnSheet(wb, id);
      await settled(wb);
      return wb;
    },
  },
  {
    name: "functions",
    holds:
      "ADS.* formulas inserted as the Data tab inserts them, and a planner's formulas over their results",
    async build(client) {
      const wb = workbook();
      withFunctions(wb, client);
      wb.host.select("Sheet1", 0, 0);
      await insertFormulaAtSelection(wb.excel, `=ADS.SHOW("${FIXTURES.showId}","adLoad")`);
      wb.host.select("Sheet1", 1, 0);
      await insertFormulaAtSelection(wb.excel, `=ADS.SHOWLISTENERS(${FIXTURES.showId})`);
      wb.host.setInput("Sheet1", 1, 1, "=A2*2");
      wb.host.setInput("Sheet1", 3, 0, `=ADS.EPISODES(${FIXTURES.showId},5,"title,downloads")`);
      wb.host.setInput("Sheet1", 0, 4, "=SUM(B5:B9)");
      await settled(wb);
      return wb;
    },
  },
];

/**
 * A refresh whose writing fails part-way (Excel busy at one of its syncs, after the answer came):
 * the sheet is put back as it was, the planner's formulas written again (snapshot.ts). The failing
 * sync is moved later until the failure comes after the refresh began writing (the put-back is seen
 * writing formulas); a refresh that fails before that has nothing to put back.
 */
async function failedRefresh(wb: InMemoryWorkbook, sheetName: string, client: AdsClient): Promise<void> {
  let failed = false;
  let putBack = 0;
  const process = wb.process.bind(wb);
  wb.process = (body) => {
    if (failed && body.includes('"Name":"Formulas"')) putBack++;
    return process(body);
  };
  try {
    for (let k = 1; putBack === 0; k++) {
      failed = false;
      const ended = await refreshReport(wb.excel, sheetName, async (source, signal) => {
        const data = await fetchSheetData(client, source, { signal });
        const start = wb.syncLog.length;
        wb.faultHook = ({ sync }) => {
          if (sync - start !== k || failed) return;
          failed = true;
          throw Object.assign(new Error("Excel is busy"), { code: "GeneralException" });
        };
        return data;
      }).then(
        () => "ok",
        () => "failed",
      );
      wb.faultHook = undefined;
      if (ended === "ok") throw new Error("No failing sync made the refresh put the sheet back");
    }
  } finally {
    wb.process = process;
  }
}

/**
 * A planner's work on a report: a CPM column (one formula for every row), a Notes column, and
 * totals in the rows under the table (a SUBTOTAL, a SUM and an average over its columns).
 */
async function planTheReport(wb: InMemoryWorkbook, sheetName: string, table: string): Promise<void> {
  await wb.excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    const t = sheet.tables.getItem(table);
    const header = t.getHeaderRowRange();
    header.load("values,rowIndex,columnIndex,columnCount");
    const body = t.getDataBodyRange();
    body.load("rowCount");
    await context.sync();
    const names = header.values[0] as string[];
    const spend = names.find((n) => /spend/i.test(n))!;
    const impressions = names.find((n) => /impressions$/i.test(n))!;
    t.columns.add(undefined, undefined, "CPM");
    t.columns.add(undefined, undefined, "Notes");
    await context.sync();
    const cpm = t.columns.getItem("CPM").getDataBodyRange();
    cpm.formulas = Array.from({ length: body.rowCount }, () => [
      `=IFERROR([@[${spend}]]/[@[${impressions}]]*1000,0)`,
    ]);
    cpm.numberFormat = Array.from({ length: body.rowCount }, () => ["$#,##0.00"]);
    const notes = t.columns.getItem("Notes").getDataBodyRange().getCell(0, 0);
    notes.numberFormat = [["@"]];
    notes.values = [["booked 00123"]];
    // A formula of the planner's with a link: a refresh writes it again after its link (content.ts).
    const linked = t.columns.getItem("Notes").getDataBodyRange().getCell(1, 0);
    linked.formulas = [[`=ROUND([@[${spend}]],0)`]];
    linked.hyperlink = { address: "https://example.com/brief" };
    const below = header.rowIndex + body.rowCount + 2;
    const totals = sheet.getRangeByIndexes(below, header.columnIndex, 3, 2);
    totals.formulas = [
      ["Total spend", `=SUBTOTAL(109,${table}[${spend}])`],
      ["Rows", `=ROWS(${table})`],
      ["Average CPM", `=AVERAGE(${table}[CPM])`],
    ];
    totals.numberFormat = [
      ["General", "$#,##0.00"],
      ["General", "0"],
      ["General", "$#,##0.00"],
    ];
    await context.sync();
  });
}
