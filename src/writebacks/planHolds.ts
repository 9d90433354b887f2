/**
 * Holds: a durable record, written before a campaign's request, that it was sent. A hold is dropped
 * in the same batch that writes the campaign's outcome into its rows. So when the rows cannot be
 * marked (they moved, the workbook refused the write, the pane closed mid-request), the hold stays,
 * and Create refuses that campaign until the planner, having checked the service, releases it. It is
 * stored on the plan sheet (src/excel/campaignPlan.ts), keyed by what identifies the campaign: its
 * request (every input of its rows) and its name, advertiser and externalId. Never the API key.
 */
import { z } from "zod";
import type { CampaignGroup } from "./planGroup";
import { canonical } from "./planGroup";
import { fingerprint } from "../api/fingerprint";

export const campaignHoldSchema = z.object({
  /** Fingerprint of the campaign's request: every input of its rows. */
  id: z.string().regex(/^[0-9a-f]{16}$/),
  name: z.string(),
  advertiser: z.string(),
  externalId: z.string().optional(),
  /** Sheet row numbers of its flights when it was sent. */
  rows: z.array(z.number().int()),
  /** When the request was sent (ISO 8601). */
  sentAt: z.string(),
});
export type CampaignHold = z.infer<typeof campaignHoldSchema>;

/** The hold recorded before `group` is sent. */
export function holdFor(group: CampaignGroup, firstRowNumber: number, at: Date): CampaignHold {
  const { name, advertiser, externalId } = group.body;
  return {
    id: fingerprint(canonical(group.body)),
    name,
    advertiser,
    ...(externalId ? { externalId } : {}),
    rows: group.rows.map((r) => r + firstRowNumber),
    sentAt: at.toISOString(),
  };
}

/**
 * The hold that stops `group`, if any: the same request, or the same campaign by name, advertiser and
 * externalId (a flight edited since may still belong to a campaign that exists).
 */
export function holdOf(holds: readonly CampaignHold[], group: CampaignGroup): CampaignHold | undefined {
  const id = fingerprint(canonical(group.body));
  const { name, advertiser, externalId } = group.body;
  return holds.find(
    (h) =>
      h.id === id ||
      (h.name === name && h.advertiser === advertiser && (h.externalId ?? "") === (externalId ?? "")),
  );
}

/** "2026-11-23 14:02", local time, as the planner's clock shows it. */
function localTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** One line for the planner: which campaign, its rows, when it was sent. */
export function describeHold(h: CampaignHold): string {
  const rows = `${h.rows.length === 1 ? "row" : "rows"} ${h.rows.join(", ")}`;
  return `"${h.name}" (${h.advertiser}, ${rows}) was sent at ${localTime(h.sentAt)} and the plan does not show what came of it`;
}
