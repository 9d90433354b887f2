/**
 * The store's campaign holds (issue #44): kept on the plan's sheet by the send loop, which owns them
 * (it records a hold before it sends a campaign and drops it once the rows tell the outcome; the
 * planner may release one, having checked the service). A hold is written once, at revision 1, and
 * never changed: a hold of the same campaign recorded meanwhile by another window is refused in words,
 * so a campaign is never sent twice.
 */
import { readHold, campaignHoldSchema, type CampaignHold } from "../../writebacks/planHolds";
import type { ExcelHost } from "../host";
import { queueCounted, queueDropCounted, splitParts } from "./parts";
import { writeRecord, type StoredKind } from "./recordWrite";
import { withStoreTurn } from "./turns";

/**
 * Holds live in the plan sheet's custom properties, so they travel with it: `AdsHold.<id>.n` (number
 * of parts) and `AdsHold.<id>.0` … (the JSON in 250-character parts, as report definitions are).
 */
const HOLD_PROPERTY = "AdsHold";
const HOLD_KEY = /^AdsHold\.([0-9a-f]{16})\.(n|\d+)$/i;

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
function queueDropHold(sheet: Excel.Worksheet, parts: number, id: string): void {
  if (parts) queueDropCounted(sheet.customProperties, `${HOLD_PROPERTY}.${id}`, parts);
}

/** Queues the read of a plan sheet's holds; after the sync, its holds and each one's parts. */
export function queueReadHolds(sheet: Excel.Worksheet): () => ReturnType<typeof holdsFromProperties> {
  // customProperties is a navigation property: it needs no load of its own.
  const props = sheet.customProperties;
  props.load("items/key,items/value");
  return () => holdsFromProperties(props.items);
}

/** The holds on the sheet `where` finds, in one sync. */
export function readHolds(
  excel: ExcelHost,
  where: (context: Excel.RequestContext) => Excel.Worksheet,
): Promise<ReturnType<typeof holdsFromProperties>> {
  return excel.run(async (context) => {
    const read = queueReadHolds(where(context));
    await context.sync();
    return read();
  });
}

/**
 * Runs `body` (which reads, checks and queues its writes: a campaign's outcome in its rows) and then
 * drops `hold`, in the store's turn: the drop is last in the last sync, so, a batch stopping at its
 * first failing operation, the hold goes only once what `body` queued has landed.
 */
export function dropHoldAfter(
  excel: ExcelHost,
  where: (context: Excel.RequestContext) => Excel.Worksheet,
  hold: { id: string; parts: number } | null,
  body: (context: Excel.RequestContext) => Promise<void>,
): Promise<void> {
  const run = () =>
    excel.run(async (context) => {
      await body(context);
      if (hold) queueDropHold(where(context), hold.parts, hold.id);
      await context.sync();
    });
  return hold ? withStoreTurn(run) : run();
}

/** Holds as the store's one write keeps them: made once (revision 1), never changed; one already there refuses. */
function holdKind(
  where: (context: Excel.RequestContext) => Excel.Worksheet,
): StoredKind<CampaignHold, "send loop", CampaignHold> {
  return {
    merge: () => ({ refused: "A hold is never changed: it is dropped, and a new one recorded." }),
    queueRead(context, hold) {
      const sheet = where(context);
      const read = queueReadHolds(sheet);
      return () => {
        const found = read();
        return {
          record: found.holds.find((h) => h.id === hold.id) ?? null,
          parts: found.parts.get(hold.id) ?? 0,
          place: sheet,
        };
      };
    },
    queueSave(_context, place, hold) {
      const sheet = place as Excel.Worksheet;
      // The count goes last, so a hold is whole or absent.
      queueCounted(sheet.customProperties, `${HOLD_PROPERTY}.${hold.id}`, holdJson(hold), 0);
      return hold;
    },
    missing: () => "The plan's sheet is gone: the campaign was not sent.",
    taken: (hold, there) =>
      `The campaign "${hold.name}" is already held${there ? ` since ${there.sentAt}` : ""} (another pane or window is sending it): it was not sent again.`,
  };
}

const holdJson = (hold: CampaignHold) => JSON.stringify(campaignHoldSchema.parse({ ...hold, revision: 1 }));

/**
 * Records a hold on the sheet `where` finds, through the store's one write: refused when that
 * campaign is held already, or when another pane or window recorded it at the same moment (found by
 * the read in the same sync as the save). Returns its parts.
 */
export async function writeHold(
  excel: ExcelHost,
  where: (context: Excel.RequestContext) => Excel.Worksheet,
  hold: CampaignHold,
): Promise<number> {
  await writeRecord(excel, holdKind(where), { at: hold, base: null, writer: "send loop", patch: hold });
  return splitParts(holdJson(hold)).length;
}
