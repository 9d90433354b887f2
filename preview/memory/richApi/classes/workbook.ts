/** The workbook (the request's global object): worksheets, tables, defined names, the application (calculation), selection, xlsx insertion. */
import { parseAddress, quoteSheet, rectAddress, type Rect } from "../../address";
import { officeError, type DefinedName } from "../../model";
import { utcToSerial } from "../../../../src/api/excelDates";
import { readXlsx } from "../../xlsx";
import type { Batch } from "../batch";
import { defineClass, hostObject, invalidArgument, objectArg, objectOf, type HostObject } from "../hostClass";
import { DocumentProperties } from "./documentProperties";
import { rangeObject, sheetOf, tableCollection, type RangeData } from "./lookup";

export function workbookObject(): HostObject {
  return hostObject(Workbook, null);
}

/**
 * Inserts the sheets of an .xlsx file given as base64 (values only). Excel on the web refuses files
 * with PivotTables, charts, comments or slicers (UnsupportedFeature). Names that exist get " (2)",
 * " (3)", … as Excel does.
 */
function insertWorksheets(b: Batch, base64: unknown): string[] {
  const file = readXlsx(String(base64));
  if (file.unsupported.length)
    throw officeError(
      "UnsupportedFeature",
      `Excel on the web can't insert sheets with ${file.unsupported.join(", ")}`,
    );
  const names: string[] = [];
  for (const sheet of file.sheets) {
    let name = sheet.name;
    for (let i = 2; b.model.sheetByName(name); i++)
      name = `${sheet.name.slice(0, 31 - ` (${i})`.length)} (${i})`;
    const s = b.model.addSheet(name);
    // A stored string cell stays text, even when it reads like a number or a formula.
    for (const [r, c, v, error] of sheet.cells) {
      if (typeof v === "string")
        Object.assign(b.model.touch(s, r, c), { value: v, error: error || undefined });
      else b.model.setValue(s, r, c, v);
    }
    names.push(name);
  }
  return names;
}

const Workbook = defineClass<null>("Workbook", {
  nav: {
    Worksheets: () => objectOf("WorksheetCollection", null),
    Tables: () => tableCollection({}),
    Names: () => hostObject(NamedItemCollection, null),
    Application: () => hostObject(Application, null),
    Functions: () => hostObject(Functions, null),
    Properties: () => hostObject(DocumentProperties, null),
  },
  methods: {
    GetSelectedRange: (_d, _a, b) => {
      const sel = b.model.selection;
      const sheetId = sel?.sheetId ?? b.model.activeSheetId ?? "";
      return rangeObject(sheetOf(b, sheetId).id, sel?.rect ?? { row: 0, col: 0, rows: 1, cols: 1 });
    },
    InsertWorksheetsFromBase64: (_d, [base64], b) => insertWorksheets(b, base64),
  },
});

/**
 * Worksheet functions called from the add-in (workbook.functions): DATE only, counted in the
 * workbook's date system. Arguments as Excel's DATE takes them: a year below 1900 is added to 1900,
 * months and days past their end carry over.
 */
const Functions = defineClass<null>("Functions", {
  methods: {
    Date: (_d, [year, month, day], b) => {
      const [y, m, d] = [year, month, day].map((v) => Math.trunc(Number(v)));
      const ms = Date.UTC(y < 1900 ? y + 1900 : y, m - 1, d);
      const system = b.model.date1904 ? "1904" : "1900";
      const serial = utcToSerial(ms, system);
      const value = Number.isFinite(serial) && serial >= 0 && y >= 0 && y < 10000 ? serial : null;
      return hostObject(FunctionResult, { value: value ?? "#NUM!", error: value === null ? "#NUM!" : null });
    },
  },
});

const FunctionResult = defineClass<{ value: number | string; error: string | null }>("FunctionResult", {
  props: { Value: { get: (r) => r.value }, Error: { get: (r) => r.error } },
});

const CALCULATION_TYPES = ["Recalculate", "Full", "FullRebuild"];

const Application = defineClass<null>("Application", {
  props: { CalculationMode: { get: () => "Automatic" } },
  methods: {
    SuspendApiCalculationUntilNextSync: (_d, _a, b) => void (b.calculationSuspended = true),
    /* nothing is drawn until the sync ends anyway */
    SuspendScreenUpdatingUntilNextSync: () => undefined,
    /**
     * Recalculate: the formulas that read cells changed while calculation was suspended (and what
     * depends on them), earlier in this same batch included (those cells are dirty too); Full /
     * FullRebuild: every formula, custom functions included. Changes after it stay owed.
     */
    Calculate: (_d, [type], b) => {
      const kind = String(type ?? "Recalculate");
      if (!CALCULATION_TYPES.includes(kind)) throw invalidArgument(`"${kind}" is not a calculation type`);
      const owed = [...b.model.owedCalculation, ...b.takeChanges()];
      b.model.owedCalculation = [];
      if (kind === "Recalculate") b.model.calculator?.propagate(owed);
      else b.model.calculator?.calculateAll();
      if (b.model.hostCallsOwed) {
        b.model.hostCallsOwed = false;
        if (kind === "Recalculate") b.model.calculator?.rerunHostCalls();
      }
    },
  },
});

const findName = (b: Batch, key: unknown) =>
  b.model.names.find((n) => n.name.toLowerCase() === String(key).toLowerCase());
const nameObject = (n: DefinedName) => hostObject(NamedItem, { name: n.name });

/** Workbook-scoped defined names; they share one namespace with table names. */
const NamedItemCollection = defineClass<null>("NamedItemCollection", {
  items: (_d, b) => b.model.names.map(nameObject),
  indexer: (_d, key, b) => {
    const n = findName(b, key);
    if (!n) throw officeError("ItemNotFound", `The name "${String(key)}" does not exist`);
    return nameObject(n);
  },
  methods: {
    /** A name for a range (a Range, or a reference as text such as "=Sheet1!$A$1"). */
    Add: (_d, [name, reference], b) => {
      const n = String(name);
      b.model.checkDefinedName(n);
      let formula: string;
      if (typeof reference === "string") formula = reference.startsWith("=") ? reference : `=${reference}`;
      else {
        const r = objectArg<RangeData>(reference, "Range");
        const abs = rectAddress(r.rect).replace(/([A-Z]+)(\d+)/g, "$$$1$$$2");
        formula = `=${quoteSheet(sheetOf(b, r.sheetId).name)}!${abs}`;
      }
      const created = { name: n, formula };
      b.model.names.push(created);
      return nameObject(created);
    },
    GetItemOrNullObject: (_d, [key], b) => {
      const n = findName(b, key);
      return n ? nameObject(n) : null;
    },
    GetCount: (_d, _a, b) => b.model.names.length,
  },
});

function named(b: Batch, ref: { name: string }): DefinedName {
  const n = findName(b, ref.name);
  if (!n) throw officeError("ItemNotFound", `The name "${ref.name}" does not exist`);
  return n;
}

/**
 * What a name's formula refers to, as NamedItem.type and value say (docs/excel-fidelity.md, "Defined
 * names"): one area of an existing sheet is a Range (its value the address, "Inputs!$B$2"); a
 * reference Excel made `#REF!` (its cells deleted) is an Error whose value is "#REF!"; a constant is
 * a Double, Boolean or String. Any other formula is refused as Excel's computed names are not modelled.
 */
function nameTarget(
  b: Batch,
  n: DefinedName,
): { type: string; value: unknown; range?: { sheetId: string; rect: Rect } } {
  const body = n.formula.replace(/^=/, "").trim();
  if (/#REF!/i.test(body)) return { type: "Error", value: "#REF!" };
  if (/^-?\d+(\.\d+)?$/.test(body)) return { type: "Double", value: Number(body) };
  if (/^(TRUE|FALSE)$/i.test(body)) return { type: "Boolean", value: body.toUpperCase() === "TRUE" };
  if (/^"(?:[^"]|"")*"$/.test(body)) return { type: "String", value: body.slice(1, -1).replace(/""/g, '"') };
  const ref = (() => {
    try {
      return parseAddress(body.replace(/\$/g, ""));
    } catch {
      return null;
    }
  })();
  const sheet = ref?.sheet === undefined ? undefined : b.model.sheetByName(ref.sheet);
  if (!ref || !sheet)
    throw officeError(
      "InvalidOperation",
      `The name "${n.name}" refers to "${n.formula}", which this host does not compute`,
    );
  return { type: "Range", value: body, range: { sheetId: sheet.id, rect: ref.rect } };
}

const NamedItem = defineClass<{ name: string }>("NamedItem", {
  id: (ref) => ref.name,
  props: {
    Name: { get: (ref, b) => named(b, ref).name },
    Formula: { get: (ref, b) => named(b, ref).formula },
    Type: { get: (ref, b) => nameTarget(b, named(b, ref)).type },
    Value: { get: (ref, b) => nameTarget(b, named(b, ref)).value },
    Scope: { get: () => "Workbook" },
    Visible: { get: () => true },
  },
  methods: {
    Delete: (ref, _a, b) => {
      const n = named(b, ref);
      b.model.names = b.model.names.filter((x) => x !== n);
    },
    /** The name's range; a name that is not a range (a #REF! one, a constant) is refused, as in Excel. */
    GetRange: (ref, _a, b) => {
      const t = nameTarget(b, named(b, ref));
      if (!t.range)
        throw officeError(
          "InvalidArgument",
          `The name "${ref.name}" does not refer to a range (it is ${t.type})`,
        );
      return rangeObject(t.range.sheetId, t.range.rect);
    },
    GetRangeOrNullObject: (ref, _a, b) => {
      const n = findName(b, ref.name);
      const t = n ? nameTarget(b, n) : null;
      return t?.range ? rangeObject(t.range.sheetId, t.range.rect) : null;
    },
  },
});
