/**
 * `npm run bench`: runs every benchmark module in this folder and writes bench/results.json.
 * Each module exports `run()` returning its figures; targets are ratios against a baseline measured
 * in the same run (never absolute timings), so the numbers mean something on any machine.
 */
import { existsSync, readFileSync, writeFileSync } from "fs";
import path from "path";
import { ROOT } from "./root";
import os from "os";
import { isMainThread, parentPort, workerData } from "worker_threads";
import type { HostTask } from "./excelHost";
import type { WriteTask } from "./write.bench";

type Figures = Record<string, unknown>;
interface BenchModule {
  run(): Promise<Figures>;
}

const BENCHES: Record<string, () => Promise<BenchModule>> = {
  write: () => import("./write.bench"),
  functions: () => import("./functions.bench"),
  bundle: () => import("./bundle.bench"),
  sheets: () => import("./sheets.bench"),
  refresh: () => import("./refresh.bench"),
};
const RESULTS = path.join(ROOT, "bench", "results.json");

/** The results of earlier runs, so running some benches (`npm run bench bundle`) keeps the others'. */
function earlierResults(): Record<string, Figures | { error: string }> {
  if (!existsSync(RESULTS)) return {};
  const saved = JSON.parse(readFileSync(RESULTS, "utf8")) as { results?: Record<string, Figures> };
  return saved.results ?? {};
}

/** Prints a module's figures: flat ones as one table, each nested group as a table of its own. */
function print(figures: Record<string, unknown>): void {
  const flat = Object.entries(figures).filter(([, v]) => typeof v !== "object" || v === null);
  if (flat.length) console.table(Object.fromEntries(flat));
  for (const [key, value] of Object.entries(figures)) {
    if (typeof value !== "object" || value === null) continue;
    process.stdout.write(`${key}:\n`);
    if (Array.isArray(value) && value.every((v) => typeof v === "string"))
      process.stdout.write(value.map((line) => `- ${line}\n`).join(""));
    else console.table(value);
  }
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const results = earlierResults();
  for (const [name, load] of Object.entries(BENCHES)) {
    if (only.length && !only.includes(name)) continue;
    process.stdout.write(`bench ${name}...\n`);
    try {
      const mod = await load();
      results[name] = { ...(await mod.run()), measuredAt: new Date().toISOString() };
    } catch (err) {
      results[name] = { error: err instanceof Error ? err.message : String(err) };
      process.exitCode = 1;
    }
    print(results[name]);
  }
  const out = {
    measuredAt: new Date().toISOString(),
    machine: {
      node: process.version,
      cpus: os.cpus().length,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    },
    results,
  };
  writeFileSync(RESULTS, JSON.stringify(out, null, 2) + "\n");
  process.stdout.write(`wrote bench/results.json\n`);
}

// The write bench measures papaparse and the add-in each in a worker of this script (write.bench.ts),
// and runs the in-memory Excel host in another (excelHost.ts).
if (isMainThread) void main();
else if ((workerData as HostTask | WriteTask).bench === "host")
  void import("./excelHost").then((h) => h.hostTask());
else
  void import("./write.bench")
    .then((bench) => bench.writeTask(workerData as WriteTask))
    .then((result) => parentPort!.postMessage(result));
