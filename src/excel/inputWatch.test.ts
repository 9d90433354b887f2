/**
 * Live staleness (issue #46) through the genuine office.js client: the in-memory host raises
 * Worksheet.onChanged as Excel does, office.js delivers it to the handlers the input watch registered,
 * and the report or set whose cells changed is marked stale, with no reload of anything.
 */
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import { isSetSupported } from "../../preview/memory/hostApiSets";
import { startSandbox } from "../../test/support/sandbox";
import type { TypedTable } from "../api/table";
import { fetchSheetData } from "../runtime/reportSources";
import { touched, watchInputs, type InputWatch } from "./inputWatch";
import { onStale, type StaleTarget } from "./staleListeners";
import { bindReportParam } from "./reportBindings";
import { makeReportSet, previewReportSet, runReportSet } from "./reportSets";
import { createReportSheet } from "./reportSheets";

const TODAY = new Date(Date.UTC(2026, 10, 22));
const DATES = { startDate: "2026-11-01", endDate: "2026-11-14" };

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let watch: InputWatch | null = null;
let stopListening: (() => void) | undefined;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());
afterEach(() => {
  watch?.stop();
  stopListening?.();
});

/** The targets marked stale, in order, and a wait for the next one. */
function staleMarks() {
  const marks: StaleTarget[] = [];
  let wake: (() => void) | undefined;
  stopListening = onStale((t) => {
    marks.push(t);
    wake?.();
  });
  const next = (n: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`only ${marks.length} marked stale`)), 2000);
      const check = () => {
        if (marks.length >= n) {
          clearTimeout(timer);
          resolve();
        }
      };
      wake = check;
      check();
    });
  return { marks, next };
}

/** A set of one report (spend by day) for each advertiser of `values`. */
const spendSet = (wb: InMemoryWorkbook, name: string, values: string) =>
  makeReportSet(wb.excel, {
    name,
    client: "advertiser",
    values,
    reports: [{ kind: "estimatedSpendByDay", params: DATES }],
    dashboard: false,
  });

test("a set's client cell changed: the set is stale without any reload", async () => {
  const wb = new InMemoryWorkbook({ sheets: ["Inputs"], today: () => TODAY });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  ["Acme Mattress", "Northwind Coffee", "Stark Apparel"].forEach((a, i) =>
    wb.host.setInput("Inputs", i + 1, 0, a),
  );
  const client = sandbox.client();
  const set = await spendSet(wb, "Clients", "Inputs!A2:A4");
  await runReportSet(wb.excel, set.id, (s, signal) => fetchSheetData(client, s, { signal }), {
    confirmed: 3,
    now: () => TODAY,
  });
  watch = await watchInputs(wb.excel, (s, v) => isSetSupported(s, v));
  expect(watch).not.toBeNull();
  const { marks, next } = staleMarks();
  // A cell elsewhere on the sheet is no input: nothing is marked.
  wb.host.setInput("Inputs", 9, 5, "a note");
  wb.host.setInput("Inputs", 3, 0, "Wayne Travel");
  await next(1);
  expect(marks).toEqual([{ kind: "set", id: set.id, name: set.name }]);
  const preview = await previewReportSet(wb.excel, set.id, TODAY);
  expect(preview.changes).toEqual({ added: ["Wayne Travel"], removed: ["Stark Apparel"] });
  expect(preview.plan.requests).toBe(1);
}, 60_000);

const table: TypedTable = {
  columns: [
    { name: "Day", kind: "date" },
    { name: "Spend", kind: "currency" },
  ],
  rows: [[46327, 12.5]],
};

test("a report's bound cell changed: the report is stale without any reload, its status line says which cell", async () => {
  const wb = new InMemoryWorkbook({ sheets: ["Inputs"], today: () => TODAY });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  wb.host.setInput("Inputs", 1, 1, "2026-11-01");
  const def = await createReportSheet(
    wb.excel,
    { kind: "estimatedSpendByDay", params: { advertisers: ["Acme Mattress"], ...DATES }, label: "Spend" },
    { type: "table", table },
    TODAY,
  );
  await bindReportParam(wb.excel, def.sheetName, "startDate", { address: "Inputs!B2" });
  watch = await watchInputs(wb.excel, (s, v) => isSetSupported(s, v));
  const { marks, next } = staleMarks();
  expect(String(wb.host.cell(def.sheetName, 0, 0).value)).not.toMatch(/^Stale/);
  wb.host.setInput("Inputs", 1, 1, "2026-11-02");
  await next(1);
  expect(marks).toEqual([{ kind: "report", sheetName: def.sheetName }]);
  expect(String(wb.host.cell(def.sheetName, 0, 0).value)).toMatch(
    /^Stale: Start date Inputs!B2 = 2026-11-02 changed since this data was fetched · /,
  );
});

test("a formula cell's result changed (Worksheet.onCalculated): the set whose range holds it is stale", async () => {
  const wb = new InMemoryWorkbook({ sheets: ["Inputs"], today: () => TODAY });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  wb.host.setInput("Inputs", 0, 3, "Acme Mattress");
  wb.host.setInput("Inputs", 0, 0, "=D1");
  const set = await spendSet(wb, "Formula", "Inputs!A1");
  watch = await watchInputs(wb.excel, (s, v) => isSetSupported(s, v));
  const { marks, next } = staleMarks();
  // D1 is not the set's range; A1 reads it and is calculated again.
  wb.host.setInput("Inputs", 0, 3, "Wayne Travel");
  await next(1);
  expect(marks).toEqual([{ kind: "set", id: set.id, name: set.name }]);
});

test("where this Excel has no change events, nothing is watched (the Sheets tab's reading stays)", async () => {
  const wb = new InMemoryWorkbook({ sheets: ["Inputs"] });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  expect(await watchInputs(wb.excel, (s, v) => s === "ExcelApi" && Number(v) <= 1.6)).toBeNull();
});

test("which reports and sets a change touches: overlapping blocks on the same sheet, each once", () => {
  const report = { kind: "report", sheetName: "Spend" } as const;
  const set = { kind: "set", id: "Clients", name: "Clients" } as const;
  const watched = [
    { sheet: "Inputs", area: { row: 1, col: 1, rows: 1, cols: 1 }, target: report },
    { sheet: "Inputs", area: { row: 1, col: 0, rows: 3, cols: 1 }, target: set },
    { sheet: "Inputs", area: { row: 2, col: 1, rows: 1, cols: 1 }, target: report },
  ];
  expect(touched(watched, "Inputs", "B2")).toEqual([report]);
  expect(touched(watched, "Inputs", "A1:B3")).toEqual([report, set]);
  expect(touched(watched, "Other", "B2")).toEqual([]);
  expect(touched(watched, "Inputs", "C1:D9")).toEqual([]);
  // onCalculated names several ranges at once, comma-separated.
  expect(touched(watched, "Inputs", "F1:F3, A4")).toEqual([set]);
});
