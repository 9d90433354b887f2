/**
 * Records changed from two panes at once (issue #54): each pane is a copy of the modules of its own
 * (jest.isolateModules: its own store turns), over the same workbook through the genuine office.js
 * client; their syncs interleave. The later write is refused in words or merged, and nothing of the
 * earlier is lost. Each test fails on the code before the store's one write.
 */
import { InMemoryWorkbook } from "../../../preview/memory/workbook";
import type { TypedTable } from "../../api/table";
import type { CampaignHold } from "../../writebacks/planHolds";
import * as dashboardHere from "../dashboardSheet";
import { createReportSheet } from "../reportSheets";
import * as holdsHere from "./holdStore";
import * as idHere from "./workbookId";

type Modules = { dashboard: typeof dashboardHere; holds: typeof holdsHere; id: typeof idHere };

/** The modules as another runtime holds them. */
function otherPane(): Modules {
  let out: Modules | undefined;
  jest.isolateModules(() => {
    out = {
      dashboard: jest.requireActual<typeof dashboardHere>("../dashboardSheet"),
      holds: jest.requireActual<typeof holdsHere>("./holdStore"),
      id: jest.requireActual<typeof idHere>("./workbookId"),
    };
  });
  return out!;
}

const spend: TypedTable = {
  columns: [
    { name: "Day", kind: "date" },
    { name: "Spend", kind: "currency" },
  ],
  rows: [
    [46327, 10],
    [46328, 12.5],
  ],
};

test("two panes ask for the workbook's id at once, the first time: one id is kept, and both panes use it", async () => {
  const wb = new InMemoryWorkbook();
  const [a, b] = [otherPane(), otherPane()];
  // Each pane its own namespace over the one workbook, as two runtimes have.
  const ids = await Promise.all([
    a.id.workbookIdOf({ run: wb.excel.run.bind(wb.excel) } as typeof wb.excel),
    b.id.workbookIdOf({ run: wb.excel.run.bind(wb.excel) } as typeof wb.excel),
  ]);
  expect(ids[0]).toBe(ids[1]);
  expect(wb.model.customProperties.get(idHere.WORKBOOK_ID_PROPERTY)).toBe(ids[0]);
  expect(wb.model.customProperties.get(`${idHere.WORKBOOK_ID_PROPERTY}.rev`)).toBe("1");
});

test("two panes hold the same campaign at once: the later is refused in words, and the campaign is held once", async () => {
  const wb = new InMemoryWorkbook({ sheets: ["Plan"] });
  const hold: CampaignHold = {
    id: "0123456789abcdef",
    name: "Spring podcast",
    advertiser: "Acme Mattress",
    sentAt: "2026-11-23T12:00:00.000Z",
    rows: [2, 3],
    revision: 1,
  };
  const where = (context: Excel.RequestContext) => context.workbook.worksheets.getItem("Plan");
  const [a, b] = [otherPane(), otherPane()];
  const outcomes = await Promise.allSettled([
    a.holds.writeHold(wb.excel, where, hold),
    b.holds.writeHold(wb.excel, where, { ...hold, sentAt: "2026-11-23T12:00:01.000Z" }),
  ]);
  expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
  const refused = outcomes.find((o): o is PromiseRejectedResult => o.status === "rejected")!;
  expect(String(refused.reason)).toMatch(/"Spring podcast" is already held .*it was not sent again/);
  const held = await holdsHere.readHolds(wb.excel, where);
  expect(held.holds.map((h) => h.id)).toEqual([hold.id]);
  // The hold that stays is the one that was recorded first, whole.
  const kept = outcomes[0].status === "fulfilled" ? hold.sentAt : "2026-11-23T12:00:01.000Z";
  expect(held.holds[0].sentAt).toBe(kept);
});

test("two panes pick other reports for the Dashboard at once: the later is refused in words, and the Dashboard shows the earlier's pick", async () => {
  const wb = new InMemoryWorkbook();
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  for (const label of ["North", "South", "East"])
    await createReportSheet(
      wb.excel,
      { kind: "estimatedSpendByDay", params: { advertisers: [label] }, label },
      { type: "table", table: spend },
    );
  await dashboardHere.writeDashboard(wb.excel, ["North"]);
  const [a, b] = [otherPane(), otherPane()];
  const outcomes = await Promise.allSettled([
    a.dashboard.writeDashboard(wb.excel, ["North", "South"]),
    b.dashboard.writeDashboard(wb.excel, ["North", "East"]),
  ]);
  expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
  const refused = outcomes.find((o): o is PromiseRejectedResult => o.status === "rejected")!;
  expect(String(refused.reason)).toMatch(/changed elsewhere .*your change was not saved/);
  const won = outcomes[0].status === "fulfilled" ? ["North", "South"] : ["North", "East"];
  expect((await dashboardHere.existingDashboard(wb.excel))?.reports).toEqual(won);
  // Its figures are the winner's too: the header row names its reports, nothing of the other's.
  const header = [1, 2, 3].map((c) => String(wb.host.cell("Dashboard", 4, c).value ?? ""));
  expect(header.filter((h) => h !== "").length).toBe(2);
  expect(header.join(" ")).toContain(won[1]);
  expect(header.join(" ")).not.toContain(won[1] === "South" ? "East" : "South");
});
