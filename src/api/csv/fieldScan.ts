/**
 * A CSV record read straight from the download's text: where each field starts and ends, with no
 * string and no array made, so the report reader can type a row's numbers from their characters
 * (parse.ts, ReportRows.scan). Only the plain case is read here, exactly as papaparse reads it
 * (fieldScan.papaparse.test.ts); a record that is anything else is left to papaparse (-1): a quote
 * that does not close right before a comma or the line end, a quoted value left open, the text's
 * last record without its line end, more fields than the spans hold.
 */
import type { LineBreak } from "./records";

export interface FieldSpans {
  /** Where field i's value starts and ends in the text (inside its quotes, when quoted). */
  starts: Int32Array;
  ends: Int32Array;
  /** QUOTED and ESCAPED flags per field. */
  flags: Uint8Array;
  /** Fields of the record read last. */
  count: number;
}

/** The field was quoted. */
const QUOTED = 1;
/** The quoted field holds a doubled quote, read as one. */
const ESCAPED = 2;

const COMMA = 44;
const QUOTE = 34;
const LF = 10;

export function fieldSpans(width: number): FieldSpans {
  return {
    starts: new Int32Array(width),
    ends: new Int32Array(width),
    flags: new Uint8Array(width),
    count: 0,
  };
}

/** Field i of the record read last, as the string papaparse gives. */
export function fieldText(text: string, spans: FieldSpans, i: number): string {
  const value = text.slice(spans.starts[i], spans.ends[i]);
  return spans.flags[i] & ESCAPED ? value.replace(/""/g, '"') : value;
}

/** The record read last, as papaparse's string array. */
export function recordText(text: string, spans: FieldSpans): string[] {
  return Array.from({ length: spans.count }, (_, i) => fieldText(text, spans, i));
}

/**
 * Reads the record at `pos` into `spans`; the position after its line end, or -1 when papaparse
 * must read it (see the module's comment).
 */
export function scanRecord(text: string, pos: number, lineBreak: LineBreak, spans: FieldSpans): number {
  const length = text.length;
  const end0 = lineBreak.charCodeAt(0);
  const crlf = lineBreak.length === 2;
  /** A line end starts at i: papaparse looks for the whole line end, so a lone CR or LF is text. */
  const lineEndAt = (i: number) => text.charCodeAt(i) === end0 && (!crlf || text.charCodeAt(i + 1) === LF);
  let count = 0;
  let i = pos;
  for (;;) {
    if (count === spans.starts.length) return -1;
    let flags = 0;
    let start = i;
    let stop: number;
    if (text.charCodeAt(i) === QUOTE) {
      let q = i + 1;
      for (;;) {
        q = text.indexOf('"', q);
        if (q < 0) return -1;
        if (text.charCodeAt(q + 1) !== QUOTE) break;
        flags = ESCAPED;
        q += 2;
      }
      flags |= QUOTED;
      start = i + 1;
      stop = q;
      i = q + 1;
      if (i >= length || (text.charCodeAt(i) !== COMMA && !lineEndAt(i))) return -1;
    } else {
      while (i < length && text.charCodeAt(i) !== COMMA && !lineEndAt(i)) i++;
      if (i >= length) return -1;
      stop = i;
    }
    spans.starts[count] = start;
    spans.ends[count] = stop;
    spans.flags[count] = flags;
    count++;
    if (text.charCodeAt(i) === COMMA) {
      i++;
      continue;
    }
    spans.count = count;
    return i + lineBreak.length;
  }
}
