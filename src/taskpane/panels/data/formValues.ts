/** What the Data forms' text fields send (pure): a blank field is "not set", never an empty value. */
import { parseListText } from "../../listText";

/** A number field: blank is not set; anything else is sent as typed (the schema says if it is bad). */
export const num = (s: string): number | undefined => (s.trim() === "" ? undefined : Number(s));

/** A text field, trimmed; blank is not set. */
export const text = (s: string): string | undefined => (s.trim() === "" ? undefined : s.trim());

/** Comma-separated names (quoted when they hold a comma); blank is not set. */
export const list = (s: string): string[] | undefined => {
  const l = parseListText(s);
  return l.length ? l : undefined;
};
