/**
 * Splitting CSV text into records (RFC 4180 quoting, comma only, the file's own line end), shared by
 * the report reader and the agent-file reader.
 */
import Papa from "papaparse";

export type LineBreak = "\r\n" | "\n" | "\r";

export interface CsvRecords {
  rows: string[][];
  /** The file's line end: the first CR, LF or CRLF outside quotes (LF when there is none). */
  lineBreak: LineBreak;
  /** The text ends inside a quoted value. */
  openQuote: boolean;
}

/**
 * The first line end outside quotes. Papaparse's own guess counts line ends over the whole text and,
 * for a short file cut right after a CR, takes CR for the line end. A CR that ends the text is read
 * as a CRLF cut in half (CR-only files are long obsolete).
 */
function lineBreakOf(text: string): LineBreak | null {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === "\n") return "\n";
    else if (!quoted && ch === "\r") return text[i + 1] === "\n" || i === text.length - 1 ? "\r\n" : "\r";
  }
  return null;
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
 * The records of `text`, handed to `onRecords` a chunk at a time, so the whole string grid of a big
 * download is never in memory at once (RFC 4180 quoting, the file's own line end). Each chunk is
 * a slice of `text` that papaparse's parser reads up to its last whole record; the next chunk starts
 * there. Papaparse's own streaming would glue the cut record to the next chunk, a new string that
 * every value read from it keeps alive: a second copy of the download, chunk by chunk.
 */
export function csvChunks(
  text: string,
  onRecords: (records: string[][]) => void,
  chunkChars = CSV_CHUNK_CHARS,
): Omit<CsvRecords, "rows"> {
  const lineBreak = lineBreakOf(text) ?? "\n";
  // Comma-separated, always: never let papaparse guess (a one-column file of "A;B" or "x|y" values
  // would be split on its own guess).
  const parser = new Papa.Parser({ delimiter: ",", newline: lineBreak });
  let openQuote = false;
  let start = 0;
  let size = chunkChars;
  // One pass at least: an empty text is one empty record, as papaparse reads it.
  do {
    const end = Math.min(text.length, start + size);
    const last = end === text.length;
    const results = parser.parse(text.slice(start, end), start, !last) as Papa.ParseResult<string[]>;
    const next = last ? end : results.meta.cursor;
    if (next === start && !last) {
      // Not one whole record in the slice (a long quoted value): read a larger one.
      size *= 2;
      continue;
    }
    if (results.errors.some((e) => e.code === "MissingQuotes")) openQuote = true;
    onRecords(results.data);
    start = next;
    size = chunkChars;
  } while (start < text.length);
  return { lineBreak, openQuote };
}

/** Every record of `text` at once (agent files, which are small). */
export function csvRecords(text: string): CsvRecords {
  const rows: string[][] = [];
  const end = csvChunks(text, (records) => {
    for (const r of records) rows.push(r);
  });
  return { rows, ...end };
}
