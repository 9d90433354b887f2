/**
 * Report sets' records as stored in the workbook's custom properties (`AdsSet.<id>.n`, `AdsSet.<id>.0…`:
 * a set's JSON in parts, parts.ts), read from the loaded properties: the one reading of sets, for the
 * store's batched read (readAll.ts), the sets' list and their writes (setStore.ts).
 */
import { readStoredSet, type ReportSet } from "../../reports/reportSet";
import { joinCounted, propertyMap } from "./parts";

export const SET_PREFIX = "AdsSet.";

/** A set as listed: today's, or one a later version stored (shown, never run or overwritten). */
export type ListedSet =
  { state: "current"; set: ReportSet } | { state: "newer"; id: string; name: string; version: number };

/** A stored set's JSON and parts, by its id, from loaded custom properties; null when there is none. */
export function setJson(
  props: ReadonlyMap<string, string>,
  id: string,
): { json: string; parts: number } | null {
  return joinCounted(props, `${SET_PREFIX}${id}`);
}

/** Every stored set's JSON, by id, from the workbook's loaded custom properties. */
export function setJsons(items: readonly { key: string; value: unknown }[]): Map<string, string> {
  const props = propertyMap(items);
  const out = new Map<string, string>();
  for (const key of props.keys()) {
    const m = /^AdsSet\.([A-Za-z0-9_]+)\.n$/.exec(key);
    const joined = m ? setJson(props, m[1]) : null;
    if (m && joined) out.set(m[1], joined.json);
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
