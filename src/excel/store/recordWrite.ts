/**
 * The store's one write, for every kind of record the workbook keeps (reports, sets, the Dashboard,
 * campaign holds, the workbook's id): the writer says which record it read (its base, null for a new
 * one) and what it changes; in this runtime's turn, the newest record is read, a later version's is
 * refused, the change is merged by the kind's rule (its owners and words) or refused in words, the
 * record is saved one revision on, and read again in the same sync, before the save landed: a record
 * another runtime wrote in between is merged with ours again, or put back whole and ours refused.
 */
import type { ExcelHost } from "../host";
import { revisionOf } from "../../reports/ownedMerge";
import { withStoreTurn } from "./turns";

/** What a read of a record found: the record (null when there is none), its parts, and where it is. */
export interface Found<R, P> {
  record: R | null;
  parts: number;
  /** Where the record is (its sheet, its status cell…); null when the place is gone. */
  place: P | null;
  /** A later version's record is there: why nothing may overwrite it. */
  newer?: string;
}

/** How a writer's change meets the newest record. */
type Merged<R> = { record: R } | { refused: string } | "give way";

/** A kind of record as the store keeps it. */
export interface StoredKind<R extends { revision?: number }, W extends string, At> {
  /** The change laid over the newest record, one revision on, or refused (or given way) by the kind's rule. */
  merge(base: R, newest: R, writer: W, patch: Partial<R>): Merged<R>;
  /** Queues the loads that find the record of `at`; after the sync, what was found. */
  queueRead(context: Excel.RequestContext, at: At): () => Found<R, unknown>;
  /** Queues the record's save at `place` (and what is saved with it); returns the record as stored. */
  queueSave(
    context: Excel.RequestContext,
    place: unknown,
    record: R,
    previousParts: number,
    /** Other records whose writes the place may show (the one read, one another runtime wrote). */
    others: readonly R[],
  ): R;
  /** Why a change of a record that is gone (its place, or the record there) was not made. */
  missing(at: At, found: Found<R, unknown>): string;
  /** Why a new record was not made where one (`there`, when readable) is already stored. */
  taken(at: At, there: R | null): string;
  /** A new record stored meanwhile by another runtime: taken as ours (the workbook's id), else refused. */
  adoptTheirs?: boolean;
}

/** One write: the record of `at`, read by the writer as `base` (null: a new record), changed by `patch`. */
export interface RecordChange<R, W, At> {
  at: At;
  base: R | null;
  writer: W;
  patch: Partial<R>;
}

type Planned<R> = { error: Error } | { kept: R } | { record: R; found: Found<R, unknown> };

/** The change merged into what was found: the record to save, or why not. */
function planChange<R extends { revision?: number }, W extends string, At>(
  kind: StoredKind<R, W, At>,
  change: RecordChange<R, W, At>,
  found: Found<R, unknown>,
): Planned<R> {
  if (found.newer !== undefined) return { error: new Error(found.newer) };
  if (!change.base) {
    if (found.record && kind.adoptTheirs) return { kept: found.record };
    if (found.record || found.parts) return { error: new Error(kind.taken(change.at, found.record)) };
    if (!found.place) return { error: new Error(kind.missing(change.at, found)) };
    return { record: { ...(change.patch as R), revision: 1 }, found };
  }
  if (!found.record || !found.place) return { error: new Error(kind.missing(change.at, found)) };
  const merged = kind.merge(change.base, found.record, change.writer, change.patch);
  if (merged === "give way") return { kept: found.record };
  if ("refused" in merged) return { error: new Error(merged.refused) };
  return { record: merged.record, found };
}

/**
 * After the sync that saved `stored`: the record as read just before the save landed (`again`) was
 * written by another runtime since ours was read: the repair to queue (theirs merged with ours, or
 * theirs put back and ours refused), or null when there is nothing to repair.
 */
function repairOf<R extends { revision?: number }, W extends string, At>(
  kind: StoredKind<R, W, At>,
  change: RecordChange<R, W, At>,
  found: Found<R, unknown>,
  again: Found<R, unknown>,
): { record: R; refused?: string } | null {
  const theirs = again.record;
  if (!theirs) return null;
  if (found.record && revisionOf(theirs) === revisionOf(found.record)) return null;
  if (!found.record) {
    if (kind.adoptTheirs) return { record: theirs };
    return { record: theirs, refused: kind.taken(change.at, theirs) };
  }
  const merged = kind.merge(found.record, theirs, change.writer, change.patch);
  if (merged === "give way") return { record: theirs };
  if ("refused" in merged) return { record: theirs, refused: merged.refused };
  return { record: merged.record };
}

/**
 * Queues a write into a sync the caller makes (a refresh's last sync, so its data and its record land
 * together): `found` is the record read earlier in the caller's run. Returns the record as it will be
 * stored and the check to run once that sync is done, which repairs a write another runtime made in
 * between (one more read and sync, only then).
 */
export function queueWrite<R extends { revision?: number }, W extends string, At>(
  context: Excel.RequestContext,
  kind: StoredKind<R, W, At>,
  change: RecordChange<R, W, At>,
  found: Found<R, unknown>,
  record: R,
): { stored: R; check: () => Promise<R> } {
  const again = kind.queueRead(context, change.at);
  const stored = kind.queueSave(
    context,
    found.place,
    record,
    found.parts,
    found.record ? [found.record] : [],
  );
  return {
    stored,
    check: async () => {
      const theirs = again();
      const repair = repairOf(kind, change, found, theirs);
      if (!repair) return stored;
      // The place as it is now (our save landed there), then theirs merged with ours, or theirs back.
      const now = kind.queueRead(context, change.at);
      await context.sync();
      const place = now();
      kind.queueSave(context, place.place, repair.record, place.parts, [theirs.record!, stored]);
      await context.sync();
      if (repair.refused) throw new Error(repair.refused);
      return repair.record;
    },
  };
}

/**
 * One change merged into a record read earlier in the caller's run (`found`) and queued into the
 * caller's next sync: the record as it will be stored and the check to run after that sync. Throws
 * the refusal in words, before anything is queued.
 */
export function queueChange<R extends { revision?: number }, W extends string, At>(
  context: Excel.RequestContext,
  kind: StoredKind<R, W, At>,
  change: RecordChange<R, W, At>,
  found: Found<R, unknown>,
): { stored: R; check: () => Promise<R> } {
  const planned = planChange(kind, change, found);
  if ("error" in planned) throw planned.error;
  if ("kept" in planned) return { stored: planned.kept, check: async () => planned.kept };
  return queueWrite(context, kind, change, planned.found, planned.record);
}

/**
 * Writes several records of one kind in two syncs whatever their number (read; save, read again
 * before it lands), one more where another runtime wrote one in between. Returns each record as
 * stored, or why it was not.
 */
export function writeRecords<R extends { revision?: number }, W extends string, At>(
  excel: ExcelHost,
  kind: StoredKind<R, W, At>,
  changes: readonly RecordChange<R, W, At>[],
): Promise<(R | Error)[]> {
  return withStoreTurn(() =>
    excel.run(async (context) => {
      const reads = changes.map((c) => kind.queueRead(context, c.at));
      await context.sync();
      const planned = changes.map((c, i) => planChange(kind, c, reads[i]()));
      const queued = planned.map((p, i) =>
        "record" in p ? queueWrite(context, kind, changes[i], p.found, p.record) : null,
      );
      if (queued.some(Boolean)) await context.sync();
      const out: (R | Error)[] = [];
      for (const [i, p] of planned.entries()) {
        if ("error" in p) out.push(p.error);
        else if ("kept" in p) out.push(p.kept);
        else
          out.push(
            await queued[i]!.check().catch((e: unknown) => (e instanceof Error ? e : new Error(String(e)))),
          );
      }
      return out;
    }),
  );
}

/** One record written (writeRecords): the record as stored, or the refusal thrown. */
export async function writeRecord<R extends { revision?: number }, W extends string, At>(
  excel: ExcelHost,
  kind: StoredKind<R, W, At>,
  change: RecordChange<R, W, At>,
): Promise<R> {
  const [result] = await writeRecords(excel, kind, [change]);
  if (result instanceof Error) throw result;
  return result;
}
