/**
 * The workbook's own id, so what the add-in keeps on this computer for a workbook (its held
 * function answers, the requests its pane counted) is found again when it is next opened. Kept as a
 * workbook custom property (workbook.properties.custom, ExcelApi 1.7): `AdsAnalytics.WorkbookId` =
 * `v1:<random id>`, its revision beside it (`AdsAnalytics.WorkbookId.rev`). Made through the store's
 * one write the first time the add-in asks: two runtimes asking at once keep one id (the later finds
 * the earlier's and takes it). A workbook closed without saving after that gets a new one next time.
 * Not a secret, and nothing else: never the key.
 */
import type { ExcelHost } from "../host";
import { writeRecord, type StoredKind } from "./recordWrite";

export const WORKBOOK_ID_PROPERTY = "AdsAnalytics.WorkbookId";
const REVISION_PROPERTY = `${WORKBOOK_ID_PROPERTY}.rev`;
const FORM = /^v1:[A-Za-z0-9-]{8,64}$/;
/** An id a later version wrote ("v2:…"): used as it is, never replaced (docs/stored-formats.md). */
const LATER = /^v([2-9]|\d{2,}):\S{1,250}$/;

interface WorkbookIdRecord {
  id: string;
  revision?: number;
}

function newId(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  return `v1:${c?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 14)}`}`;
}

/** The id as the store keeps it: made once (a damaged one is made again), another runtime's taken. */
const WORKBOOK_ID: StoredKind<WorkbookIdRecord, "add-in", null> = {
  merge: (_base, newest) => ({ record: newest }),
  queueRead(context) {
    const custom = context.workbook.properties.custom;
    const item = custom.getItemOrNullObject(WORKBOOK_ID_PROPERTY);
    item.load("value");
    const rev = custom.getItemOrNullObject(REVISION_PROPERTY);
    rev.load("value");
    // Read once the caller has synced (recordWrite.ts).
    return () => {
      // eslint-disable-next-line office-addins/call-sync-before-read, office-addins/call-sync-after-load
      const value: unknown = item.isNullObject ? null : item.value;
      const valid = typeof value === "string" && (FORM.test(value) || LATER.test(value));
      // eslint-disable-next-line office-addins/call-sync-before-read, office-addins/call-sync-after-load
      const revision = rev.isNullObject ? 0 : Number(rev.value) || 0;
      return { record: valid ? { id: value, revision } : null, parts: 0, place: custom };
    };
  },
  queueSave(_context, place, record) {
    const custom = place as Excel.CustomPropertyCollection;
    custom.add(WORKBOOK_ID_PROPERTY, record.id);
    custom.add(REVISION_PROPERTY, String(record.revision ?? 1));
    return record;
  },
  missing: () => "The workbook's properties cannot be read: no id is kept.",
  taken: () => "The workbook already has an id.",
  adoptTheirs: true,
};

/** Reads the workbook's id, making one when it has none (or a damaged one); a later version's is kept as it is. */
async function readOrMake(excel: ExcelHost): Promise<string> {
  const record = await writeRecord(excel, WORKBOOK_ID, {
    at: null,
    base: null,
    writer: "add-in",
    patch: { id: newId() },
  });
  return record.id;
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
