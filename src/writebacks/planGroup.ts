/**
 * Grouping plan rows into campaigns: rows whose campaign fields (everything but the
 * flight columns) are equal are the flights of one campaign, in row order. Rows that
 * already carry a created id, or are held for checking, are left out, so a re-run never sends them again.
 */
import type { CampaignRequest } from "../api/schemas";
import type { PlanRow } from "./planValidate";

export interface CampaignGroup {
  /** Zero-based data rows, one per flight, in row order. */
  rows: number[];
  body: CampaignRequest;
}

/** JSON with object keys sorted, so field order never splits a campaign. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** Rows still to send, grouped; groups are ordered by their first row. Rows with errors are not included. */
export function groupCampaigns(rows: readonly PlanRow[]): CampaignGroup[] {
  const groups = new Map<string, CampaignGroup>();
  for (const r of rows) {
    if (r.id || r.held || !r.campaign || !r.flight) continue;
    const key = canonical(r.campaign);
    const g = groups.get(key);
    if (g) {
      g.rows.push(r.row);
      g.body.flights.push(r.flight);
    } else {
      groups.set(key, { rows: [r.row], body: { ...r.campaign, flights: [r.flight] } as CampaignRequest });
    }
  }
  return [...groups.values()];
}
