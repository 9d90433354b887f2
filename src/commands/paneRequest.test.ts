/**
 * Asking for the pane when Office may ignore the request (issue 57): since 23 February 2026
 * showAsTaskpane() is ignored for an add-in published in Microsoft's Marketplace, resolving all the
 * same. The Self-test and the spend question still reach the planner: where the pane does not come,
 * they are told what waits and where to click.
 */
import { readFileSync } from "fs";
import path from "path";
import { OPEN_PANE_WHERE, openPaneText, requestPane, type PaneHost } from "./paneRequest";

/** A host whose showAsTaskpane does (or does not) bring the pane, recording what the planner is told. */
function host(opens: boolean, failsToShow = false): PaneHost & { told: string[]; asked: number } {
  let shown = false;
  const h = {
    told: [] as string[],
    asked: 0,
    show: async () => {
      h.asked += 1;
      if (failsToShow) throw new Error("ShowTaskpane failed");
      if (opens) shown = true;
    },
    shownWithin: async () => shown,
    tell: async (text: string) => void h.told.push(text),
  };
  return h;
}

test("issue 57: where showAsTaskpane is ignored, the planner is told what waits and where to click", async () => {
  const ignored = host(false);
  expect(
    await requestPane(ignored, "The self-test waits in the Ads Analytics pane, on its Connect tab.", 0),
  ).toBe("told");
  expect(ignored.asked).toBe(1);
  expect(ignored.told).toEqual([
    "The self-test waits in the Ads Analytics pane, on its Connect tab. Open the pane to see it: Home → Ads Analytics → Open pane.",
  ]);
});

test("where Office shows the pane (sideloaded, centrally deployed), nothing more is said", async () => {
  const opens = host(true);
  expect(await requestPane(opens, "Refresh all waits for your answer in the Ads Analytics pane.", 0)).toBe(
    "shown",
  );
  expect(opens.told).toEqual([]);
});

test("a showAsTaskpane that fails is answered as one ignored: the planner is told", async () => {
  const fails = host(false, true);
  const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
  expect(await requestPane(fails, "Refresh all waits for your answer in the Ads Analytics pane.", 0)).toBe(
    "told",
  );
  warn.mockRestore();
  expect(fails.told[0]).toMatch(/Open the pane to see it: Home → Ads Analytics → Open pane\.$/);
});

test("the place named is the ribbon's own: the Home tab, the manifest's group and button labels", () => {
  const manifest = readFileSync(path.join(__dirname, "..", "..", "manifest.xml"), "utf8");
  const label = (id: string) =>
    new RegExp(`<bt:String id="${id}" DefaultValue="([^"]+)"`).exec(manifest)?.[1];
  expect(manifest).toMatch(/<OfficeTab id="TabHome">/);
  expect(OPEN_PANE_WHERE).toBe(`Home → ${label("Group.Label")} → ${label("OpenPane.Label")}`);
  expect(openPaneText("X waits.")).toBe(`X waits. Open the pane to see it: ${OPEN_PANE_WHERE}.`);
});

test("the dialog's page, the support page's #open-pane section, says where the pane opens", () => {
  const help = readFileSync(path.join(__dirname, "..", "taskpane", "help.html"), "utf8");
  const commands = readFileSync(path.join(__dirname, "commands.ts"), "utf8");
  expect(commands).toContain('"help.html#open-pane"');
  const section = /<section aria-labelledby="open-pane">([\s\S]*?)<\/section>/.exec(help)?.[1] ?? "";
  expect(section.replace(/\s+/g, " ")).toMatch(
    /<strong>Home<\/strong> tab, <strong>Ads Analytics<\/strong> group, <strong>Open pane<\/strong>/,
  );
});
