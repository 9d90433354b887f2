/**
 * Splitting CSV text into records (RFC 4180 quoting, comma only, the file's own line end), shared by
 * the report reader and the agent-file reader.
 */
import Papa from "papaparse";

export type LineBreak = "\r\n" | "\n" | "\r";

export interface CsvRecords {
  rows: string[][];
  /** The file's line end, as papaparse guesses it (see lineBreakOf). */
  lineBreak: LineBreak;
  /** The text ends inside a quoted value. */
  openQuote: boolean;
}

const CR = 13;
const LF = 10;

/** Papaparse guesses the line end from the first 1 MiB of text only. */
const GUESS_CHARS = 1 << 20;

/**
 * Papaparse's guessLineEndings, without copying the text: in the first MiB, each pair of quotes is
 * dropped with what lies between them (a last unpaired quote stays, and so does what follows it);
 * LF when no CR is left or an LF comes first, else CRLF when at least half the pieces between CRs
 * start with an LF, else CR. One difference, on purpose: a CR that ends the text counts as a CRLF
 * cut in half (papaparse takes "a,b\r" or "h\r\nv\r" for CR files; CR-only files are long obsolete).
 */
function lineBreakOf(text: string): LineBreak {
  const head = text.length > GUESS_CHARS ? text.slice(0, GUESS_CHARS) : text;
  const seen: LineEnds = {
    crs: 0,
    crlfs: 0,
    firstCr: -1,
    firstLf: -1,
    nextCr: head.indexOf("\r"),
    nextLf: head.indexOf("\n"),
  };
  // The text outside the pairs of quotes, a stretch at a time (found with indexOf: this reads up to a
  // MiB of every download); a CR that ends one stretch meets an LF that starts the next once the
  // pair between them is dropped.
  let crBefore = false;
  let from = 0;
  for (;;) {
    const open = head.indexOf('"', from);
    const close = open === -1 ? -1 : head.indexOf('"', open + 1);
    // A last quote without its pair is text.
    const to = close === -1 ? head.length : open;
    crBefore = readStretch(head, from, to, seen, crBefore);
    if (close === -1) break;
    from = close + 1;
  }
  // A CR that ends the text is half a CRLF (it cannot sit inside a pair of quotes).
  if (head.length === text.length && text.endsWith("\r")) seen.crlfs++;
  const { crs, crlfs, firstCr, firstLf } = seen;
  if (crs === 0 || (firstLf >= 0 && firstLf < firstCr)) return "\n";
  return crlfs >= (crs + 1) / 2 ? "\r\n" : "\r";
}

/** What lineBreakOf has counted so far, and where the next CR and LF of the text are (-1: none). */
interface LineEnds {
  crs: number;
  crlfs: number;
  firstCr: number;
  firstLf: number;
  nextCr: number;
  nextLf: number;
}

/**
 * Counts the CRs and CRLFs of head[from, to) into `seen` (`crBefore`: the text kept before it ends
 * with a CR); whether the text kept now ends with a CR. CRs and LFs inside quotes are passed over.
 */
function readStretch(head: string, from: number, to: number, seen: LineEnds, crBefore: boolean): boolean {
  if (from === to) return crBefore;
  if (crBefore && head.charCodeAt(from) === LF) seen.crlfs++;
  while (seen.nextCr !== -1 && seen.nextCr < to) {
    const cr = seen.nextCr;
    if (cr >= from) {
      seen.crs++;
      if (seen.firstCr < 0) seen.firstCr = cr;
      if (head.charCodeAt(cr + 1) === LF) seen.crlfs++;
    }
    seen.nextCr = head.indexOf("\r", cr + 1);
  }
  while (seen.firstLf < 0 && seen.nextLf !== -1 && seen.nextLf < to) {
    if (seen.nextLf >= from) seen.firstLf = seen.nextLf;
    else seen.nextLf = head.indexOf("\n", seen.nextLf + 1);
  }
  return head.charCodeAt(to - 1) === CR;
}

/**
 * Characters papaparse reads at a time in csvChunks: one chunk's string grid is all that is held.
 * Small on purpose: while a chunk's rows wait to be typed they are live, and with 1 MiB chunks so
 * many of the young objects outlived each minor collection that V8 began making the parser's rows
 * straight in the old generation, where they stayed as garbage (the heap 260 MiB above the CSV
 * after parsing the 108k-row report, against 55 MiB with 64 KiB chunks; bench/write.bench.ts).
 */
export const CSV_CHUNK_CHARS = 1 << 16;

/**
 * Offered each record boundary before papaparse reads on from it: reads records of `text` itself and
 * says where it stopped (a record boundary; `start` when it read none).
 */
export type TakeOver = (text: string, start: number, lineBreak: LineBreak) => number;

/**
 * Records of a text that arrives in pieces (a download as it comes, or a whole text as one piece),
 * handed to `onRecords` a chunk at a time, so neither the whole string grid nor, when it streams,
 * the whole text is ever held (RFC 4180 quoting, papaparse's line end). Only what follows the last
 * whole record is kept between pieces. Each chunk is a slice of that window that papaparse's
 * parser reads up to its last whole record; the next chunk starts there. Papaparse's own streaming
 * would glue the cut record to the next chunk, a new string per chunk that every value read from it
 * keeps alive (the report reader keeps only copies of what it keeps: ownedText.ts).
 */
export class CsvChunker {
  /** The file's line end: papaparse's guess from the first MiB, or the end of a shorter text. */
  lineBreak: LineBreak | null;
  /** The text ends inside a quoted value (known at `end`). */
  openQuote = false;
  /** Text after the last whole record read so far. */
  private rest = "";
  /** Characters read before `rest` (over-counted when a piece is read from a record boundary
   * inside it; only whether it is above 0 matters: records were read, `rest` does not start the text). */
  private consumed = 0;
  /** The pieces before the line end is decided (the first MiB), and their length. */
  private first: string[] = [];
  private firstChars = 0;
  private parser: InstanceType<typeof Papa.Parser> | null = null;

  constructor(
    private readonly onRecords: (records: string[][]) => void,
    private readonly chunkChars = CSV_CHUNK_CHARS,
    private readonly takeOver?: TakeOver,
    /** Known already (tests stream short texts in pieces with it); else guessed as papaparse does. */
    lineBreak?: LineBreak,
  ) {
    this.lineBreak = lineBreak ?? null;
  }

  /** The next piece of the text. */
  push(text: string): void {
    const lineBreak = this.lineBreak;
    if (lineBreak === null) {
      this.first.push(text);
      this.firstChars += text.length;
      // Papaparse guesses from the first MiB: wait for more than that, so a text's end is never
      // mistaken for a piece's (lineBreakOf reads a CR that ends the text as half a CRLF).
      if (this.firstChars > GUESS_CHARS) this.readFirst(false);
      return;
    }
    if (this.rest === "") {
      this.rest = text;
      this.read(false);
      return;
    }
    // The record cut at the last piece's end is read with this piece's first line; the piece itself
    // is then read from there, as it came. Strings are joined with Array.join, which makes one flat
    // string (`+` makes a pair that every character read must go through: a fifth slower).
    const lineEnd = text.indexOf(lineBreak);
    const k = lineEnd < 0 ? text.length : lineEnd + lineBreak.length;
    this.rest = [this.rest, text.slice(0, k)].join("");
    this.read(false);
    if (k === text.length) return;
    if (this.rest !== "") {
      // Still not whole (a quoted value runs on): the rest of the piece joins it.
      this.rest = [this.rest, text.slice(k)].join("");
      this.read(false);
      return;
    }
    this.rest = text;
    this.read(false, k);
  }

  /** The pieces that came before the line end was decided, read as one. */
  private readFirst(final: boolean): void {
    this.rest = this.first.join("");
    this.first = [];
    this.read(final);
  }

  /** The text has ended: reads what is left. */
  end(): Omit<CsvRecords, "rows"> {
    if (this.lineBreak === null) this.readFirst(true);
    else this.read(true);
    return { lineBreak: this.lineBreak!, openQuote: this.openQuote };
  }

  /** Reads `rest` from `from` (a record boundary). */
  private read(final: boolean, from = 0): void {
    const text = this.rest;
    const lineBreak = (this.lineBreak ??= lineBreakOf(text));
    // Comma-separated, always: never let papaparse guess (a one-column file of "A;B" or "x|y" values
    // would be split on its own guess).
    const parser = (this.parser ??= new Papa.Parser({ delimiter: ",", newline: lineBreak }));
    if (final && text === "" && this.consumed > 0) {
      // What papaparse reads after a last line end: one empty record.
      this.onRecords([[""]]);
      return;
    }
    let start = from;
    let size = this.chunkChars;
    // One pass at least: an empty text gives one empty batch (no record, as papaparse reads it).
    for (;;) {
      if (this.takeOver && (start > 0 || this.consumed > 0)) {
        start = this.takeOver(text, start, lineBreak);
        if (start >= text.length) {
          if (final) this.onRecords([[""]]);
          break;
        }
      }
      const end = Math.min(text.length, start + size);
      const last = final && end === text.length;
      const results = parser.parse(text.slice(start, end), start, !last) as Papa.ParseResult<string[]>;
      const next = last ? end : results.meta.cursor;
      if (next === start && !last) {
        // Not one whole record in the slice: the rest of it is still to come, or it is a long
        // quoted value: read a larger slice.
        if (end === text.length) break;
        size *= 2;
        continue;
      }
      if (results.errors.some((e) => e.code === "MissingQuotes")) this.openQuote = true;
      this.onRecords(results.data);
      start = next;
      size = this.chunkChars;
      if (start >= text.length) break;
    }
    this.consumed += start;
    this.rest = text.slice(start);
  }
}

/**
 * The records of the whole `text`, handed to `onRecords` a chunk at a time, so the whole string grid
 * of a big download is never in memory at once (CsvChunker).
 */
export function csvChunks(
  text: string,
  onRecords: (records: string[][]) => void,
  chunkChars = CSV_CHUNK_CHARS,
  takeOver?: TakeOver,
): Omit<CsvRecords, "rows"> {
  const chunker = new CsvChunker(onRecords, chunkChars, takeOver);
  chunker.push(text);
  return chunker.end();
}

/** Every record of `text` at once (agent files, which are small). */
export function csvRecords(text: string): CsvRecords {
  const rows: string[][] = [];
  const end = csvChunks(text, (records) => {
    for (const r of records) rows.push(r);
  });
  return { rows, ...end };
}
