/** Report CSVs with exactly the spec's columns, in the spec's order, generated from the world. */
import type { ReportKind } from "../../src/api/schemas";
import type { World } from "../world";
import { audienceCsv } from "./audience";
import { campaignsPerformanceCsv } from "./campaignsPerformance";
import { impressionsCsv } from "./impressions";
import { lagCsv } from "./lag";
import { listenersCsv } from "./listeners";
import type { Body } from "./shared";
import { spendCsv } from "./spend";

export { InvalidReport } from "./shared";

/**
 * The CSV of a report task (used by the server and by benchmarks without HTTP). Every line ends with
 * CRLF, the last one too (RFC 4180 allows either; a final line end lets a reader tell a whole file from
 * one cut after a complete record when no Content-Length proves the length).
 */
export function generateReportCsv(
  world: World,
  kind: ReportKind,
  body: Body,
  now: number = Date.now(),
): string {
  return `${records(world, kind, body, now)}\r\n`;
}

function records(world: World, kind: ReportKind, body: Body, now: number): string {
  switch (kind) {
    case "impressions":
      return impressionsCsv(world, body, now);
    case "audience":
      return audienceCsv(world, body, now);
    case "lag":
      return lagCsv(world, body, now);
    case "campaignsPerformance":
      return campaignsPerformanceCsv(world, body, now);
    case "estimatedSpendByDay":
      return spendCsv(world, body, now, false);
    case "estimatedSpendByShowByDay":
      return spendCsv(world, body, now, true);
    case "impressionListeners":
      return listenersCsv(world, body, now);
  }
}
