/**
 * Report parameters bound to cells (issue #36), through the genuine office.js client into the
 * in-memory workbook: each test asserts the request the refresh sent (a recording fetcher, as the
 * other refresh tests use) or that it sent none, refusing with the parameter, the cell and what is wrong.
 */
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import { dataParts } from "../reports/statusLine";
import type { TypedTable } from "../api/table";
import { serialToIsoDate } from "../api/excelDates";
import type { ResolvedSource } from "../reports/definition";
import { bindReportParam, boundStatus, markStaleOnSheet, unbindReportParam } from "./reportBindings";
import { createReportSheet, readDefinition, refreshReport, type SheetFetcher } from "./reportSheets";

const TODAY = new Date(Date.UTC(2026, 10, 23));
const SHEET = "Spend by day";

const table = (source: ResolvedSource): TypedTable => ({
  columns: [
    { name: "Day", kind: "date" },
    { name: "Advertiser", kind: "text" },
    { name: "Spend", kind: "currency" },
  ],
  rows: [[46327, String((source.params.advertisers as string[] | undefined)?.[0] ?? "?"), 12.5]],
});

/** A workbook with an Inputs sheet (dates in B2:B3, advertisers in D2:D4) and a spend report. */
async function setup(opts: { date1904?: boolean } = {}) {
  const wb = new InMemoryWorkbook({ sheets: ["Inputs"], today: () => TODAY });
  wb.model.date1904 = opts.date1904 ?? false;
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  wb.host.setInput("Inputs", 1, 1, "2026-11-01");
  wb.host.setInput("Inputs", 2, 1, "2026-11-07");
  wb.host.setInput("Inputs", 1, 3, "Acme Mattress");
  wb.host.setInput("Inputs", 3, 3, "Northwind Coffee");
  const asked: ResolvedSource[] = [];
  const fetch: SheetFetcher = async (source) => {
    asked.push(source);
    return { type: "table", table: table(source) };
  };
  await createReportSheet(
    wb.excel,
    {
      kind: "estimatedSpendByDay",
      params: { advertisers: ["Typed Advertiser"], startDate: "2026-10-01", endDate: "2026-10-31" },
      label: SHEET,
    },
    { type: "table", table: table({ kind: "estimatedSpendByDay", params: {} }) },
    TODAY,
  );
  return { wb, asked, fetch };
}

const refresh = (wb: InMemoryWorkbook, fetch: SheetFetcher) =>
  refreshReport(wb.excel, SHEET, fetch, { now: () => TODAY });

const statusCell = (wb: InMemoryWorkbook) => String(wb.host.cell(SHEET, 0, 0).value);

async function run(wb: InMemoryWorkbook, fn: (context: Excel.RequestContext) => void) {
  await wb.excel.run(async (context) => {
    fn(context);
    await context.sync();
  });
}

/** Every cell of the report sheet below its status line, to prove a refusal left the data as it was. */
const dataDump = (wb: InMemoryWorkbook) =>
  JSON.stringify(
    Array.from({ length: 7 }, (_, r) => [0, 1, 2, 3].map((c) => wb.host.cell(SHEET, r + 1, c).value)),
  );

/**
 * The status line a refusal writes (issue #39): "Refresh failed <when>: <the refusal>; the data is from
 * <the last refresh>", then the rest of the line as it was before, so the planner sees on the sheet
 * itself that nothing was fetched and what the data still describes.
 */
function expectRefusedStatusLine(wb: InMemoryWorkbook, before: string, refusal: RegExp) {
  const line = statusCell(wb);
  expect(line).toMatch(/^Refresh failed 2026-11-23 00:00: /);
  expect(line).toMatch(refusal);
  expect(line).toContain(
    "Nothing was requested and the data on the sheet was not changed; the data is from 2026-11-23 00:00",
  );
  expect(line.endsWith(` · ${dataParts(before).join(" · ")}`)).toBe(true);
}

test("a bound date cell moved by rows inserted above and columns inserted left of it is still the one read", async () => {
  const { wb, asked, fetch } = await setup();
  const bound = await bindReportParam(wb.excel, SHEET, "startDate", { address: "Inputs!B2" });
  expect(bound.value).toBe("2026-11-01");
  await run(wb, (context) => {
    const sheet = context.workbook.worksheets.getItem("Inputs");
    sheet.getRange("1:2").insert("Down");
    sheet.getRange("A:A").insert("Right");
  });
  // The cell is now C4; the planner changes it there.
  wb.host.setInput("Inputs", 3, 2, "2026-11-02");
  expect((await boundStatus(wb.excel, (await readDefinition(wb.excel, SHEET))!))?.changed).toEqual([
    "Start date Inputs!C4 = 2026-11-02",
  ]);
  await refresh(wb, fetch);
  expect(asked).toHaveLength(1);
  expect(asked[0].params).toMatchObject({ startDate: "2026-11-02", endDate: "2026-10-31" });
  expect(statusCell(wb)).toContain("From cells: Start date Inputs!C4 = 2026-11-02");
  expect((await boundStatus(wb.excel, (await readDefinition(wb.excel, SHEET))!))?.changed).toEqual([]);
});

test("the bound cell moved (cut and pasted elsewhere on its sheet): the binding goes with it", async () => {
  const { wb, asked, fetch } = await setup();
  await bindReportParam(wb.excel, SHEET, "advertisers", { address: "Inputs!D2" });
  await run(wb, (context) => {
    const sheet = context.workbook.worksheets.getItem("Inputs");
    sheet.getRange("D2").moveTo(sheet.getRange("H10"));
  });
  wb.host.setInput("Inputs", 1, 3, "Someone else");
  await refresh(wb, fetch);
  expect(asked[0].params.advertisers).toEqual(["Acme Mattress"]);
  expect(statusCell(wb)).toContain("Advertisers Inputs!H10 = Acme Mattress");
});

test("the parameter's sheet renamed: the binding follows it and the request reads the cell", async () => {
  const { wb, asked, fetch } = await setup();
  await bindReportParam(wb.excel, SHEET, "endDate", { address: "Inputs!B3" });
  await run(wb, (context) => {
    context.workbook.worksheets.getItem("Inputs").name = "Client inputs";
  });
  wb.host.setInput("Client inputs", 2, 1, "2026-11-30");
  await refresh(wb, fetch);
  expect(asked[0].params.endDate).toBe("2026-11-30");
  expect(statusCell(wb)).toContain("End date 'Client inputs'!B3 = 2026-11-30");
});

test("the bound cell deleted: the refresh refuses before any request, naming the parameter and the cell (#REF!), the data as it was, the status line saying so", async () => {
  const { wb, asked, fetch } = await setup();
  await bindReportParam(wb.excel, SHEET, "startDate", { address: "Inputs!B2" });
  await refresh(wb, fetch);
  const before = dataDump(wb);
  const beforeStatus = statusCell(wb);
  await run(wb, (context) => context.workbook.worksheets.getItem("Inputs").getRange("2:2").delete("Up"));
  const refusal =
    /Start date \(Inputs!B2\): the cell was deleted \(its reference is #REF!\)\. Nothing was requested/;
  await expect(refresh(wb, fetch)).rejects.toThrow(refusal);
  expect(asked).toHaveLength(1);
  expect(dataDump(wb)).toBe(before);
  expectRefusedStatusLine(wb, beforeStatus, refusal);
  const def = await readDefinition(wb.excel, SHEET);
  expect(def?.status).toBe("error");
  expect(def?.lastError).toMatch(/Start date \(Inputs!B2\)/);
});

test("a formula cell gives its value at each refresh (=TODAY()-7, =EOMONTH(TODAY(),-1)+1, =Clients!B2)", async () => {
  const { wb, asked, fetch } = await setup();
  await run(wb, (context) => {
    context.workbook.worksheets.add("Clients");
  });
  wb.host.setInput("Clients", 1, 1, "Globex Foods");
  wb.host.setInput("Inputs", 1, 1, "=EOMONTH(TODAY(),-1)+1");
  wb.host.setInput("Inputs", 2, 1, "=TODAY()-7");
  wb.host.setInput("Inputs", 1, 3, "=Clients!B2");
  await bindReportParam(wb.excel, SHEET, "startDate", { address: "Inputs!B2" });
  await bindReportParam(wb.excel, SHEET, "endDate", { address: "Inputs!B3" });
  await bindReportParam(wb.excel, SHEET, "advertisers", { address: "Inputs!D2" });
  await refresh(wb, fetch);
  // TODAY() is the workbook's clock, pinned by the test (23 November 2026): the request holds what
  // the cells show, whatever day the test runs.
  const shown = (r: number) => serialToIsoDate(Number(wb.host.cell("Inputs", r, 1).value));
  expect(shown(1)).toBe("2026-11-01");
  expect(shown(2)).toBe("2026-11-16");
  expect(asked[0].params).toEqual({
    startDate: "2026-11-01",
    endDate: "2026-11-16",
    advertisers: ["Globex Foods"],
  });
});

test("a date in a 1904-system workbook is read in that system", async () => {
  const { wb, asked, fetch } = await setup({ date1904: true });
  // 1 November 2026 is 44865 in the 1904 system (46327 in the 1900 system).
  await run(wb, (context) => {
    context.workbook.worksheets.getItem("Inputs").getRange("F2").values = [[44865]];
  });
  await bindReportParam(wb.excel, SHEET, "startDate", { address: "Inputs!F2" });
  await refresh(wb, fetch);
  expect(asked[0].params.startDate).toBe("2026-11-01");
});

test("a range of advertisers gives a list of its filled cells, in order", async () => {
  const { wb, asked, fetch } = await setup();
  await bindReportParam(wb.excel, SHEET, "advertisers", { address: "Inputs!D2:D4" });
  await refresh(wb, fetch);
  expect(asked[0].params.advertisers).toEqual(["Acme Mattress", "Northwind Coffee"]);
  expect(statusCell(wb)).toContain("Advertisers Inputs!D2:D4 = Acme Mattress, Northwind Coffee");
});

test.each([
  ["an empty required cell", "Inputs!H2", "", /Advertisers \(Inputs!H2\): is empty/],
  ["an error value", "Inputs!H2", "=NA()", /Advertisers \(Inputs!H2\): holds the error #N\/A/],
])("%s refuses before any request", async (_what, address, input, message) => {
  const { wb, asked, fetch } = await setup();
  if (input) wb.host.setInput("Inputs", 1, 7, input);
  await bindReportParam(wb.excel, SHEET, "advertisers", { address });
  const before = dataDump(wb);
  const beforeStatus = statusCell(wb);
  await expect(refresh(wb, fetch)).rejects.toThrow(message);
  expect(asked).toHaveLength(0);
  expect(dataDump(wb)).toBe(before);
  expectRefusedStatusLine(wb, beforeStatus, message);
});

test("text where a date is needed, and an end before its start, refuse naming each cell", async () => {
  const { wb, asked, fetch } = await setup();
  wb.host.setInput("Inputs", 1, 1, "next Tuesday");
  await bindReportParam(wb.excel, SHEET, "startDate", { address: "Inputs!B2" });
  await expect(refresh(wb, fetch)).rejects.toThrow(
    /Start date \(Inputs!B2\): holds the text "next Tuesday" where a date is needed/,
  );
  wb.host.setInput("Inputs", 1, 1, "2026-12-01");
  await bindReportParam(wb.excel, SHEET, "endDate", { address: "Inputs!B3" });
  await expect(refresh(wb, fetch)).rejects.toThrow(/End date \(Inputs!B3\): gives "2026-11-07": .*endDate/);
  expect(asked).toHaveLength(0);
});

test("stored as version 3 with the defined name (its reference a defined name Excel adjusts, not an A1 string); unbinding stores version 2 again", async () => {
  const { wb, fetch } = await setup();
  await bindReportParam(wb.excel, SHEET, "startDate", { address: "Inputs!B2" });
  await refresh(wb, fetch);
  const stored = () => {
    const props = new Map(wb.host.properties(SHEET));
    const n = Number(props.get("AdsReport.n"));
    return JSON.parse(Array.from({ length: n }, (_, i) => props.get(`AdsReport.${i}`)).join("")) as {
      version: number;
      bindings?: { name: string }[];
    };
  };
  expect(stored().version).toBe(3);
  expect(stored().bindings?.[0].name).toBe("AdsParam_Spend_by_day_startDate");
  const names = await wb.excel.run(async (context) => {
    const item = context.workbook.names.getItem("AdsParam_Spend_by_day_startDate");
    item.load("formula");
    await context.sync();
    return item.formula;
  });
  expect(names).toBe("=Inputs!$B$2");
  await unbindReportParam(wb.excel, SHEET, "startDate");
  expect(stored().version).toBe(2);
  expect(stored().bindings).toBeUndefined();
});

test("a changed cell marks the sheet's own status line stale, unmarked when it gives the fetched value again; a refresh writes the line anew", async () => {
  const { wb, asked, fetch } = await setup();
  await bindReportParam(wb.excel, SHEET, "startDate", { address: "Inputs!B2" });
  await refresh(wb, fetch);
  const fetched = statusCell(wb);
  const mark = async () =>
    markStaleOnSheet(
      wb.excel,
      (await readDefinition(wb.excel, SHEET))!,
      (await boundStatus(wb.excel, (await readDefinition(wb.excel, SHEET))!))!,
    );
  wb.host.setInput("Inputs", 1, 1, "2026-11-02");
  expect(await mark()).toBe(true);
  expect(statusCell(wb)).toBe(
    `Stale: Start date Inputs!B2 = 2026-11-02 changed since this data was fetched · ${fetched}`,
  );
  wb.host.setInput("Inputs", 1, 1, "2026-11-01");
  expect(await mark()).toBe(true);
  expect(statusCell(wb)).toBe(fetched);
  wb.host.setInput("Inputs", 1, 1, "2026-11-03");
  await mark();
  await refresh(wb, fetch);
  expect(asked[1].params.startDate).toBe("2026-11-03");
  expect(statusCell(wb)).toMatch(/^Spend by day .*Start date Inputs!B2 = 2026-11-03 · Last refreshed /);
  expect((await readDefinition(wb.excel, SHEET))?.notes).toBeUndefined();
  // A line the planner typed over is theirs: never marked.
  wb.host.setInput(SHEET, 0, 0, "My notes");
  wb.host.setInput("Inputs", 1, 1, "2026-11-04");
  expect(await mark()).toBe(false);
  expect(statusCell(wb)).toBe("My notes");
});
