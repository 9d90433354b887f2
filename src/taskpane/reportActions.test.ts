/**
 * Edit request against the in-memory workbook: a refresh the planner's work blocks keeps the sheet's
 * old request and data, reports the reason first (never the request's parameters), and says so to
 * the form, which keeps the edit for a retry.
 */
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import type { AdsClient } from "../api/client";
import type { TypedTable } from "../api/table";
import { createReportSheet, readDefinition } from "../excel/reportSheets";
import { AuthenticationError, MaybeCountedError, ConnectionError } from "../api/errors";
import { loadSheetRequest, refreshOneSheet, runSourceToSheet } from "./reportActions";
import { recordingServices } from "../../test/support/paneServices";

const table = (days: number[]): TypedTable => ({
  columns: [
    { name: "Day", kind: "date" },
    { name: "Advertiser", kind: "text" },
    { name: "Estimated Spend", kind: "currency" },
  ],
  rows: days.map((d) => [46000 + d, "Northwind Coffee", 100 + d]),
});

function services(wb: InMemoryWorkbook, answer: TypedTable | (() => Promise<never>)) {
  // Only what the report path uses: reports.run answers with the table.
  const run = typeof answer === "function" ? answer : async () => ({ table: answer });
  const client = { reports: { run } } as unknown as AdsClient;
  const { services: s, toasts, entries } = recordingServices(wb.excel, client);
  return { s, toasts, entries };
}

test("an edit the planner's work blocks keeps the old request and data, and leads with the reason", async () => {
  const wb = new InMemoryWorkbook({ sheets: ["Plan"] });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  const params = { advertisers: ["Northwind Coffee"], formatting: { numberFormatting: true } };
  const def = await createReportSheet(
    wb.excel,
    { kind: "estimatedSpendByDay", params, label: "Spend by day" },
    { type: "table", table: table([0, 1, 2]) },
  );
  // The planner types a note just under the table: Excel adds that row to the table.
  const rect = wb.host.tables().find((t) => t.sheet === def.sheetName)!.rect;
  wb.host.setInput(def.sheetName, rect.row + rect.rows, 1, "ask about the holiday flight");
  const beforeData = JSON.stringify(wb.host.range(`'${def.sheetName}'!A2:C8`));

  const edited = { advertisers: ["Northwind Coffee", "Acme Mattress"] };
  const { s, toasts, entries } = services(wb, table([0, 1, 2, 3]));
  const outcome = await runSourceToSheet(s, {
    kind: "estimatedSpendByDay",
    params: edited,
    sheetName: def.sheetName,
  });

  expect(outcome).toMatchObject({ ok: false, cancelled: false });
  const reason = outcome.ok ? "" : outcome.reason;
  expect(reason).toMatch(
    /^The refresh would lose the planner's work: the table has 1 row the report did not write/,
  );
  expect(toasts).toHaveLength(1);
  expect(toasts[0].intent).toBe("error");
  expect(toasts[0].text.startsWith(reason)).toBe(true);
  expect(toasts[0].text).not.toMatch(/advertisers=|formatting=/);
  // The activity entry keeps what was asked.
  expect(entries.get(1)).toMatchObject({
    status: "failed",
    request: expect.stringContaining("Acme Mattress"),
  });
  // Nothing changed on the sheet but its status line, which says the refresh failed; it keeps its old request.
  expect(JSON.stringify(wb.host.range(`'${def.sheetName}'!A2:C8`))).toBe(beforeData);
  expect(String(wb.host.cell(def.sheetName, 0, 0).value)).toMatch(
    /^Refresh failed \S+ \S+: the refresh would lose the planner's work: .*; the data is from /,
  );
  expect((await readDefinition(wb.excel, def.sheetName))!.params).toEqual(params);

  // Asked from the form, which keeps the edit open with the reason: no toast over it as well, and
  // the Activity list still has the failure.
  const fromForm = services(wb, table([0, 1, 2, 3]));
  const again = await runSourceToSheet(
    fromForm.s,
    { kind: "estimatedSpendByDay", params: edited, sheetName: def.sheetName },
    {},
    () => true,
  );
  expect(again).toMatchObject({ ok: false, cancelled: false });
  expect(fromForm.toasts).toHaveLength(0);
  expect(fromForm.entries.get(1)).toMatchObject({ status: "failed" });
});

test("a report that may have started is not asked again by itself: the failure says so and offers Try again, which asks once", async () => {
  const wb = new InMemoryWorkbook({ sheets: ["Plan"] });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  let asked = 0;
  const dropped = async (): Promise<never> => {
    asked++;
    throw new MaybeCountedError(
      new ConnectionError(
        "The connection dropped while reading the answer (socket hang up)",
        "POST /api/public/estimated-spend-by-day",
      ),
      "The report may have started",
    );
  };
  const { s, toasts, entries } = services(wb, dropped);
  const outcome = await runSourceToSheet(s, { kind: "estimatedSpendByDay", params: {} });
  expect(outcome).toMatchObject({ ok: false });
  expect(asked).toBe(1);
  const entry = entries.get(1)!;
  expect(entry.status).toBe("failed");
  expect(entry.detail).toMatch(
    /^The connection dropped while starting the report\. The report may have started\. .*choose Try again/,
  );
  expect(entry.details).toMatch(/^POST \/api\/public\/\S+: The connection dropped/);
  expect(toasts.at(-1)?.intent).toBe("error");
  expect(typeof entry.tryAgain).toBe("function");
  entry.tryAgain!();
  await new Promise((r) => setTimeout(r, 50));
  expect(asked).toBe(2);
  // A request that never reached the service counted nothing: asking again is safe, and offered.
  const unsent = services(wb, async (): Promise<never> => {
    throw new ConnectionError("Could not reach the service (ECONNREFUSED)", "POST /x");
  });
  await runSourceToSheet(unsent.s, { kind: "estimatedSpendByDay", params: {} });
  expect(typeof unsent.entries.get(1)!.tryAgain).toBe("function");
  // A refusal offers no Try again: asking again changes nothing.
  const refused = services(wb, async (): Promise<never> => {
    throw new AuthenticationError(
      "Forbidden",
      "POST /api/public/advertisers/estimated-spend-by-day",
      "forbidden",
    );
  });
  await runSourceToSheet(refused.s, {
    kind: "estimatedSpendByDay",
    params: { advertisers: ["Globex Bank"] },
  });
  expect(refused.entries.get(1)!.tryAgain).toBeUndefined();
  expect(refused.entries.get(1)!.detail).toMatch(
    /^The service refused the advertiser Globex Bank: the name may be misspelled, or not /,
  );
});

test("a refresh that may have counted offers Try again on its activity entry", async () => {
  const wb = new InMemoryWorkbook({ sheets: ["Plan"] });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  const def = await createReportSheet(
    wb.excel,
    { kind: "estimatedSpendByDay", params: {}, label: "Spend by day" },
    { type: "table", table: table([0, 1]) },
  );
  const { s, entries } = services(wb, async (): Promise<never> => {
    throw new MaybeCountedError(new ConnectionError("dropped", "POST /x"), "The report may have started");
  });
  await refreshOneSheet(s, def.sheetName);
  expect(entries.get(1)).toMatchObject({ status: "failed" });
  expect(typeof entries.get(1)!.tryAgain).toBe("function");
  expect((await readDefinition(wb.excel, def.sheetName))!.lastError).toMatch(/may have started/);
});

test("Edit request reads a report sheet's request, and says in words when the sheet was renamed or has none", async () => {
  const wb = new InMemoryWorkbook({ sheets: ["Plan"] });
  const params = { advertisers: ["Northwind Coffee"] };
  const def = await createReportSheet(
    wb.excel,
    { kind: "estimatedSpendByDay", params, label: "Spend by day" },
    { type: "table", table: table([0, 1]) },
  );
  expect(await loadSheetRequest(wb.excel, def.sheetName)).toMatchObject({
    kind: "estimatedSpendByDay",
    params,
    sheetName: def.sheetName,
  });
  await expect(loadSheetRequest(wb.excel, "Plan")).rejects.toThrow(
    "Plan: this sheet has no report definition to edit",
  );
  await wb.excel.run(async (context) => {
    context.workbook.worksheets.getItem(def.sheetName).name = "Coffee";
    await context.sync();
  });
  await expect(loadSheetRequest(wb.excel, def.sheetName)).rejects.toThrow(/no sheet has this name any more/);
  expect(await loadSheetRequest(wb.excel, "Coffee")).toMatchObject({ sheetName: "Coffee" });
});

test("an edit that changes the period offers the name that says so; renamed, the Dashboard follows", async () => {
  const wb = new InMemoryWorkbook({ sheets: ["Plan"] });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  const { s, toasts } = services(wb, table([0, 1, 2]));
  const params = { advertisers: ["Acme Mattress"] };
  const last30 = { kind: "last", count: 30, unit: "days" } as const;
  expect(await runSourceToSheet(s, { kind: "estimatedSpendByDay", params, datePreset: last30 })).toEqual({
    ok: true,
  });
  const [name] = (await import("../excel/reportSheets").then((m) => m.listDefinitions(wb.excel))).map(
    (d) => d.sheetName,
  );
  expect(name).toMatch(/last 30 days$/);
  const { writeDashboard } = await import("../excel/dashboardSheet");
  await writeDashboard(wb.excel, [name]);
  const months = { kind: "last", count: 3, unit: "months" } as const;
  const outcome = await runSourceToSheet(s, {
    kind: "estimatedSpendByDay",
    params,
    datePreset: months,
    sheetName: name,
  });
  expect(outcome).toEqual({ ok: true, rename: { from: name, to: name.replace("30 days", "3 months") } });
  // The same period again: nothing to offer.
  const same = await runSourceToSheet(s, {
    kind: "estimatedSpendByDay",
    params,
    datePreset: months,
    sheetName: name,
  });
  expect(same).toEqual({ ok: true });
  const { renameSheet } = await import("./reportActions");
  const renamed = await renameSheet(s, name, name.replace("30 days", "3 months"));
  expect(renamed).toBe(name.replace("30 days", "3 months"));
  expect(toasts.at(-1)).toMatchObject({ intent: "success" });
  expect(await readDefinition(wb.excel, renamed!)).toMatchObject({ sheetName: renamed });
  // The Dashboard's link goes to the new name; its header says the report and whose data it is
  // (issue 47), the period left to From and To under it (the whole would pass 240 points).
  expect(wb.host.cell("Dashboard", 4, 1).formula).toContain(`'${renamed}'!A1`);
  expect(wb.host.cell("Dashboard", 4, 1).value).toBe("Spend by day · Acme Mattress");
});

test("issue 49: Edit request unavailable says why, in words", async () => {
  const { editBlockedReason } = await import("./reportActions");
  expect(editBlockedReason({ kind: "show" }, false)).toBe(
    "Edit request: a show sheet is asked for on the Data tab; run it there again to change what it asks.",
  );
  expect(editBlockedReason({ kind: "campaignsPerformance" }, true)).toMatch(/newer version of the add-in/);
  expect(editBlockedReason({ kind: "campaignsPerformance" }, false)).toBeUndefined();
});

test("every Refresh from the Sheets tab ends with a message: a show sheet's as a report's, and a failure's", async () => {
  const wb = new InMemoryWorkbook({ sheets: ["Plan"] });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  const show = {
    serviceSeriesId: 77,
    title: "Morning Show",
    episodes: [{ title: "Ep 1", serviceEpisodeId: 1, ads: [] }],
  };
  const showDef = await createReportSheet(
    wb.excel,
    { kind: "show", params: { id: "77" }, label: "Show 77" },
    { type: "show", show },
  );
  const client = {
    shows: { get: async () => ({ ...show, title: "Morning Show, again" }) },
    reports: { run: async () => ({ table: table([0, 1]) }) },
  } as unknown as AdsClient;
  const { services: s, toasts } = recordingServices(wb.excel, client);
  await refreshOneSheet(s, showDef.sheetName);
  expect(toasts).toEqual([{ text: "Refreshed Show 77: 1 row", intent: "success" }]);
  const report = await createReportSheet(
    wb.excel,
    { kind: "estimatedSpendByDay", params: {}, label: "Spend by day" },
    { type: "table", table: table([0]) },
  );
  await refreshOneSheet(s, report.sheetName);
  expect(toasts[1]).toEqual({ text: `Refreshed ${report.sheetName}: 2 rows`, intent: "success" });
  // A refresh that fails says why, in a message too.
  const failing = services(wb, async (): Promise<never> => {
    throw new ConnectionError("dropped", "POST /x");
  });
  await refreshOneSheet(failing.s, report.sheetName);
  expect(failing.toasts).toHaveLength(1);
  expect(failing.toasts[0].intent).toBe("error");
});
