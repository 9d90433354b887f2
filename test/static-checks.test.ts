/**
 * The type checker and the linter as tests, so the suite's one summary line counts them and CI
 * refuses code that does not type-check or lint clean (lint includes dependency-cruiser's floor
 * rules, .dependency-cruiser.js).
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

test("ESLint (with the Office add-ins rules), Prettier and dependency-cruiser (the floors) are clean", () => {
  const r = run("lint");
  // dependency-cruiser prints each violation (an import up the floors of docs/architecture.md, out of
  // the product, or round a circle) and exits non-zero; its summary line proves it ran.
  if (r.status !== 0) throw new Error(`lint failed:\n${r.stdout}\n${r.stderr}`);
  expect(r.stdout).toMatch(/no dependency violations found \(\d+ modules, \d+ dependencies cruised\)/);
  expect(r.status).toBe(0);
});
