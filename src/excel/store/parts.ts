/**
 * How every record the workbook keeps is laid out in custom properties: its JSON split into parts of
 * 250 characters (a custom property value holds at most 255: docs/excel-fidelity.md), `<prefix>.0` …
 * `<prefix>.{n-1}`, and a count saying how many. The one place records are split and joined.
 */

export const PART_LENGTH = 250;

/** The JSON in parts of PART_LENGTH characters (one empty part for an empty text). */
export function splitParts(json: string): string[] {
  const parts: string[] = [];
  for (let i = 0; i < json.length; i += PART_LENGTH) parts.push(json.slice(i, i + PART_LENGTH));
  return parts.length ? parts : [""];
}

/** The parts a JSON takes. */
export const partsOf = (json: string): number => splitParts(json).length;

/** `n` parts `<prefix>.0` … joined from loaded properties (a missing part reads as ""). */
export function joinParts(props: ReadonlyMap<string, string>, prefix: string, n: number): string {
  return Array.from({ length: n }, (_, i) => props.get(`${prefix}.${i}`) ?? "").join("");
}

/** A record's count (`<prefix>.n`) and its joined JSON; null where there is no whole count. */
export function joinCounted(
  props: ReadonlyMap<string, string>,
  prefix: string,
): { json: string; parts: number } | null {
  const n = Number(props.get(`${prefix}.n`));
  if (!Number.isInteger(n) || n < 1) return null;
  return { json: joinParts(props, prefix, n), parts: n };
}

/** Loaded custom properties by key. */
export const propertyMap = (items: readonly { key: string; value: unknown }[]): Map<string, string> =>
  new Map(items.map((p) => [p.key, String(p.value)]));

/** The custom properties a record is written to: a worksheet's or the workbook's (they share these calls). */
export interface PropertyTarget {
  add(key: string, value: string): unknown;
  getItemOrNullObject(key: string): { delete(): void };
}

/**
 * Queues a record's parts and then its count (so a record is whole or absent: a reader finds the
 * count only once every part is there), deleting parts a longer earlier record left. Returns the parts.
 */
export function queueCounted(
  props: PropertyTarget,
  prefix: string,
  json: string,
  previousParts: number,
): number {
  const parts = splitParts(json);
  parts.forEach((p, i) => props.add(`${prefix}.${i}`, p));
  for (let i = parts.length; i < previousParts; i++) props.getItemOrNullObject(`${prefix}.${i}`).delete();
  props.add(`${prefix}.n`, String(parts.length));
  return parts.length;
}

/** Queues the removal of a counted record: its count first, so a half-removed record reads as none. */
export function queueDropCounted(props: PropertyTarget, prefix: string, parts: number): void {
  props.getItemOrNullObject(`${prefix}.n`).delete();
  for (let i = 0; i < parts; i++) props.getItemOrNullObject(`${prefix}.${i}`).delete();
}
