/**
 * Workbooks on the 1904 date system: the add-in asks the workbook which system it counts in, writes
 * dates in it, and reads dates out of it: every day from 1904 to 2099 shows as itself in both systems.
 */
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import { utcToSerial } from "../api/excelDates";
import type { TypedTable } from "../api/table";
import { createAdsFunctions } from "../functions/adsFunctions";
import { RequestCache } from "../functions/requestCache";
import { insertCampaignPlan, readCampaignPlan } from "./campaignPlan";
import { dateSystemOf, readDateSystem } from "./dateSystem";
import { rewriteTable } from "./tableRefresh";
import { writeNewTable } from "./newTableSheet";
import { planColumn } from "../../test/support/planRows";

function workbook(date1904: boolean): InMemoryWorkbook {
  const wb = new InMemoryWorkbook();
  wb.model.date1904 = date1904;
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  return wb;
}

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

test("the workbook says which system it counts in (DATE(1904,1,1) through workbook.functions)", async () => {
  expect(await workbook(false).excel.run(readDateSystem)).toBe("1900");
  expect(await workbook(true).excel.run(readDateSystem)).toBe("1904");
  // Asked once per workbook.
  const wb = workbook(true);
  expect(await dateSystemOf(wb.excel)).toBe("1904");
  const syncs = wb.syncLog.length;
  expect(await dateSystemOf(wb.excel)).toBe("1904");
  expect(wb.syncLog.length).toBe(syncs);
});

test.each([false, true])(
  "date1904 %p: every day from the system's first to 31 Dec 2099 is written and shown as itself, and survives a refresh",
  async (date1904) => {
    const wb = workbook(date1904);
    const first = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1900, 0, 1);
    const days: number[] = [];
    for (let ms = first; ms <= Date.UTC(2099, 11, 31); ms += DAY) days.push(ms);
    const table: TypedTable = {
      columns: [
        { name: "Day", kind: "date" },
        { name: "At", kind: "datetime" },
      ],
      // The add-in's tables count in the 1900 system, whatever the workbook does.
      rows: days.map((ms) => [utcToSerial(ms), utcToSerial(ms + DAY / 4)]),
    };
    await writeNewTable(wb.excel, table, { sheetName: "Days", tableName: "Days" });
    const check = () => {
      const wrong = days.filter((ms, i) => {
        const day = wb.host.cell("Days", 1 + i, 0);
        const at = wb.host.cell("Days", 1 + i, 1);
        return (
          day.text !== isoDay(ms) ||
          at.text !== `${isoDay(ms)} 06:00` ||
          day.value !== utcToSerial(ms, date1904 ? "1904" : "1900")
        );
      });
      expect({ days: days.length, wrong: wrong.slice(0, 3).map(isoDay) }).toEqual({
        days: date1904 ? 71_589 : 73_049,
        wrong: [],
      });
    };
    check();
    await rewriteTable(wb.excel, { sheetName: "Days", tableName: "Days" }, table);
    check();
  },
);

test("a campaign plan's dates typed in a 1904 workbook are read as the days they show", async () => {
  for (const date1904 of [false, true]) {
    const wb = workbook(date1904);
    const at = await insertCampaignPlan(wb.excel, 1);
    wb.host.setInput(at.sheetName, 1, planColumn("startDate"), "2026-12-01");
    wb.host.setInput(at.sheetName, 1, planColumn("endDate"), "1/15/2027");
    expect(wb.host.cell(at.sheetName, 1, planColumn("startDate")).text).toBe("2026-12-01");
    const plan = await readCampaignPlan(wb.excel);
    const row = plan.sheet.rows[0];
    expect([row[planColumn("startDate")], row[planColumn("endDate")]]).toEqual([
      utcToSerial(Date.UTC(2026, 11, 1)),
      utcToSerial(Date.UTC(2027, 0, 15)),
    ]);
  }
});

test("functions read date arguments in the workbook's system and return dates in it", async () => {
  const asked: unknown[] = [];
  const client = {
    baseUrl: "https://service.example",
    ads: {
      async *iterate(body: unknown) {
        asked.push(body);
        yield { data: [], total: 0 };
      },
    },
  };
  const returned: number[] = [];
  for (const system of ["1900", "1904"] as const) {
    const fns = createAdsFunctions({
      client: () => client as never,
      cache: new RequestCache({ concurrency: 1 }),
      numberShape: () => "Double",
      dateSystem: async () => system,
    });
    // 1 December 2026 as a date cell of that workbook holds it.
    const cell = utcToSerial(Date.UTC(2026, 11, 1), system);
    await fns.ADS("Acme", cell).catch(() => undefined);
    const [[date]] = (await fns.SELFTEST(1, 1, "date")) as { basicValue: number; numberFormat: string }[][];
    expect(date.numberFormat).toBe("m/d/yy");
    returned.push(date.basicValue);
  }
  expect(asked.map((b) => (b as { startDate: string }).startDate)).toEqual(["2026-12-01", "2026-12-01"]);
  // The same day, as each system counts it.
  expect(returned[0] - returned[1]).toBe(1462);
});
