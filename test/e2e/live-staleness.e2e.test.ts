/**
 * Live staleness and Refresh set spending only what changed (issue #46), as a planner drives them in
 * the preview: a set over three advertisers run, then, with the Sheets tab open, one client cell
 * changed: the set says it is stale within 2 seconds, with no Reload list, and Refresh set asks for
 * and spends 1 request (the new client's sheet), keeping the other two.
 */
import {
  ensureConnected,
  expectText,
  openSheetTab,
  runAcmeReport,
  saveReportSet,
  typeClients,
  typeInto,
  usePreview,
} from "./support";

const e = usePreview();

test("with the Sheets tab open, a set's client cell changed shows Stale within 2 s, and Refresh set spends 1", async () => {
  const { page } = e;
  await ensureConnected(page);
  await typeClients(page, ["Acme Mattress", "Northwind Coffee", "Initech Software"]);
  await runAcmeReport(page, "estimatedSpendByDay", /Spend by day/);
  await saveReportSet(page, "Clients", "Sheet1!A2:A4", false);
  await page.getByRole("button", { name: "Run for each: Clients" }).click();
  const question = page.getByTestId("spend-question");
  await expectText(question, /Run for each: Clients\..*3 requests/);
  await question.getByRole("button", { name: "Continue" }).click();
  await expectText(page.getByTestId("report-set-message"), /^Made 3 report sheets/, 120_000);
  const sets = page.getByTestId("report-sets");
  await expectText(sets, /up to date/);

  // The planner types a new client over the third; the pane stays on the Sheets tab, untouched.
  await openSheetTab(page, "Sheet1");
  await typeInto(page, "A4", "Wayne Travel");
  await expectText(sets, /Stale: new in the list: Wayne Travel/, 2_000);

  await page.getByRole("button", { name: "Refresh set: Clients" }).click();
  await expectText(question, /Refresh set: Clients\..*\b1 request\b/);
  await question.getByRole("button", { name: "Continue" }).click();
  await expectText(
    page.getByTestId("report-set-message"),
    /^Made 1 report sheet, kept 2 report sheets whose inputs did not change\b/,
    120_000,
  );
});
