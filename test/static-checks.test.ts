/**
 * The type checker and the linter as tests, so the suite's one summary line counts them and CI
 * refuses code that does not type-check or lint clean (lint includes dependency-cruiser's floor
 * rules, .dependency-cruiser.js, and knip's search for unused files, exports and dependencies).
 */
import { spawnSync } from "child_process";
import path from "path";

const root = path.join(__dirname, "..");
const run = (script: string) =>
  spawnSync("npm", ["run", "--silent", script], { cwd: root, encoding: "utf8", timeout: 240_000 });

jest.setTimeout(300_000);

test("tsc --noEmit reports no errors", () => {
  const r = run("typecheck");
  expect(`${r.stdout}${r.stderr}`.replace(/npm warn[^\n]*\n?/g, "").trim()).toBe("");
  expect(r.status).toBe(0);
});

test("ESLint (with the Office add-ins rules and the function limits), Prettier, dependency-cruiser (the floors) and knip (nothing unused) are clean", () => {
  const r = run("lint");
  // dependency-cruiser prints each violation (an import up the floors of docs/architecture.md, out of
  // the product, or round a circle) and exits non-zero; its summary line proves it ran.
  if (r.status !== 0) throw new Error(`lint failed:\n${r.stdout}\n${r.stderr}`);
  expect(r.stdout).toMatch(/no dependency violations found \(\d+ modules, \d+ dependencies cruised\)/);
  expect(r.status).toBe(0);
});

test("the linter refuses a function over 80 lines or with more than 20 paths in product code, not in tests", () => {
  const long = `export function long(): number {\n  let n = 0;\n${"  n += 1;\n".repeat(80)}  return n;\n}\n`;
  const branchy = `export function branchy(x: number): number {\n${Array.from({ length: 21 }, (_, i) => `  if (x === ${i}) return ${i};\n`).join("")}  return -1;\n}\n`;
  // ESLint reads the text on stdin as if it were the named file, so the config's file globs apply.
  const rules = (text: string, file: string): string[] => {
    const r = spawnSync("npx", ["eslint", "--stdin", "--stdin-filename", file, "-f", "json"], {
      cwd: root,
      input: text,
      encoding: "utf8",
      timeout: 120_000,
    });
    const [report] = JSON.parse(r.stdout) as { messages: { ruleId: string | null }[] }[];
    return report.messages.map((m) => m.ruleId ?? "");
  };
  expect(rules(long, "src/api/long.ts")).toContain("max-lines-per-function");
  expect(rules(branchy, "src/api/branchy.ts")).toContain("complexity");
  expect(rules(long, "src/api/long.test.ts")).not.toContain("max-lines-per-function");
});
