/**
 * Offline manifest checks (office-addin-manifest validate needs Microsoft's web service).
 * Reads manifest.xml as Office would and checks it against the files the build emits into dist/.
 */
import { existsSync, readFileSync } from "fs";
import { execFileSync } from "child_process";
import path from "path";
import { DOMParser } from "@xmldom/xmldom";
const { rewriteManifestUrls, DEV_BASE } = require("../scripts/manifest-urls") as {
  rewriteManifestUrls(xml: string, base: string): string;
  DEV_BASE: string;
};

const root = path.resolve(__dirname, "..");
const dist = path.join(root, "dist");
const xml = readFileSync(path.join(root, "manifest.xml"), "utf8");

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

beforeAll(() => {
  // The URL checks need the build output; `npm test` builds first, a bare `jest` run builds here.
  if (!existsSync(path.join(dist, "functions.json"))) {
    execFileSync("npx", ["webpack", "--mode", "development"], {
      cwd: root,
      stdio: "inherit",
      timeout: 300_000,
    });
  }
}, 320_000);

describe("manifest.xml", () => {
  const doc = parse(xml);

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
  });

  test("no TaskpaneId with the shared runtime", () => {
    expect(all(doc, "TaskpaneId")).toHaveLength(0);
  });

  test("the custom functions namespace is ADS", () => {
    const ns = all(doc, "Namespace")[0].getAttribute("resid")!;
    const str = all(doc, "bt:String").find((s) => s.getAttribute("id") === ns);
    expect(str?.getAttribute("DefaultValue")).toBe("ADS");
  });

  test("the ribbon has Open pane, Refresh sheet, Refresh all and Self-test, and the commands exist in the build", () => {
    const labels = all(doc, "Control").map((c) => {
      const resid = all(c, "Label")[0].getAttribute("resid");
      return all(doc, "bt:String")
        .find((s) => s.getAttribute("id") === resid)
        ?.getAttribute("DefaultValue");
    });
    expect(labels).toEqual(["Open pane", "Refresh sheet", "Refresh all", "Self-test"]);
    const functionNames = all(doc, "FunctionName").map((f) => f.textContent);
    const commands = readFileSync(path.join(root, "src/commands/commands.ts"), "utf8");
    for (const name of functionNames)
      expect(commands).toMatch(new RegExp(`Office\\.actions\\.associate\\("${name}"`));
  });

  test("icons of 16, 32, 64 and 80 px exist in assets and in the build", () => {
    for (const size of [16, 32, 64, 80]) {
      const png = readFileSync(path.join(root, "assets", `icon-${size}.png`));
      expect(png.readUInt32BE(16)).toBe(size); // PNG IHDR width
      expect(existsSync(path.join(dist, "assets", `icon-${size}.png`))).toBe(true);
    }
  });

  test("every URL points at a file the build emits", () => {
    const urls = new Set<string>();
    for (const el of all(doc, "*")) {
      const v = el.getAttribute("DefaultValue");
      if (v && v.startsWith("https://")) urls.add(v);
    }
    for (const el of all(doc, "AppDomain")) expect(el.textContent).toBe(DEV_BASE);
    expect(urls.size).toBeGreaterThan(5);
    for (const url of urls) {
      expect(url.startsWith(`${DEV_BASE}/`)).toBe(true);
      const file = url.slice(DEV_BASE.length + 1);
      expect({ url, exists: existsSync(path.join(dist, file)) }).toEqual({ url, exists: true });
    }
  });

  test("functions.json lists functions and taskpane.html loads the three shared-runtime bundles", () => {
    const meta = JSON.parse(readFileSync(path.join(dist, "functions.json"), "utf8")) as {
      functions: { id: string }[];
    };
    expect(meta.functions.map((f) => f.id)).toEqual(
      expect.arrayContaining(["SHOW", "SHOWLISTENERS", "EPISODES"]),
    );
    const html = readFileSync(path.join(dist, "taskpane.html"), "utf8");
    for (const bundle of ["taskpane.js", "commands.js", "functions.js"]) expect(html).toContain(bundle);
  });

  test("a production build's manifest points every URL at the deployment base", () => {
    const prod = rewriteManifestUrls(xml, "https://addin.example.com/ads/");
    expect(prod).not.toContain("localhost");
    expect(prod).toContain("https://addin.example.com/ads/taskpane.html");
    expect(() => parse(prod)).not.toThrow();
    expect(() => rewriteManifestUrls(xml, "http://addin.example.com")).toThrow(/https/);
  });
});
