/**
 * Focus is never lost, for a keyboard user: a busy button keeps focus while it works (every form), a
 * control that goes away hands focus to the one that takes its place, and a whole task done with the
 * keyboard alone (Connect → Reports → Run report → Sheets → Refresh) never leaves the pane.
 */
import path from "path";
import type { Locator, Page } from "playwright-core";
import { ARTIFACTS, cell, connect, ensureConnected, expectText, usePreview } from "./support";

// Report tasks take 1.5 s, so a busy button stays busy long enough to watch.
// Long enough that a run is still going when the test reaches its Cancel button on a loaded machine.
const e = usePreview({ taskDelayMs: 4_000 });

/** Where focus is: "pane" when inside the task pane, else a description of the element that has it. */
function focusPlace(page: Page): Promise<string> {
  return page.evaluate(() => {
    const a = document.activeElement;
    if (a && a !== document.body && a.closest(".pane-column")) return "pane";
    return a
      ? `${a.tagName.toLowerCase()}${a.id ? `#${a.id}` : ""} ${a.textContent?.slice(0, 40) ?? ""}`
      : "nothing";
  });
}

/** The accessible name of the focused element, to say where focus is. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    return (a?.getAttribute("aria-label") ?? a?.innerText ?? "").trim();
  });
}

/**
 * Focuses `control`, presses Enter, and samples where focus is every 20 ms until `done` resolves.
 * Returns every sample taken outside the pane (none is the goal) and whether `control` has focus at the end.
 */
async function enterAndWatch(page: Page, control: Locator, done: () => Promise<unknown>) {
  await control.focus();
  await page.evaluate(() => {
    const w = window as unknown as { __focusOutside: string[]; __focusTimer: number };
    w.__focusOutside = [];
    w.__focusTimer = window.setInterval(() => {
      const a = document.activeElement;
      if (!a || a === document.body || !a.closest(".pane-column"))
        w.__focusOutside.push(a ? a.tagName.toLowerCase() : "nothing");
    }, 20);
  });
  await page.keyboard.press("Enter");
  await done();
  const outside = await page.evaluate(() => {
    const w = window as unknown as { __focusOutside: string[]; __focusTimer: number };
    clearInterval(w.__focusTimer);
    return w.__focusOutside;
  });
  const kept = await control.evaluate((el) => el === document.activeElement);
  return { outside, kept };
}

/** Waits until a busy (aria-disabled) button is usable again. */
async function idle(button: Locator, timeout = 60_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while ((await button.getAttribute("aria-disabled")) === "true") {
    if (Date.now() > deadline) throw new Error("the button stayed busy");
    await new Promise((r) => setTimeout(r, 50));
  }
}

test("keyboard only: Connect → Reports → Run report → Sheets → Refresh, focus inside the pane at every step", async () => {
  const { page } = e;
  const steps: string[] = [];
  const check = async (step: string) => {
    const where = await focusPlace(page);
    if (where !== "pane") steps.push(`${step}: focus on ${where}`);
  };
  /** Presses `key` until `until` holds (at most `max` times), checking focus after every press. */
  const pressUntil = async (key: string, until: () => Promise<boolean>, max: number, step: string) => {
    for (let i = 0; i < max; i++) {
      await page.keyboard.press(key);
      await check(`${step} (${key} ${i + 1})`);
      if (await until()) return;
    }
    throw new Error(`${step}: not reached after ${max} presses of ${key}`);
  };
  const focusedIs = (test: (el: { name: string; role: string; tag: string }) => boolean) => async () =>
    test(
      await page.evaluate(() => {
        const a = document.activeElement as HTMLElement;
        return {
          // innerText: a Fluent tab also holds a hidden copy of its label.
          name: (a.getAttribute("aria-label") ?? a.getAttribute("name") ?? a.innerText ?? "").trim(),
          role: a.getAttribute("role") ?? "",
          tag: a.tagName.toLowerCase(),
        };
      }),
    );

  // Connect: from the top of the page (once the pane is drawn) to the key field, type, Enter.
  await page.getByRole("tab", { name: "Connect" }).waitFor();
  await pressUntil(
    "Tab",
    focusedIs((el) => el.name === "apiKey"),
    25,
    "to the API key",
  );
  await page.keyboard.type("demo-pro");
  await page.screenshot({ path: path.join(ARTIFACTS, "keyboard-1-api-key.png") });
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Sign out" }).waitFor();
  // Focus goes to the next useful step (issue 49): the Reports tab, which Enter opens; not Sign out.
  await page.waitForFunction(() => document.activeElement?.getAttribute("data-tab") === "Reports");
  await check("connected");
  await page.screenshot({ path: path.join(ARTIFACTS, "keyboard-2-connected-reports-tab.png") });
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Run report" }).waitFor();
  await check("Reports open");
  // The selected tab names the panel it controls, and the panel is labelled by it.
  const panel = page.getByRole("tabpanel", { name: "Reports" });
  expect(await panel.getByRole("button", { name: "Run report" }).count()).toBe(1);
  expect(await page.getByRole("tab", { name: "Reports" }).getAttribute("aria-controls")).toBe(
    await panel.getAttribute("id"),
  );

  // Run report (impressions needs nothing more): Tab through the form to the button, Enter.
  await pressUntil(
    "Tab",
    focusedIs((el) => el.tag === "button" && el.name === "Run report"),
    150,
    "to Run report",
  );
  await page.screenshot({ path: path.join(ARTIFACTS, "keyboard-3-run-report.png") });
  const run = page.getByRole("button", { name: /^Run report|^Running/ });
  const ran = await enterAndWatch(page, run, async () => {
    await page.locator(".activity li", { hasText: "Impressions" }).first().waitFor();
    await idle(run);
  });
  expect(ran).toEqual({ outside: [], kept: true });
  await expectText(page.locator(".activity li", { hasText: "Impressions" }).first(), /done/, 60_000);
  await check("report done");

  // Sheets: back to the tabs, arrow to Sheets, Enter, Tab to the sheet's Refresh, Enter.
  await pressUntil(
    "Shift+Tab",
    focusedIs((el) => el.role === "tab"),
    200,
    "back to the tabs",
  );
  await pressUntil(
    "ArrowRight",
    focusedIs((el) => el.role === "tab" && el.name === "Sheets"),
    6,
    "to Sheets",
  );
  await page.keyboard.press("Enter");
  await page.locator("li[data-sheet]").first().waitFor();
  await check("Sheets open");
  await pressUntil(
    "Tab",
    focusedIs((el) => el.tag === "button" && /^Refresh .+/.test(el.name)),
    20,
    "to Refresh",
  );
  const refresh = page.locator(":focus");
  const refreshName = await focusedName(page);
  const before = await page.locator(".activity li", { hasText: `${refreshName}:` }).count();
  const refreshed = await enterAndWatch(
    page,
    page.getByRole("button", { name: refreshName, exact: true }),
    () => expectText(page.locator(".activity li", { hasText: `${refreshName}:` }).first(), /done/, 60_000),
  );
  expect(await page.locator(".activity li", { hasText: `${refreshName}:` }).count()).toBe(before + 1);
  expect(refreshed).toEqual({ outside: [], kept: true });
  expect(await refresh.count()).toBe(1);
  expect(steps).toEqual([]);
});

test("issue 49: keyboard only, a date box is one Tab stop: typed as yyyy-mm-dd or the locale's order, a bad date named by its field", async () => {
  const { page } = e;
  await page.getByRole("tab", { name: "Reports" }).click();
  await page.getByLabel("Report", { exact: true }).selectOption("estimatedSpendByDay");
  const range = page.getByLabel("Date range");
  await range.selectOption("custom");
  const focusedField = () =>
    page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? "");
  // From the range, one Tab to the start date, one more to the end date (a date input took 3 to 5 each).
  await range.focus();
  await page.keyboard.press("Tab");
  expect(await focusedField()).toBe("startDate");
  await page.keyboard.type("2026-10-01");
  await page.keyboard.press("Tab");
  expect(await focusedField()).toBe("endDate");
  await page.keyboard.press("Shift+Tab");
  expect(await focusedField()).toBe("startDate");
  await page.keyboard.press("Tab");
  // The locale's order (the hint names it), shown as yyyy-mm-dd once left.
  const start = page.getByLabel("Start date");
  const hint = await page.locator(".fui-Field", { has: start }).locator(".fui-Field__hint").textContent();
  const local = /or ([a-z]+\W[a-z]+\W[a-z]+),/.exec(hint ?? "")?.[1] ?? "yyyy-mm-dd";
  const parts: Record<string, string> = { yyyy: "2026", mm: "10", dd: "31" };
  await page.keyboard.type(local.replace(/yyyy|mm|dd/g, (u) => parts[u]));
  await page.keyboard.press("Tab");
  expect(await focusedField()).not.toBe("endDate");
  expect(await page.getByLabel("End date").inputValue()).toBe("2026-10-31");
  expect(await start.inputValue()).toBe("2026-10-01");
  // Text that is no date is said under its box, naming the field.
  await page.getByLabel("End date").focus();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("next week");
  await page.keyboard.press("Tab");
  const end = page.locator(".fui-Field", { has: page.getByLabel("End date") });
  await expectText(
    end.locator(".fui-Field__validationMessage"),
    /^End date: "next week" is not a date; type it as yyyy-mm-dd/,
  );
  await page.screenshot({ path: path.join(ARTIFACTS, "keyboard-date-box.png") });
  // Put right, the message goes.
  await page.getByLabel("End date").fill("2026-10-31");
  expect(await end.locator(".fui-Field__validationMessage").count()).toBe(0);
});

test("Connect keeps focus on its button while it checks a key the service refuses", async () => {
  const { page } = e;
  await page.getByRole("tab", { name: "Connect" }).click();
  const signOut = page.getByRole("button", { name: "Sign out" });
  if (await signOut.isVisible()) await signOut.click();
  await page.getByRole("textbox", { name: "API key" }).fill("not-a-key");
  const button = page.getByRole("button", { name: /^Connect$|^Checking/ });
  const r = await enterAndWatch(page, button, async () => {
    await page.getByText(/did not accept this API key/).waitFor();
    await idle(button);
  });
  expect(r).toEqual({ outside: [], kept: true });
});

test("every form's busy button keeps focus while it works: Data, Campaigns, Advertisers, Invite, Agents", async () => {
  const { page } = e;
  await ensureConnected(page);
  const results: Record<string, unknown> = {};
  const watch = async (name: string, button: Locator, done: () => Promise<unknown>) => {
    results[name] = await enterAndWatch(page, button, async () => {
      await done();
      await idle(button);
    });
  };
  const activityDone = (label: RegExp) => () =>
    expectText(page.locator(".activity li", { hasText: label }).first(), /done|failed/, 60_000);

  await page.getByRole("tab", { name: "Data" }).click();
  await page.getByLabel("Search for").fill("mattress");
  await watch(
    "Search to sheet",
    page.getByRole("button", { name: "Search to sheet" }),
    activityDone(/^Search/),
  );
  await watch(
    "Open show sheet",
    page.getByRole("button", { name: "Open show sheet" }),
    activityDone(/^Show/),
  );
  await page.getByRole("combobox", { name: /^Advertiser(\s*\*)?$/ }).fill("Acme Mattress");
  await watch("Ads to sheet", page.getByRole("button", { name: "Ads to sheet" }), activityDone(/^Ads/));
  await page.getByRole("combobox", { name: /^Advertisers(\s*\*)?$/ }).fill("Acme Mattress");
  await watch(
    "Incrementality to sheet",
    page.getByRole("button", { name: "Incrementality to sheet" }),
    activityDone(/^Incrementality/),
  );

  await page.getByRole("tab", { name: "Campaigns" }).click();
  await cell(page, "A1").click();
  await watch("Insert campaign plan", page.getByRole("button", { name: "Insert campaign plan" }), () =>
    page.getByTestId("plan-outcome").waitFor(),
  );
  await watch("Validate", page.getByRole("button", { name: "Validate" }), () =>
    expectText(page.getByTestId("plan-outcome"), /row|valid|Nothing/i),
  );
  await watch("Create campaigns", page.getByRole("button", { name: "Create campaigns" }), () =>
    page.getByTestId("plan-outcome").waitFor(),
  );
  await page.getByLabel("Advertiser name").fill("Acme Mattress");
  await watch("Create advertiser", page.getByRole("button", { name: "Create advertiser" }), () =>
    page.getByTestId("advertiser-result").waitFor(),
  );
  await watch("Insert at selected cell", page.getByRole("button", { name: "Insert at selected cell" }), () =>
    page.getByText(/^Inserted at /).waitFor(),
  );
  await page.getByLabel("Advertiser the user may see").fill("Acme Mattress");
  await page.getByLabel("Email of the invitee").fill("planner@example.com");
  await watch("Send invite", page.getByRole("button", { name: "Send invite" }), () =>
    page.getByTestId("invite-outcome").waitFor(),
  );

  await page.getByRole("tab", { name: "Agents" }).click();
  await page.getByLabel("Agent id").fill("1");
  await watch("Start run", page.getByRole("button", { name: "Start run" }), () =>
    expectText(page.getByTestId("agent-status"), /: done/, 30_000),
  );

  const kept = { outside: [], kept: true };
  expect(results).toEqual({
    "Search to sheet": kept,
    "Open show sheet": kept,
    "Ads to sheet": kept,
    "Incrementality to sheet": kept,
    "Insert campaign plan": kept,
    Validate: kept,
    "Create campaigns": kept,
    "Create advertiser": kept,
    "Insert at selected cell": kept,
    "Send invite": kept,
    "Start run": kept,
  });
});

test("a control that goes away hands focus to the one that takes its place", async () => {
  const { page } = e;
  await ensureConnected(page);
  const focused = () => focusedName(page);

  // Field picker: focus follows a moved column, and lands on a neighbour when one is removed.
  await page.getByRole("tab", { name: "Reports" }).click();
  await page.getByLabel("Report", { exact: true }).selectOption("impressions");
  await page.getByRole("button", { name: "Start from the default columns" }).click();
  const chosen = async () =>
    page.getByRole("list", { name: "Chosen columns" }).locator("li > span").allTextContents();
  const [first, second] = await chosen();
  await page.getByRole("button", { name: `Move ${first} down` }).focus();
  await page.keyboard.press("Enter");
  expect((await chosen()).slice(0, 2)).toEqual([second, first]);
  expect(await focused()).toBe(`Move ${first} down`);
  await page.getByRole("button", { name: `Move ${first} up` }).focus();
  await page.keyboard.press("Enter"); // back to the top: its ↑ disables, focus takes its ↓
  expect(await focused()).toBe(`Move ${first} down`);
  await page.getByRole("button", { name: `Remove ${first}` }).focus();
  await page.keyboard.press("Enter");
  expect(await focused()).toBe(`Remove ${second}`);
  await page.getByLabel("Add a custom action column").fill("Signup");
  await page.getByRole("button", { name: "Add column" }).focus();
  await page.keyboard.press("Enter");
  expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe("customField");

  // Sheets: Forget request… and its confirmation replace each other.
  await page.getByRole("tab", { name: "Sheets" }).click();
  // A report sheet (one whose request can be edited), not a search or show sheet.
  const item = page
    .locator("li[data-sheet]")
    .filter({ has: page.getByRole("button", { name: /^Edit request of /, disabled: false }) })
    .first();
  const sheet = await item.getAttribute("data-sheet");
  await item.getByRole("button", { name: `Forget request of ${sheet}` }).focus();
  await page.keyboard.press("Enter");
  expect(await focused()).toBe(`Forget request, keep data: ${sheet}`);
  await page.keyboard.press("Tab");
  expect(await focused()).toBe("Cancel");
  await page.keyboard.press("Enter");
  expect(await focused()).toBe(`Forget request of ${sheet}`);

  // Edit request opens the Reports form with focus in it; Cancel edit hands focus to the form's button.
  await item.getByRole("button", { name: `Edit request of ${sheet}` }).focus();
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: `Save and refresh ${sheet}` }).waitFor();
  // Focus lands in the form once it has rendered with the request: wait for it (bounded), then check.
  await page
    .waitForFunction(() => document.activeElement?.closest("form") !== null, null, { timeout: 10_000 })
    .catch(() => undefined);
  expect(await focusPlace(page)).toBe("pane");
  expect(await page.evaluate(() => document.activeElement?.closest("form") !== null)).toBe(true);
  await page.getByRole("button", { name: "Cancel edit" }).focus();
  await page.keyboard.press("Enter");
  expect(await focused()).toBe("Run report");

  // Agents: Add parameter focuses the new row, removing the last row focuses the row above.
  await page.getByRole("tab", { name: "Agents" }).click();
  await page.getByRole("button", { name: "Add parameter" }).focus();
  await page.keyboard.press("Enter");
  expect(await focused()).toBe("Parameter 2 name");
  await page.getByRole("button", { name: "Remove parameter 2" }).focus();
  await page.keyboard.press("Enter");
  expect(await focused()).toBe("Remove parameter 1");

  // Stop following hands focus to Start run; Resume following to Stop following.
  await page.getByLabel("Agent id").fill("2");
  await page.getByRole("button", { name: "Start run" }).click();
  const stop = page.getByRole("button", { name: "Stop following" });
  await stop.waitFor();
  await stop.focus();
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: /^Resume following run/ }).waitFor();
  expect(await focused()).toBe("Start run");
  await page.getByRole("button", { name: /^Resume following run/ }).focus();
  await page.keyboard.press("Enter");
  await stop.waitFor();
  expect(await focused()).toBe("Stop following");
  // The run ends while focus is on Stop following, which goes: focus waits on Start run.
  await expectText(page.getByTestId("agent-status"), /: done/, 30_000);
  await page.getByRole("button", { name: "Stop following" }).waitFor({ state: "detached" });
  expect(await focused()).toBe("Start run");
});

test("when a run's Cancel goes (cancelled, or the run ended), focus stays on its activity entry", async () => {
  const { page } = e;
  await connect(page, "demo-pro");
  await page.getByRole("button", { name: "Sign out" }).waitFor();
  await page.getByRole("tab", { name: "Reports" }).click();
  await page.getByLabel("Report", { exact: true }).selectOption("campaignsPerformance");
  // Two different requests (the report name is part of it): the sandbox answers an identical request
  // with its cached task, which a slow machine could find done before Cancel is focused.
  for (const [how, name] of [
    ["cancelled", ""],
    ["done", "Focus check"],
  ]) {
    await page.getByLabel("Report name").fill(name);
    await page.getByRole("button", { name: "Run report" }).click();
    const entry = page.locator(".activity li", { hasText: "Campaign performance" }).first();
    await expectText(entry, /running/);
    await entry.getByRole("button", { name: "Cancel" }).focus();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
    if (how === "cancelled") await page.keyboard.press("Enter");
    // The status itself, not the entry's text: a progress line can say "done" while the rows are written.
    await page
      .locator(`.activity li[data-status="${how}"]`, { hasText: "Campaign performance" })
      .first()
      .waitFor({ timeout: 30_000 });
    expect({ how, focused: await entry.evaluate((el) => el === document.activeElement) }).toEqual({
      how,
      focused: true,
    });
  }
});
