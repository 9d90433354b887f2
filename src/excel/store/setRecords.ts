/**
 * Report sets' records as stored in the workbook's custom properties (`AdsSet.<id>.n`, `AdsSet.<id>.0…`:
 * a set's JSON in 250-character parts), read from the loaded properties. Shared by the store's batched
 * read (reportStore.ts, readWorkbook) and the sets' own reads and writes (reportSets.ts).
 */
import { readStoredSet, type ReportSet } from "../reports/reportSet";

export const SET_PREFIX = "AdsSet.";

/** A set as listed: today's, or one a later version stored (shown, never run or overwritten). */
export type ListedSet =
  { state: "current"; set: ReportSet } | { state: "newer"; id: string; name: string; version: number };

/** Every stored set's JSON, by id, from the workbook's loaded custom properties. */
export function setJsons(items: readonly { key: string; value: unknown }[]): Map<string, string> {
  const props = new Map(items.map((p) => [p.key, String(p.value)]));
  const out = new Map<string, string>();
  for (const [key, count] of props) {
    const m = /^AdsSet\.([A-Za-z0-9_]+)\.n$/.exec(key);
    const n = Number(count);
    if (!m || !Number.isInteger(n) || n < 1) continue;
    out.set(m[1], Array.from({ length: n }, (_, i) => props.get(`${SET_PREFIX}${m[1]}.${i}`) ?? "").join(""));
  }
  return out;
}

/** A stored set's JSON as read (an unreadable one as such). */
export const parsedSet = (json: string) => {
  try {
    return readStoredSet(JSON.parse(json));
  } catch {
    return readStoredSet(null);
  }
};

/** Every readable set among the stored ones. */
export function listedSets(jsons: ReadonlyMap<string, string>): ListedSet[] {
  return [...jsons].flatMap(([id, json]): ListedSet[] => {
    const read = parsedSet(json);
    if (read.state === "current") return [{ state: "current", set: read.set }];
    return read.state === "newer"
      ? [{ state: "newer", id, name: read.name || id, version: read.version }]
      : [];
  });
}
