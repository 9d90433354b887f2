/**
 * The text of a list field: comma-separated names; a name holding a comma is quoted ("Acme, Inc.");
 * `(none)` is the empty list, which turns off a default list (the exclude lists) rather than leaving it.
 */
export const EMPTY_LIST = "(none)";

export function parseListText(raw: string): string[] {
  if (raw.trim().toLowerCase() === EMPTY_LIST) return [];
  const items: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i];
    if (ch === '"') {
      if (quoted && raw[i + 1] === '"') {
        current += '"'; // "" inside quotes is a quote
        i++;
      } else quoted = !quoted;
    } else if (ch === "," && !quoted) {
      items.push(current);
      current = "";
    } else current += ch;
  }
  items.push(current);
  return items.map((s) => s.trim()).filter(Boolean);
}

export function listToText(items: readonly unknown[]): string {
  if (items.length === 0) return EMPTY_LIST;
  return items
    .map((v) => String(v))
    .map((s) => (/[",]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s))
    .join(", ");
}
