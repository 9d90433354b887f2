/**
 * The store's campaign holds (issue #44): kept on the plan's sheet by the send loop, which owns them
 * (it records a hold before it sends a campaign and drops it once the rows tell the outcome; the
 * planner may release one, having checked the service). A hold is written once, at revision 1, and
 * never changed: a hold of the same campaign recorded meanwhile by another window is refused in words,
 * so a campaign is never sent twice.
 */
import { readHold, campaignHoldSchema, type CampaignHold } from "../../writebacks/planHolds";
import type { ExcelHost } from "../host";
import { splitParts, withStoreTurn } from "../reportStore";

/**
 * Holds live in the plan sheet's custom properties, so they travel with it: `AdsHold.<id>.n` (number
 * of parts) and `AdsHold.<id>.0` … (the JSON in 250-character parts, as report definitions are).
 */
const HOLD_PROPERTY = "AdsHold";
const HOLD_KEY = /^AdsHold\.([0-9a-f]{16})\.(n|\d+)$/i;
const holdKey = (id: string, part: number | "n"): string => `${HOLD_PROPERTY}.${id}.${part}`;

/** The holds among a sheet's custom properties; unreadable ones (a part missing) are skipped. */
export function holdsFromProperties(items: readonly { key: string; value: string }[]): {
  holds: CampaignHold[];
  parts: Map<string, number>;
} {
  const byId = new Map<string, Map<string, string>>();
  for (const { key, value } of items) {
    const m = HOLD_KEY.exec(key);
    if (!m) continue;
    const id = m[1].toLowerCase();
    byId.set(id, (byId.get(id) ?? new Map()).set(m[2].toLowerCase(), value));
  }
  const holds: CampaignHold[] = [];
  const parts = new Map<string, number>();
  for (const [id, props] of byId) {
    const n = Number(props.get("n"));
    if (!Number.isInteger(n) || n < 1) continue;
    parts.set(id, n);
    const json = Array.from({ length: n }, (_, i) => props.get(String(i)) ?? "").join("");
    let raw: unknown = null;
    try {
      raw = JSON.parse(json);
    } catch {
      // Damaged: read as a hold that stops the plan (readHold), never as none.
    }
    holds.push(readHold(id, raw));
  }
  return { holds: holds.sort((a, b) => a.sentAt.localeCompare(b.sentAt)), parts };
}

/** Queues the drop of a hold of `parts` parts (the caller syncs): the count first, so a half-dropped hold is none. */
export function queueDropHold(sheet: Excel.Worksheet, parts: number, id: string): void {
  if (parts) sheet.customProperties.getItemOrNullObject(holdKey(id, "n")).delete();
  for (let i = 0; i < parts; i++) sheet.customProperties.getItemOrNullObject(holdKey(id, i)).delete();
}

/**
 * Records a hold on the sheet `where` finds, read again in the same run: refused when that campaign
 * is held already (another pane or window is sending it). The count goes last, so a hold is whole or
 * absent. Returns its parts.
 */
export function writeHold(
  excel: ExcelHost,
  where: (context: Excel.RequestContext) => Excel.Worksheet,
  hold: CampaignHold,
): Promise<number> {
  const parts = splitParts(JSON.stringify(campaignHoldSchema.parse({ ...hold, revision: 1 })));
  return withStoreTurn(() =>
    excel.run(async (context) => {
      const sheet = where(context);
      // customProperties is a navigation property: it needs no load of its own.
      const props = sheet.customProperties;
      props.load("items/key,items/value");
      await context.sync();
      const there = holdsFromProperties(props.items).holds.find((h) => h.id === hold.id);
      if (there)
        throw new Error(
          `The campaign "${hold.name}" is already held since ${there.sentAt} (another pane or window is sending it): it was not sent again.`,
        );
      parts.forEach((p, i) => sheet.customProperties.add(holdKey(hold.id, i), p));
      sheet.customProperties.add(holdKey(hold.id, "n"), String(parts.length));
      await context.sync();
      return parts.length;
    }),
  );
}
