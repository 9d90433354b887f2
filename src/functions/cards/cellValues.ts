/**
 * The pieces of a card (Excel's entity value, ExcelApi 1.16): its fields as Excel's cell values,
 * typed against office.js's own `Excel.CellValue` types. A number keeps its number format in the
 * shape this Excel takes (`Double` with `numberFormat` from ExcelApi 1.19, `FormattedNumber` from
 * 1.16: src/runtime/numberShape.ts); a percentage is a fraction under `%`; a date is a serial of the
 * workbook's date system. A value the service did not send is no field at all (a dot reference to it
 * is `#FIELD!`, as Excel shows for a field an entity lacks).
 */
import { pointsToFraction } from "../../api/decimalShift";
import { SYSTEM_OFFSET_DAYS, type DateSystem } from "../../api/excelDates";
import { parseDate } from "../../api/csv";
import { PERCENT_FORMAT } from "../../runtime/numberShape";

/**
 * A card's dates show four-digit years (3/15/2026): a card is read field by field, not in a narrow
 * column, so the year is never shortened (a spilled table's dates keep `m/d/yy`, docs/functions.md).
 */
const CARD_DATE_FORMAT = "m/d/yyyy";

/** How this Excel takes a number with its format inside a card (never "plain": then no card is made). */
export type CardNumberKind = "Double" | "FormattedNumber";

export const COUNT_FORMAT = "#,##0";
const MONEY_FORMAT = "$#,##0";

/** A card's fields by their labels (what `=B2.[Label]` names); absent values are left out. */
export type CardFields = Record<string, Excel.CellValue>;

/** A number under its format, in this Excel's shape. */
export function numberValue(kind: CardNumberKind, value: number, numberFormat: string): Excel.CellValue {
  return kind === "Double"
    ? { type: "Double", basicValue: value, numberFormat }
    : { type: "FormattedNumber", basicValue: value, numberFormat };
}

export const textValue = (text: string): Excel.StringCellValue => ({ type: "String", basicValue: text });

const booleanValue = (value: boolean): Excel.BooleanCellValue => ({
  type: "Boolean",
  basicValue: value,
});

/** A column of values (a nested list: the top advertisers), or a table whose first row is its header. */
export function arrayValue(rows: Excel.CellValue[][]): Excel.ArrayCellValue {
  return { type: "Array", elements: rows };
}

/** Builds a card's fields, leaving out what the service did not send. */
export class FieldSet {
  readonly fields: CardFields = {};
  constructor(
    private readonly kind: CardNumberKind,
    private readonly system: DateSystem,
  ) {}

  put(label: string, value: Excel.CellValue | null): this {
    if (value) this.fields[label] = value;
    return this;
  }
  text(label: string, v: string | null | undefined): this {
    return this.put(label, typeof v === "string" && v.trim() !== "" ? textValue(v) : null);
  }
  count(label: string, v: number | null | undefined): this {
    return this.number(label, v, COUNT_FORMAT);
  }
  money(label: string, v: number | null | undefined): this {
    return this.number(label, v, MONEY_FORMAT);
  }
  number(label: string, v: number | null | undefined, format: string): this {
    return this.put(
      label,
      typeof v === "number" && Number.isFinite(v) ? numberValue(this.kind, v, format) : null,
    );
  }
  /** Percentage points from the service (0–100) as a fraction under `%`, its decimal point moved. */
  percent(label: string, points: number | null | undefined): this {
    return this.number(label, typeof points === "number" ? pointsToFraction(points) : null, PERCENT_FORMAT);
  }
  /** An ISO date or date-time as the date's serial in the workbook's date system; other text is left out. */
  date(label: string, iso: string | null | undefined): this {
    const serial = typeof iso === "string" ? parseDate(iso.slice(0, 10)) : null;
    if (serial === null) return this;
    return this.number(
      label,
      this.system === "1904" ? serial - SYSTEM_OFFSET_DAYS : serial,
      CARD_DATE_FORMAT,
    );
  }
  boolean(label: string, v: boolean | null | undefined): this {
    return this.put(label, typeof v === "boolean" ? booleanValue(v) : null);
  }
  /** A column of text (one row each); left out when empty. */
  list(label: string, items: readonly string[] | null | undefined): this {
    return this.put(label, items && items.length > 0 ? arrayValue(items.map((s) => [textValue(s)])) : null);
  }
}

/** A section of the card: its title and the fields it shows, those the card has. */
export interface CardSection {
  title: string;
  properties: readonly string[];
}

/**
 * The entity value: `text` is what the cell shows, the compact icon sits beside it, and the card lays
 * its sections out in order (an empty section is left out; a field in no section is still read by
 * a dot reference).
 */
export function entityValue(
  text: string,
  fields: CardFields,
  sections: readonly CardSection[],
  look: { icon: string; titleField: string },
): Excel.EntityCellValue {
  const cardSections = sections
    .map((s) => ({ s, present: s.properties.filter((p) => p in fields) }))
    .filter(({ present }) => present.length > 0)
    .map(({ s, present }): Excel.CardLayoutSection => ({
      layout: "List",
      title: s.title,
      properties: present,
    }));
  return {
    type: "Entity",
    text,
    properties: fields,
    layouts: {
      compact: { icon: look.icon },
      card: { title: { property: look.titleField }, sections: cardSections },
    },
    provider: { description: "Ads Analytics" },
  };
}
