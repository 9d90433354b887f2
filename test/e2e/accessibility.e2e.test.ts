/**
 * axe-core over every tab and state of the pane in a 320 px column (the narrowest Office pane): empty,
 * invalid, failed, busy, done, editing, with messages, toasts, lists and results. Nothing may be
 * reported but Fluent's own focus helpers, each named in ./axe.ts. Also the rules axe cannot see:
 * targets of at least 24 × 24 px, message bars named by their text, visible labels on the agent
 * parameters, the agent files as a list, and the preview's sheet tabs in a tablist.
 */
import path from "path";
import type { Page } from "playwright-core";
import { axeFindings, FLUENT_FOCUS_HELPERS, type AxeFinding } from "./axe";
import { ARTIFACTS, connect, ensureConnected, expectText, setPaneWidth, usePreview } from "./support";

// Report tasks take 3 s, so a running report can be audited.
const e = usePreview({ taskDelayMs: 3_000, setup: (page) => setPaneWidth(page, 320) });

const problems: string[] = [];
const helpersSeen = new Set<string>();
const statesAudited: string[] = [];

/** Audits the pane as it is now; toasts only where the state is about one (they come and go on a timer). */
async function audit(page: Page, state: string, opts: { toast?: boolean } = {}): Promise<void> {
  if (!opts.toast) await page.locator(".fui-Toast").first().waitFor({ state: "detached", timeout: 20_000 });
  // Fluent's toasts and message bars fade in (a toast's title is half transparent meanwhile, which axe
  // reads as low contrast): audit the settled page, once no animation or transition is running.
  await page.waitForTimeout(250);
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        // Spinners loop for ever; only animations that end are waited for.
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .every((a) => a.playState !== "running"),
    null,
    { timeout: 10_000 },
  );
  const findings: AxeFinding[] = await axeFindings(page);
  statesAudited.push(state);
  for (const f of findings) {
    if (f.helper && f.helper in FLUENT_FOCUS_HELPERS) helpersSeen.add(f.helper);
    else problems.push(`${state}: ${f.rule} (${f.impact}) at ${f.target}: ${f.html}`);
  }
}

async function tab(page: Page, name: string): Promise<void> {
  await page.getByRole("tab", { name }).click();
}

test("axe finds nothing but Fluent's named focus helpers in any state of the pane at 320 px", async () => {
  const { page } = e;
  await audit(page, "Connect, signed out");

  await page.getByRole("button", { name: "Connect" }).click();
  await page.getByText("Enter the API key the service operator gave you").waitFor();
  await page.getByRole("checkbox", { name: "Use another service address" }).check();
  await page.getByRole("textbox", { name: "Service address" }).fill("ftp://elsewhere");
  await page.getByRole("textbox", { name: "API key" }).fill("demo-pro");
  await page.getByRole("button", { name: "Connect" }).click();
  await page.getByText(/^Service address: /).waitFor();
  await audit(page, "Connect, key and override refused");
  await page.getByRole("checkbox", { name: "Use another service address" }).uncheck();

  await connect(page, "not-a-key");
  await expectText(
    page.getByRole("status").filter({ hasText: "did not accept" }),
    /it does not know it\. Check the key/,
  );
  await audit(page, "Connect, key refused by the service");

  await connect(page, "demo-pro");
  await page.getByRole("button", { name: "Sign out" }).waitFor();
  await audit(page, "Connect, connected");

  await tab(page, "Sheets");
  await page.getByText("No report sheets yet").waitFor();
  await audit(page, "Sheets, none yet");

  await tab(page, "Reports");
  await page.getByRole("button", { name: "Start from the default columns" }).click();
  for (const d of await page.locator(".pane-column details").all())
    await d.evaluate((el) => el.setAttribute("open", ""));
  await page.screenshot({ path: path.join(ARTIFACTS, "a11y-320-reports-columns.png"), fullPage: false });
  await audit(page, "Reports, impressions with chosen columns, every group and Advanced open");

  await page.getByLabel("Report", { exact: true }).selectOption("lag");
  await page.getByRole("button", { name: "Run report" }).click();
  await page.getByText("Nothing was sent: fix the fields marked below.").waitFor();
  await audit(page, "Reports, lag with fields marked invalid");

  await page.getByLabel("Report", { exact: true }).selectOption("estimatedSpendByDay");
  await page.getByLabel("Date range").selectOption("custom");
  await page.getByLabel("Start date").waitFor();
  await audit(page, "Reports, custom dates");

  await page.getByLabel("Date range").selectOption("last7days");
  await page.getByLabel("Advertisers").fill("Northwind Coffee");
  await page.getByRole("button", { name: "Run report" }).click();
  await page.locator(".activity li[data-status=running]").first().waitFor();
  await audit(page, "Reports, running (busy button, activity with Cancel)");
  await page.locator(".tabs button", { hasText: "Spend by day" }).waitFor({ timeout: 60_000 });
  await page.locator(".fui-Toast").first().waitFor();
  await audit(page, "Reports, done (toast, activity)", { toast: true });

  await tab(page, "Sheets");
  const item = page.locator("li[data-sheet]").first();
  await item.waitFor();
  await audit(page, "Sheets, one report sheet");
  await item.getByRole("button", { name: /^Forget request of / }).click();
  await audit(page, "Sheets, confirming Forget request");
  await item.getByRole("button", { name: "Cancel" }).click();

  await item.getByRole("button", { name: /^Edit request/ }).click();
  await page.getByRole("button", { name: /^Save and refresh / }).waitFor();
  await audit(page, "Reports, editing a sheet's request");
  await page.getByRole("button", { name: "Cancel edit" }).click();

  await tab(page, "Data");
  await audit(page, "Data, every form");
  await page.getByRole("button", { name: "Ads to sheet" }).click();
  await page.getByText("Nothing was sent: fix the fields marked below.").waitFor();
  await audit(page, "Data, ads with fields marked invalid");

  await tab(page, "Campaigns");
  await audit(page, "Campaigns, nothing done yet");
  await page.getByRole("button", { name: "Insert campaign plan" }).click();
  await expectText(page.getByTestId("plan-outcome"), /Plan table .* added/);
  await page.getByRole("button", { name: "Validate" }).click();
  await page.getByTestId("plan-outcome").waitFor();
  await audit(page, "Campaigns, plan inserted and validated");
  await page.getByLabel("Advertiser name").fill("Acme Mattress");
  await page.getByRole("button", { name: "Create advertiser" }).click();
  await page.getByTestId("advertiser-result").waitFor();
  await page.getByLabel("Advertiser the user may see").fill("Acme Mattress");
  await page.getByRole("button", { name: "Send invite" }).click();
  await page.getByTestId("invite-outcome").waitFor();
  await audit(page, "Campaigns, advertiser created and invite refused");

  await tab(page, "Agents");
  await page.getByRole("button", { name: "Add parameter" }).click();
  await audit(page, "Agents, two parameter rows");
  await page.getByLabel("Agent id").fill("3");
  await page.getByRole("button", { name: "Start run" }).click();
  await expectText(page.getByTestId("agent-message"), "Agent 3 is not active.");
  await audit(page, "Agents, agent not active");
  await page.getByLabel("Agent id").fill("1");
  await page.getByLabel("Parameter 1 name").fill("topic");
  await page.getByLabel("Parameter 1 value").fill("sleep");
  await page.getByRole("button", { name: "Remove parameter 2" }).click();
  await page.getByRole("button", { name: "Start run" }).click();
  await expectText(page.getByTestId("agent-status"), /: done/, 30_000);
  await page.getByRole("list", { name: "Agent files" }).waitFor();
  await page.screenshot({ path: path.join(ARTIFACTS, "a11y-320-agents-done.png") });
  await audit(page, "Agents, run done with output and files");

  await tab(page, "Connect");
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.getByRole("textbox", { name: "API key" }).waitFor();
  await tab(page, "Reports");
  await page.getByLabel("Report", { exact: true }).selectOption("campaignsPerformance");
  await page.getByRole("button", { name: "Run report" }).click();
  await page.getByText(/^Not connected/).waitFor();
  await audit(page, "Reports, not connected");
  // The Agents tab stays open while hidden: its "Not connected" goes once the pane connects (the
  // banner's Go to Connect puts focus in the key field).
  await tab(page, "Agents");
  await page.getByRole("textbox", { name: "Follow a run by its id" }).fill("1");
  await page.getByRole("button", { name: "Follow run" }).click();
  const notConnected = page
    .getByRole("form", { name: "Follow a run" })
    .locator("..")
    .getByText(/^Not connected/);
  await page
    .getByText(/^Not connected/)
    .first()
    .waitFor();
  // So does the Campaigns tab (its Create advertiser said so too).
  await tab(page, "Campaigns");
  await page.getByRole("button", { name: "Create advertiser" }).click();
  await page
    .getByRole("button", { name: "Create advertiser" })
    .locator("..")
    .getByText(/^Not connected/)
    .waitFor();
  await page.getByRole("button", { name: "Go to Connect" }).click();
  await page.keyboard.type("demo-pro");
  await page.keyboard.press("Enter");
  // Connecting checks the key with the sandbox: at the suite's load (two workers, two browsers) it
  // once took over 30 s in a fresh-clone run (r28), though seconds alone.
  await page.getByRole("button", { name: "Sign out" }).waitFor({ timeout: 60_000 });
  await tab(page, "Agents");
  await page.getByRole("button", { name: "Follow run" }).waitFor();
  expect(await notConnected.count()).toBe(0);
  expect(await page.getByText(/^Not connected/).count()).toBe(0);
  await tab(page, "Campaigns");
  await page.getByRole("button", { name: "Create advertiser" }).waitFor();
  expect(await page.getByText(/^Not connected/).count()).toBe(0);

  expect(statesAudited.length).toBe(22);
  expect(problems).toEqual([]);
  // The exceptions are real: each named helper was met, and nothing else was excused.
  expect([...helpersSeen].sort()).toEqual(Object.keys(FLUENT_FOCUS_HELPERS).sort());
});

test("every button in the pane is a target of at least 24 × 24 px, the field picker's ↑ ↓ ✕ included", async () => {
  const { page } = e;
  await ensureConnected(page);
  await tab(page, "Reports");
  const small: string[] = [];
  for (const t of ["Connect", "Reports", "Data", "Sheets", "Campaigns", "Agents"]) {
    await tab(page, t);
    if (t === "Reports") {
      // The pane keeps the Reports form across tests in this file (issue 57): an earlier test may have
      // left a report without a column picker, so the impressions report is chosen here, and its
      // default columns (each with its ↑ ↓ ✕) whatever columns were kept.
      await page.getByLabel("Report", { exact: true }).selectOption("impressions");
      await page.getByRole("button", { name: "Start from the default columns" }).click();
    }
    const sizes = await page.locator(".pane-column button:visible").evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { name: el.getAttribute("aria-label") ?? el.textContent ?? "", w: r.width, h: r.height };
      }),
    );
    for (const s of sizes) if (s.w < 24 || s.h < 24) small.push(`${t}: ${s.name} ${s.w}×${s.h}`);
    if (t === "Reports")
      expect(sizes.filter((s) => /^Move .* (up|down)$|^Remove /.test(s.name)).length).toBeGreaterThan(3);
  }
  expect(small).toEqual([]);
});

test("message bars are named by their own text, not by a title that does not exist", async () => {
  const { page } = e;
  await connect(page, "not-a-key");
  const bar = page.getByRole("status").filter({ hasText: "did not accept" });
  await bar.waitFor();
  const named = await bar.evaluate((el) => {
    const ids = (el.getAttribute("aria-labelledby") ?? "").split(/\s+/).filter(Boolean);
    return {
      ids: ids.length,
      text: ids.map((id) => document.getElementById(id)?.textContent ?? "<missing>").join(" "),
    };
  });
  expect(named.ids).toBe(1);
  expect(named.text).toMatch(/did not accept this API key/);
});

test("agent parameters have visible labels and the agent's files are a list", async () => {
  const { page } = e;
  await ensureConnected(page);
  await tab(page, "Agents");
  const group = page.getByRole("group", { name: "Parameter 1" });
  for (const label of ["Name", "Value"]) {
    const visible = group.locator("label", { hasText: label });
    expect(await visible.isVisible()).toBe(true);
  }
  expect(
    await page.getByRole("combobox", { name: "Parameter 1 name" }).getAttribute("placeholder"),
  ).toBeNull();
  // Files of the run the first test made: a list of list items.
  const files = page.getByRole("list", { name: "Agent files" });
  expect(await files.getByRole("listitem").count()).toBeGreaterThan(0);
});

test("the preview's sheet tabs are a tablist: one tab in the Tab order, arrow keys move and open sheets", async () => {
  const { page } = e;
  const tabs = page.getByRole("tablist", { name: "Sheets" });
  const all = tabs.getByRole("tab");
  expect(await all.count()).toBeGreaterThan(1);
  const tabIndexes = await all.evaluateAll((els) => els.map((el) => el.getAttribute("tabindex")));
  expect(tabIndexes.filter((t) => t === "0")).toHaveLength(1);
  await tabs.getByRole("tab", { selected: true }).focus();
  const before = await page.evaluate(() => document.activeElement?.textContent);
  await page.keyboard.press("ArrowRight");
  const after = await page.evaluate(() => ({
    focused: document.activeElement?.textContent,
    selected: document.activeElement?.getAttribute("aria-selected"),
  }));
  expect(after.focused).not.toBe(before);
  expect(after.selected).toBe("true");
  const findings = await axeFindings(page, [".grid-host .tabs"], []);
  expect(findings).toEqual([]);
});
