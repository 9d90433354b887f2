/**
 * A misspelled advertiser (issue #46): the service answers 403 for a name it does not know just as for
 * one the key may not see. Wherever the planner asked (the Reports form, a function's cell, a card's
 * cell), the words say the name may be misspelled or not on this key and offer the close names the
 * workbook already knows; the card names that cause rather than asking for a Pro account on a Pro key.
 * All against the real sandbox over loopback, the workbook through the genuine office.js client.
 */
import { InMemoryWorkbook } from "../preview/memory/workbook";
import { createAdsFunctions } from "../src/functions/adsFunctions";
import { RequestCache } from "../src/functions/requestCache";
import { createReportSheet } from "../src/excel/reportSheets";
import { runSourceToSheet } from "../src/taskpane/reportActions";
import { recordingServices } from "./support/paneServices";
import { startSandbox } from "./support/sandbox";

let s: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  s = await startSandbox();
});
afterAll(() => s.close());

const DATES = { startDate: "2026-10-01", endDate: "2026-10-31" };

function functions(known: readonly string[], key = "demo-pro") {
  const client = s.client(key);
  return createAdsFunctions({
    client: () => client,
    cache: new RequestCache({ concurrency: 4 }),
    numberShape: () => "Double",
    knownAdvertisers: async () => known,
  });
}

const MAYBE_MISSPELLED =
  /^The service refused the advertiser Acme Mattres: the name may be misspelled, or not an advertiser this key's account may see/;

test("a misspelled advertiser in a report: the form is told the name may be misspelled and offered the workbook's close name", async () => {
  const wb = new InMemoryWorkbook({ sheets: ["Plan"] });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  // The workbook already has a report for the advertiser, spelled right.
  await createReportSheet(
    wb.excel,
    { kind: "estimatedSpendByDay", params: { advertisers: ["Acme Mattress"], ...DATES }, label: "Acme" },
    { type: "table", table: { columns: [{ name: "Day", kind: "date" }], rows: [[46000]] } },
  );
  const { services: svc, toasts, entries } = recordingServices(wb.excel, s.client());
  const outcome = await runSourceToSheet(
    svc,
    { kind: "estimatedSpendByDay", params: { advertisers: ["Acme Mattres"], ...DATES } },
    {},
    () => true, // the form on screen shows it
  );
  expect(outcome).toMatchObject({ ok: false, cancelled: false, refused: true });
  if (outcome.ok) throw new Error("refused");
  expect(outcome.reason).toMatch(MAYBE_MISSPELLED);
  expect(outcome.reason).toMatch(/Did you mean Acme Mattress\?/);
  // The Activity entry says the same; the form shows it, so no toast over it.
  expect(entries.get(1)!.detail).toBe(outcome.reason);
  expect(toasts).toEqual([]);
});

test("a misspelled advertiser in a function: the cell's #N/A says the name may be misspelled and offers the close name", async () => {
  const fns = functions(["Northwind Coffee", "Acme Mattress"]);
  await expect(fns.NETNEWREACH(1200000001, "Acme Mattres")).rejects.toMatchObject({
    code: "#N/A",
    message: expect.stringMatching(/Acme Mattres: the name may be misspelled.*Did you mean Acme Mattress\?/),
  });
  await expect(fns.ADS("Acme Mattres")).rejects.toMatchObject({
    code: "#N/A",
    message: expect.stringMatching(MAYBE_MISSPELLED),
  });
});

test("a misspelled advertiser in a card: on a Pro key the card names the name, never only a Pro account", async () => {
  const fns = functions(["Acme Mattress"]);
  const first = fns.ADVERTISERCARD("Acme Mattres");
  await expect(first).rejects.toMatchObject({
    code: "#N/A",
    message: expect.stringMatching(MAYBE_MISSPELLED),
  });
  await expect(first).rejects.toMatchObject({
    message: expect.stringMatching(/Did you mean Acme Mattress\?/),
  });
  // Once this key has had individual ads answered, it is Pro: the name alone is the cause.
  await expect(fns.ADVERTISERCARD("Acme Mattress")).resolves.toMatchObject({ type: "Entity" });
  await expect(fns.ADVERTISERCARD("Acme Matress")).rejects.toMatchObject({
    code: "#N/A",
    message: expect.not.stringMatching(/Pro account/),
  });
  // A Basic key asking for a name the workbook knows exactly: the Pro account is the doubt.
  await expect(
    functions(["Acme Mattress"], "demo-basic").ADVERTISERCARD("Acme Mattress"),
  ).rejects.toMatchObject({
    code: "#N/A",
    message: expect.stringMatching(/individual ads of the advertiser Acme Mattress: they need a Pro account/),
  });
});
