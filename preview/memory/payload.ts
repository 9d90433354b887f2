/**
 * What a request or a response weighs in Excel on the web: the JSON office.js sends or receives,
 * in UTF-8 bytes. Numbers travel as their JSON text (a date-time serial such as 45678.541666666664
 * is 18 bytes), strings with their quotes and escapes. Excel on the web refuses either direction
 * over 5 MB (docs/excel-fidelity.md, "Payload size").
 */

export const PAYLOAD_LIMIT_BYTES = 5 * 1024 * 1024;

/**
 * UTF-8 length of a string, without allocating an encoded copy: Node's native count where there is one
 * (tests and the bench weigh gigabytes of JSON), else counted here. The two agree on well-formed text,
 * and JSON text is always well formed (JSON.stringify escapes a lone surrogate).
 */
export function utf8Length(s: string): number {
  return nativeByteLength ? nativeByteLength(s, "utf8") : countUtf8(s);
}

const nativeByteLength: ((s: string, encoding: "utf8") => number) | undefined = (
  globalThis as { Buffer?: { byteLength(s: string, encoding: "utf8"): number } }
).Buffer?.byteLength.bind(globalThis.Buffer);

/** UTF-8 length counted code unit by code unit (the browser's preview). */
export function countUtf8(s: string): number {
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
