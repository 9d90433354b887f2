/**
 * What a request or a response weighs in Excel on the web: the JSON office.js sends or receives,
 * in UTF-8 bytes. Numbers travel as their JSON text (a date-time serial such as 45678.541666666664
 * is 18 bytes), strings with their quotes and escapes. Excel on the web refuses either direction
 * over 5 MB (docs/excel-fidelity.md, "Payload size").
 */

export const PAYLOAD_LIMIT_BYTES = 5 * 1024 * 1024;

/** UTF-8 length of a string, without allocating an encoded copy. */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      n += 4; // a surrogate pair is one 4-byte character
      i++;
    } else n += 3;
  }
  return n;
}

/** Bytes of `value` serialised as JSON (undefined counts as null, as in an array). */
export function jsonBytes(value: unknown): number {
  return utf8Length(JSON.stringify(value ?? null));
}
