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

/**
 * The holds' stored format. Version 1 (2026-11-23 to 2026-11-27) wrote the same fields without a
 * version; a hold of a later version than this is kept and blocks the whole plan (readHold).
 */
const HOLD_VERSION = 2;

export const campaignHoldSchema = z.object({
  version: z.literal(HOLD_VERSION).optional(),
  /** The store's revision (issue #44): 1 when recorded; absent in holds recorded before it. */
  revision: z.number().int().positive().optional(),
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
export type CampaignHold = z.infer<typeof campaignHoldSchema> & {
  /** A hold this version cannot read (a later version's, or damaged): it stops every campaign of the plan. */
  unreadable?: string;
};

/**
 * A stored hold read: version 1 and 2 as they are; any other (a later version's, or one that no
 * longer parses) is kept as a hold that stops every campaign of the plan until the planner, having
 * checked the service, releases it: what it held cannot be known, and a campaign must never be sent twice.
 */
export function readHold(id: string, raw: unknown): CampaignHold {
  const parsed = campaignHoldSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const version = (raw as { version?: unknown } | null)?.version;
  const newer = typeof version === "number" && version > HOLD_VERSION;
  const seen = z
    .object({
      name: z.string().catch("a campaign"),
      advertiser: z.string().catch(""),
      sentAt: z.string().catch(""),
    })
    .catch({ name: "a campaign", advertiser: "", sentAt: "" })
    .parse(raw);
  return {
    id,
    ...seen,
    rows: [],
    unreadable: newer
      ? `recorded by a newer version of the add-in (hold format ${version}): update the add-in before creating campaigns from this plan`
      : "its record could not be read",
  };
}

/** The hold recorded before `group` is sent. */
export function holdFor(group: CampaignGroup, firstRowNumber: number, at: Date): CampaignHold {
  const { name, advertiser, externalId } = group.body;
  return {
    version: HOLD_VERSION,
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
      h.unreadable !== undefined ||
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
  if (h.unreadable)
    return `A hold on "${h.name}"${h.advertiser ? ` (${h.advertiser})` : ""} stops every campaign of this plan: ${h.unreadable}; release it only once you have checked the service`;
  const rows = `${h.rows.length === 1 ? "row" : "rows"} ${h.rows.join(", ")}`;
  return `"${h.name}" (${h.advertiser}, ${rows}) was sent at ${localTime(h.sentAt)} and the plan does not show what came of it`;
}
