/**
 * Nothing typed in the pane is lost to a tab switch (issue 57): a planner fills a form, opens another
 * tab to look something up, and comes back to the form as they left it, until the pane closes. Each
 * tab with forms the pane owns is tried: Data (Prospects, Search, Show), Reports, Connect (Spending),
 * Campaigns, Agents, and the Sheets tab's report-set form.
 * Screenshots: the Prospects form after the round trip (pane-forms-kept-prospects.png).
 */
import path from "path";
import type { Page } from "playwright-core";
import { ARTIFACTS, ensureConnected, usePreview } from "./support";

const e = usePreview();

/** Opens each other tab in turn, then `back`: every panel but `back`'s is shown and left once. */
async function roundTrip(page: Page, back: string): Promise<void> {
  for (const tab of ["Connect", "Reports", "Data", "Sheets", "Campaigns", "Agents"].filter(
    (t) => t !== back,
  )) {
    await page.getByRole("tab", { name: tab }).click();
    await page.getByRole("tab", { name: tab, selected: true }).waitFor();
  }
  await page.getByRole("tab", { name: back }).click();
  await page.getByRole("tab", { name: back, selected: true }).waitFor();
}

test("issue 57: the Data tab's Prospects, Search and Show forms keep what was typed when another tab is opened and left", async () => {
  const { page } = e;
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Data" }).click();
  const prospects = page.getByRole("form", { name: "Prospects" });
  await prospects.getByLabel("Advertisers").fill("Acme Mattress");
  await prospects.getByLabel("Seed shows").fill("1200000003, 1200000010");
  await prospects.getByLabel("Candidates").fill("12");
  await prospects.getByLabel("Competitors").fill("Globex Bank");
  await prospects.getByLabel("Plan rows for").fill("Acme Mattress");
  const search = page.getByRole("form", { name: "Search episodes" });
  await search.getByLabel("Search for").fill("mattress");
  await search.getByRole("switch", { name: "Exact match" }).check();
  const show = page.getByRole("form", { name: "Show", exact: true });
  await show.getByLabel("Show id").fill("1200000010");

  await roundTrip(page, "Data");

  expect(await prospects.getByLabel("Advertisers").inputValue()).toBe("Acme Mattress");
  expect(await prospects.getByLabel("Seed shows").inputValue()).toBe("1200000003, 1200000010");
  expect(await prospects.getByLabel("Candidates").inputValue()).toBe("12");
  expect(await prospects.getByLabel("Competitors").inputValue()).toBe("Globex Bank");
  expect(await prospects.getByLabel("Plan rows for").inputValue()).toBe("Acme Mattress");
  expect(await search.getByLabel("Search for").inputValue()).toBe("mattress");
  expect(await search.getByRole("switch", { name: "Exact match" }).isChecked()).toBe(true);
  expect(await show.getByLabel("Show id").inputValue()).toBe("1200000010");
  // The form as it came back, from its heading down to Competitors: every field as typed, Candidates
  // 12 rather than 20. The pane scrolls under its tab bar, so the heading is brought to the top.
  await prospects
    .getByRole("heading", { name: "Prospects" })
    .evaluate((h) => h.scrollIntoView({ block: "start" }));
  await page.evaluate(() => document.querySelector(".pane-body")?.scrollBy(0, -48));
  await page.screenshot({
    path: path.join(ARTIFACTS, "pane-forms-kept-prospects.png"),
    clip: { x: 0, y: 0, width: 372, height: 900 },
  });
});

test("issue 57: the Reports form keeps its report, dates and fields across a tab switch", async () => {
  const { page } = e;
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Reports" }).click();
  await page.getByLabel("Report", { exact: true }).selectOption("estimatedSpendByDay");
  await page.getByLabel("Date range").selectOption("last7days");
  await page.getByLabel("Advertisers").fill("Northwind Coffee");

  await roundTrip(page, "Reports");

  expect(await page.getByLabel("Report", { exact: true }).inputValue()).toBe("estimatedSpendByDay");
  expect(await page.getByLabel("Date range").inputValue()).toBe("last7days");
  expect(await page.getByLabel("Advertisers").inputValue()).toBe("Northwind Coffee");
});

test("issue 57: Connect's spending settings typed but not saved, Campaigns' and Agents' fields are kept across tab switches", async () => {
  const { page } = e;
  await ensureConnected(page);
  const limit = page.getByLabel("Ask before one action spends more than (requests)");
  await limit.fill("75");
  await roundTrip(page, "Connect");
  expect(await limit.inputValue()).toBe("75");

  await page.getByRole("tab", { name: "Campaigns" }).click();
  await page.getByLabel("Advertiser name").fill("Initech Software");
  await page.getByLabel("Email of the invitee").fill("jane@initech.com");
  await roundTrip(page, "Campaigns");
  expect(await page.getByLabel("Advertiser name").inputValue()).toBe("Initech Software");
  expect(await page.getByLabel("Email of the invitee").inputValue()).toBe("jane@initech.com");

  await page.getByRole("tab", { name: "Agents" }).click();
  await page.getByLabel("Agent id").fill("7");
  await roundTrip(page, "Agents");
  expect(await page.getByLabel("Agent id").inputValue()).toBe("7");
});

test("issue 57: the Sheets tab's report-set form keeps its name and range of values across a tab switch", async () => {
  const { page } = e;
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Sheets" }).click();
  await page.getByRole("tab", { name: "Sheets", selected: true }).waitFor();
  // Within the set form (another tab's panel, kept hidden, has a radio labelled "Name"); the field's
  // label reads "Name *", as it is required.
  const form = page.getByTestId("new-report-set");
  await form.getByRole("textbox", { name: /^Name\b/ }).fill("Clients");
  await form.getByLabel("Values from cells").fill("Sheet1!A2:A4");
  await roundTrip(page, "Sheets");
  expect(await form.getByRole("textbox", { name: /^Name\b/ }).inputValue()).toBe("Clients");
  expect(await form.getByLabel("Values from cells").inputValue()).toBe("Sheet1!A2:A4");
});
