/**
 * The store's report sets (issue #44): workbook custom properties `AdsSet.<id>.n` and `AdsSet.<id>.0…`
 * (the set's JSON in 250-character parts). Every write of a set goes through writeReportSet: the writer
 * says which set it read (its revision) and what it changes (fields it owns); the change is laid over
 * the newest set, one revision on, or refused in words. Across runtimes, the write reads the set again
 * in its own last sync and puts back a change it finds it overwrote (or refuses, restoring theirs).
 */
import { reportSetSchema, SET_VERSION, type ReportSet } from "../../reports/reportSet";
import { parsedSet, SET_PREFIX } from "../setRecords";
import { mergeOwned, revisionOf, type RecordKind } from "../../reports/ownedMerge";
import type { ExcelHost } from "../host";
import { splitParts, withStoreTurn } from "../reportStore";

const PREFIX = SET_PREFIX;

/** Who writes a set: the planner (the pane's set form) or a run of the set. */
export type SetWriter = "planner" | "set run";

type SetField = keyof ReportSet;

const SET_KIND: RecordKind<ReportSet, SetWriter> = {
  what: (set) => `the report set "${set.name}"`,
  owns: {
    planner: ["name", "client", "values", "reports", "dashboard"] as SetField[],
    "set run": ["members"] as SetField[],
  },
  fieldWords: {
    name: "the set's name",
    client: "the set's client",
    values: "the set's range of values",
    reports: "the set's reports",
    dashboard: '"A Dashboard per value"',
    members: "the sheets the last run made",
  },
  doing: { planner: "your change", "set run": "this run of the set" },
};

export const newerSetMessage = (name: string, version: number) =>
  `The report set "${name}" was stored by a newer version of the add-in (its format ${version}; this version knows ${SET_VERSION}): update the add-in to run it. Nothing was changed.`;

type Found = { set: ReportSet | null; parts: number; newer?: { name: string; version: number } };

/** A set's record as the loaded custom properties hold it. */
function setFrom(items: readonly { key: string; value: unknown }[], id: string): Found {
  const props = new Map(items.map((p) => [p.key, String(p.value)]));
  const n = Number(props.get(`${PREFIX}${id}.n`));
  if (!Number.isInteger(n) || n < 1) return { set: null, parts: 0 };
  const json = Array.from({ length: n }, (_, i) => props.get(`${PREFIX}${id}.${i}`) ?? "").join("");
  const read = parsedSet(json);
  if (read.state === "newer")
    return { set: null, parts: n, newer: { name: read.name || id, version: read.version } };
  return { set: read.state === "current" ? read.set : null, parts: n };
}

/** Queues a read of the workbook's custom properties; the result is the set `id` as read in that sync. */
function queueRead(context: Excel.RequestContext, id: string): () => Found {
  const custom = context.workbook.properties.custom;
  custom.load("items/key,items/value");
  return () => setFrom(custom.items, id);
}

/** Queues the set's properties (the count last, so a set is whole or absent); the caller syncs. */
function queueSave(context: Excel.RequestContext, set: ReportSet, previousParts: number): void {
  const custom = context.workbook.properties.custom;
  const parts = splitParts(JSON.stringify(reportSetSchema.parse(set)));
  parts.forEach((p, i) => custom.add(`${PREFIX}${set.id}.${i}`, p));
  for (let i = parts.length; i < previousParts; i++)
    custom.getItemOrNullObject(`${PREFIX}${set.id}.${i}`).delete();
  custom.add(`${PREFIX}${set.id}.n`, String(parts.length));
}

/**
 * Stores a set: `base` null for a new set (revision 1; refused when the id is taken), else the set the
 * writer read, and `patch` the fields it changes. A later version's set is never overwritten.
 */
export function writeReportSet(
  excel: ExcelHost,
  base: ReportSet | null,
  writer: SetWriter,
  patch: Partial<ReportSet>,
): Promise<ReportSet> {
  return withStoreTurn(() =>
    excel.run(async (context) => {
      const id = base?.id ?? patch.id ?? "";
      const read = queueRead(context, id);
      await context.sync();
      const found = read();
      if (found.newer) throw new Error(newerSetMessage(found.newer.name, found.newer.version));
      let record: ReportSet;
      if (!base) {
        if (found.set || found.parts)
          throw new Error(`A report set "${id}" is already stored: nothing was changed.`);
        record = { ...(patch as ReportSet), revision: 1 };
      } else {
        if (!found.set)
          throw new Error(
            `The report set "${base.name}" is no longer in this workbook: nothing was changed.`,
          );
        const merged = mergeOwned(SET_KIND, base, found.set, writer, patch);
        if ("refused" in merged) throw new Error(merged.refused);
        record = merged.record;
      }
      const again = queueRead(context, id);
      queueSave(context, record, found.parts);
      await context.sync();
      return repairIfOverwritten(context, { newest: found.set, writer, patch, record }, again());
    }),
  );
}

/**
 * Another runtime wrote the set between this write's read and its own (read in the same sync, before
 * ours landed): its change is put back under ours, or, where both changed one field, its set is put
 * back whole and ours refused in words.
 */
async function repairIfOverwritten(
  context: Excel.RequestContext,
  ours: { newest: ReportSet | null; writer: SetWriter; patch: Partial<ReportSet>; record: ReportSet },
  theirs: Found,
): Promise<ReportSet> {
  const them = theirs.set;
  if (!them || (ours.newest && revisionOf(them) === revisionOf(ours.newest))) return ours.record;
  const merged = ours.newest
    ? mergeOwned(SET_KIND, ours.newest, them, ours.writer, ours.patch)
    : { refused: `A report set "${them.id}" was stored meanwhile: nothing was changed.` };
  const record = "refused" in merged ? them : merged.record;
  queueSave(context, record, splitParts(JSON.stringify(ours.record)).length);
  await context.sync();
  if ("refused" in merged) throw new Error(merged.refused);
  return record;
}
