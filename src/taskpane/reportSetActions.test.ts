/**
 * A report set's run from the pane: always asked first, with its requests and the month's counts, and
 * nothing sent on Not now; on Continue, each sheet's outcome said (a failed client named, the run going on).
 */
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import type { AdsClient } from "../api/client";
import type { TypedTable } from "../api/table";
import { listDefinitions } from "../excel/store/reportRecords";
import { makeReportSet } from "../excel/reportSets";
import { answerSpendQuestion, spendQuestions, spendQuestionText } from "../runtime/spendGuard";
import { countRequest, resetSession, setSpendWorkbook } from "../runtime/session";
import { SpendLedger } from "../runtime/spendLedger";
import { MemoryStorage } from "../runtime/testing/memoryStorage";
import { runSetFromPane } from "./reportSetActions";
import type { Services } from "./services";
import { useFakeDate } from "../../test/support/fakeDate";

// Sheet names leave out a period's year only in the current year ("Spend by day, Nov"): the day is the
// test's, not the machine's (a run in January 2027 named them "… Nov 2026", cut to fit). Only Date is fake.
beforeAll(() => useFakeDate(Date.UTC(2026, 11, 7, 12)));
afterAll(() => jest.useRealTimers());

const table = (advertiser: string): TypedTable => ({
  columns: [
    { name: "Day", kind: "date" },
    { name: "Advertiser", kind: "text" },
    { name: "Estimated Spend", kind: "currency" },
  ],
  rows: [[46327, advertiser, 12.5]],
});

async function setup(refusal = "This key's account cannot see the advertiser asked for") {
  const wb = new InMemoryWorkbook({ sheets: ["Inputs"] });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  ["Acme Mattress", "Globex Bank", "Northwind Coffee"].forEach((a, i) => wb.host.setInput("Inputs", i, 0, a));
  const asked: string[] = [];
  const run = async (_kind: string, params: { advertisers: string[] }) => {
    asked.push(params.advertisers[0]);
    if (params.advertisers[0] === "Globex Bank") throw new Error(refusal);
    return { table: table(params.advertisers[0]) };
  };
  const services: Services = {
    client: { reports: { run } } as unknown as AdsClient,
    excel: wb.excel,
    notify: () => undefined,
    activity: { start: () => 1, update: () => undefined },
    editReport: () => undefined,
  };
  const set = await makeReportSet(wb.excel, {
    name: "Clients",
    client: "advertiser",
    values: "Inputs!A1:A3",
    reports: [{ kind: "estimatedSpendByDay", params: { startDate: "2026-11-01", endDate: "2026-11-07" } }],
    dashboard: false,
  });
  return { wb, services, asked, id: set.id };
}

/** The question the run put to the pane, once it is there. */
async function question() {
  for (let i = 0; i < 200 && spendQuestions().length === 0; i++) await new Promise((r) => setTimeout(r, 5));
  expect(spendQuestions()).toHaveLength(1);
  return spendQuestions()[0];
}

test("Run for each asks first even under the limit, with its count and this month's; Not now sends nothing", async () => {
  const { wb, services, asked, id } = await setup();
  const running = runSetFromPane(services, id);
  const q = await question();
  expect(q).toMatchObject({ action: "Run for each: Clients", requests: 3, exact: true });
  expect(spendQuestionText(q)).toMatch(/^This will spend 3 requests; \d+ spent this month/);
  // Only this workbook has spent this month: its count is the month's, said once (issue 57).
  expect(q.detail).toBe("a run that makes 3 report sheets");
  answerSpendQuestion(q.id, false);
  expect(await running).toBe("Not sent: you chose Not now (it would have spent 3 requests).");
  expect(asked).toEqual([]);
  expect(await listDefinitions(wb.excel)).toHaveLength(0);
});

test("on Continue each sheet is made; a refused client is named and the others are made", async () => {
  const { wb, services, asked, id } = await setup();
  const running = runSetFromPane(services, id);
  answerSpendQuestion((await question()).id, true);
  const text = await running;
  expect(asked).toEqual(["Acme Mattress", "Globex Bank", "Northwind Coffee"]);
  expect(text).toBe(
    "Made 2 report sheets. Globex Bank · Spend by day, Nov failed: This key's account cannot see the advertiser asked for.",
  );
  expect((await listDefinitions(wb.excel)).map((d) => d.sheetName)).toEqual([
    "Acme Mattress · Spend by day",
    "Northwind Coffee · Spend by day",
  ]);
  // The next run is Refresh set: the two made are kept (nothing changed), Globex's sheet tried again: 1 request.
  asked.length = 0;
  const again = runSetFromPane(services, id);
  const q = await question();
  expect(q).toMatchObject({ action: "Refresh set: Clients", requests: 1 });
  answerSpendQuestion(q.id, true);
  expect(await again).toMatch(/^Kept 2 report sheets whose inputs did not change\. Globex Bank .* failed: /);
  expect(asked).toEqual(["Globex Bank"]);
  // Refresh all of the set: every sheet again, asked for first with its count.
  asked.length = 0;
  const all = runSetFromPane(services, id, { all: true });
  const qAll = await question();
  expect(qAll).toMatchObject({ action: "Refresh all of the set: Clients", requests: 3 });
  answerSpendQuestion(qAll.id, true);
  expect(await all).toMatch(/^Refreshed 2 report sheets\. /);
  expect(asked).toEqual(["Acme Mattress", "Northwind Coffee", "Globex Bank"]);
});

describe("issue 57: each fact said once", () => {
  afterEach(() => {
    delete (globalThis as { localStorage?: Storage }).localStorage;
    resetSession();
  });

  test("the spend question names this workbook's count only where other workbooks spent too", async () => {
    const storage = new MemoryStorage();
    (globalThis as { localStorage?: Storage }).localStorage = storage;
    resetSession();
    setSpendWorkbook("this-workbook");
    countRequest("reports");
    countRequest("reports");
    // Another workbook's pane on this computer spent 5 this month.
    const other = new SpendLedger(() => storage);
    other.setWorkbook("another-workbook");
    for (let i = 0; i < 5; i++) other.count("functions");
    const { services, id } = await setup();
    const running = runSetFromPane(services, id);
    const q = await question();
    expect(spendQuestionText(q)).toBe("This will spend 3 requests; 7 spent this month.");
    expect(q.detail).toBe(
      "a run that makes 3 report sheets (this workbook has spent 2 of this month's requests)",
    );
    answerSpendQuestion(q.id, false);
    await running;
  });

  test("a refusal that ends its own sentence gets no second full stop before what is no longer listed", async () => {
    const { wb, services, id } = await setup("This key's account has no access.");
    const first = runSetFromPane(services, id);
    answerSpendQuestion((await question()).id, true);
    await first;
    // Northwind Coffee leaves the range; Refresh set tries Globex Bank again and says who left.
    wb.host.setInput("Inputs", 2, 0, "");
    const again = runSetFromPane(services, id);
    answerSpendQuestion((await question()).id, true);
    const text = await again;
    expect(text).toContain(
      "Globex Bank · Spend by day, Nov failed: This key's account has no access. No longer in the list (their sheets stay): Northwind Coffee.",
    );
    expect(text).not.toMatch(/\.\./);
  });
});
