/**
 * The entry point named in the sandbox brief: `createSandbox(options?)`, `SHOW_IDS` and
 * `generateReportCsv(kind, params, options?)`. The implementation lives in app.ts, resources/, world.ts,
 * model/ and csv/; index.ts holds `createSandbox` itself. This file only gives the brief's signatures.
 */
import type { ReportKind } from "../src/api/schemas";
import { generateReportCsv as generate } from "./csv";
import { World } from "./world";

export { createSandbox, SHOW_IDS } from "./index";

export interface GenerateOptions {
  /** World size multiplier (SANDBOX_SCALE); rows grow with it. */
  scale?: number;
  /** Clock for relative dates; fixed by default so the output is deterministic. */
  now?: number;
}

const worlds = new Map<number, World>();

/** One report's CSV without HTTP (benchmarks). Same kind + params + options → same text. */
export function generateReportCsv(kind: ReportKind, params: object, options: GenerateOptions = {}): string {
  const scale = options.scale ?? Number(process.env.SANDBOX_SCALE ?? 1);
  let world = worlds.get(scale);
  if (!world) worlds.set(scale, (world = new World(scale)));
  return generate(world, kind, params as never, options.now ?? Date.UTC(2026, 10, 22));
}
