/**
 * Make dashboard proposes only the report sheets it can summarise (issue 57): the Sheets tab's list
 * says of each whether its columns give the Dashboard a KPI (src/reports/dashboard.ts, canSummarise),
 * and the Dashboard section is given those alone. A Prospects sheet, whose Dashboard column would be
 * all "–", is listed but not proposed; a spend report is.
 */
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import { startSandbox } from "../../test/support/sandbox";
import { answerSpendQuestion, spendQuestions } from "../runtime/spendGuard";
import { listReportSheets, runSourceToSheet } from "./reportActions";
import type { Services } from "./services";

let s: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  s = await startSandbox();
});
afterAll(() => s.close());

const tick = () => new Promise((r) => setTimeout(r, 20));

test("issue 57: the Sheets list offers a spend report for the Dashboard and not a Prospects sheet", async () => {
  const wb = new InMemoryWorkbook({ sheets: ["Sheet1"] });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  const services: Services = {
    client: s.client(),
    excel: wb.excel,
    notify: () => undefined,
    activity: { start: () => 1, update: () => undefined },
    editReport: () => undefined,
  };
  const spend = await runSourceToSheet(services, {
    kind: "estimatedSpendByDay",
    params: { advertisers: ["Acme Mattress"] },
  });
  expect(spend).toMatchObject({ ok: true });
  const prospects = runSourceToSheet(services, {
    kind: "prospects",
    params: { advertisers: ["Acme Mattress"], seeds: ["1200000003"], count: 3 },
  });
  // The candidates are always asked for: Continue.
  for (let i = 0; i < 100 && spendQuestions().length === 0; i++) await tick();
  answerSpendQuestion(spendQuestions()[0].id, true);
  expect(await prospects).toMatchObject({ ok: true });

  const listed = await listReportSheets(services);
  const offered = Object.fromEntries(listed.map((r) => [r.sheetName.split(" ")[0], r.dashboard]));
  expect(offered).toEqual({ Spend: true, Prospects: false });
});
