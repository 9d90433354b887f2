/**
 * The store's one rule for every record kind (report definitions: recordOwners.ts; report sets:
 * src/excel/store/setStore.ts): a writer read a record at some revision (its base) and changes only fields it owns;
 * its change is laid over the newest record, one revision on. Where a field it changes was changed by
 * someone else since its base, the write is refused in words naming the field, before anything is
 * stored. Pure: src/excel/store/ reads the newest record and stores the result.
 */

/** A kind of record: who owns which field, each field and each writer in a planner's words. */
export interface RecordKind<R, W extends string> {
  /** The record as the planner calls it ('the report set "Shows"'). */
  what: (record: R) => string;
  owns: Record<W, readonly (keyof R)[]>;
  fieldWords: Partial<Record<keyof R, string>>;
  doing: Record<W, string>;
  /** Who else writes it, in a refusal ("another pane, window or run", the default). */
  elsewhere?: string;
}

/** The revision a record was stored at (0 before revisions were stored). */
export const revisionOf = (rec: { revision?: number }): number => rec.revision ?? 0;

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** `patch` (by `writer`, who read `base`) laid over `newest`, one revision on; or why it is refused. */
export function mergeOwned<R extends { revision?: number }, W extends string>(
  kind: RecordKind<R, W>,
  base: R,
  newest: R,
  writer: W,
  patch: Partial<R>,
): { record: R } | { refused: string } {
  const fields = Object.keys(patch) as (keyof R)[];
  const words = (fs: readonly (keyof R)[]) =>
    [...new Set(fs.map((f) => kind.fieldWords[f] ?? "a field the add-in keeps"))].join(", ");
  const foreign = fields.filter((f) => !kind.owns[writer].includes(f));
  if (foreign.length)
    return {
      refused: `${kind.doing[writer]} may not change ${words(foreign)} of ${kind.what(newest)}: nothing was changed`,
    };
  if (revisionOf(newest) !== revisionOf(base)) {
    const taken = fields.filter((f) => !same(newest[f], base[f]) && !same(newest[f], patch[f]));
    if (taken.length)
      return {
        refused: `${words(taken)} of ${kind.what(newest)} changed elsewhere (${kind.elsewhere ?? "another pane, window or run"}) while ${kind.doing[writer]} was under way: ${kind.doing[writer]} was not saved and nothing was changed; look again and choose once more`,
      };
  }
  return { record: { ...newest, ...patch, revision: revisionOf(newest) + 1 } };
}
