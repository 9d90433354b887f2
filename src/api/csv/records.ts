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

export function csvRecords(text: string): CsvRecords {
  const lineBreak = lineBreakOf(text) ?? "\n";
  // Comma-separated, always: never let papaparse guess (a one-column file of "A;B" or "x|y" values
  // would be split on its own guess).
  const parsed = Papa.parse<string[]>(text, {
    header: false,
    skipEmptyLines: false,
    delimiter: ",",
    newline: lineBreak,
  });
  return {
    rows: parsed.data,
    lineBreak,
    openQuote: parsed.errors.some((e) => e.code === "MissingQuotes"),
  };
}
