/** ADS.* in formulas of the in-memory workbook: anywhere in a formula, arguments evaluated, answers asynchronous. */
import type { AdsClient } from "../src/api/client";
import { createAdsFunctions } from "../src/functions/adsFunctions";
import { RequestCache } from "../src/functions/requestCache";
import { attachAdsFunctions } from "./functionsHost";
import { InMemoryWorkbook } from "./memory/workbook";

const calls: string[] = [];
const fakeClient = {
  baseUrl: "https://x.test",
  shows: {
    get: async (id: string) => {
      calls.push(id);
      return {
        serviceSeriesId: Number(id),
        title: `Show ${id}`,
        monthlyListeners: 42,
        topAdvertisers: ["A", "B"],
      };
    },
  },
} as unknown as AdsClient;

function workbook() {
  const wb = new InMemoryWorkbook();
  made.push(wb);
  attachAdsFunctions(wb, createAdsFunctions({ client: () => fakeClient, cache: new RequestCache() }));
  return wb;
}

/** Every workbook a test made, so settle() can tell when their calls have answered. */
const made: InMemoryWorkbook[] = [];
const busy = () =>
  made.some((wb) =>
    wb.host.sheets().some(({ name }) => {
      const { rows, cols } = wb.host.usedSize(name);
      for (let r = 0; r < rows; r++)
        for (let c = 0; c < cols; c++) if (wb.host.cell(name, r, c).value === "#BUSY!") return true;
      return false;
    }),
  );
/** Waits until every call made so far has answered and been shown (answers are shown a tick later). */
const settle = async () => {
  for (let i = 0; i < 200; i++) {
    await new Promise((r) => setTimeout(r, 20));
    if (!busy()) return;
  }
};

test("a call answers later: #BUSY! until then, then its value; literals and references both work", async () => {
  const wb = workbook();
  wb.host.setInput("Sheet1", 0, 0, '=ADS.SHOW(1200000001, "title")');
  expect(wb.host.cell("Sheet1", 0, 0)).toMatchObject({ value: "#BUSY!", error: true });
  await settle();
  expect(wb.host.cell("Sheet1", 0, 0).value).toBe("Show 1200000001");
  wb.host.setInput("Sheet1", 1, 1, "7");
  wb.host.setInput("Sheet1", 1, 0, "=ads.showlisteners($B$2)");
  await settle();
  expect(wb.host.cell("Sheet1", 1, 0).value).toBe(42);
});

test("inside native formulas, with native arguments: =ADS.SHOWLISTENERS(A1)*2, DATE(), SUM over a spill", async () => {
  const wb = workbook();
  wb.host.setInput("Sheet1", 0, 0, "5");
  wb.host.setInput("Sheet1", 0, 1, "=ADS.SHOWLISTENERS(A1)*2");
  wb.host.setInput("Sheet1", 1, 1, "=ADS.SELFTEST(3, DATE(1900,1,2))");
  await settle();
  expect(wb.host.cell("Sheet1", 0, 1).value).toBe(84);
  expect(wb.host.range("Sheet1!B2:C4")).toEqual([
    ["r1c1", "r1c2"],
    ["r2c1", "r2c2"],
    ["r3c1", "r3c2"],
  ]);
  wb.host.setInput("Sheet1", 9, 0, "=ROWS(B2:B4)+LEN(C4)");
  expect(wb.host.cell("Sheet1", 9, 0).value).toBe(7);
});

test("errors keep their message; a function this add-in lacks is #NAME?; too many arguments is #VALUE!", async () => {
  const wb = workbook();
  wb.host.setInput("Sheet1", 0, 0, '=ADS.SHOW(1200000001, "nope")');
  wb.host.setInput("Sheet1", 1, 0, "=ADS.NOPE(1)");
  wb.host.setInput("Sheet1", 2, 0, "=ADS.SHOWLISTENERS(1, 2, 3, 4)");
  await settle();
  expect(wb.host.cell("Sheet1", 0, 0)).toMatchObject({ value: "#VALUE!", error: true });
  expect(wb.host.cell("Sheet1", 0, 0).errorMessage).toMatch(/^Field: "nope" is not a show field/);
  expect(wb.host.cell("Sheet1", 1, 0).value).toBe("#NAME?");
  expect(wb.host.cell("Sheet1", 2, 0)).toMatchObject({
    value: "#VALUE!",
    errorMessage: expect.stringMatching(/at most/),
  });
});

test("a changed argument cell recalculates the call; an unchanged one asks nothing new", async () => {
  const wb = workbook();
  wb.host.setInput("Sheet1", 0, 0, "11");
  wb.host.setInput("Sheet1", 0, 1, '=ADS.SHOW(A1, "title")');
  await settle();
  expect(wb.host.cell("Sheet1", 0, 1).value).toBe("Show 11");
  wb.host.setInput("Sheet1", 0, 0, "12");
  await settle();
  expect(wb.host.cell("Sheet1", 0, 1).value).toBe("Show 12");
  const before = calls.length;
  wb.host.setInput("Sheet1", 5, 5, "unrelated");
  await settle();
  expect(calls.length).toBe(before);
});

/** The workbook with every call a function body receives counted (not requests: calls, as Excel makes them). */
function counted() {
  const invocations: string[] = [];
  const wb = new InMemoryWorkbook();
  made.push(wb);
  const fns = createAdsFunctions({ client: () => fakeClient, cache: new RequestCache() });
  attachAdsFunctions(wb, {
    ...fns,
    SHOWLISTENERS: (id, signal) => {
      invocations.push(String(id));
      return fns.SHOWLISTENERS(id, signal);
    },
  });
  return { wb, invocations };
}

test("as in Excel, inserting or deleting rows or columns, and a full calculation, call every custom function again; a plain recalculation does not", async () => {
  const { wb, invocations } = counted();
  wb.host.setInput("Sheet1", 1, 0, "7");
  wb.host.setInput("Sheet1", 1, 1, "=ADS.SHOWLISTENERS(A2)");
  wb.host.setInput("Sheet1", 2, 1, "=ADS.SHOWLISTENERS(8)");
  await settle();
  expect(invocations).toEqual(["7", "8"]);
  const through = (fn: (context: Excel.RequestContext) => void) =>
    wb.excel.run(async (context) => {
      fn(context);
      await context.sync();
    });
  // Office.js: a row inserted above them, a column deleted after them.
  await through((c) => c.workbook.worksheets.getItem("Sheet1").getRange("1:1").insert("Down"));
  await settle();
  expect(invocations).toHaveLength(4);
  expect(wb.host.cell("Sheet1", 2, 1).formula).toBe("=ADS.SHOWLISTENERS(A3)");
  await through((c) => c.workbook.worksheets.getItem("Sheet1").getRange("D:D").delete("Left"));
  await settle();
  expect(invocations).toHaveLength(6);
  await through((c) => c.workbook.application.calculate("Recalculate"));
  await settle();
  expect(invocations).toHaveLength(6);
  await through((c) => c.workbook.application.calculate("Full"));
  await settle();
  expect(invocations).toHaveLength(8);
  // The grid: the planner's own insert, delete and Ctrl+Alt+F9.
  wb.host.insertRows("Sheet1", 0, 2);
  await settle();
  wb.host.deleteColumns("Sheet1", 5);
  await settle();
  wb.host.calculateFull();
  await settle();
  expect(invocations).toHaveLength(14);
  expect(wb.host.cell("Sheet1", 4, 1).value).toBe(42);
});
