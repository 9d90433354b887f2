/**
 * The workbook's own id, so what the add-in keeps on this computer for a workbook (its held
 * function answers, the requests its pane counted) is found again when it is next opened. Kept as a
 * workbook custom property (workbook.properties.custom, ExcelApi 1.7): `AdsAnalytics.WorkbookId` =
 * `v1:<random id>`. Made the first time the add-in asks, so a workbook closed without saving after
 * that gets a new one next time. Not a secret, and nothing else: never the key.
 */
import type { ExcelHost } from "./host";

export const WORKBOOK_ID_PROPERTY = "AdsAnalytics.WorkbookId";
const FORM = /^v1:[A-Za-z0-9-]{8,64}$/;
/** An id a later version wrote ("v2:…"): used as it is, never replaced (docs/stored-formats.md). */
const LATER = /^v([2-9]|\d{2,}):\S{1,250}$/;

function newId(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  return `v1:${c?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 14)}`}`;
}

/** Reads the workbook's id, making one when it has none (or a damaged one); a later version's is kept as it is. */
async function readOrMake(excel: ExcelHost): Promise<string> {
  return excel.run(async (context) => {
    const item = context.workbook.properties.custom.getItemOrNullObject(WORKBOOK_ID_PROPERTY);
    item.load("value");
    await context.sync();
    const value: unknown = item.isNullObject ? null : item.value;
    if (typeof value === "string" && (FORM.test(value) || LATER.test(value))) return value;
    const id = newId();
    context.workbook.properties.custom.add(WORKBOOK_ID_PROPERTY, id);
    await context.sync();
    return id;
  });
}

const known = new WeakMap<ExcelHost, Promise<string>>();

/** Asked once per workbook while the add-in runs; rejects when this Excel cannot keep one (then nothing is kept). */
export function workbookIdOf(excel: ExcelHost): Promise<string> {
  let id = known.get(excel);
  if (!id) {
    id = readOrMake(excel);
    // A failure is asked again next time (a workbook that was busy may answer later).
    id.catch(() => known.delete(excel));
    known.set(excel, id);
  }
  return id;
}
