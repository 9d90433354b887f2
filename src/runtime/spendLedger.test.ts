/** The month's count with several panes on one origin's storage: added, never overwritten. */
import { SpendLedger } from "./spendLedger";
import { MemoryStorage } from "./testing/memoryStorage";

const NOV = new Date(2026, 10, 20);

test("two panes counting at once: the month's count is the sum of both, whichever wrote last", () => {
  const storage = new MemoryStorage();
  const a = new SpendLedger(() => storage, "pane-a");
  const b = new SpendLedger(() => storage, "pane-b");
  a.setWorkbook("book-a");
  b.setWorkbook("book-b");
  // Interleaved, as two workbooks' recalculations are: each write is the pane's own record.
  for (let i = 0; i < 30; i++) {
    a.count("functions", NOV);
    if (i % 2) b.count("reports", NOV);
  }
  b.count("writebacks", NOV);
  for (const pane of [a, b]) expect(pane.totals(NOV).allTotal).toBe(30 + 15 + 1);
  expect(a.totals(NOV).workbook).toEqual({ functions: 30, reports: 0, writebacks: 0, checks: 0 });
  expect(b.totals(NOV).workbook).toEqual({ functions: 0, reports: 15, writebacks: 1, checks: 0 });
  expect(a.totals(NOV).all).toEqual({ functions: 30, reports: 15, writebacks: 1, checks: 0 });
  // A third pane opened later (the first workbook's pane reopened) reads the same sum, and its
  // counts belong to the same workbook as the earlier pane's.
  const reopened = new SpendLedger(() => storage, "pane-a2");
  reopened.setWorkbook("book-a");
  reopened.count("functions", NOV);
  expect(reopened.totals(NOV)).toMatchObject({ allTotal: 47, workbookTotal: 31 });
});

test("the old single counter is read as this month's earlier requests and never written", () => {
  const storage = new MemoryStorage();
  storage.setItem("ads-analytics.requestCounter", JSON.stringify({ month: "2026-11", count: 55 }));
  const pane = new SpendLedger(() => storage, "p");
  pane.count("checks", NOV);
  expect(pane.totals(NOV)).toMatchObject({ earlier: 55, allTotal: 56, workbookTotal: 1 });
  expect(storage.getItem("ads-analytics.requestCounter")).toBe(
    JSON.stringify({ month: "2026-11", count: 55 }),
  );
});

test("a new month starts from zero; months before the previous one are dropped", () => {
  const storage = new MemoryStorage();
  new SpendLedger(() => storage, "old").count("functions", new Date(2026, 8, 3));
  new SpendLedger(() => storage, "last").count("functions", new Date(2026, 9, 30));
  const pane = new SpendLedger(() => storage, "now");
  pane.count("reports", NOV);
  expect(pane.totals(NOV).allTotal).toBe(1);
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i));
  expect(keys).toEqual(["ads-analytics.spend.v1.2026-10.last", "ads-analytics.spend.v1.2026-11.now"]);
});

test("unreadable records are skipped; a pane whose storage refuses writes still counts its own", () => {
  const storage = new MemoryStorage();
  storage.setItem("ads-analytics.spend.v1.2026-11.bad", "{not json");
  storage.setItem(
    "ads-analytics.spend.v1.2026-11.neg",
    JSON.stringify({ month: "2026-11", counts: { functions: -4 } }),
  );
  const full = Object.assign(new MemoryStorage(), {
    setItem: () => {
      throw new Error("QuotaExceededError");
    },
  });
  const pane = new SpendLedger(() => full, "p");
  pane.count("functions", NOV);
  expect(pane.totals(NOV).allTotal).toBe(1);
  expect(new SpendLedger(() => storage, "q").totals(NOV).allTotal).toBe(0);
});
