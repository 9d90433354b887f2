/**
 * A planner's words everywhere (#25): no text the add-in shows says `spec`, `V1`/`V2` or
 * `Forbidden`, and no report header or spilled header is a service field name (`uploadedAt`,
 * `monthlyListeners`, `read_type`). Texts are every string the product's code holds (string and
 * template literals, JSX text: each message, hint, label and header it can show); comments, import
 * paths and object keys are code, not text.
 */
import fs from "fs";
import os from "os";
import path from "path";
import ts from "typescript";
import { fieldLabel, INDIVIDUAL_AD_HEADERS, reportHeaderLabel } from "../src/api/fieldLabels";
import { REPORT_HEADERS } from "../src/api/reportHeaders";
import { REPORT_COLUMNS } from "../src/api/csv/catalogue";
import { EPISODE_FIELDS, SIMILAR_COLUMNS } from "../src/functions/shapes";
import { parseReportCsv } from "../src/api/csv";
import { generateReportCsv } from "../sandbox/csv";
import { World } from "../sandbox/world";

const SRC = path.join(__dirname, "..", "src");
/** Internal vocabulary a planner should never read. */
const INTERNAL = [/\bspec\b/i, /\bV[12]\b/, /\bForbidden\b/];

function productFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "testing" ? [] : productFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts") ? [p] : [];
  });
}

/** The texts of a source file: its literals and JSX text, without import paths and object keys. */
function texts(file: string): { text: string; line: number }[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const out: { text: string; line: number }[] = [];
  const add = (node: ts.Node, text: string) =>
    out.push({ text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
  const visit = (node: ts.Node) => {
    const parent = node.parent;
    const isKey =
      parent &&
      ((ts.isPropertyAssignment(parent) && parent.name === node) ||
        // A rule's citation of the service documentation (columnRules.ts), never shown.
        (ts.isPropertyAssignment(parent) && parent.name.getText() === "documented") ||
        ts.isImportDeclaration(parent) ||
        ts.isExportDeclaration(parent) ||
        ts.isLiteralTypeNode(parent) ||
        (ts.isElementAccessExpression(parent) && parent.argumentExpression === node));
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && !isKey)
      add(node, node.text);
    else if (ts.isTemplateExpression(node)) {
      add(node, node.head.text);
      node.templateSpans.forEach((s) => add(s, s.literal.text));
    } else if (ts.isJsxText(node)) add(node, node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

test("no text the add-in can show uses internal words (spec, V1, V2, Forbidden)", () => {
  const files = productFiles(SRC);
  expect(files.length).toBeGreaterThan(100);
  const found = files.flatMap((f) =>
    texts(f)
      .filter(({ text }) => INTERNAL.some((w) => w.test(text)))
      .map(({ text, line }) => `${path.relative(SRC, f)}:${line}: ${text.trim().slice(0, 120)}`),
  );
  expect(found).toEqual([]);
});

/** A header that is a field name: camelCase, snake_case, or a lower-case start. */
const API_NAME = /[a-z][A-Z]|_|^[a-z]/;
/** Words of the trade and product names that only look like field names. */
const WORDS = new Set(["eCPM", "AdserverX Campaign ID"]);
const isApiName = (h: string) => API_NAME.test(h.replace(/^AutoServe /, "")) && !WORDS.has(h);

test("report headers are words, not the service's field names", () => {
  const headers = [
    ...Object.values(REPORT_HEADERS).flat(),
    ...Object.values(REPORT_COLUMNS).flatMap((c) => Object.keys(c)),
  ].map(reportHeaderLabel);
  expect(headers.length).toBeGreaterThan(200);
  expect([...new Set(headers.filter(isApiName))]).toEqual([]);
  expect(headers.filter((h) => /\bJSON\b/.test(h))).toEqual([]);
});

test("the campaign report's airchecks, ads and AutoServe settings read as words, not JSON", () => {
  const csv = generateReportCsv(
    new World(),
    "campaignsPerformance",
    { startDate: "2026-08-01", endDate: "2026-11-20" },
    Date.UTC(2026, 10, 22),
  );
  const t = parseReportCsv("campaignsPerformance", csv);
  const json = t.columns.flatMap((c, j) => (c.kind === "json" ? [j] : []));
  expect(t.columns.filter((c) => c.kind === "json").map((c) => c.name)).toEqual([
    "Airchecks",
    "Ads aired",
    "AutoServe Campaign Settings",
    "AutoServe Targeting Profile Settings",
  ]);
  const cells = t.rows.flatMap((r) => json.map((j) => r[j])).filter((v) => typeof v === "string" && v !== "");
  expect(cells.length).toBeGreaterThan(10);
  expect(cells.filter((v) => /^\s*[[{]|"\w+":/.test(String(v)))).toEqual([]);
  expect(cells.some((v) => /^\d+ airchecks?: .+ – “.+” at \d+:\d\d/.test(String(v)))).toBe(true);
});

test("spilled headers and the Ads sheet's headers are words", () => {
  const labels = [...EPISODE_FIELDS, ...SIMILAR_COLUMNS].map(fieldLabel);
  labels.push(...Object.values(INDIVIDUAL_AD_HEADERS));
  expect(labels.length).toBeGreaterThan(30);
  expect(labels.filter(isApiName)).toEqual([]);
});

test("the checks can fail: they catch the words and names they look for", () => {
  expect(INTERNAL.some((w) => w.test("the spec does not say"))).toBe(true);
  expect(INTERNAL.some((w) => w.test("the specified date"))).toBe(false);
  expect(isApiName("uploadedAt")).toBe(true);
  expect(isApiName("read_type")).toBe(true);
  expect(isApiName("Uploaded")).toBe(false);
  expect(isApiName("AutoServe Creative")).toBe(false);
  const file = path.join(os.tmpdir(), `planner-words-${process.pid}.ts`);
  fs.writeFileSync(file, 'import x from "spec";\nconst o = { spec: 1 };\nconst m = `V2 only ${o}`;\n');
  try {
    expect(texts(file).map((t) => t.text)).toEqual(["V2 only ", ""]);
  } finally {
    fs.unlinkSync(file);
  }
});
