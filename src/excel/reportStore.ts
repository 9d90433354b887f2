/**
 * Where report definitions live: on their own worksheet, as custom properties, so the definition
 * travels with the sheet (copy, move, save). The JSON is split into 250-character parts because a
 * custom property value is limited (we assume 255 characters, the documented limit for document
 * properties). Keys: AdsReport.n (number of parts) and AdsReport.0 … AdsReport.{n-1}.
 */
import { BOUND_DEFINITION_VERSION, definitionSchema, type ReportDefinition } from "../reports/definition";
import { newerMessage, readStoredDefinition } from "../reports/definitionVersions";
import type { ExcelHost } from "./host";

/**
 * A definition as read from its sheet: today's shape, and where it came from when it was stored by
 * an earlier version (what the next refresh assumes) or a later one (read-only). `origin` is never stored.
 */
export type StoredReport = ReportDefinition & {
  origin?: { from: string; assumptions: string[] } | { newer: number };
};

/** The later version a definition was stored by, if it was: then nothing may refresh, edit or overwrite it. */
export const newerVersionOf = (def: StoredReport): number | undefined =>
  def.origin && "newer" in def.origin ? def.origin.newer : undefined;

const PROPERTY_PREFIX = "AdsReport";
export const PART_LENGTH = 250;

export function splitParts(json: string): string[] {
  const parts: string[] = [];
  for (let i = 0; i < json.length; i += PART_LENGTH) parts.push(json.slice(i, i + PART_LENGTH));
  return parts.length ? parts : [""];
}

/**
 * The definition as stored: version 2, or version 3 when a parameter is bound to a cell (an add-in
 * that reads up to version 2 then lists the sheet read-only instead of refreshing it without its cells).
 */
export function storedJson(def: ReportDefinition): string {
  const parsed = definitionSchema.parse(def);
  return JSON.stringify(parsed.bindings?.length ? { ...parsed, version: BOUND_DEFINITION_VERSION } : parsed);
}

/** Writes the definition's properties on a worksheet (queued; the caller syncs). */
export function queueSaveDefinition(sheet: Excel.Worksheet, def: ReportDefinition, previousParts = 0): void {
  const parts = splitParts(storedJson(def));
  parts.forEach((p, i) => sheet.customProperties.add(`${PROPERTY_PREFIX}.${i}`, p));
  for (let i = parts.length; i < previousParts; i++)
    sheet.customProperties.getItemOrNullObject(`${PROPERTY_PREFIX}.${i}`).delete();
  sheet.customProperties.add(`${PROPERTY_PREFIX}.n`, String(parts.length));
}

/** Reads a definition from a worksheet's loaded custom properties; null when the sheet is no report, or unreadable. */
function definitionFromProperties(items: readonly { key: string; value: string }[]): {
  def: StoredReport | null;
  parts: number;
  /** A later version's definition is there (whether or not it could be read). */
  newer?: number;
} {
  const map = new Map(items.map((p) => [p.key, p.value]));
  const n = Number(map.get(`${PROPERTY_PREFIX}.n`));
  if (!Number.isInteger(n) || n < 1) return { def: null, parts: 0 };
  const json = Array.from({ length: n }, (_, i) => map.get(`${PROPERTY_PREFIX}.${i}`) ?? "").join("");
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { def: null, parts: n };
  }
  const stored = readStoredDefinition(raw);
  switch (stored.state) {
    case "unreadable":
      return { def: null, parts: n };
    case "current":
      return { def: stored.def, parts: n };
    case "migrated":
      return {
        def: { ...stored.def, origin: { from: stored.from, assumptions: stored.assumptions } },
        parts: n,
      };
    case "newer":
      return { def: { ...stored.def, origin: { newer: stored.version } }, parts: n, newer: stored.version };
  }
}

export async function saveDefinition(excel: ExcelHost, def: ReportDefinition): Promise<void> {
  await excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(def.sheetName);
    // customProperties is a navigation property: it needs no load of its own.
    // eslint-disable-next-line office-addins/call-sync-before-read, office-addins/load-object-before-read
    const props = sheet.customProperties;
    props.load("items/key,items/value");
    await context.sync();
    const { parts, newer } = definitionFromProperties(props.items);
    // A later version's definition is never overwritten.
    if (newer !== undefined) throw new Error(newerMessage(newer));
    queueSaveDefinition(sheet, def, parts);
    await context.sync();
  });
}

export async function readDefinition(excel: ExcelHost, sheetName: string): Promise<StoredReport | null> {
  return excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItemOrNullObject(sheetName);
    await context.sync();
    if (sheet.isNullObject) return null;
    sheet.customProperties.load("items/key,items/value");
    await context.sync();
    const { def } = definitionFromProperties(sheet.customProperties.items);
    // The sheet may have been renamed since: its current name wins.
    return def ? { ...def, sheetName } : null;
  });
}

/** Every report sheet of the workbook, in sheet order. */
export async function listDefinitions(excel: ExcelHost): Promise<StoredReport[]> {
  return excel.run(async (context) => {
    const sheets = context.workbook.worksheets;
    sheets.load("items/name");
    await context.sync();
    const props = sheets.items.map((s) => {
      s.customProperties.load("items/key,items/value");
      return s;
    });
    await context.sync();
    const defs: StoredReport[] = [];
    for (const s of props) {
      const { def } = definitionFromProperties(s.customProperties.items);
      if (def) defs.push({ ...def, sheetName: s.name });
    }
    return defs;
  });
}

/** Forgets a sheet's definition: the data stays, it just stops being a refreshable report. */
export async function removeDefinition(excel: ExcelHost, sheetName: string): Promise<void> {
  await excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    // customProperties is a navigation property: it needs no load of its own.
    // eslint-disable-next-line office-addins/call-sync-before-read, office-addins/load-object-before-read
    const props = sheet.customProperties;
    props.load("items/key,items/value");
    await context.sync();
    for (const p of props.items) {
      if (p.key.startsWith(`${PROPERTY_PREFIX}.`)) sheet.customProperties.getItemOrNullObject(p.key).delete();
    }
    await context.sync();
  });
}
