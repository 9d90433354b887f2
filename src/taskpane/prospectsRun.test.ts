/**
 * A prospect search from the pane's action (runSourceToSheet): the seeds are the first requests
 * (through the spend guard: one seed is within the limit); the candidates are counted from their
 * answers and asked for always, with their exact count, before any is sent; Continue sends exactly
 * that many and the Prospects sheet is written with its Score column. Not now sends nothing more.
 */
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import { startSandbox } from "../../test/support/sandbox";
import { answerSpendQuestion, spendQuestions } from "../runtime/spendGuard";
import { readDefinition } from "../excel/store/reportRecords";
import { PROSPECT_COLUMNS, prospectParamsSchema } from "../reports/prospects";
import { showIdSheets, showIdsOf } from "../excel/showIdSheets";
import { runSourceToSheet } from "./reportActions";
import type { Services } from "./services";

let s: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  s = await startSandbox();
});
afterAll(() => s.close());

function services(wb: InMemoryWorkbook): Services {
  return {
    client: s.client(),
    excel: wb.excel,
    notify: () => undefined,
    activity: { start: () => 1, update: () => undefined },
    editReport: () => undefined,
  };
}

const PARAMS = { advertisers: ["Northwind Coffee"], seeds: ["1200000010"], count: 8 };
const tick = () => new Promise((r) => setTimeout(r, 20));

async function waitForQuestion() {
  for (let i = 0; i < 100 && spendQuestions().length === 0; i++) await tick();
  return spendQuestions()[0];
}

test("the candidates' exact count is asked, always; Continue sends exactly that many and writes the sheet", async () => {
  const wb = new InMemoryWorkbook({ sheets: ["Plan"] });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  const before = s.sandbox.requests("demo-pro");
  const run = runSourceToSheet(services(wb), { kind: "prospects", params: PARAMS });
  const q = await waitForQuestion();
  expect(q).toMatchObject({ requests: 8, exact: true });
  await tick();
  // Only the seed so far.
  expect(s.sandbox.requests("demo-pro") - before).toBe(1);
  answerSpendQuestion(q.id, true);
  expect(await run).toMatchObject({ ok: true });
  expect(s.sandbox.requests("demo-pro") - before).toBe(1 + q.requests);
  const sheet = wb.host.sheets().find((x) => x.name.startsWith("Prospects"))!.name;
  expect(sheet).toBeDefined();
  // The header under the weights and the 14 rows kept for the chart (sheet row 22): Score follows the
  // fetched columns.
  expect(wb.host.cell(sheet, 21, PROSPECT_COLUMNS.length).value).toBe("Score");
});

test("fewer similar shows than asked: the question names the fewer, and exactly those are sent", async () => {
  const wb = new InMemoryWorkbook({ sheets: ["Plan"] });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  const before = s.sandbox.requests("demo-pro");
  // One seed has at most 50 similar shows: 100 asked is always more than there are.
  const run = runSourceToSheet(services(wb), { kind: "prospects", params: { ...PARAMS, count: 100 } });
  const q = await waitForQuestion();
  expect(q.requests).toBeLessThan(100);
  expect(q.requests).toBeGreaterThan(0);
  expect(q.detail).toContain("fewer than the 100 asked for");
  answerSpendQuestion(q.id, true);
  expect(await run).toMatchObject({ ok: true });
  expect(s.sandbox.requests("demo-pro") - before).toBe(1 + q.requests);
});

test("Not now to the candidates sends nothing more and writes nothing", async () => {
  const wb = new InMemoryWorkbook({ sheets: ["Plan"] });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  const before = s.sandbox.requests("demo-pro");
  const run = runSourceToSheet(services(wb), { kind: "prospects", params: PARAMS });
  answerSpendQuestion((await waitForQuestion()).id, false);
  expect(await run).toMatchObject({ ok: false, cancelled: true });
  expect(s.sandbox.requests("demo-pro") - before).toBe(1);
  expect(wb.host.sheets().map((x) => x.name)).toEqual(["Plan"]);
});

test("every input taken from cells (the form's Parameters from cells): the cells give the request, the sheet keeps the bindings", async () => {
  const wb = new InMemoryWorkbook({ sheets: ["Inputs"] });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  const inputs: [number, number, unknown][] = [
    [0, 1, "Northwind Coffee"], // advertisers
    [1, 1, "1200000003"], // seeds: B2:B3
    [2, 1, "1200000010"],
    [3, 1, "6"], // count
    [4, 1, "1000"], // minListeners
    [5, 1, "50"], // maxAdLoad
    [6, 1, "high"], // maxContentRisk
    [7, 1, "Podcast"], // platforms
    [8, 1, "Globex Bank"], // competitors
  ];
  for (const [r, c, v] of inputs) wb.host.setInput("Inputs", r, c, String(v));
  const cells = {
    advertisers: "Inputs!B1",
    seeds: "Inputs!B2:B3",
    count: "Inputs!B4",
    minListeners: "Inputs!B5",
    maxAdLoad: "Inputs!B6",
    maxContentRisk: "Inputs!B7",
    platforms: "Inputs!B8",
    competitors: "Inputs!B9",
  };
  const before = s.sandbox.requests("demo-pro");
  // Nothing typed: the form sends only the cells' addresses (prospectsFormState.ts).
  const run = runSourceToSheet(services(wb), { kind: "prospects", params: {}, cells });
  const q = await waitForQuestion();
  expect(q).toMatchObject({ requests: 6, exact: true });
  answerSpendQuestion(q.id, true);
  expect(await run).toMatchObject({ ok: true });
  expect(s.sandbox.requests("demo-pro") - before).toBe(2 + 6);
  const sheet = wb.host.sheets().find((x) => x.name.startsWith("Prospects"))!.name;
  const def = await readDefinition(wb.excel, sheet);
  expect(def?.params).toMatchObject({
    advertisers: ["Northwind Coffee"],
    seeds: ["1200000003", "1200000010"],
    count: 6,
    maxContentRisk: "high",
    platforms: ["Podcast"],
    competitors: ["Globex Bank"],
  });
  expect(def?.bindings?.map((b) => b.param).sort()).toEqual(Object.keys(cells).sort());
  expect(String(wb.host.cell(sheet, 0, 0).value)).toMatch(/Northwind Coffee/);

  // Seed shows from a report sheet: this Prospects sheet's service ids, shown as Service show id
  // (issue 57), read once.
  expect(await showIdSheets(wb.excel)).toEqual([
    { sheetName: sheet, column: "Service show id", rows: def!.rowCount },
  ]);
  const { column, ids } = await showIdsOf(wb.excel, sheet);
  expect(column).toBe("Service show id");
  expect(ids).toHaveLength(def!.rowCount);
  // The service's show ids (a seed is fetched by any id the show info path takes), usable as seeds.
  for (const id of ids) expect(id).toMatch(/^\d+$/);
  expect(prospectParamsSchema.safeParse({ advertisers: ["Acme Mattress"], seeds: ids }).success).toBe(true);
  expect(s.sandbox.requests("demo-pro") - before).toBe(8);
});
