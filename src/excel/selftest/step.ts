/**
 * The self-test's building blocks. Each step proves one rule of docs/excel-fidelity.md against the
 * live host (real Excel, or the in-memory workbook in the preview and in Jest): the same code runs
 * in both, so the fake and Excel are held to the same assertions.
 */
import type { NumberShape } from "../../runtime/numberShape";
import type { ExcelHost } from "../host";

/** What the self-test knows about the host it runs in. */
export interface HostEnvironment {
  /** "Excel", or "Preview" for the in-memory workbook. */
  host: string;
  /** Office's platform: OfficeOnline (Excel on the web), PC, Mac, iOS, Universal, or Preview. */
  platform: string;
  version: string;
  /** ExcelApi requirement sets this host supports (e.g. "1.13"). */
  requirementSets: string[];
  /** How this host takes a formatted number from a custom function (src/runtime/numberShape.ts). */
  numberShape: NumberShape;
  /** Whether a limit documented for Excel on the web applies (the preview models the web). */
  webLimits: boolean;
}

export interface SelfTestScope {
  excel: ExcelHost;
  /** The scratch sheet: the only existing sheet a step may write on. */
  sheet: string;
  env: HostEnvironment;
  /** Registers a sheet the step added, so the runner removes it whatever happens. */
  ownSheet(name: string): void;
  /** Polls `read` until it returns a value (not null), or fails after `timeoutMs`. */
  waitFor<T>(what: string, read: () => Promise<T | null>, timeoutMs?: number): Promise<T>;
}

export interface SelfTestStep {
  /** Stable id, also the anchor of its row in docs/excel-fidelity.md. */
  id: string;
  family: string;
  /** The rule, in a sentence a support engineer can read. */
  title: string;
  /** An ExcelApi requirement set the step needs ("1.13"); without it the step is skipped. */
  requires?: string;
  /** Why the step does not apply here (e.g. a web-only limit on the desktop), or null. */
  skipUnless?: (env: HostEnvironment) => string | null;
  /** Throws (SelfTestFailure or any error) when the host breaks the rule; may return what it saw. */
  run(scope: SelfTestScope): Promise<string | void>;
}

export class SelfTestFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SelfTestFailure";
  }
}

/** Fails the step with `message` unless `ok`. */
export function check(ok: boolean, message: string): asserts ok {
  if (!ok) throw new SelfTestFailure(message);
}

/** A short, readable rendering of a value for failure messages. */
export function show(v: unknown): string {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

/** Limits documented for Excel on the web only: skipped elsewhere. */
export const webOnly = (env: HostEnvironment): string | null =>
  env.webLimits ? null : "a limit of Excel on the web; this host does not have it";

/** Runs `batch` and returns the Office error code it failed with, or null when it succeeded. */
export async function failureCode(
  excel: ExcelHost,
  batch: (context: Excel.RequestContext) => Promise<void>,
): Promise<string | null> {
  try {
    await excel.run(batch);
    return null;
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    return typeof code === "string" ? code : err instanceof Error ? err.message : String(err);
  }
}
