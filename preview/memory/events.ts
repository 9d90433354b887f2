/**
 * Excel's change events, raised by the in-memory host as Excel raises them (docs/excel-fidelity.md,
 * "Events"): `Worksheet.onChanged` when cells are edited (typed, cleared, or written by an add-in),
 * `Worksheet.onCalculated` when formula cells of a sheet were calculated. The add-in registers through
 * the genuine office.js client: office.js sends `_RegisterDataChangedEvent` / `_RegisterCalculatedEvent`
 * on the worksheet (classes/worksheet.ts answers them here), then waits for RichApi messages of the
 * event category, which the host delivers, never synchronously, into office.js's own message handler
 * (officeJs.ts `deliverRichApiMessage`), where office.js's own argument transforms make the event.
 * Only sheets with a registration are told, as Excel tells only registered handlers.
 */
import { rectAddress, type Rect } from "./address";

/** office.js's event types (excel-web-16.00.debug.js: Worksheet.onChanged 10, onCalculated 16). */
export const WORKSHEET_CHANGED = 10;
export const WORKSHEET_CALCULATED = 16;
/** office.js's category of an event message (Constants.eventMessageCategory). */
const EVENT_CATEGORY = 65536;

export interface RichApiMessage {
  entries: { messageCategory: number; messageType: number; targetId: string; message: string }[];
}

/** Where the host's messages go: office.js's handler (set by officeJs.ts once office.js is loaded). */
let deliver: ((message: RichApiMessage) => void) | undefined;
export function setEventDelivery(d: (message: RichApiMessage) => void): void {
  deliver = d;
}

const bounds = (a: Rect, b: Rect): Rect => {
  const row = Math.min(a.row, b.row);
  const col = Math.min(a.col, b.col);
  return {
    row,
    col,
    rows: Math.max(a.row + a.rows, b.row + b.rows) - row,
    cols: Math.max(a.col + a.cols, b.col + b.cols) - col,
  };
};

export type ChangeSource = "user" | "addin";

export class HostEvents {
  private readonly registered = new Set<string>();
  private pending: { type: number; sheetId: string; rect: Rect; source: ChangeSource }[] = [];
  private scheduled = false;

  register(type: number, sheetId: string): void {
    this.registered.add(`${type}|${sheetId}`);
  }

  unregister(type: number, sheetId: string): void {
    this.registered.delete(`${type}|${sheetId}`);
  }

  private wanted(type: number, sheetId: string): boolean {
    return this.registered.has(`${type}|${sheetId}`);
  }

  /** Cells of a sheet were edited (a person typed or cleared them, or an add-in wrote them). */
  changed(sheetId: string, rect: Rect, source: ChangeSource): void {
    if (this.wanted(WORKSHEET_CHANGED, sheetId))
      this.queue({ type: WORKSHEET_CHANGED, sheetId, rect, source });
  }

  /** Formula cells of a sheet were calculated: one event a sheet, over the cells calculated. */
  calculated(sheetId: string, rect: Rect): void {
    if (!this.wanted(WORKSHEET_CALCULATED, sheetId)) return;
    const same = this.pending.find((p) => p.type === WORKSHEET_CALCULATED && p.sheetId === sheetId);
    if (same) same.rect = bounds(same.rect, rect);
    else this.queue({ type: WORKSHEET_CALCULATED, sheetId, rect, source: "user" });
  }

  private queue(event: (typeof this.pending)[number]): void {
    this.pending.push(event);
    if (this.scheduled) return;
    this.scheduled = true;
    // As Excel: the events arrive after the edit, never inside the call that made it.
    setTimeout(() => this.flush(), 0);
  }

  private flush(): void {
    this.scheduled = false;
    const events = this.pending;
    this.pending = [];
    if (!deliver || events.length === 0) return;
    deliver({
      entries: events.map((e) => ({
        messageCategory: EVENT_CATEGORY,
        messageType: e.type,
        targetId: e.sheetId,
        message: JSON.stringify(
          e.type === WORKSHEET_CHANGED
            ? {
                address: rectAddress(e.rect),
                changeType: "RangeEdited",
                source: "Local",
                worksheetId: e.sheetId,
                shiftDirection: "None",
                triggerSource: e.source === "addin" ? "ThisLocalAddin" : "Unknown",
              }
            : { address: rectAddress(e.rect), worksheetId: e.sheetId },
        ),
      })),
    });
  }
}
