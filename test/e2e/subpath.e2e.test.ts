/**
 * A production build hosted under a path of its host (issue 11: the shared-runtime page used to load
 * /taskpane.js from the host's root). Built with ADDIN_BASE_URL=http://127.0.0.1:<port>/sub/path into a
 * directory of its own, served under /sub/path on loopback, and opened in Chromium with Office.js (from
 * Microsoft's CDN) answered by a local stub: every script loads, nothing fails, the pane renders, and
 * the commands and functions register with Office. A loopback build is a local build and says so.
 * The same build proves the page's bundle graph (issue 14): one copy of every module, within the size
 * budget, the other tabs loaded when first opened, and one module state for commands and pane.
 */
import { createServer, type Server } from "http";
import type { AddressInfo } from "net";
import { mkdtempSync, readFileSync, rmSync } from "fs";
import os from "os";
import path from "path";
import { DOMParser } from "@xmldom/xmldom";
import { staticHandler } from "../../scripts/dev-server";
import {
  PAGE_BUDGET_BYTES,
  duplicateModules,
  firstLoad,
  modulesByFile,
  pageCode,
  pageReport,
  pageScripts,
} from "../../scripts/bundle-report";
import { runBuild, type BuildResult } from "../support/build";
import { ARTIFACTS, launchBrowser } from "./support";

const PREFIX = "/sub/path";
const OFFICE_STUB = `
  window.__registered = [];
  window.__commands = {};
  window.Office = {
    onReady(cb) { const p = Promise.resolve({ host: null, platform: null }); if (cb) p.then(cb); return p; },
    actions: { associate(name, fn) { window.__registered.push("command:" + name); window.__commands[name] = fn; } },
    addin: { showAsTaskpane() { return Promise.resolve(); } },
  };
  window.CustomFunctions = {
    associate(id, fn) { window.__registered.push("function:" + id); (window.__functions ??= {})[id] = fn; },
    Error: class extends Error {},
    ErrorCode: { invalidValue: "#VALUE!", notAvailable: "#N/A" },
  };
  window.Excel = { run() { return Promise.reject(new Error("no Excel in this test")); } };
`;

jest.setTimeout(300_000);

let dir = "";
let statsFile = "";
let server: Server;
let base = "";
let build: BuildResult;
/** Every path the server was asked for, and its status. */
const served: { path: string; status: number }[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "ads-subpath-"));
  // No CORS headers: a host needs none for the add-in's own files (docs/deploy.md).
  const files = staticHandler(dir, { cors: false });
  server = createServer((req, res) => {
    const url = req.url ?? "/";
    res.on("finish", () => served.push({ path: url, status: res.statusCode }));
    if (!url.startsWith(`${PREFIX}/`)) {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not under the add-in's path");
      return;
    }
    req.url = url.slice(PREFIX.length);
    files(req, res);
  });
  // The port must be known before the build, which writes it into the manifest.
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${PREFIX}`;
  // The stats go beside the build, not into it (dist/ is what gets deployed).
  statsFile = `${dir}-stats.json`;
  build = await runBuild(dir, { ADDIN_BASE_URL: base }, "production", 240_000, statsFile);
}, 280_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (statsFile) rmSync(statsFile, { force: true });
});

/** A page on the build with Office.js stubbed, and everything that goes wrong on it. */
async function openPane(browser: Awaited<ReturnType<typeof launchBrowser>>) {
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  const problems: string[] = [];
  const loaded: string[] = [];
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console error: ${m.text()}`);
  });
  page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on("response", (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} for ${r.url()}`);
    if (r.request().resourceType() === "script") loaded.push(r.url());
  });
  await page.route("https://appsforoffice.microsoft.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: OFFICE_STUB }),
  );
  await page.goto(`${base}/taskpane.html`);
  await page.getByRole("tab", { name: "Connect" }).waitFor({ timeout: 30_000 });
  return { page, problems, loaded };
}

/** A fresh page of `browser` that remembers a key from an earlier session (nothing listens at its service) and gets the Office stub. */
async function pageWithRememberedKey(browser: Awaited<ReturnType<typeof launchBrowser>>) {
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  await page.addInitScript(() =>
    localStorage.setItem(
      "ads-analytics.connection",
      JSON.stringify({ apiKey: "remembered-key", baseUrl: "http://127.0.0.1:9" }),
    ),
  );
  await page.route("https://appsforoffice.microsoft.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: OFFICE_STUB }),
  );
  return page;
}

/** The functions' file arrives 700 ms late on `page`. */
async function slowFunctionsCode(page: import("playwright-core").Page): Promise<void> {
  await page.route(/\/ads-functions-code\.[0-9a-f]{8}\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 700));
    await route.continue();
  });
}

test("a loopback ADDIN_BASE_URL builds, as a local build that says so", () => {
  expect({ status: build.status, output: build.output }).toEqual({ status: 0, output: expect.any(String) });
  expect(build.output).toMatch(/LOCAL production build .*not for deployment/);
  const manifest = readFileSync(path.join(dir, "manifest.xml"), "utf8");
  expect(manifest).toContain('<DisplayName DefaultValue="Ads Analytics (local build)"/>');
  expect(manifest).toContain(`<SourceLocation DefaultValue="${base}/taskpane.html"/>`);
});

test("every page in dist loads its scripts and images relative to itself", () => {
  for (const page of ["taskpane.html", "help.html"]) {
    const html = readFileSync(path.join(dir, page), "utf8");
    // Attribute values may be quoted or not (the production build minifies the HTML).
    const refs = [...html.matchAll(/\s(?:src|href)=(?:"([^"]*)"|([^\s>]+))/g)].map((m) => m[1] ?? m[2]);
    const local = refs.filter((r) => !r.startsWith("https://") && !r.startsWith("mailto:"));
    expect(local.length).toBeGreaterThan(0);
    for (const ref of local)
      expect({ page, ref, rootRelative: ref.startsWith("/") }).toEqual({ page, ref, rootRelative: false });
  }
});

test("taskpane.html under /sub/path loads every script, registers commands and functions, and renders the pane", async () => {
  const browser = await launchBrowser();
  try {
    const { page, problems, loaded } = await openPane(browser);
    await page.getByRole("button", { name: "Connect" }).waitFor();
    await page.locator('[data-testid="local-build"]').waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, "subpath-taskpane.png") });

    // The page's own scripts and the pane's code, and nothing else until a tab other than Connect
    // is opened.
    const scripts = pageScripts(dir);
    expect(scripts).toEqual(
      expect.arrayContaining(["runtime.js", "functions.js", "commands.js", "taskpane.js"]),
    );
    const { pane } = pageCode(dir);
    expect(pane).toEqual([expect.stringMatching(/^pane-code\.[0-9a-f]{8}\.js$/)]);
    expect(loaded.sort()).toEqual(
      [
        "https://appsforoffice.microsoft.com/lib/1/hosted/office.js",
        ...firstLoad(dir).map((s) => `${base}/${s}`),
      ].sort(),
    );
    const registered = await page.evaluate(
      () => (window as unknown as { __registered: string[] }).__registered,
    );
    expect(registered).toEqual(
      expect.arrayContaining([
        "command:refreshSheet",
        "command:refreshAll",
        "function:SHOW",
        "function:EPISODES",
      ]),
    );
    expect(problems).toEqual([]);
    expect(served.filter((s) => s.status !== 200 || !s.path.startsWith(`${PREFIX}/`))).toEqual([]);

    // No key is remembered: the head fetches the pane's code at once, and not the functions' code
    // (PageCodeOrder).
    expect(
      await page.locator('link[rel="preload"]').evaluateAll((ls) => ls.map((l) => l.getAttribute("href"))),
    ).toEqual(pane);
    // A function's code is loaded on its first call, not with the page (issue 26), and then answers.
    const answer = await page.evaluate(() =>
      (
        window as unknown as { __functions: Record<string, (...a: unknown[]) => Promise<unknown>> }
      ).__functions.SELFTEST(2, 1, "text", { onCanceled: null }),
    );
    expect(answer).toEqual([["r1c1"], ["r2c1"]]);
    const afterCall = loaded.filter(
      (u) => !scripts.some((s) => u.endsWith(`/${s}`)) && !u.includes("office.js"),
    );
    // The functions' chunk and the shared chunks it needs (zod, the client).
    expect(afterCall).toEqual(
      expect.arrayContaining([expect.stringMatching(/\/ads-functions-code\.[0-9a-f]{8}\.js$/)]),
    );
    expect(problems).toEqual([]);
  } finally {
    await browser.close();
  }
});

test("with a key remembered, the page fetches the functions' code as it opens, then the pane's (issue #46)", async () => {
  const browser = await launchBrowser();
  try {
    const page = await pageWithRememberedKey(browser);
    const asked: string[] = [];
    page.on("request", (r) => asked.push(r.url().replace(/.*\//, "")));
    // A slow functions' file. With no cell to wait for, the pane's file is asked for in its turn,
    // once the functions' file has arrived.
    await slowFunctionsCode(page);
    await page.goto(`${base}/taskpane.html`);
    const { functions, pane } = pageCode(dir);
    expect(functions).toEqual([expect.stringMatching(/^ads-functions-code\.[0-9a-f]{8}\.js$/)]);
    // The functions' file is fetched though no cell has called (this Office stub calls none).
    await page.getByRole("tab", { name: "Connect" }).waitFor({ timeout: 30_000 });
    expect(asked).toEqual(expect.arrayContaining([...functions, ...pane]));
    expect(asked.indexOf(functions[0])).toBeLessThan(asked.indexOf(pane[0]));
  } finally {
    await browser.close();
  }
});

// Excel calculates a cell once its function is registered (SELFTEST answers without the service), as
// the bench's Office stub does: at once, or a little later, after Office is ready and the pane's entry
// has run (then no call is pending when the entry decides, and only the head's turn keeps the pane's
// file from sharing the link with the functions').
test.each([
  ["as soon as the function is registered", 0],
  ["after Office is ready", 300],
])(
  "with a key remembered and a cell calculated %s, the pane's code is fetched after the functions' and runs after the cell's answer",
  async (_, callAfterMs) => {
    const browser = await launchBrowser();
    try {
      const page = await pageWithRememberedKey(browser);
      await page.addInitScript((callAfterMs: number) => {
        const w = window as unknown as { __marks: string[] };
        w.__marks = [];
        let functions: Record<string, unknown> = {};
        Object.defineProperty(window, "CustomFunctions", {
          configurable: true,
          set(v: { associate: (id: string, fn: (...a: unknown[]) => Promise<unknown>) => void }) {
            const associate = v.associate;
            v.associate = (id, fn) => {
              associate(id, fn);
              if (id === "SELFTEST")
                setTimeout(
                  () => void fn(1, 1, "text", { onCanceled: null }).then(() => w.__marks.push("answer")),
                  callAfterMs,
                );
            };
            functions = v as unknown as Record<string, unknown>;
          },
          get: () => functions,
        });
        new MutationObserver((_, observer) => {
          if (!document.querySelector('[role="tablist"]')) return;
          w.__marks.push("pane");
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      }, callAfterMs);
      const events: string[] = [];
      page.on("request", (r) => events.push(`asked ${r.url().replace(/.*\//, "")}`));
      page.on("requestfinished", (r) => events.push(`arrived ${r.url().replace(/.*\//, "")}`));
      await slowFunctionsCode(page);
      await page.goto(`${base}/taskpane.html`);
      await page.getByRole("tab", { name: "Connect" }).waitFor({ timeout: 30_000 });
      const { functions, pane } = pageCode(dir);
      // The pane's file was asked for only once the functions' file had arrived, and only once.
      expect(events.filter((e) => e === `asked ${pane[0]}`)).toHaveLength(1);
      expect(events.indexOf(`arrived ${functions[0]}`)).toBeGreaterThan(-1);
      expect(events.indexOf(`arrived ${functions[0]}`)).toBeLessThan(events.indexOf(`asked ${pane[0]}`));
      expect(await page.evaluate(() => (window as unknown as { __marks: string[] }).__marks)).toEqual([
        "answer",
        "pane",
      ]);
    } finally {
      await browser.close();
    }
  },
);

test("a webview without preload: the pane's turn comes at once, nothing is fetched early, the pane shows", async () => {
  const browser = await launchBrowser();
  try {
    const page = await pageWithRememberedKey(browser);
    await page.addInitScript(() => {
      const supports = DOMTokenList.prototype.supports;
      DOMTokenList.prototype.supports = function (token: string) {
        return token === "preload" ? false : supports.call(this, token);
      };
      // The turn comes in the head itself, not after a load event that such a webview never fires.
      document.addEventListener("DOMContentLoaded", () => {
        (window as unknown as { __turnAtParse: boolean }).__turnAtParse =
          document.documentElement.hasAttribute("data-ads-pane-turn");
      });
    });
    const asked: string[] = [];
    page.on("request", (r) => asked.push(r.url().replace(/.*\//, "")));
    await slowFunctionsCode(page);
    await page.goto(`${base}/taskpane.html`);
    await page.getByRole("tab", { name: "Connect" }).waitFor({ timeout: 30_000 });
    const { functions, pane } = pageCode(dir);
    // The pane's entry fetched its own file first; the functions' file only later, when the pane,
    // connecting with the remembered key, needs the client it shares with them (this stub calls no cell).
    expect(asked).toEqual(expect.arrayContaining(pane));
    const functionsAt = asked.indexOf(functions[0]);
    expect(functionsAt === -1 || functionsAt > asked.indexOf(pane[0])).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __turnAtParse: boolean }).__turnAtParse)).toBe(
      true,
    );
  } finally {
    await browser.close();
  }
});

test("the first load holds what the Connect tab and the function registrations need, not zod, the client or the CSV reader", () => {
  const stats = JSON.parse(readFileSync(statsFile, "utf8"));
  const byFile = modulesByFile(stats);
  const first = firstLoad(dir).flatMap((f) => [...(byFile.get(f) ?? [])]);
  expect(first).toEqual(
    expect.arrayContaining([expect.stringContaining("src/taskpane/panels/ConnectPanel.tsx")]),
  );
  const heavy = first.filter((m) =>
    /node_modules\/(zod|papaparse|fflate|@fluentui\/react-tabs)\/|src\/api\/(client|core|schemas|csv)|src\/functions\/(runtime|adsFunctions)\.ts/.test(
      m,
    ),
  );
  expect(heavy).toEqual([]);
});

test("the shared-runtime page is one module graph: no module in two files, within the size budget", () => {
  const stats = JSON.parse(readFileSync(statsFile, "utf8"));
  const report = pageReport(dir, stats);
  expect(report.duplicates).toEqual([]);
  // Nor do the chunks loaded later repeat a module (of the page or of each other).
  const everyFile = [...report.initial, ...report.later].map((f) => f.file);
  expect(duplicateModules(stats, everyFile)).toEqual([]);
  expect(report.later.map((f) => f.file)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^reports\.[0-9a-f]{8}\.js$/),
      expect.stringMatching(/^agents\./),
    ]),
  );
  expect({ bytes: report.bytes, over: report.bytes > PAGE_BUDGET_BYTES }).toEqual({
    bytes: report.bytes,
    over: false,
  });
});

test("a tab's panel loads when the tab is first opened, with a labelled busy indicator; a failed load can be tried again", async () => {
  const browser = await launchBrowser();
  try {
    const { page, loaded } = await openPane(browser);
    const reportsChunk = /\/reports\.[0-9a-f]{8}\.js$/;
    let fail = true;
    await page.route(reportsChunk, async (route) => {
      await new Promise((r) => setTimeout(r, 400)); // long enough to see the busy indicator
      if (fail) await route.fulfill({ status: 503, body: "unavailable" });
      else await route.continue();
    });
    expect(loaded.filter((u) => reportsChunk.test(u))).toEqual([]);
    await page.getByRole("tab", { name: "Reports" }).click();
    await page.getByRole("progressbar", { name: "Loading Reports…" }).waitFor();
    // Said in a planner's words; not connected, the tab says what it needs first.
    await page
      .getByText(
        "The Reports tab could not be loaded: part of the add-in could not be downloaded (the network or the add-in's server did not answer). Check the network, then choose Try again.",
      )
      .waitFor();
    await page.getByText("Connect first: this tab works with the service.").waitFor();
    fail = false;
    await page.getByRole("button", { name: "Try again" }).click();
    // Focus goes back to the tab, not to the page's body, when Try again goes away.
    // (Fluent's tab repeats its label in a hidden span that reserves the bold width: ask for the tab itself.)
    expect(
      await page.evaluate(() => [
        document.activeElement?.getAttribute("role"),
        document.activeElement?.getAttribute("data-tab"),
      ]),
    ).toEqual(["tab", "Reports"]);
    await page.getByRole("combobox", { name: "Report" }).waitFor();
    expect(loaded.filter((u) => reportsChunk.test(u)).length).toBeGreaterThan(0);
    // Once loaded, the tab stays loaded: away and back shows the form, not the old failure.
    await page.getByRole("tab", { name: "Data" }).click();
    await page.getByRole("tab", { name: "Reports" }).click();
    await page.getByRole("combobox", { name: "Report" }).waitFor();
    expect(await page.getByText(/could not be loaded/).count()).toBe(0);
  } finally {
    await browser.close();
  }
});

test("a pane whose code could not be downloaded says so, and Try again opens it", async () => {
  const browser = await launchBrowser();
  try {
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    let fail = true;
    await page.route(/\/pane-code\.[0-9a-f]{8}\.js$/, (route) =>
      fail ? route.fulfill({ status: 503, body: "unavailable" }) : route.continue(),
    );
    await page.route("https://appsforoffice.microsoft.com/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/javascript", body: OFFICE_STUB }),
    );
    await page.goto(`${base}/taskpane.html`);
    await page
      .getByRole("alert")
      .getByText(
        "The pane could not open: part of the add-in could not be downloaded (the network or the add-in's server did not answer). Check the network, then choose Try again.",
      )
      .waitFor({ timeout: 30_000 });
    await page.screenshot({ path: path.join(ARTIFACTS, "subpath-pane-not-downloaded.png") });
    // Focus is on Try again, so Enter works at once.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Try again");
    fail = false;
    await page.keyboard.press("Enter");
    await page.getByRole("tab", { name: "Connect" }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole("alert").count()).toBe(0);
  } finally {
    await browser.close();
  }
});

test("a remembered connection whose client failed to download gets it with the next tab that loads it", async () => {
  const browser = await launchBrowser();
  try {
    // Nothing listens at the remembered service, so a request fails to connect.
    const page = await pageWithRememberedKey(browser);
    let fail = true;
    await page.route(/\/client\.[0-9a-f]{8}\.js$/, (route) =>
      fail ? route.fulfill({ status: 503, body: "unavailable" }) : route.continue(),
    );
    await page.goto(`${base}/taskpane.html`);
    await page.getByRole("button", { name: "Sign out" }).waitFor();
    fail = false;
    await page.getByRole("tab", { name: "Data" }).click();
    await page.getByRole("textbox", { name: /Search for/ }).fill("mattress");
    await page.getByRole("button", { name: "Search to sheet" }).click();
    // The client is there: the request goes out (and cannot reach the service), not "Not connected".
    await page
      .getByText(/Could not reach the service/)
      .first()
      .waitFor({ timeout: 60_000 });
    expect(await page.getByText(/^Not connected/).count()).toBe(0);
    expect(await page.getByText("Connect first: this tab works with the service.").count()).toBe(0);
  } finally {
    await browser.close();
  }
});

test("the ribbon's Self-test reaches the pane: commands and pane share one module state", async () => {
  const browser = await launchBrowser();
  try {
    const { page } = await openPane(browser);
    await page.getByRole("tab", { name: "Data" }).click();
    await expectSelected(page, "Data");
    await page.evaluate(async () => {
      const commands = (window as unknown as { __commands: Record<string, (e: unknown) => Promise<void>> })
        .__commands;
      await commands.selfTest({ completed() {} });
    });
    await expectSelected(page, "Connect");
  } finally {
    await browser.close();
  }
});

async function expectSelected(page: import("playwright-core").Page, tab: string): Promise<void> {
  await page.locator('[role="tab"][aria-selected="true"]', { hasText: tab }).waitFor({ timeout: 10_000 });
}

test("every URL of the manifest is served from under the path", async () => {
  const doc = new DOMParser().parseFromString(
    readFileSync(path.join(dir, "manifest.xml"), "utf8"),
    "text/xml",
  );
  const urls = new Set<string>();
  for (const el of Array.from(doc.getElementsByTagName("*")))
    if (el.getAttribute("DefaultValue")?.startsWith("http")) urls.add(el.getAttribute("DefaultValue")!);
  expect(urls.size).toBeGreaterThan(5);
  for (const url of urls) {
    expect(url.startsWith(`${base}/`)).toBe(true);
    const res = await fetch(url);
    expect({ url, status: res.status, cors: res.headers.get("access-control-allow-origin") }).toEqual({
      url,
      status: 200,
      cors: null,
    });
  }
});
