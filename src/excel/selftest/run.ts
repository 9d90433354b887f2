/**
 * Runs self-test steps on a scratch sheet: one check per rule, a failure in one never stops the
 * others, the scratch sheet (and any sheet a step added) is removed whatever happens. It never
 * touches the planner's sheets, never talks to the service and never reads the key.
 */
import { sheetNameFor } from "../cellFormats";
import type { ExcelHost } from "../host";
import { takenNames } from "../workbookNames";
import { SelfTestFailure, type HostEnvironment, type SelfTestStep } from "./step";

type StepStatus = "pass" | "fail" | "skip";

export interface StepResult {
  id: string;
  family: string;
  title: string;
  status: StepStatus;
  /** What the host did (pass), why it failed, or why it was skipped. */
  detail: string;
  ms: number;
}

export interface SelfTestReport {
  env: HostEnvironment;
  startedAt: string;
  results: StepResult[];
  /** Problems outside the steps (the scratch sheet could not be made or removed). */
  problems: string[];
}

export interface RunOptions {
  onProgress?: (done: number, total: number, last: StepResult) => void;
  /** Longest a step may take (a hung host call must not hang the test). */
  stepTimeoutMs?: number;
  /** Polling interval and default wait of scope.waitFor. */
  pollMs?: number;
  waitMs?: number;
}

const SCRATCH = "ADS self-test";

function timeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(
        () => reject(new SelfTestFailure(`${what} did not finish within ${ms / 1000} s`)),
        ms,
      );
    }),
  ]);
}

/* eslint-disable office-addins/no-context-sync-in-loop -- one batch per sheet: one that cannot go must not keep the others */
async function removeSheets(excel: ExcelHost, names: readonly string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const name of names) {
    try {
      await excel.run(async (context) => {
        const sheet = context.workbook.worksheets.getItemOrNullObject(name);
        await context.sync();
        if (!sheet.isNullObject) sheet.delete();
        await context.sync();
      });
    } catch (err) {
      problems.push(
        `Could not remove the sheet "${name}": ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }
  return problems;
}
/* eslint-enable office-addins/no-context-sync-in-loop */

/** Empties the scratch sheet between steps (its tables too), so each step starts blank. */
async function clearScratch(excel: ExcelHost, name: string): Promise<void> {
  await excel.run(async (context) => {
    const tables = context.workbook.worksheets.getItem(name).tables;
    tables.load("items/name");
    await context.sync();
    for (const t of tables.items) t.delete();
    context.workbook.worksheets.getItem(name).getRange().clear("All");
    await context.sync();
  });
}

export async function runSelfTest(
  excel: ExcelHost,
  env: HostEnvironment,
  steps: readonly SelfTestStep[],
  opts: RunOptions = {},
): Promise<SelfTestReport> {
  const report: SelfTestReport = { env, startedAt: new Date().toISOString(), results: [], problems: [] };
  const owned: string[] = [];
  let scratch: string | undefined;
  try {
    scratch = sheetNameFor(SCRATCH, (await takenNames(excel)).sheets);
    const name = scratch;
    await excel.run(async (context) => {
      context.workbook.worksheets.add(name);
      await context.sync();
    });
    owned.push(name);
  } catch (err) {
    report.problems.push(
      `Could not add the scratch sheet: ${err instanceof Error ? err.message : String(err)}`,
    );
    return report;
  }
  const pollMs = opts.pollMs ?? 250;
  for (const step of steps) {
    const started = Date.now();
    const result = (status: StepStatus, detail: string): StepResult => ({
      id: step.id,
      family: step.family,
      title: step.title,
      status,
      detail,
      ms: Date.now() - started,
    });
    let outcome: StepResult;
    const missing = step.requires && !env.requirementSets.includes(step.requires);
    const skip = missing
      ? `needs ExcelApi ${step.requires}, which this Excel does not support`
      : step.skipUnless?.(env);
    if (skip) outcome = result("skip", skip);
    else {
      try {
        await clearScratch(excel, scratch);
        const detail = await timeout(
          step.run({
            excel,
            sheet: scratch,
            env,
            ownSheet: (n) => void owned.push(n),
            waitFor: async (what, read, ms = opts.waitMs ?? 10_000) => {
              const until = Date.now() + ms;
              for (;;) {
                const v = await read();
                if (v !== null) return v;
                if (Date.now() > until) throw new SelfTestFailure(`Waited ${ms / 1000} s for ${what}`);
                await new Promise((r) => setTimeout(r, pollMs));
              }
            },
          }),
          opts.stepTimeoutMs ?? 60_000,
          step.title,
        );
        outcome = result("pass", detail || "as documented");
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        const code = (err as { code?: unknown }).code;
        outcome = result(
          "fail",
          typeof code === "string" && !message.includes(code) ? `${message} (${code})` : message,
        );
      }
    }
    report.results.push(outcome);
    opts.onProgress?.(report.results.length, steps.length, outcome);
  }
  report.problems.push(...(await removeSheets(excel, owned.reverse())));
  return report;
}

/** The whole report as plain text, for a support request. */
export function formatReport(report: SelfTestReport): string {
  const count = (s: StepStatus) => report.results.filter((r) => r.status === s).length;
  const lines = [
    "Ads Analytics for Excel: self-test",
    `Run: ${report.startedAt}`,
    `Host: ${report.env.host} · platform ${report.env.platform} · version ${report.env.version}`,
    `ExcelApi requirement sets: ${report.env.requirementSets.join(", ") || "none reported"}`,
    `Result: ${count("pass")} passed, ${count("fail")} failed, ${count("skip")} skipped`,
    "",
    ...report.results.map(
      (r) => `[${r.status.toUpperCase()}] ${r.family} · ${r.title} (${r.id}, ${r.ms} ms): ${r.detail}`,
    ),
    ...report.problems.map((p) => `[PROBLEM] ${p}`),
  ];
  return lines.join("\n");
}
