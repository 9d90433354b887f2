/**
 * What Excel refuses, as plain facts every floor shares (pure): the longest text a cell holds and
 * how longer text is cut, the largest request Excel on the web takes and what one call on a range
 * weighs in it, and the code an Office error carries. src/excel writes by them (cellFormats.ts,
 * chunkPlan.ts and host.ts re-export them); src/writebacks and src/functions cut and measure by them
 * without importing the Excel layer.
 */

/** The most characters one cell holds. */
export const MAX_CELL_CHARS = 32_767;
export const TRUNCATION_MARKER = "…[truncated]";

/** Text of at most `max` characters: longer text is cut and ends with a visible marker. */
export function capText(text: string, max: number): string {
  return text.length > max ? text.slice(0, max - TRUNCATION_MARKER.length) + TRUNCATION_MARKER : text;
}

/** Excel on the web's limit on one request's body (and one answer's). */
export const PAYLOAD_LIMIT_BYTES = 5 * 1024 * 1024;
/**
 * The envelope of a call on a range got for it: the range's object path, its instantiations and
 * kept reference, the call itself. Measured at 446 bytes with 3-digit object ids and 492 with 6-digit
 * ones (a long write reaches them); the stricter end is used.
 */
export const CALL_BYTES = 500;

/** The code of an Office-like error (ItemNotFound, ResponsePayloadSizeLimitExceeded, ...), if any. */
export function errorCode(err: unknown): string | undefined {
  return typeof err === "object" && err !== null && "code" in err
    ? String((err as { code: unknown }).code)
    : undefined;
}
