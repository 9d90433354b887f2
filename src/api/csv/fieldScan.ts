/**
 * A CSV record read straight from the download's text: where each field starts and ends, with no
 * string and no array made, so the report reader can type a row's numbers from their characters
 * (parse.ts, ReportRows.scan). Only the plain case is read here, exactly as papaparse reads it
 * (records.papaparse.test.ts); a record that is anything else is left to papaparse (-1): a quote
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
 * Reads the records of one text, each into spans. Fields are found as papaparse finds them, with
 * indexOf for the next comma and line end (V8's search beats a loop over the characters); papaparse
 * looks for the whole line end, so a lone CR or LF is text. The next comma found is kept from record
 * to record: a text with no comma left (a one-column file) is searched once, not once a record.
 */
export class RecordScanner {
  /** The first comma at or after the last search's start; -1: none in the rest of the text. */
  private comma = -2;

  constructor(
    private readonly text: string,
    private readonly lineBreak: LineBreak,
  ) {}

  /**
   * Reads the record at `pos` into `spans`; the position after its line end, or -1 when papaparse
   * must read it (see the module's comment).
   */
  read(pos: number, spans: FieldSpans): number {
    const text = this.text;
    let lineEnd = text.indexOf(this.lineBreak, pos);
    if (lineEnd < 0) return -1;
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
        // The line end found before was inside the quotes: the record's own comes after them.
        if (i > lineEnd) {
          lineEnd = text.indexOf(this.lineBreak, i);
          if (lineEnd < 0) return -1;
        }
        if (i !== lineEnd && text.charCodeAt(i) !== COMMA) return -1;
      } else {
        if (this.comma !== -1 && this.comma < i) this.comma = text.indexOf(",", i);
        stop = this.comma !== -1 && this.comma < lineEnd ? this.comma : lineEnd;
        i = stop;
      }
      spans.starts[count] = start;
      spans.ends[count] = stop;
      spans.flags[count] = flags;
      count++;
      if (i !== lineEnd) {
        i++;
        continue;
      }
      spans.count = count;
      return i + this.lineBreak.length;
    }
  }
}
