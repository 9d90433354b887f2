/** Worksheets: the collection, a worksheet (name, position, visibility, ranges, freeze panes) and its custom properties. */
import { MAX_COLS, MAX_ROWS, parseAddress } from "../../address";
import { officeError, type SheetData } from "../../model";
import type { Batch } from "../batch";
import { WORKSHEET_CALCULATED, WORKSHEET_CHANGED } from "../../events";
import { defineClass, hostObject, invalidArgument, objectOf } from "../hostClass";
import { rangeObject, sheetOf, tableCollection, worksheetObject, type SheetRef } from "./lookup";

function byNameOrId(b: Batch, key: unknown): SheetData | undefined {
  const k = String(key);
  return b.model.sheetByName(k) ?? b.model.sheetById(k);
}

defineClass<null>("WorksheetCollection", {
  items: (_d, b) => b.model.sheets.map(worksheetObject),
  indexer: (_d, key, b) => {
    const s = byNameOrId(b, key);
    if (!s) throw officeError("ItemNotFound", `The worksheet "${String(key)}" does not exist`);
    return worksheetObject(s);
  },
  methods: {
    Add: (_d, [name], b) =>
      worksheetObject(b.model.addSheet(name === null || name === undefined ? undefined : String(name))),
    GetItemOrNullObject: (_d, [key], b) => {
      const s = byNameOrId(b, key);
      return s ? worksheetObject(s) : null;
    },
    GetActiveWorksheet: (_d, _a, b) => {
      const s = b.model.sheetById(b.model.activeSheetId ?? "");
      if (!s) throw officeError("ItemNotFound", "There is no active worksheet");
      return worksheetObject(s);
    },
    GetCount: (_d, _a, b) => b.model.sheets.length,
  },
});

const position = (b: Batch, s: SheetData) => b.model.sheets.indexOf(s);

defineClass<SheetRef>("Worksheet", {
  id: (w) => w.sheetId,
  props: {
    Name: {
      get: (w, b) => sheetOf(b, w.sheetId).name,
      /** Excel's sheet naming rules (names.ts), unique across the workbook; references follow the new name. */
      set: (w, v, b) => {
        b.model.renameSheet(sheetOf(b, w.sheetId), String(v));
      },
    },
    Id: { get: (w, b) => sheetOf(b, w.sheetId).id },
    Position: {
      get: (w, b) => position(b, sheetOf(b, w.sheetId)),
      set: (w, p, b) => {
        const s = sheetOf(b, w.sheetId);
        const list = b.model.sheets.filter((x) => x !== s);
        list.splice(Math.max(0, Math.min(Number(p), list.length)), 0, s);
        b.model.sheets = list;
      },
    },
    Visibility: {
      get: (w, b) => sheetOf(b, w.sheetId).visibility,
      set: (w, v, b) => {
        const s = sheetOf(b, w.sheetId);
        if (!["Visible", "Hidden", "VeryHidden"].includes(String(v)))
          throw invalidArgument(`"${String(v)}" is not a sheet visibility`);
        if (v !== "Visible" && b.model.activeSheetId === s.id) {
          const other = b.model.sheets.find((x) => x !== s && x.visibility === "Visible");
          if (!other)
            throw officeError("InvalidOperation", "A workbook must keep at least one visible sheet");
          b.model.activeSheetId = other.id;
        }
        s.visibility = v as SheetData["visibility"];
      },
    },
  },
  nav: {
    CustomProperties: (w) => hostObject(CustomPropertyCollection, w),
    Tables: (w, b) => tableCollection({ sheetId: sheetOf(b, w.sheetId).id }),
    Charts: (w, b) => objectOf("ChartCollection", { sheetId: sheetOf(b, w.sheetId).id } satisfies SheetRef),
    FreezePanes: (w) => hostObject(FreezePanes, w),
    PageLayout: (w) => hostObject(PageLayout, w),
  },
  methods: {
    Activate: (w, _a, b) => {
      const s = sheetOf(b, w.sheetId);
      if (s.visibility !== "Visible")
        throw officeError("InvalidOperation", "A hidden sheet cannot be activated");
      b.model.activeSheetId = s.id;
    },
    Delete: (w, _a, b) => b.model.deleteSheet(sheetOf(b, w.sheetId)),
    GetRange: (w, [address], b) => {
      const s = sheetOf(b, w.sheetId);
      if (address === undefined || address === null || address === "")
        return rangeObject(s.id, { row: 0, col: 0, rows: MAX_ROWS, cols: MAX_COLS });
      const parsed = parseAddress(String(address));
      if (parsed.sheet && b.model.sheetByName(parsed.sheet) !== s)
        throw invalidArgument(`"${String(address)}" is not an address on the worksheet "${s.name}"`);
      return rangeObject(s.id, parsed.rect);
    },
    GetRangeByIndexes: (w, [row, col, rows, cols], b) =>
      rangeObject(sheetOf(b, w.sheetId).id, {
        row: Number(row),
        col: Number(col),
        rows: Number(rows),
        cols: Number(cols),
      }),
    GetCell: (w, [row, col], b) =>
      rangeObject(sheetOf(b, w.sheetId).id, { row: Number(row), col: Number(col), rows: 1, cols: 1 }),
    GetUsedRange: (w, [valuesOnly], b) => {
      const s = sheetOf(b, w.sheetId);
      return rangeObject(
        s.id,
        b.model.usedRect(s, valuesOnly === true) ?? { row: 0, col: 0, rows: 1, cols: 1 },
      );
    },
    // Excel's change events (events.ts): office.js registers a sheet's handlers with these.
    _RegisterDataChangedEvent: (w, _a, b) =>
      b.host.events?.register(WORKSHEET_CHANGED, sheetOf(b, w.sheetId).id),
    _UnregisterDataChangedEvent: (w, _a, b) =>
      b.host.events?.unregister(WORKSHEET_CHANGED, sheetOf(b, w.sheetId).id),
    _RegisterCalculatedEvent: (w, _a, b) =>
      b.host.events?.register(WORKSHEET_CALCULATED, sheetOf(b, w.sheetId).id),
    _UnregisterCalculatedEvent: (w, _a, b) =>
      b.host.events?.unregister(WORKSHEET_CALCULATED, sheetOf(b, w.sheetId).id),
    GetUsedRangeOrNullObject: (w, [valuesOnly], b) => {
      const s = sheetOf(b, w.sheetId);
      const used = b.model.usedRect(s, valuesOnly === true);
      return used ? rangeObject(s.id, used) : null;
    },
  },
});

/** Page setup: orientation, zoom (a scale of 10–400 %, or fit to pages) and the print area. */
const PageLayout = defineClass<SheetRef>("PageLayout", {
  props: {
    Orientation: {
      get: (w, b) => sheetOf(b, w.sheetId).pageLayout.orientation,
      set: (w, v, b) => {
        if (v !== "Portrait" && v !== "Landscape")
          throw invalidArgument(`"${String(v)}" is not a page orientation (Portrait, Landscape)`);
        sheetOf(b, w.sheetId).pageLayout.orientation = v;
      },
    },
    Zoom: {
      get: (w, b) => ({ ...sheetOf(b, w.sheetId).pageLayout.zoom }),
      set: (w, v, b) => {
        const z = (v ?? {}) as Record<string, unknown>;
        const whole = (x: unknown, lo: number, hi: number) =>
          x === undefined || (typeof x === "number" && Number.isInteger(x) && x >= lo && x <= hi);
        if (
          !whole(z.scale, 10, 400) ||
          !whole(z.horizontalFitToPages, 0, 32767) ||
          !whole(z.verticalFitToPages, 0, 32767)
        )
          throw invalidArgument("The zoom is a scale of 10–400 or a whole number of pages");
        sheetOf(b, w.sheetId).pageLayout.zoom = {
          scale: z.scale as number | undefined,
          horizontalFitToPages: z.horizontalFitToPages as number | undefined,
          verticalFitToPages: z.verticalFitToPages as number | undefined,
        };
      },
    },
  },
  methods: {
    SetPrintArea: (w, [area], b) => {
      const s = sheetOf(b, w.sheetId);
      const address = String(area);
      parseAddress(address);
      s.pageLayout.printArea = address;
    },
  },
});

const FreezePanes = defineClass<SheetRef>("WorksheetFreezePanes", {
  methods: {
    FreezeRows: (w, [n], b) => void (sheetOf(b, w.sheetId).freezeRows = Number(n ?? 1)),
    Unfreeze: (w, _a, b) => void (sheetOf(b, w.sheetId).freezeRows = 0),
  },
});

/**
 * Worksheet custom properties: keys of 1–255 characters, case-insensitive. The value limit is not
 * documented for worksheet properties; the host takes the 255 characters documented for workbook
 * custom properties outside Excel on the web (the stricter reading).
 */
const CUSTOM_PROPERTY_VALUE_LIMIT = 255;

interface PropertyRef {
  sheetId: string;
  key: string;
}

const findKey = (s: SheetData, key: string) =>
  [...s.properties.keys()].find((k) => k.toLowerCase() === key.toLowerCase());

function property(b: Batch, p: PropertyRef): { sheet: SheetData; key: string } {
  const sheet = sheetOf(b, p.sheetId);
  const key = findKey(sheet, p.key);
  if (key === undefined) throw officeError("ItemNotFound", `The custom property "${p.key}" does not exist`);
  return { sheet, key };
}

const propertyObject = (sheetId: string, key: string) => hostObject(CustomProperty, { sheetId, key });

const CustomPropertyCollection = defineClass<SheetRef>("WorksheetCustomPropertyCollection", {
  items: (w, b) => [...sheetOf(b, w.sheetId).properties.keys()].map((k) => propertyObject(w.sheetId, k)),
  indexer: (w, key, b) => {
    const k = findKey(sheetOf(b, w.sheetId), String(key));
    if (k === undefined)
      throw officeError("ItemNotFound", `The custom property "${String(key)}" does not exist`);
    return propertyObject(w.sheetId, k);
  },
  methods: {
    Add: (w, [key, value], b) => {
      const k = String(key ?? "");
      if (k.length === 0 || k.length > 255)
        throw invalidArgument("A custom property key must have 1 to 255 characters");
      if (String(value).length > CUSTOM_PROPERTY_VALUE_LIMIT)
        throw invalidArgument(
          `A custom property value can hold at most ${CUSTOM_PROPERTY_VALUE_LIMIT} characters`,
        );
      const props = sheetOf(b, w.sheetId).properties;
      const existing = [...props.keys()].find((x) => x.toLowerCase() === k.toLowerCase());
      if (existing) props.delete(existing);
      props.set(k, String(value));
      return propertyObject(w.sheetId, k);
    },
    GetItemOrNullObject: (w, [key], b) => {
      const k = findKey(sheetOf(b, w.sheetId), String(key));
      return k === undefined ? null : propertyObject(w.sheetId, k);
    },
    GetCount: (w, _a, b) => sheetOf(b, w.sheetId).properties.size,
  },
});

const CustomProperty = defineClass<PropertyRef>("WorksheetCustomProperty", {
  id: (p) => p.key,
  props: {
    Key: { get: (p, b) => property(b, p).key },
    Value: {
      get: (p, b) => {
        const { sheet, key } = property(b, p);
        return sheet.properties.get(key);
      },
    },
  },
  methods: {
    Delete: (p, _a, b) => {
      const { sheet, key } = property(b, p);
      sheet.properties.delete(key);
    },
  },
});
