/**
 * The shared-runtime page (taskpane.html: pane, ribbon commands, ADS.* functions), for this checkout
 * and for the build before the light first load (issue 26: BASELINE_COMMIT, taken with `git archive` into a
 * temporary folder and built there with this checkout's node_modules), side by side in one run:
 * - the JavaScript the page loads before the pane is usable (its own scripts: the pane's entry runs
 *   after all of them), minified and gzip, against Microsoft's React + Fluent UI v9 hello-world pane;
 *   what is left for later; modules the page would load twice; the largest modules (analyser report);
 * - cold loads in Debian's Chromium (a new browser profile each time, nothing cached): both builds are
 *   local production builds served gzip-compressed on loopback beside the sandbox; Office.js is a stub
 *   that calculates =ADS.SHOWLISTENERS(1200000001) as soon as the function is registered, as Excel
 *   does; the key is remembered on this computer, so the function asks the sandbox at once. Times run
 *   from the moment the page's HTML has arrived (so the browser's own start-up is not counted): the
 *   function registered, its first result, the pane shown. Once on loopback and once on an emulated
 *   10 Mbit/s link with 40 ms latency, where the bytes count too.
 */
import { execFileSync, spawn } from "child_process";
import { createServer, type Server } from "http";
import type { AddressInfo } from "net";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "fs";
import os from "os";
import path from "path";
import type { Page } from "playwright-core";
import {
  GOAL_RATIO,
  HELLO_WORLD_BYTES,
  largestModules,
  pageReport,
  type AnalyzerNode,
  type PageReport,
  type WebpackStats,
} from "../scripts/bundle-report";
import { staticHandler } from "../scripts/dev-server";
import { createSandbox } from "../sandbox/index";
import { ROOT } from "./root";
import { launchBrowser } from "../test/e2e/support";

/**
 * The last commit before the page's first load held only the Connect tab and the functions'
 * registrations (issue 26; before that, 51d6dae, the last before the page became one module graph).
 */
export const BASELINE_COMMIT = "3fc9bde3c157c24ac47740d71875d0e322a27b3a";
const RUNS = 7;
const WITH_STATS = path.join(ROOT, "scripts", "build-with-stats.js");
const ANALYZER = path.join(ROOT, "node_modules", ".bin", "webpack-bundle-analyzer");
/** Where session.ts keeps a remembered connection (the origin's storage). */
const REMEMBERED = "ads-analytics.connection";

/**
 * Office.js as the bench serves it: Excel calculates one ADS cell once its function is registered
 * (unless the workbook has none: __bench.noCell, set before the page loads).
 */
const OFFICE_STUB = `
  window.Office = {
    onReady(cb) { const p = Promise.resolve({ host: null, platform: null }); if (cb) p.then(cb); return p; },
    actions: { associate() {} },
    addin: { showAsTaskpane() { return Promise.resolve(); } },
  };
  window.CustomFunctions = {
    associate(id, fn) {
      if (id !== "SHOWLISTENERS") return;
      window.__bench.registered = performance.now();
      if (window.__bench.noCell) return;
      setTimeout(() => {
        Promise.resolve(fn("1200000001", { onCanceled: null })).then(
          (value) => { window.__bench.result = performance.now(); window.__bench.value = value; },
          (err) => { window.__bench.error = String((err && err.message) || err); },
        );
      }, 0);
    },
    Error: class extends Error { constructor(code, message) { super(message); this.code = code; } },
    ErrorCode: { invalidValue: "#VALUE!", notAvailable: "#N/A" },
  };
  window.Excel = { run() { return Promise.reject(new Error("no Excel in the bench")); } };
`;

interface Build {
  name: "baseline" | "current";
  dir: string;
  report: PageReport;
  stats: WebpackStats;
}

function exec(cmd: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs = 300_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, env });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`${path.basename(cmd)} took longer than ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.on("error", reject);
    child.on("close", (status) => {
      clearTimeout(timer);
      if (status === 0) resolve(output);
      else reject(new Error(`${path.basename(args[0] ?? cmd)} failed (${status}):\n${output}`));
    });
  });
}

/** The baseline's sources, with this checkout's node_modules (its dependencies are the same). */
function baselineSources(tmp: string): string {
  const dir = path.join(tmp, "baseline-src");
  try {
    execFileSync("git", ["cat-file", "-e", `${BASELINE_COMMIT}^{commit}`], { cwd: ROOT, stdio: "ignore" });
  } catch {
    throw new Error(
      `baseline commit ${BASELINE_COMMIT} is not in this clone (a shallow clone? git fetch --unshallow)`,
    );
  }
  mkdirSync(dir);
  const tar = execFileSync("git", ["archive", "--format=tar", BASELINE_COMMIT], {
    cwd: ROOT,
    maxBuffer: 512 * 2 ** 20,
  });
  execFileSync("tar", ["-x", "-C", dir], { input: tar });
  symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  return dir;
}

async function build(
  name: Build["name"],
  project: string,
  tmp: string,
  settings: Record<string, string>,
): Promise<Build> {
  const dir = path.join(tmp, name);
  const statsFile = path.join(tmp, `${name}-stats.json`);
  process.stdout.write(
    `  building ${name} (${project === ROOT ? "this checkout" : BASELINE_COMMIT.slice(0, 7)})...\n`,
  );
  await exec(process.execPath, [WITH_STATS, project, dir, statsFile, "production"], {
    ...process.env,
    ...settings,
  });
  const stats = JSON.parse(readFileSync(statsFile, "utf8")) as WebpackStats;
  return { name, dir, stats, report: pageReport(dir, stats) };
}

/** webpack-bundle-analyzer's JSON report of a build (minified size of every module). */
async function analyse(b: Build, tmp: string): Promise<AnalyzerNode[]> {
  const out = path.join(tmp, `${b.name}-analyzer.json`);
  await exec(
    ANALYZER,
    [path.join(tmp, `${b.name}-stats.json`), b.dir, "-m", "json", "-r", out, "-l", "error"],
    process.env,
  );
  return JSON.parse(readFileSync(out, "utf8")) as AnalyzerNode[];
}

interface Timing {
  registeredMs: number;
  firstResultMs: number;
  paneMs: number;
}

/** A network for the cold loads; `null` is loopback as it is. */
interface Network {
  name: string;
  latencyMs: number;
  bitsPerSecond: number;
}
const NETWORKS: (Network | null)[] = [null, { name: "10Mbit", latencyMs: 40, bitsPerSecond: 10e6 }];

/** Holds `page` to `network`'s latency and throughput (Chromium's DevTools protocol). */
async function emulate(
  browser: Awaited<ReturnType<typeof launchBrowser>>,
  page: Page,
  network: Network,
): Promise<void> {
  const cdp = await browser.context.newCDPSession(page);
  await cdp.send("Network.enable");
  const bytesPerSecond = network.bitsPerSecond / 8;
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: network.latencyMs,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
}

/**
 * What a cold load opens: a workbook with one ADS cell, the key remembered ("cell"); a workbook
 * without ADS cells as a first-time planner opens the pane ("paneOnly": no key yet, no function
 * called); or such a workbook with the key remembered ("keyNoCell", a returning planner's other
 * workbooks). Without a cell only the pane is timed.
 */
type Opening = "cell" | "paneOnly" | "keyNoCell";

/** One cold load of a build's taskpane.html in a fresh browser profile, opening `opening`. */
export async function coldLoad(
  url: string,
  sandboxUrl: string,
  network: Network | null,
  opening: Opening = "cell",
): Promise<Timing> {
  const noCell = opening !== "cell";
  const browser = await launchBrowser();
  try {
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    // What the page said, for the message if it never gets its result.
    const said: string[] = [];
    page.on("pageerror", (err) => said.push(`page error: ${err.message}`));
    page.on("console", (m) => said.push(`console ${m.type()}: ${m.text()}`));
    page.on("requestfailed", (r) => said.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
    if (network) await emulate(browser, page, network);
    await page.route("https://appsforoffice.microsoft.com/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/javascript", body: OFFICE_STUB }),
    );
    await page.addInitScript(
      ({ key, connection, remember, noCell }) => {
        if (remember) localStorage.setItem(key, JSON.stringify(connection));
        const bench: Record<string, unknown> = { noCell };
        (window as unknown as { __bench: typeof bench }).__bench = bench;
        new MutationObserver((_, observer) => {
          if (!document.querySelector('[role="tablist"]')) return;
          bench.pane = performance.now();
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      },
      {
        key: REMEMBERED,
        connection: { apiKey: "demo-pro", baseUrl: sandboxUrl },
        remember: opening !== "paneOnly",
        noCell,
      },
    );
    await page.goto(url);
    const handle = await page
      .waitForFunction(
        () => {
          const b = (window as unknown as { __bench: Record<string, unknown> }).__bench;
          const answered = b.noCell || b.result !== undefined || b.error !== undefined;
          if (!answered || b.pane === undefined || b.registered === undefined) return null;
          const [nav] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
          return { ...b, html: nav.responseEnd };
        },
        null,
        { timeout: 60_000 },
      )
      .catch(async (err: unknown) => {
        const state = await page.evaluate(() =>
          JSON.stringify((window as unknown as { __bench: unknown }).__bench),
        );
        throw new Error(
          `${url}: ${err instanceof Error ? err.message : err}; got ${state}; ${said.join("; ")}`,
        );
      });
    const b = (await handle.jsonValue()) as {
      html: number;
      registered: number;
      result?: number;
      value?: unknown;
      error?: string;
      pane: number;
    };
    if (!noCell && (b.error !== undefined || typeof b.value !== "number"))
      throw new Error(
        `ADS.SHOWLISTENERS gave ${b.error ?? JSON.stringify(b.value)} instead of a number (${url})`,
      );
    return {
      registeredMs: b.registered - b.html,
      firstResultMs: noCell ? Number.NaN : b.result! - b.html,
      paneMs: b.pane - b.html,
    };
  } finally {
    await browser.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const kib = (bytes: number) => Number((bytes / 1024).toFixed(1));
const ms = (x: number) => Math.round(x);

/** A server for both builds, each under its own path: /baseline/… and /current/… */
async function serveBuilds(tmp: string): Promise<{ server: Server; origin: string }> {
  const handlers = new Map(
    (["baseline", "current"] as const).map((name) => [
      name,
      staticHandler(path.join(tmp, name), { cors: false, gzip: true }),
    ]),
  );
  const server = createServer((req, res) => {
    const [, name, ...rest] = (req.url ?? "/").split("/");
    const files = handlers.get(name as Build["name"]);
    if (!files) return void res.writeHead(404).end();
    req.url = `/${rest.join("/")}`;
    files(req, res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Prints the current build's largest page-load modules and every file it loads, now or later. */
async function printModules(current: Build, tmp: string): Promise<void> {
  const initial = current.report.initial.map((f) => f.file);
  const largest = largestModules(await analyse(current, tmp), initial, 15);
  console.log(
    `Largest modules the page loads before the pane is usable (minified, ${initial.length} files):`,
  );
  console.table(largest.map(({ name, bytes }) => ({ module: name, KiB: kib(bytes) })));
  console.table(
    [...current.report.initial, ...current.report.later].map((f) => ({
      file: f.file,
      when: initial.includes(f.file) ? "page load" : "later",
      KiB: kib(f.bytes),
      gzipKiB: kib(f.gzipBytes),
    })),
  );
}

/** The median cold-load times of both builds on each network, RUNS loads each after a warm-up. */
async function coldLoadTimings(
  builds: { baseline: Build; current: Build },
  origin: string,
  sandboxUrl: string,
): Promise<Record<string, number>> {
  const { baseline, current } = builds;
  const timings: Record<string, number> = {};
  for (const network of NETWORKS) {
    const load = (b: Build) => coldLoad(`${origin}/${b.name}/taskpane.html`, sandboxUrl, network);
    process.stdout.write(`  cold loads, ${network?.name ?? "loopback"}...\n`);
    for (const b of [baseline, current]) await load(b); // warm-up: the machine, not the browser
    const times: Record<Build["name"], Timing[]> = { baseline: [], current: [] };
    for (let i = 0; i < RUNS; i++) {
      // Alternate which build goes first, so neither always meets a warmer machine.
      for (const b of i % 2 ? [current, baseline] : [baseline, current]) times[b.name].push(await load(b));
    }
    const at = (name: Build["name"], key: keyof Timing) => median(times[name].map((t) => t[key]));
    const where = network ? network.name : "Loopback";
    // The pane alone in a workbook without ADS cells: as a first-time planner opens it, and as a
    // returning one (the key remembered) does.
    const paneShown = async (opening: Opening) => {
      const shown: Record<Build["name"], number[]> = { baseline: [], current: [] };
      for (let i = 0; i < RUNS; i++)
        for (const b of i % 2 ? [current, baseline] : [baseline, current])
          shown[b.name].push(
            (await coldLoad(`${origin}/${b.name}/taskpane.html`, sandboxUrl, network, opening)).paneMs,
          );
      return { current: ms(median(shown.current)), baseline: ms(median(shown.baseline)) };
    };
    const paneOnly = await paneShown("paneOnly");
    const keyNoCell = await paneShown("keyNoCell");
    Object.assign(timings, {
      [`paneOnlyShownMs${where}`]: paneOnly.current,
      [`baselinePaneOnlyShownMs${where}`]: paneOnly.baseline,
      [`paneKeyNoCellShownMs${where}`]: keyNoCell.current,
      [`baselinePaneKeyNoCellShownMs${where}`]: keyNoCell.baseline,
      [`registeredMs${where}`]: ms(at("current", "registeredMs")),
      [`baselineRegisteredMs${where}`]: ms(at("baseline", "registeredMs")),
      [`firstResultMs${where}`]: ms(at("current", "firstResultMs")),
      [`baselineFirstResultMs${where}`]: ms(at("baseline", "firstResultMs")),
      [`firstResultSpeedup${where}`]: Number(
        (at("baseline", "firstResultMs") / at("current", "firstResultMs")).toFixed(2),
      ),
      [`paneShownMs${where}`]: ms(at("current", "paneMs")),
      [`baselinePaneShownMs${where}`]: ms(at("baseline", "paneMs")),
    });
  }
  return timings;
}

/** What the page loads, now and later, for the current build (`c`) and the baseline (`b`). */
function pageSizes(c: PageReport, b: PageReport): Record<string, number> {
  return {
    pageKiB: kib(c.bytes),
    pageGzipKiB: kib(c.gzipBytes),
    pageFiles: c.initial.length,
    pageRatioVsHelloWorld: Number(c.ratio.toFixed(2)),
    pageGoalRatio: GOAL_RATIO,
    pageDuplicateModules: c.duplicates.length,
    laterKiB: kib(c.laterBytes),
    laterGzipKiB: kib(c.laterGzipBytes),
    laterFiles: c.later.length,
    baselinePageKiB: kib(b.bytes),
    baselinePageGzipKiB: kib(b.gzipBytes),
    baselinePageFiles: b.initial.length,
    baselinePageRatioVsHelloWorld: Number(b.ratio.toFixed(2)),
    baselineDuplicateModules: b.duplicates.length,
  };
}

export async function run(): Promise<Record<string, number | string>> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "ads-bench-bundle-"));
  const sandbox = await createSandbox({ taskDelayMs: 0 }).listen(0, "127.0.0.1");
  const { server, origin } = await serveBuilds(tmp);
  try {
    const settings = (name: string) => ({
      ADDIN_BASE_URL: `${origin}/${name}`,
      SERVICE_BASE_URL: sandbox.url,
    });
    const baseline = await build("baseline", baselineSources(tmp), tmp, settings("baseline"));
    const current = await build("current", ROOT, tmp, settings("current"));
    await printModules(current, tmp);
    const timings = await coldLoadTimings({ baseline, current }, origin, sandbox.url);
    return {
      baselineCommit: BASELINE_COMMIT.slice(0, 7),
      helloWorldKB: HELLO_WORLD_BYTES / 1000,
      ...pageSizes(current.report, baseline.report),
      coldRunsEach: RUNS,
      ...timings,
    };
  } finally {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
    await sandbox.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}
