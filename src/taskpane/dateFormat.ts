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

/** A date field's hint: how to enter it, and what leaving it empty means. */
export function dateHint(whenEmpty: string, locale?: string): string {
  return `Pick a date or type it as ${datePattern(locale)}; empty: ${whenEmpty}`;
}
