/**
 * A production build hosted under a path of its host (issue 11: the shared-runtime page used to load
 * /taskpane.js from the host's root). Built with ADDIN_BASE_URL=http://127.0.0.1:<port>/sub/path into a
 * directory of its own, served under /sub/path on loopback, and opened in Chromium with Office.js (from
 * Microsoft's CDN) answered by a local stub: every script loads, nothing fails, the pane renders, and
 * the commands and functions bundles register with Office. A loopback build is a local build and says so.
 */
import { createServer, type Server } from "http";
import type { AddressInfo } from "net";
import { mkdtempSync, readFileSync, rmSync } from "fs";
import os from "os";
import path from "path";
import { DOMParser } from "@xmldom/xmldom";
import { staticHandler } from "../../scripts/dev-server";
import { runBuild, type BuildResult } from "../support/build";
import { ARTIFACTS, launchBrowser } from "./support";

const PREFIX = "/sub/path";
const OFFICE_STUB = `
  window.__registered = [];
  window.Office = {
    onReady(cb) { const p = Promise.resolve({ host: null, platform: null }); if (cb) p.then(cb); return p; },
    actions: { associate(name) { window.__registered.push("command:" + name); } },
  };
  window.CustomFunctions = {
    associate(id) { window.__registered.push("function:" + id); },
    Error: class extends Error {},
    ErrorCode: { invalidValue: "#VALUE!", notAvailable: "#N/A" },
  };
  window.Excel = { run() { return Promise.reject(new Error("no Excel in this test")); } };
`;

jest.setTimeout(300_000);

let dir = "";
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
  build = await runBuild(dir, { ADDIN_BASE_URL: base });
}, 280_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

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
    await page.getByRole("button", { name: "Connect" }).waitFor();
    await page.locator('[data-testid="local-build"]').waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, "subpath-taskpane.png") });

    expect(loaded.sort()).toEqual(
      [
        "https://appsforoffice.microsoft.com/lib/1/hosted/office.js",
        `${base}/commands.js`,
        `${base}/functions.js`,
        `${base}/taskpane.js`,
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
  } finally {
    await browser.close();
  }
});

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
