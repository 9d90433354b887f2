/**
 * The seven report kinds, alone in a module with no imports, so the documented defaults
 * (../defaults.ts, which the column rules read) can name them without importing every schema.
 */

/** The seven report task endpoints. */
export const REPORT_KINDS = [
  "impressions",
  "audience",
  "lag",
  "campaignsPerformance",
  "estimatedSpendByDay",
  "estimatedSpendByShowByDay",
  "impressionListeners",
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
