/**
 * Makes the stored-format fixtures (test/fixtures/stored/*.json) from this repository's history:
 * for each fixture, a temporary git worktree of its commit (/tmp/stored-<sha>), this repository's
 * node_modules linked in when the commit's runtime packages are the same versions (else `npm ci`
 * there), and scenario.ts run in it with a fixed clock: the commit's OWN code makes the workbook
 * and the dump is read from the commit's own in-memory model. Nothing in a fixture is written by
 * hand.
 *
 *   npx tsx scripts/stored-fixtures/generate.ts                 every fixture
 *   npx tsx scripts/stored-fixtures/generate.ts report-columns  the named ones
 */
import { execFileSync } from "child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "fs";
import { join, resolve } from "path";
import { FIXTURES, type FixtureSpec } from "./fixtures";
import type { StoredFixture, WorkbookDump } from "../../test/support/storedFixtureDump";

const REPO = resolve(__dirname, "../..");
const OUT_DIR = join(REPO, "test/fixtures/stored");
const CLOCK = "2026-11-22T12:00:00.000Z";
/** Packages the scenario's code loads, besides `dependencies`: they must match to share node_modules. */
const RUNTIME_DEV = ["@microsoft/office-js", "fast-formula-parser", "ssf"];

const git = (...args: string[]): string =>
  execFileSync("git", ["-C", REPO, ...args], { encoding: "utf8" }).trim();

interface PackageJson {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** The packages whose versions differ between the commit and this checkout's node_modules. */
function packageMismatches(worktree: string): string[] {
  const pkg = JSON.parse(readFileSync(join(worktree, "package.json"), "utf8")) as PackageJson;
  const wanted: [string, string][] = [
    ...Object.entries(pkg.dependencies ?? {}),
    ...Object.entries(pkg.devDependencies ?? {}).filter(([name]) => RUNTIME_DEV.includes(name)),
  ];
  return wanted.flatMap(([name, version]) => {
    const file = join(REPO, "node_modules", name, "package.json");
    const have = existsSync(file)
      ? (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version
      : "none";
    return have === version ? [] : [`${name} ${version} (here ${have})`];
  });
}

/** A worktree of `sha` with node_modules ready; returns its path. */
function prepareWorktree(sha: string): string {
  const worktree = `/tmp/stored-${sha.slice(0, 12)}`;
  if (existsSync(worktree)) removeWorktree(worktree);
  git("worktree", "add", "--detach", worktree, sha);
  const mismatches = packageMismatches(worktree);
  if (mismatches.length === 0) symlinkSync(join(REPO, "node_modules"), join(worktree, "node_modules"));
  else {
    console.log(`  ${sha.slice(0, 7)}: other package versions (${mismatches.join(", ")}): npm ci`);
    execFileSync("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund"], {
      cwd: worktree,
      stdio: "inherit",
    });
  }
  for (const [from, to] of [
    ["scripts/stored-fixtures/scenario.ts", "scripts/stored-fixtures/scenario.ts"],
    ["test/support/storedFixtureDump.ts", "test/support/storedFixtureDump.ts"],
  ]) {
    mkdirSync(join(worktree, to, ".."), { recursive: true });
    copyFileSync(join(REPO, from), join(worktree, to));
  }
  return worktree;
}

function removeWorktree(worktree: string): void {
  try {
    git("worktree", "remove", "--force", worktree);
  } catch {
    rmSync(worktree, { recursive: true, force: true });
    git("worktree", "prune");
  }
}

function generate(spec: FixtureSpec): void {
  const sha = git("rev-parse", `${spec.commit}^{commit}`);
  console.log(`${spec.name}: ${sha.slice(0, 7)} ${git("log", "-1", "--format=%s", sha).slice(0, 80)}`);
  const worktree = prepareWorktree(sha);
  const out = join(worktree, "stored-fixture-out.json");
  try {
    execFileSync(join(REPO, "node_modules/.bin/tsx"), ["scripts/stored-fixtures/scenario.ts", out, CLOCK], {
      cwd: worktree,
      env: { ...process.env, TZ: "UTC" },
      stdio: ["ignore", "inherit", "inherit"],
      timeout: 600_000,
    });
    const made = JSON.parse(readFileSync(out, "utf8")) as { log: string[]; workbook: WorkbookDump };
    const fixture: StoredFixture = {
      dumpFormat: 1,
      shapes: spec.shapes,
      commit: sha,
      commitSubject: git("log", "-1", "--format=%s", sha),
      clock: CLOCK,
      generatedBy: `npx tsx scripts/stored-fixtures/generate.ts ${spec.name}`,
      log: made.log,
      workbook: made.workbook,
    };
    mkdirSync(OUT_DIR, { recursive: true });
    writeFileSync(join(OUT_DIR, `${spec.name}.json`), `${JSON.stringify(fixture)}\n`);
    for (const line of made.log) console.log(`  ${line}`);
  } finally {
    removeWorktree(worktree);
  }
}

function main(): void {
  const names = process.argv.slice(2);
  const unknown = names.filter((n) => !FIXTURES.some((f) => f.name === n));
  if (unknown.length) throw new Error(`No fixture named ${unknown.join(", ")}`);
  for (const spec of FIXTURES) if (!names.length || names.includes(spec.name)) generate(spec);
}

main();
