/**
 * A string of its own for a value read from a piece of a streamed download. A substring is, in V8
 * (13 characters and up) and in JavaScriptCore, a view that keeps the whole string it was cut from
 * alive: one id kept from every piece would keep every piece, the whole download again. A JSON
 * round trip gives an exact flat copy (lone surrogates too), half the size of the other ways tried
 * (a character joined in front, then cut off, copies the value but keeps a view over the copy);
 * shorter values are copied by the substring itself.
 */
const VIEW_MIN_CHARS = 13;

export function ownedText(text: string): string {
  return text.length < VIEW_MIN_CHARS ? text : (JSON.parse(JSON.stringify(text)) as string);
}
