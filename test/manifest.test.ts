/**
 * Offline manifest checks (office-addin-manifest validate needs Microsoft's web service), after the
 * manifest reference (/office/dev/add-ins/reference/manifest): element order, resids, runtime placement,
 * icon sizes, string lengths, AppDomain rules, and every URL pointing at a file the build emits.
 * They run on the development manifest (dist/) and on a production build made here with
 * ADDIN_BASE_URL and SERVICE_BASE_URL, whose dist/ must not mention this computer anywhere.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "fs";
import { execFileSync } from "child_process";
import os from "os";
import path from "path";
import { DOMParser } from "@xmldom/xmldom";
import { runBuild, type BuildResult } from "./support/build";
import { pageCode } from "../scripts/bundle-report";
const { DEV_BASE } = require("../scripts/manifest-urls") as { DEV_BASE: string };

const root = path.resolve(__dirname, "..");
const devDist = path.join(root, "dist");
const PROD_BASE = "https://addin.example.test/ads";
const PROD_SERVICE = "https://api.example.test";
const RIBBON_SIZES = [16, 20, 24, 32, 40, 48, 64, 80];

type El = Element;
const children = (el: El): El[] => Array.from(el.childNodes).filter((n): n is El => n.nodeType === 1);
const all = (el: Document | El, tag: string): El[] => Array.from(el.getElementsByTagName(tag));

function parse(text: string): Document {
  const errors: string[] = [];
  const doc = new DOMParser({
    onError: (level: string, msg: string) => {
      if (level !== "warning") errors.push(msg);
    },
  }).parseFromString(text, "text/xml");
  if (errors.length) throw new Error(`manifest.xml does not parse: ${errors.join("; ")}`);
  return doc as unknown as Document;
}

/** Every file under a folder, relative paths. */
function filesUnder(dir: string, prefix = ""): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full, `${prefix}${name}/`) : [`${prefix}${name}`];
  });
}

/** PNG IHDR width and height. */
const pngSize = (file: string) => {
  const png = readFileSync(file);
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
};

let prodDist = "";
let prodBuild: BuildResult;

beforeAll(async () => {
  // The development checks need the build output; `npm test` builds first, a bare `jest` run builds here.
  if (!existsSync(path.join(devDist, "functions.json"))) {
    execFileSync("npx", ["webpack", "--mode", "development"], {
      cwd: root,
      stdio: "inherit",
      timeout: 300_000,
    });
  }
  prodDist = mkdtempSync(path.join(os.tmpdir(), "ads-prod-"));
  prodBuild = await runBuild(prodDist, {
    ADDIN_BASE_URL: `${PROD_BASE}/`,
    SERVICE_BASE_URL: PROD_SERVICE,
    SUPPORT_CONTACT: "ads-support@example.test",
    GET_KEY_URL: "https://app.example.test/keys",
  });
  if (prodBuild.status !== 0) throw new Error(`the production build failed:\n${prodBuild.output}`);
}, 560_000);

afterAll(() => {
  if (prodDist) rmSync(prodDist, { recursive: true, force: true });
});

interface Target {
  name: string;
  base: string;
  dist(): string;
}

const TARGETS: Target[] = [
  { name: "development manifest", base: DEV_BASE, dist: () => devDist },
  { name: "production manifest", base: PROD_BASE, dist: () => prodDist },
];

describe.each(TARGETS)("$name", (target) => {
  let doc: Document;
  beforeAll(() => {
    doc = parse(readFileSync(path.join(target.dist(), "manifest.xml"), "utf8"));
  });
  const str = (resid: string) =>
    all(doc, "bt:String")
      .find((s) => s.getAttribute("id") === resid)
      ?.getAttribute("DefaultValue");
  const image = (resid: string) =>
    all(all(doc, "bt:Images")[0], "bt:Image")
      .find((s) => s.getAttribute("id") === resid)
      ?.getAttribute("DefaultValue");

  test("is an Excel task-pane add-in with a shared runtime requirement", () => {
    const app = doc.documentElement;
    expect(app.tagName).toBe("OfficeApp");
    expect(app.getAttribute("xsi:type")).toBe("TaskPaneApp");
    expect(all(doc, "Host").some((h) => h.getAttribute("Name") === "Workbook")).toBe(true);
    const sets = all(doc, "Set").map((s) => `${s.getAttribute("Name")} ${s.getAttribute("MinVersion")}`);
    // ExcelApi 1.13: the highest set the Excel layer calls (Table.resize, insertWorksheetsFromBase64).
    expect(sets).toEqual(
      expect.arrayContaining(["SharedRuntime 1.1", "CustomFunctionsRuntime 1.1", "ExcelApi 1.13"]),
    );
  });

  test("the top-level elements come in the schema's order, with a GUID id and a four-part version", () => {
    const order = [
      "Id",
      "AlternateId",
      "Version",
      "ProviderName",
      "DefaultLocale",
      "DisplayName",
      "Description",
      "IconUrl",
      "HighResolutionIconUrl",
      "SupportUrl",
      "AppDomains",
      "Hosts",
      "Requirements",
      "DefaultSettings",
      "Permissions",
      "VersionOverrides",
    ];
    const tags = children(doc.documentElement).map((c) => c.tagName);
    expect(tags.every((t) => order.includes(t))).toBe(true);
    expect(tags).toEqual([...tags].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
    for (const required of ["Id", "Version", "ProviderName", "DefaultLocale", "DisplayName", "Description"])
      expect(tags).toContain(required);
    expect(all(doc, "Id")[0].textContent).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    );
    expect(all(doc, "Version")[0].textContent).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
  });

  test("strings fit their limits: names 125, descriptions 250, resids 32 characters", () => {
    const value = (tag: string) => all(doc, tag)[0].getAttribute("DefaultValue") ?? "";
    expect(value("DisplayName").length).toBeLessThanOrEqual(125);
    expect(value("Description").length).toBeLessThanOrEqual(250);
    for (const s of all(all(doc, "bt:ShortStrings")[0], "bt:String"))
      expect(s.getAttribute("DefaultValue")!.length).toBeLessThanOrEqual(125);
    for (const s of all(all(doc, "bt:LongStrings")[0], "bt:String"))
      expect(s.getAttribute("DefaultValue")!.length).toBeLessThanOrEqual(250);
  });

  test("every resid used is defined exactly once in Resources", () => {
    const defined = new Map<string, number>();
    const resources = all(doc, "Resources")[0];
    for (const el of all(resources, "*")) {
      const id = el.getAttribute("id");
      if (id) defined.set(id, (defined.get(id) ?? 0) + 1);
    }
    const used = all(doc, "*")
      .map((el) => el.getAttribute("resid"))
      .filter((r): r is string => !!r);
    expect(used.length).toBeGreaterThan(10);
    for (const resid of used) {
      expect({ resid, defined: defined.get(resid) ?? 0 }).toEqual({ resid, defined: 1 });
      expect(resid.length).toBeLessThanOrEqual(32);
    }
  });

  test("Runtimes is the first child of the VersionOverrides Host, with one long-lived runtime on the task pane page", () => {
    const host = all(doc, "Host").find((h) => h.getAttribute("xsi:type") === "Workbook");
    expect(host).toBeDefined();
    const first = children(host!)[0];
    expect(first.tagName).toBe("Runtimes");
    const runtimes = children(first);
    expect(runtimes).toHaveLength(1);
    expect(runtimes[0].getAttribute("resid")).toBe("Taskpane.Url");
    expect(runtimes[0].getAttribute("lifetime")).toBe("long");
  });

  test("functions page, function file and task pane all use the shared runtime page", () => {
    const page = all(doc, "Page")[0];
    expect(all(page, "SourceLocation")[0].getAttribute("resid")).toBe("Taskpane.Url");
    expect(all(doc, "FunctionFile")[0].getAttribute("resid")).toBe("Taskpane.Url");
    for (const action of all(doc, "Action").filter((a) => a.getAttribute("xsi:type") === "ShowTaskpane")) {
      expect(all(action, "SourceLocation")[0].getAttribute("resid")).toBe("Taskpane.Url");
    }
    expect(all(doc, "TaskpaneId")).toHaveLength(0);
  });

  test("the custom functions namespace is ADS", () => {
    expect(str(all(doc, "Namespace")[0].getAttribute("resid")!)).toBe("ADS");
  });

  test("the ribbon has Open pane, Refresh sheet, Refresh all and Self-test, and the commands exist in the build", () => {
    const labels = all(doc, "Control").map((c) => str(all(c, "Label")[0].getAttribute("resid")!));
    expect(labels).toEqual(["Open pane", "Refresh sheet", "Refresh all", "Self-test"]);
    const functionNames = all(doc, "FunctionName").map((f) => f.textContent);
    const commands = readFileSync(path.join(root, "src/commands/commands.ts"), "utf8");
    for (const name of functionNames)
      expect(commands).toMatch(new RegExp(`Office\\.actions\\.associate\\("${name}"`));
  });

  test("every ribbon icon comes in all eight sizes (16, 20, 24, 32, 40, 48, 64, 80), each file of its size", () => {
    const icons = all(doc, "Icon");
    expect(icons.length).toBe(5); // the group and its four buttons
    for (const icon of icons) {
      const images = all(icon, "bt:Image");
      expect(images.map((i) => Number(i.getAttribute("size")))).toEqual(RIBBON_SIZES);
      for (const img of images) {
        const size = Number(img.getAttribute("size"));
        const url = image(img.getAttribute("resid")!);
        expect(url).toBe(`${target.base}/assets/icon-${size}.png`);
        expect(pngSize(path.join(target.dist(), "assets", `icon-${size}.png`))).toEqual([size, size]);
      }
    }
    // The add-in's own icon: 32 px, and 64 px for high-resolution screens.
    const icon = (tag: string) => all(doc, tag)[0].getAttribute("DefaultValue");
    expect(icon("IconUrl")).toBe(`${target.base}/assets/icon-32.png`);
    expect(icon("HighResolutionIconUrl")).toBe(`${target.base}/assets/icon-64.png`);
  });

  test("no AppDomain repeats the add-in's own origin or carries a path", () => {
    const origin = new URL(target.base).origin;
    for (const el of all(doc, "AppDomain")) {
      const v = el.textContent ?? "";
      expect(v).toBe(new URL(v).origin);
      expect(v).not.toBe(origin);
    }
  });

  test("every URL is https, under the base and points at a file the build emits", () => {
    const urls = new Set<string>();
    for (const el of all(doc, "*")) {
      const v = el.getAttribute("DefaultValue");
      if (v && /^[a-z]+:\/\//i.test(v)) urls.add(v);
    }
    expect(urls.size).toBeGreaterThan(10);
    for (const url of urls) {
      expect(url.startsWith(`${target.base}/`)).toBe(true);
      const file = url.slice(target.base.length + 1);
      expect({ url, exists: existsSync(path.join(target.dist(), file)) }).toEqual({ url, exists: true });
    }
    expect(all(doc, "SupportUrl")[0].getAttribute("DefaultValue")).toBe(`${target.base}/help.html`);
  });

  test("functions.json lists functions and taskpane.html loads the three shared-runtime bundles", () => {
    const meta = JSON.parse(readFileSync(path.join(target.dist(), "functions.json"), "utf8")) as {
      allowCustomDataForDataTypeAny?: boolean;
      functions: { id: string; result: { type?: string; dimensionality?: string } }[];
    };
    expect(meta.functions.map((f) => f.id)).toEqual(
      expect.arrayContaining(["SHOW", "SHOWLISTENERS", "EPISODES", "SHOWCARD", "ADVERTISERCARD"]),
    );
    // The cards are entity values: Excel keeps a function's data type only where this is set.
    expect(meta.allowCustomDataForDataTypeAny).toBe(true);
    // A result with no type is `any` (the metadata's default), the only type a data type passes through.
    for (const id of ["SHOWCARD", "ADVERTISERCARD"]) {
      const result = meta.functions.find((f) => f.id === id)?.result;
      expect([id, result?.type ?? "any", result?.dimensionality ?? "scalar"]).toEqual([id, "any", "scalar"]);
    }
    const html = readFileSync(path.join(target.dist(), "taskpane.html"), "utf8");
    for (const bundle of ["taskpane.js", "commands.js", "functions.js"]) expect(html).toContain(bundle);
  });
});

describe("production build", () => {
  test("says it is deployable, with its addresses, and ships no preview", () => {
    expect(prodBuild.output).toContain(
      `Deployable build: add-in files at ${PROD_BASE}/, service ${PROD_SERVICE}`,
    );
    const files = filesUnder(prodDist);
    expect(files).toEqual(
      expect.arrayContaining(["manifest.xml", "taskpane.html", "help.html", "functions.json"]),
    );
    expect(files.filter((f) => f.startsWith("preview"))).toEqual([]);
    const name = parse(readFileSync(path.join(prodDist, "manifest.xml"), "utf8"))
      .getElementsByTagName("DisplayName")[0]
      .getAttribute("DefaultValue");
    expect(name).toBe("Ads Analytics");
  });

  test("no file of dist/ (manifest, pages, bundles, metadata) mentions this computer", () => {
    const found: string[] = [];
    for (const file of filesUnder(prodDist)) {
      if (file.endsWith(".png")) continue;
      const text = readFileSync(path.join(prodDist, file), "utf8");
      for (const m of text.matchAll(/localhost|127\.\d+\.\d+\.\d+|\[::1\]|:4010\b|:3000\b/gi))
        found.push(`${file}: …${text.slice(Math.max(0, m.index! - 40), m.index! + 40)}…`);
    }
    expect(found).toEqual([]);
  });

  test("the pane is built with the configured service as its default", () => {
    // The pane's own code (startPane.tsx reads the deployment), which the page's head lists.
    const [paneCode] = pageCode(prodDist).pane;
    expect(paneCode).toMatch(/^pane-code\.[0-9a-f]{8}\.js$/);
    const bundle = readFileSync(path.join(prodDist, paneCode), "utf8");
    // DefinePlugin writes the settings as an object literal (keys unquoted once minified).
    expect(bundle.includes(`serviceUrl:"${PROD_SERVICE}"`)).toBe(true);
    expect(bundle.includes("local:!1")).toBe(true);
  });

  test("help.html is a real support page: getting started, functions, troubleshooting, privacy, the contact", () => {
    const html = readFileSync(path.join(prodDist, "help.html"), "utf8");
    for (const heading of [
      "Contact support",
      "Getting started",
      "Worksheet functions",
      "When something goes wrong",
      "Privacy",
    ])
      expect(html).toContain(heading);
    expect(html).toContain(PROD_SERVICE);
    expect(html).toMatch(/<a href="?mailto:ads-support@example.test"?>ads-support@example.test<\/a>/);
    expect(html).toMatch(/<a href="?https:\/\/app.example.test\/keys"?>Get an API key<\/a>/);
    expect(html).not.toMatch(/<script/i);
    // Without SUPPORT_CONTACT (the development build) the page sends people to their administrator.
    expect(readFileSync(path.join(devDist, "help.html"), "utf8")).toMatch(
      /Contact the administrator who made this add-in available to you/,
    );
  });

  test("without ADDIN_BASE_URL and SERVICE_BASE_URL the build fails at once, saying what to set", async () => {
    const out = mkdtempSync(path.join(os.tmpdir(), "ads-nobuild-"));
    try {
      const r = await runBuild(out, {});
      expect(r.status).toBe(1);
      expect(r.output).toMatch(
        /Build settings: A production build needs .*\n.*ADDIN_BASE_URL=https:\/\/.*\n.*SERVICE_BASE_URL=https:\/\//,
      );
      expect(r.output).not.toMatch(/\bat .*\.js:\d+/); // a message, not a stack trace
      expect(readdirSync(out)).toEqual([]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
