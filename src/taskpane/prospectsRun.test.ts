/**
 * A prospect search from the pane's action (runSourceToSheet): the spend question is put first,
 * always, with the count; nothing is sent until Continue; then exactly that many requests reach the
 * sandbox and the Prospects sheet is written with its Score column. Not now sends nothing.
 */
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import { startSandbox } from "../../test/support/sandbox";
import { answerSpendQuestion, spendQuestions } from "../runtime/spendGuard";
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

test("the count is asked first, always; Continue sends exactly that many and writes the sheet", async () => {
  const wb = new InMemoryWorkbook({ sheets: ["Plan"] });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  const before = s.sandbox.requests("demo-pro");
  const run = runSourceToSheet(services(wb), { kind: "prospects", params: PARAMS });
  const q = await waitForQuestion();
  expect(q).toMatchObject({ requests: 9 });
  await tick();
  expect(s.sandbox.requests("demo-pro")).toBe(before);
  answerSpendQuestion(q.id, true);
  expect(await run).toMatchObject({ ok: true });
  expect(s.sandbox.requests("demo-pro") - before).toBe(9);
  const sheet = wb.host.sheets().find((x) => x.name.startsWith("Prospects"))!.name;
  expect(sheet).toBeDefined();
  expect(wb.host.cell(sheet, 7, 17).value).toBe("Score");
});

test("Not now sends nothing and writes nothing", async () => {
  const wb = new InMemoryWorkbook({ sheets: ["Plan"] });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  const before = s.sandbox.requests("demo-pro");
  const run = runSourceToSheet(services(wb), { kind: "prospects", params: PARAMS });
  answerSpendQuestion((await waitForQuestion()).id, false);
  expect(await run).toMatchObject({ ok: false, cancelled: true });
  expect(s.sandbox.requests("demo-pro")).toBe(before);
  expect(wb.host.sheets().map((x) => x.name)).toEqual(["Plan"]);
});
