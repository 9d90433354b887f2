/**
 * Entity values (Excel's data types, ExcelApi 1.16) as the in-memory Excel holds them: a custom
 * function's card in its cell, and the dot references that read its fields (docs/excel-fidelity.md,
 * row 45). An entity cell shows its `text`; `Range.values` gives its basic value `#VALUE!` and
 * `Range.valueTypes` "Error", as office.js's EntityCellValue.basicValue and basicType say; arithmetic
 * on it is `#VALUE!`. `=B2.[Monthly listeners]` and `=B2.Field` read a field: its number keeps its
 * format, a nested list spills; a field the entity does not have, or a cell that holds no entity, is
 * `#FIELD!`.
 */
import { HostError } from "./hostError";

/** An entity value as a custom function returns it (the JSON of office.js's Excel.EntityCellValue). */
export type EntityValue = Excel.EntityCellValue;

export const isEntity = (v: unknown): v is EntityValue =>
  typeof v === "object" && v !== null && !Array.isArray(v) && (v as { type?: unknown }).type === "Entity";

/** What an entity cell shows: its text (Excel shows the entity's name beside its icon). */
export const entityText = (e: EntityValue): string => e.text ?? "";

/** A field as a formula reads it: a plain value (or a grid, which spills) and the number format it keeps. */
export interface FieldRead {
  value: string | number | boolean | (string | number | boolean)[][];
  numberFormat?: string;
}

/** One cell value inside an entity as the formula engine computes with it. */
function plain(v: Excel.CellValue): string | number | boolean {
  switch (v.type) {
    case "Double":
    case "FormattedNumber":
    case "String":
    case "Boolean":
      return v.basicValue;
    case "Entity":
      return entityText(v);
    default:
      throw new HostError("#VALUE!", `A field of type ${v.type} is not read by this workbook`);
  }
}

/**
 * The field `name` of the entity (Excel matches field names ignoring case), or #FIELD!: the cell
 * holds no entity, or the entity has no such field.
 */
export function readField(entity: EntityValue | undefined, name: string): FieldRead {
  if (!entity)
    throw new HostError("#FIELD!", `The referenced cell holds no data type, so it has no field "${name}"`);
  const key = Object.keys(entity.properties ?? {}).find((k) => k.toLowerCase() === name.toLowerCase());
  if (key === undefined) throw new HostError("#FIELD!", `"${entityText(entity)}" has no field "${name}"`);
  const field = entity.properties![key] as Excel.CellValue;
  if (field.type === "Array") return { value: field.elements.map((row) => row.map(plain)) };
  const format = field.type === "Double" || field.type === "FormattedNumber" ? field.numberFormat : undefined;
  return { value: plain(field), ...(format ? { numberFormat: format } : {}) };
}

/**
 * A formula's dot references (`B2.[Field name]`, `Sheet1!$B$2.Field`) as FIELDVALUE calls, which the
 * engine computes (Excel's own FIELDVALUE(value, field_name) reads a field the same way). Text in
 * quotes is left alone; a field in brackets may hold spaces, `]]` standing for `]`.
 */
export function dotReferencesAsCalls(formula: string): string {
  if (!formula.includes(".")) return formula;
  return formula
    .split(/("(?:[^"]|"")*")/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part.replace(
            /(?<![A-Za-z0-9_.$])((?:'(?:[^']|'')+'|[A-Za-z_][A-Za-z0-9_.]*)!)?(\$?[A-Za-z]{1,3}\$?\d+)\.(\[(?:[^\]]|\]\])+\]|[A-Za-z_][A-Za-z0-9_]*)/g,
            (_m, sheet: string | undefined, ref: string, field: string) => {
              const name = field.startsWith("[") ? field.slice(1, -1).replace(/\]\]/g, "]") : field;
              return `FIELDVALUE(${sheet ?? ""}${ref},"${name.replace(/"/g, '""')}")`;
            },
          ),
    )
    .join("");
}
