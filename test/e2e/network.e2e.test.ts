/**
 * The network as a planner meets it (docs/network.md): the Connect tab's network limits refuse a bad
 * value naming the field; a report start whose connection drops after it went out is not sent again
 * but offers Try again, which the planner chooses once the service is back; a stalled status poll
 * ends at the no-progress limit with a message instead of holding the pane.
 */
import path from "node:path";
import { ARTIFACTS, cell, connect, expectText, usePreview } from "./support";

const e = usePreview({ taskDelayMs: 300 });

async function faults(body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${e.sandboxUrl}/__admin/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

const counted = async () =>
  ((await (await fetch(`${e.sandboxUrl}/__admin/requests`)).json()) as Record<string, number>)["demo-pro"] ??
  0;

afterEach(() => faults({ dropAfterRate: 0, stallRate: 0, error500Rate: 0, faultPaths: "" }));

test("network limits: a bad value is refused naming its field; good ones are kept", async () => {
  const { page } = e;
  await connect(page, "demo-pro");
  await page.getByText("Sign out").waitFor();
  const stall = page.getByLabel("No-progress limit (seconds)");
  await stall.fill("2");
  await page.getByRole("button", { name: "Save limits" }).click();
  await expectText(
    page.locator("form", { has: stall }),
    /No-progress limit: enter whole seconds from 5 to 600/,
  );
  await page.screenshot({ path: path.join(ARTIFACTS, "network-limits-refused.png") });
  await stall.fill("5");
  await page.getByLabel("Request deadline (seconds)").fill("30");
  await page.getByRole("button", { name: "Save limits" }).click();
  await page.reload();
  await page.getByLabel("No-progress limit (seconds)").waitFor();
  expect(await page.getByLabel("No-progress limit (seconds)").inputValue()).toBe("5");
  expect(await page.getByLabel("Request deadline (seconds)").inputValue()).toBe("30");
});

test("a report start whose connection drops is sent once; Try again, chosen by the planner, runs it", async () => {
  const { page } = e;
  await connect(page, "demo-pro");
  await page.getByText("Sign out").waitFor();
  await faults({ dropAfterRate: 1, faultPaths: "^/api/public/campaigns-performance" });
  const before = await counted();
  await page.getByRole("tab", { name: "Reports" }).click();
  await page.getByLabel("Report", { exact: true }).selectOption("campaignsPerformance");
  await page.getByRole("button", { name: "Run report" }).click();
  const entry = page.locator(".activity li", { hasText: "Campaign performance" }).first();
  await expectText(entry, /failed/, 30_000);
  await expectText(entry, /may have started/);
  await expectText(entry, /did not send it again/);
  // The planner's sentence leads; the request's method and path are only in its Details.
  expect(await entry.locator(".detail").textContent()).not.toMatch(/POST|\/api\//);
  await entry.getByText("Details", { exact: true }).click();
  await expectText(entry.locator(".error-details pre"), /^POST \/api\/public\/campaigns-performance/);
  // The add-in sent it once. Chromium itself sends a request again, once, when a kept-alive connection
  // closes before any answer (it cannot tell a server that timed the idle connection out from one
  // that took the request): a browser's own retry the add-in cannot turn off (docs/network.md).
  const spent = (await counted()) - before;
  expect(spent).toBeGreaterThanOrEqual(1);
  expect(spent).toBeLessThanOrEqual(2);
  await page.screenshot({ path: path.join(ARTIFACTS, "network-try-again.png") });
  await faults({ dropAfterRate: 0, faultPaths: "" });
  const failedId = await entry.getAttribute("data-entry");
  const failed = page.locator(`.activity li[data-entry="${failedId}"]`);
  await failed.getByRole("button", { name: "Try again" }).click();
  // Offered once: the failed entry keeps its message, says where the new request is, and keeps focus.
  await expectText(failed, /Asked again: see the newer entry above/);
  expect(await failed.getByRole("button", { name: "Try again" }).count()).toBe(0);
  expect(await failed.evaluate((el) => el === document.activeElement)).toBe(true);
  await page
    .locator(".activity li[data-status='done']", { hasText: "Campaign performance" })
    .first()
    .waitFor({
      timeout: 60_000,
    });
  expect(await counted()).toBe(before + spent + 1);
});

test("a stalled status poll ends at the no-progress limit, said as checking the report's progress, with the request in Details and Try again", async () => {
  const { page } = e;
  await connect(page, "demo-pro");
  await page.getByText("Sign out").waitFor();
  await page.getByLabel("No-progress limit (seconds)").fill("5");
  await page.getByLabel("Request deadline (seconds)").fill("12");
  await page.getByRole("button", { name: "Save limits" }).click();
  await faults({ stallRate: 1, faultPaths: "/file-processor/status" });
  await page.getByRole("tab", { name: "Reports" }).click();
  await page.getByLabel("Report", { exact: true }).selectOption("campaignsPerformance");
  await page.getByLabel("Report name").fill("Stalled");
  const started = Date.now();
  await page.getByRole("button", { name: "Run report" }).click();
  const entry = page.locator(".activity li", { hasText: "Campaign performance" }).first();
  await expectText(entry, /failed/, 40_000);
  const said = entry.locator(".detail");
  await expectText(said, /checking the report's progress/);
  await expectText(said, /no-progress limit|request deadline/);
  expect(await said.textContent()).not.toMatch(/GET|file-processor|\{id\}/);
  // A status poll spends nothing: Try again is offered; the request is in Details, to copy for support.
  expect(await entry.getByRole("button", { name: "Try again" }).count()).toBe(1);
  await entry.getByText("Details", { exact: true }).click();
  await expectText(
    entry.locator(".error-details pre"),
    /^GET \/api\/public\/file-processor\/status\/[0-9a-f-]+/,
  );
  await expectText(entry.locator(".error-details pre"), /Asked: \{"kind":"campaignsPerformance"/);
  // Polls are retried (they count nothing), all within the 12 s deadline and its last attempt.
  expect(Date.now() - started).toBeLessThan(30_000);
  await page.screenshot({ path: path.join(ARTIFACTS, "network-stalled.png") });
});

test("a refresh whose download fails says so on the sheet's own status line, with when its data is from", async () => {
  const { page } = e;
  await connect(page, "demo-pro");
  await page.getByText("Sign out").waitFor();
  await page.getByRole("tab", { name: "Reports" }).click();
  await page.getByLabel("Report", { exact: true }).selectOption("campaignsPerformance");
  await page.getByLabel("Report name").fill("Refresh fails");
  await page.getByRole("button", { name: "Run report" }).click();
  // This run's entry, by the sheet it made: earlier tests of this file ran Campaign performance too,
  // and their entries are done already.
  const done = page.locator(".activity li[data-status='done']", { hasText: "→ sheet Refresh fails" }).first();
  await done.waitFor({ timeout: 60_000 });
  const sheetName = /→ sheet (.+?)(\.|$)/.exec((await done.locator(".detail").innerText()).trim())![1];
  const before = (await cell(page, "A1").innerText()).trim();
  expect(before).toMatch(/ · Last refreshed (\S+ \S+) · /);
  const refreshedAt = /Last refreshed (\S+ \S+)/.exec(before)![1];
  // Every download of the report's file fails with a 500 (the client tries it 3 times: it spends nothing).
  await faults({ error500Rate: 1, faultPaths: "^/files/" });
  await page.getByRole("tab", { name: "Sheets" }).click();
  const item = page.locator(`li[data-sheet="${sheetName}"]`);
  await item.getByRole("button", { name: /^Refresh / }).click();
  await expectText(
    cell(page, "A1"),
    new RegExp(
      `^Refresh failed \\S+ \\S+: The service failed while downloading the report\\. Try again in a few minutes; the data is from ${refreshedAt} · `,
    ),
    60_000,
  );
  expect(await cell(page, "A1").innerText()).not.toMatch(/GET|\/files\//);
  await page.screenshot({ path: path.join(ARTIFACTS, "network-refresh-failed.png") });
});
