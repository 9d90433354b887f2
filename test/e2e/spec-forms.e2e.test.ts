/**
 * The pane says what the spec says, as a planner meets it: the service's own dates when no range is
 * chosen, the spec's caveats where they bite, column rules in the picker (disabled with the reason),
 * every documented field in the Data forms, and an agent run followed by its id.
 */
import { cell, ensureConnected, expectText, openSheetTab, usePreview } from "./support";

const e = usePreview();

test("report forms show the service's own dates and the end-date caveat where it bites", async () => {
  const { page } = e;
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Reports" }).click();
  await page.getByLabel("Report", { exact: true }).selectOption("impressions");
  expect(await page.getByLabel("Date range").inputValue()).toBe("serviceDefault");
  await expectText(
    page.getByTestId("service-dates"),
    /service uses its own, 3 months ago to one week forward/,
  );
  await expectText(page.getByTestId("report-warnings"), /set the end date at least 3 days before today/);
  // A range that ends well before today: the caveat goes.
  await page.getByLabel("Date range").selectOption("previousMonth");
  await page.getByTestId("report-warnings").waitFor({ state: "detached" });
  await page.getByLabel("Report", { exact: true }).selectOption("estimatedSpendByDay");
  await page.getByLabel("Date range").selectOption("serviceDefault");
  await expectText(
    page.getByTestId("service-dates"),
    /12 months ago to today or one week from today, depending on the service.s version/,
  );
  await expectText(
    page.getByText(/Ignored when the service reuses an identical cached report/).first(),
    /cache/,
  );
});

test("the column picker disables a column the request cannot have, with the reason, until it can", async () => {
  const { page } = e;
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Reports" }).click();
  await page.getByLabel("Report", { exact: true }).selectOption("impressions");
  await page.getByLabel("Find a column").fill("DMA Code");
  const dma = page.getByRole("checkbox", { name: "DMA Code", exact: true });
  expect(await dma.isDisabled()).toBe(true);
  await page.getByText("DMA Code needs Geo grouping DMA").waitFor();
  await page.getByLabel("Geo grouping").selectOption("DMA");
  expect(await dma.isDisabled()).toBe(false);
  await dma.check();
  // Chosen, then made unavailable: it stays removable and says why.
  await page.getByLabel("Geo grouping").selectOption("country");
  await page
    .getByRole("list", { name: "Chosen columns" })
    .getByText("DMA Code needs Geo grouping DMA")
    .waitFor();
  await page.getByRole("button", { name: "Run report" }).click();
  await page.getByText("Nothing was sent: fix the fields marked below.").waitFor();
});

test("individual ads take a limit (checked before sending) and land with it", async () => {
  const { page, sandboxUrl } = e;
  const requests = async () =>
    ((await (await fetch(`${sandboxUrl}/__admin/requests`)).json()) as Record<string, number>)["demo-pro"] ??
    0;
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Data" }).click();
  await page.getByRole("combobox", { name: /^Advertiser(\s*\*)?$/ }).fill("Acme Mattress");
  await page.getByLabel("Rows per request (limit)").fill("5000");
  await page.getByRole("button", { name: "Ads to sheet" }).click();
  await page.getByText(/Rows per request \(limit\) must be between 1 and 1000/).waitFor();
  await page.getByLabel("Rows per request (limit)").fill("7");
  await page.getByLabel("Most rows").fill("12");
  const before = await requests();
  await page.getByRole("button", { name: "Ads to sheet" }).click();
  await expectText(page.locator(".activity li", { hasText: "Ads:" }).first(), /12 rows → sheet/, 60_000);
  // Twelve rows, seven a request: two requests.
  expect((await requests()) - before).toBe(2);
});

test("the Agents tab follows a run by its id", async () => {
  const { page, sandboxUrl } = e;
  await ensureConnected(page);
  // A run started elsewhere (here: straight against the service).
  const started = await fetch(`${sandboxUrl}/api/public/ai-chat/agents/2/runs`, {
    method: "POST",
    headers: { Authorization: "Bearer demo-pro", "content-type": "application/json" },
    body: JSON.stringify({ params: { topic: "coffee" } }),
  });
  const { runId } = (await started.json()) as { runId: number };
  await page.getByRole("tab", { name: "Agents" }).click();
  await page.getByLabel("Follow a run by its id").fill("abc");
  await page.getByRole("button", { name: "Follow run" }).click();
  await expectText(page.getByTestId("agent-message"), /Run id: enter a whole number/);
  await page.getByLabel("Follow a run by its id").fill(String(runId));
  await page.getByRole("button", { name: "Follow run" }).click();
  await expectText(page.getByTestId("agent-status"), new RegExp(`Run ${runId}: done`), 60_000);
  await page.getByRole("button", { name: "Open as sheet: shortlist.csv" }).click();
  await openSheetTab(page, "shortlist");
  await expectText(cell(page, "A1"), "Show");
});
