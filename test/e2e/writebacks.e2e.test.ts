/**
 * Write-backs and agents in the browser preview, as a planner would: insert a campaign plan, type
 * flights, Validate, Create campaigns (ids written back), run an agent and open its CSV as a sheet.
 */
import path from "path";
import type { Page } from "playwright-core";
import { PLAN_HEADERS } from "../../src/writebacks/planColumns";
import { columnName } from "../../src/excel/columnName";
import { daiFlight, type PlanInput } from "../support/planRows";
import {
  ARTIFACTS,
  cell,
  ensureConnected,
  expectText,
  expectValue,
  usePreview,
  openSheetTab,
  typeInto,
} from "./support";

const e = usePreview();

const at = (header: string, row: number): string => `${columnName(PLAN_HEADERS.indexOf(header))}${row}`;

/** A drawn cell's line on one side, as the browser computed it: "2px solid rgb(90, 0, 0)". */
function drawnLine(page: Page, address: string, side: "bottom" | "right"): Promise<string> {
  return cell(page, address).evaluate((el, s) => {
    const css = getComputedStyle(el);
    const p = (k: string) => css.getPropertyValue(`border-${s}-${k}`);
    return `${p("width")} ${p("style")} ${p("color")}`;
  }, side);
}

async function typeRow(row: number, values: PlanInput): Promise<void> {
  for (const [header, text] of Object.entries(values)) await typeInto(e.page, at(header, row), text ?? "");
}

const flight = daiFlight;
/** A day `n` days from today (YYYY-MM-DD): flights in the future whatever day the test runs, so no past-dates warning. */
const ahead = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

test("campaigns are created from a plan table: Validate marks a bad cell, Create writes ids back, a re-run sends nothing", async () => {
  const { page } = e;
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Campaigns" }).click();
  await page.getByRole("button", { name: "Insert campaign plan" }).click();
  await expectText(page.getByTestId("plan-outcome"), /Plan table CampaignPlan added/);
  expect(await cell(page, "A1").textContent()).toBe("Campaign name");

  await typeRow(2, flight("Spring", ahead(30), ahead(39)));
  await typeRow(3, { ...flight("Spring", ahead(40), ahead(60)), cpm: "lots" });
  const { type: _typed, ...winter } = flight("Winter", ahead(61), ahead(91));
  await typeRow(4, winter);
  // The type comes from the cell's drop-down list, as a planner would pick it.
  await cell(page, at("type", 4)).click();
  const list = page.getByLabel("Choose from the cell's list");
  expect(await list.locator("option").allTextContents()).toEqual([
    "(list)",
    "Baked-in",
    "DAI",
    "story",
    "reel",
    "feed",
  ]);
  await list.selectOption("DAI");
  await expectText(cell(page, at("type", 4)), "DAI");

  await page.getByRole("button", { name: "Validate" }).click();
  await expectText(page.getByTestId("plan-outcome"), /^1 problem in 1 row;/);
  await expectText(page.getByRole("list", { name: "Plan problems" }), /Row 3, CPM/);
  await expectText(cell(page, at("validation", 3)), /^CPM: /);
  // The list takes the planner to the bad cell, by keyboard: focus the problem, Enter; the cell is selected.
  await page.getByRole("button", { name: /^Row 3, CPM/ }).focus();
  await page.keyboard.press("Enter");
  await expectText(page.getByTestId("plan-located"), `Selected 'Campaign plan'!${at("cpm", 3)}`);
  expect(
    await page.evaluate(() =>
      (window as unknown as { __workbook: { host: { selection(): unknown } } }).__workbook.host.selection(),
    ),
  ).toMatchObject({ sheet: "Campaign plan", row: 2, col: PLAN_HEADERS.indexOf("cpm") });
  await page.screenshot({ path: path.join(ARTIFACTS, "plan-problem-selected.png") });
  // The mark is outlined (issue 49): the cell draws the lines below and right of it, the cells above
  // and to its left the others (one line between two cells, as Excel draws it).
  const lines = async () => ({
    below: await drawnLine(page, at("cpm", 3), "bottom"),
    right: await drawnLine(page, at("cpm", 3), "right"),
    above: await drawnLine(page, at("cpm", 2), "bottom"),
    left: await drawnLine(page, at("totalCost", 3), "right"),
  });
  const outline = "2px solid rgb(90, 0, 0)";
  expect(await lines()).toEqual({ below: outline, right: outline, above: outline, left: outline });

  await typeInto(page, at("cpm", 3), "30");
  await page.getByRole("button", { name: "Validate" }).click();
  await expectText(
    page.getByTestId("plan-outcome"),
    'All 3 rows are valid. Create would send 2 campaigns: "Spring" (rows 2, 3); "Winter" (row 4).',
  );
  await expectText(cell(page, at("validation", 3)), "");
  expect(Object.values(await lines()).some((l) => l.includes("rgb(90, 0, 0)"))).toBe(false);
  await page.getByRole("button", { name: "Create campaigns" }).click();
  await expectText(page.getByTestId("plan-outcome"), "2 campaigns created (3 flights).", 30_000);
  for (const row of [2, 3, 4]) {
    await expectText(cell(page, at("status", row)), "Created");
    await expectText(cell(page, at("id", row)), /^[0-9a-f-]{36}$/);
  }
  await expectText(cell(page, at("createdExternalId", 2)), "ext-Spring");
  expect(await cell(page, at("id", 2)).textContent()).not.toBe(await cell(page, at("id", 3)).textContent());
  await page.screenshot({ path: path.join(ARTIFACTS, "campaign-plan.png") });

  await page.getByRole("button", { name: "Create campaigns" }).click();
  await expectText(page.getByTestId("plan-outcome"), /Nothing to send: 3 rows already have an id/);
});

test("an agent run is followed to done and its CSV opens as a sheet", async () => {
  const { page } = e;
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Agents" }).click();
  await page.getByLabel("Agent id").fill("1");
  await page.getByLabel("Parameter 1 name").fill("topic");
  await page.getByLabel("Parameter 1 value").fill("sleep");
  await page.getByRole("button", { name: "Start run" }).click();
  await expectText(page.getByTestId("agent-status"), /: done/, 30_000);
  expect(await page.getByLabel("Agent output").inputValue()).toMatch(/^Agent 1 finished/);
  // The service lists no agents: the one just run is offered next time, with its parameter names.
  const offered = await page
    .getByLabel("Agent id")
    .evaluate((input) =>
      [...((input as HTMLInputElement).list?.options ?? [])].map((o) => `${o.value} ${o.label}`),
    );
  expect(offered).toEqual([expect.stringMatching(/^1 last run \d{4}-\d{2}-\d{2} · topic$/)]);
  await page.screenshot({ path: path.join(ARTIFACTS, "agents-recent.png") });
  const files = page.getByLabel("Agent files");
  await expectText(files, /shortlist\.csv · csv · /);
  // A finished run opens nothing by itself (issue 57): the planner opens each table with its own
  // button, on a sheet named after the run and the file; the message says what each column became
  // (agent files are typed losslessly, not by report inference).
  await page.getByRole("button", { name: "Open as sheet: shortlist.csv" }).click();
  await expectText(
    page.getByTestId("agent-message"),
    /^Opened as sheet "Run \d+ · shortlist\.csv" \(12 rows\)\. Columns: Show: text; Downloads: number; Note: text\./,
  );
  // The same table as CSV, TSV and JSON: three sheets a planner can tell apart, none "(2)".
  for (const name of ["shortlist.tsv", "shortlist.json"]) {
    await page.getByRole("button", { name: `Open as sheet: ${name}` }).click();
    await expectText(page.getByTestId("agent-message"), /^Opened as sheet "Run \d+ · shortlist\.(tsv|json)"/);
  }
  const tabs = await page.locator(".tabs button").allTextContents();
  expect(tabs.filter((t) => /^Run \d+ · shortlist\.(csv|tsv|json)$/.test(t))).toHaveLength(3);
  expect(tabs.filter((t) => /\(\d+\)$/.test(t))).toEqual([]);
  await page
    .locator(".tabs button", { hasText: /^Run \d+ · shortlist\.csv$/ })
    .first()
    .click();
  await expectText(cell(page, "A1"), "Show");
  await expectText(cell(page, "B2"), /12,?000/);
  await expectText(cell(page, "C5"), "=not a formula");
  await page.screenshot({ path: path.join(ARTIFACTS, "agent-csv-sheet.png") });
});

test("an inactive agent gets a clear message", async () => {
  const { page } = e;
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Agents" }).click();
  await page.getByLabel("Agent id").fill("3");
  await page.getByRole("button", { name: "Start run" }).click();
  await expectText(page.getByTestId("agent-message"), "Agent 3 is not active.");
});

test("an advertiser is created by name or directory id and inserted at the selected cell", async () => {
  const { page } = e;
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Campaigns" }).click();
  await page.getByLabel("Advertiser name").fill("Acme Mattress");
  await page.getByRole("button", { name: "Create advertiser" }).click();
  await expectText(
    page.getByTestId("advertiser-result"),
    /Advertiser nameAcme MattressLookup nameacme-mattress/,
  );
  await openSheetTab(page, "Sheet1");
  await cell(page, "D5").click();
  await page.getByRole("button", { name: "Insert at selected cell" }).click();
  await expectText(cell(page, "D5"), "Acme Mattress");
  await expectText(cell(page, "E5"), "acme-mattress");

  await page.getByRole("radio", { name: "Directory id" }).check();
  expect(await page.getByLabel("Directory id of the show").inputValue()).toBe("");
  await page.getByLabel("Directory id of the show").fill("1200000001");
  await page.getByRole("button", { name: "Create advertiser" }).click();
  await expectText(page.getByTestId("advertiser-result"), /The Demo Show \(promo\)/);
});

test("an invite names the bad field, then shows the service's message; the Show overview tab needs Overview", async () => {
  const { page } = e;
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Campaigns" }).click();
  await page.getByLabel("Advertiser the user may see").fill("Acme Mattress");
  await page.getByLabel("Email of the invitee").fill("not-an-email");
  await page.getByRole("button", { name: "Send invite" }).click();
  await expectText(page.getByTestId("invite-outcome"), /email/i);

  const showTab = page.getByRole("checkbox", { name: "Show overview", exact: true });
  expect(await showTab.isDisabled()).toBe(true);
  await page.getByRole("checkbox", { name: "Overview", exact: true }).check();
  expect(await showTab.isDisabled()).toBe(false);
  await showTab.check();
  await page.getByLabel("Email of the invitee").fill("planner@example.com");
  await page.getByRole("button", { name: "Send invite" }).click();
  await expectText(
    page.getByTestId("invite-outcome"),
    "Invitation sent to planner@example.com for Acme Mattress",
  );
});

test("agent parameters are read from a selected two-column range", async () => {
  const { page } = e;
  await ensureConnected(page);
  await openSheetTab(page, "Sheet1");
  await typeInto(page, "G1", "topic");
  await typeInto(page, "H1", "coffee");
  await typeInto(page, "G2", "region");
  await typeInto(page, "H2", "US");
  // Each click lands before the next (a busy machine draws the selection late).
  await cell(page, "G1").click();
  await expectValue(page.getByLabel("Selected cell"), "G1");
  await cell(page, "H2").click({ modifiers: ["Shift"] });
  await expectValue(page.getByLabel("Selected cell"), "G1:H2");
  await page.getByRole("tab", { name: "Agents" }).click();
  await page.getByRole("button", { name: "Read from selected range" }).click();
  // The earlier test left topic = sleep: wait for the range's values to land.
  await expectValue(page.getByLabel("Parameter 1 value"), "coffee");
  expect(await page.getByLabel("Parameter 1 name").inputValue()).toBe("topic");
  await expectValue(page.getByLabel("Parameter 2 value"), "US");
  expect(await page.getByLabel("Parameter 2 name").inputValue()).toBe("region");
  await page.getByLabel("Agent id").fill("2");
  await page.getByRole("button", { name: "Start run" }).click();
  await expectText(page.getByTestId("agent-status"), /: done/, 30_000);
  expect(await page.getByLabel("Agent output").inputValue()).toContain('{"topic":"coffee","region":"US"}');
});

test("Stop following leaves the run alone; Resume follows it to the end", async () => {
  const { page } = e;
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Agents" }).click();
  await page.getByLabel("Agent id").fill("1");
  await page.getByRole("button", { name: "Start run" }).click();
  await page.getByRole("button", { name: "Stop following" }).click();
  await expectText(page.getByTestId("agent-message"), /^Stopped following run \d+; it may still be running/);
  await expectText(page.getByTestId("agent-status"), /: processing/);
  await page.getByRole("button", { name: /^Resume following run \d+$/ }).click();
  // Another tab meanwhile: the run, its status and its output are still there on return.
  await page.getByRole("tab", { name: "Campaigns" }).click();
  await page.getByRole("tab", { name: "Agents" }).click();
  await expectText(page.getByTestId("agent-status"), /: done/, 30_000);
  expect(await page.getByLabel("Agent output").inputValue()).toMatch(/^Agent 1 finished/);
});

test("a campaign sent whose rows could not be marked is held: Create refuses it until it is released, with a confirmation", async () => {
  const { page } = e;
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Campaigns" }).click();
  await page.getByRole("button", { name: "Insert campaign plan" }).click();
  await expectText(page.getByTestId("plan-outcome"), /^Plan table \S+ added/);
  // Earlier tests made a plan already: type into the new one.
  const added = /on sheet "([^"]+)"/.exec((await page.getByTestId("plan-outcome").textContent()) ?? "");
  await openSheetTab(page, added![1]);
  await typeRow(2, flight("FAIL500 Held", ahead(30), ahead(60)));
  // The selection picks the plan (Enter moved it under the table).
  await cell(page, at("name", 2)).click();
  // The POST waits while the planner edits the row, so the failure (a 500) cannot be marked on it.
  let posts = 0;
  let letGo: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (letGo = resolve));
  await page.route("**/api/public/campaign", async (route) => {
    posts++;
    await gate;
    await route.continue();
  });
  try {
    await page.getByRole("button", { name: "Create campaigns" }).click();
    for (let i = 0; i < 100 && posts === 0; i++) await page.waitForTimeout(100);
    expect(posts).toBe(1);
    await typeInto(page, at("promo", 2), "EDITED");
    letGo();
    await expectText(
      page.getByTestId("plan-outcome"),
      /"FAIL500 Held" failed .*may exist on the service; row 2 could not be marked .*released it under Held campaigns/,
    );
    const held = page.locator('section[aria-label="Held campaigns"]');
    await expectText(held, /"FAIL500 Held" \(Acme Mattress, row 2\) was sent at \d{4}-\d\d-\d\d \d\d:\d\d/);

    await cell(page, at("name", 2)).click();
    await page.getByRole("button", { name: "Create campaigns" }).click();
    await expectText(page.getByTestId("plan-outcome"), /1 campaign is held and was not sent: "FAIL500 Held"/);
    expect(posts).toBe(1);

    await page.getByRole("button", { name: 'Release "FAIL500 Held"…' }).click();
    await page
      .getByRole("button", { name: 'Confirm: release "FAIL500 Held" (the next Create sends it again)' })
      .click();
    await expectText(
      page.getByTestId("plan-outcome"),
      'Released "FAIL500 Held": the next Create sends it again.',
    );
    expect(await held.count()).toBe(0);
  } finally {
    await page.unroute("**/api/public/campaign");
  }
  await cell(page, at("name", 2)).click();
  await page.getByRole("button", { name: "Create campaigns" }).click();
  await expectText(cell(page, at("status", 2)), /^Check: /);
});
