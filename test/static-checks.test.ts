/**
 * The type checker and the linter as tests, so the suite's one summary line counts them and CI
 * refuses code that does not type-check or lint clean.
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

test("ESLint (with the Office add-ins rules) and Prettier are clean", () => {
  const r = run("lint");
  if (r.status !== 0) throw new Error(`lint failed:\n${r.stdout}\n${r.stderr}`);
  expect(r.status).toBe(0);
});
