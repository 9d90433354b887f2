/**
 * An agent run's files in the preview (issue 57): a finished run opens nothing by itself; the
 * planner chooses which files to open, with the button beside each, and every sheet a run gives is
 * named one way ("Run 7 · shortlist.csv"). Screenshot: the run's files after two were opened
 * (pane-agent-files.png).
 */
import path from "path";
import { ARTIFACTS, cell, ensureConnected, expectText, usePreview } from "./support";

const e = usePreview();

test("issue 57: a finished run opens no sheet by itself; the files the planner opens are named one way", async () => {
  const { page } = e;
  await ensureConnected(page);
  const sheetsBefore = await page.locator(".tabs button").allTextContents();
  await page.getByRole("tab", { name: "Agents" }).click();
  await page.getByLabel("Agent id").fill("1");
  await page.getByLabel("Parameter 1 name").fill("topic");
  await page.getByLabel("Parameter 1 value").fill("sleep");
  await page.getByRole("button", { name: "Start run" }).click();
  await expectText(page.getByTestId("agent-status"), /: done/, 30_000);
  const runId = /Run (\d+)/.exec((await page.getByTestId("agent-status").textContent()) ?? "")?.[1];
  expect(runId).toBeDefined();

  const files = page.getByLabel("Agent files");
  await expectText(files, /shortlist\.csv · csv · /);
  const listed = await files.locator("li").count();
  await expectText(
    page.getByTestId("agent-message"),
    new RegExp(
      `^The run finished with ${listed} files: choose .*Open as sheet.* beside each file you want below; nothing was opened yet\\.$`,
    ),
  );
  // Nothing opened: the workbook has the sheets it had.
  expect(await page.locator(".tabs button").allTextContents()).toEqual(sheetsBefore);

  // The planner opens two of them: the CSV and the JSON, each from its own button.
  for (const name of ["shortlist.csv", "shortlist.json"]) {
    await page.getByRole("button", { name: `Open as sheet: ${name}` }).click();
    await expectText(
      page.getByTestId("agent-message"),
      new RegExp(`^Opened as sheet "Run ${runId} · ${name.replace(".", "\\.")}"`),
    );
  }
  const added = (await page.locator(".tabs button").allTextContents()).filter(
    (t) => !sheetsBefore.includes(t),
  );
  expect(added).toEqual([`Run ${runId} · shortlist.csv`, `Run ${runId} · shortlist.json`]);
  await files.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(ARTIFACTS, "pane-agent-files.png") });
  await page.locator(".tabs button", { hasText: `Run ${runId} · shortlist.csv` }).click();
  await expectText(cell(page, "A1"), "Show");
});
