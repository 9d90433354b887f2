/**
 * The date order the browser's date picker shows. `<input type="date">` sends YYYY-MM-DD but shows
 * and takes dates in the browser's locale (mm/dd/yyyy in en-US, dd.mm.yyyy in de-DE), so a hint
 * that names a format must name that one. Pure.
 */

/** The picker's pattern for `locale` (the browser's own when omitted): "mm/dd/yyyy", "dd.mm.yyyy", … */
export function datePattern(locale?: string): string {
  const format = new Intl.DateTimeFormat(locale, { year: "numeric", month: "2-digit", day: "2-digit" });
  // Any date with a day over 12 and a month under 10 would do; the parts give the order.
  return format
    .formatToParts(new Date(2026, 10, 22))
    .map((p) => (p.type === "year" ? "yyyy" : p.type === "month" ? "mm" : p.type === "day" ? "dd" : p.value))
    .join("");
}

/** The ways a date may be typed: yyyy-mm-dd, and the locale's order when it is another. */
function dateWays(locale?: string): string {
  const local = datePattern(locale);
  return local === "yyyy-mm-dd" ? local : `yyyy-mm-dd or ${local}`;
}

/** A date field's hint: how to enter it, and what leaving it empty means. */
export function dateHint(whenEmpty: string, locale?: string): string {
  return `Type it as ${dateWays(locale)}, or pick it with the calendar button; empty: ${whenEmpty}`;
}

/** A typed date read: the YYYY-MM-DD the request carries ("" for an empty box), or why not, naming the field. */
export type TypedDate = { ok: true; value: string } | { ok: false; error: string };

const two = (n: number) => String(n).padStart(2, "0");

/** The day, when y-m-d is one on the calendar (no 31 April, no 29 February 2027). */
function calendarDay(y: number, m: number, d: number): string | null {
  const at = new Date(Date.UTC(y, m - 1, d));
  if (y < 1000 || at.getUTCFullYear() !== y || at.getUTCMonth() !== m - 1 || at.getUTCDate() !== d)
    return null;
  return `${y}-${two(m)}-${two(d)}`;
}

/**
 * A date box's text as a date: yyyy-mm-dd (or with / or . between), or three numbers in the order the
 * locale writes dates (datePattern: 11/22/2026 in en-US, 22.11.2026 in de-DE), the year in four
 * digits. `label` names the field in the error. Pure.
 */
export function readTypedDate(text: string, label: string, locale?: string): TypedDate {
  const t = text.trim();
  if (t === "") return { ok: true, value: "" };
  const parts = t.split(/[^0-9]+/).filter(Boolean);
  const bad: TypedDate = {
    ok: false,
    error: `${label}: "${t}" is not a date; type it as ${dateWays(locale)}`,
  };
  if (parts.length !== 3 || /[^0-9\s/.-]/.test(t)) return bad;
  const order =
    parts[0].length === 4
      ? ["yyyy", "mm", "dd"]
      : datePattern(locale)
          .split(/[^a-z]+/)
          .filter(Boolean);
  const at = (unit: string) => Number(parts[order.indexOf(unit)]);
  if (parts[order.indexOf("yyyy")]?.length !== 4) return bad;
  const day = calendarDay(at("yyyy"), at("mm"), at("dd"));
  return day ? { ok: true, value: day } : bad;
}
