/**
 * The record splitter against papaparse itself: on papaparse's own quote and line-end cases, on the
 * reported file and on random texts, csvChunks yields the records Papa.parse reads from the whole
 * text (comma-separated, line end guessed), whatever the chunk size.
 */
import fc from "fast-check";
import Papa from "papaparse";
import { PAPAPARSE_CASES } from "./testing/papaparseCases";
import { csvChunks, CsvChunker, CSV_CHUNK_CHARS, type CsvRecords, type LineBreak } from "./records";
import { fieldSpans, RecordScanner, recordText } from "./fieldScan";

/** The default and tiny chunk sizes, so chunk borders fall everywhere. */
const CHUNKS = [CSV_CHUNK_CHARS, 1, 2, 3, 7];

/**
 * csvChunks' records; `scanning`: with every record the field scan can read taken over by it
 * (fieldScan.ts, as the report reader does after its first rows), read back as strings.
 */
/** A takeOver that reads every record the field scan can into `rows`, as strings. */
function scanInto(rows: string[][]) {
  const spans = fieldSpans(64);
  return (window: string, start: number, lineBreak: LineBreak) => {
    const scanner = new RecordScanner(window, lineBreak);
    let pos = start;
    for (let next = 0; (next = scanner.read(pos, spans)) >= 0; pos = next)
      rows.push(recordText(window, spans));
    return pos;
  };
}

function ours(text: string, chunkChars: number, scanning = false): CsvRecords {
  const rows: string[][] = [];
  const scan = scanInto(rows);
  const end = csvChunks(
    text,
    (records) => {
      for (const r of records) rows.push(r);
    },
    chunkChars,
    scanning ? scan : undefined,
  );
  return { rows, ...end };
}

/**
 * The text streamed to a CsvChunker in the pieces cut at `cuts` (positions, any order), as a
 * download arrives; with `lineBreak` given (a short text's line end is otherwise decided at its end).
 */
function streamed(
  text: string,
  cuts: number[],
  chunkChars: number,
  scanning: boolean,
  lineBreak?: LineBreak,
): CsvRecords {
  const rows: string[][] = [];
  const scan = scanInto(rows);
  const chunker = new CsvChunker(
    (records) => {
      for (const r of records) rows.push(r);
    },
    chunkChars,
    scanning ? scan : undefined,
    lineBreak,
  );
  let at = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    chunker.push(text.slice(at, Math.max(at, cut)));
    at = Math.max(at, cut);
  }
  chunker.push(text.slice(at));
  return { rows, ...chunker.end() };
}

/** Papaparse on the whole text, comma-separated; the line end is its guess unless given. */
function papa(text: string, newline?: LineBreak): CsvRecords {
  const r = Papa.parse<string[]>(text, newline ? { delimiter: ",", newline } : { delimiter: "," });
  return {
    rows: r.data,
    lineBreak: r.meta.linebreak as LineBreak,
    openQuote: r.errors.some((e) => e.code === "MissingQuotes"),
  };
}

/**
 * What papaparse reads, but for the one deliberate difference (records.ts, lineBreakOf): a CR that
 * ends the text is read as a CRLF cut in half, so the line end is papaparse's guess for the text
 * with that LF put back, and the records are papaparse's with that line end. Papaparse itself takes
 * "a,b\r" or "h\r\nv\r" for CR files, and a report cut inside its last line end would then read as
 * whole (parse.ts refuses it as "the file ends inside a line end").
 */
function expected(text: string): CsvRecords {
  const whole = papa(text);
  if (!text.endsWith("\r")) return whole;
  const lineBreak = papa(text + "\n").lineBreak;
  return lineBreak === whole.lineBreak ? whole : papa(text, lineBreak);
}

/** Records with their line ends and quotes escaped, so a failure shows them. */
const shown = (r: CsvRecords) => ({
  lineBreak: JSON.stringify(r.lineBreak),
  openQuote: r.openQuote,
  rows: r.rows.map((row) => JSON.stringify(row)),
});

function expectSameAsPapaparse(text: string): void {
  const want = shown(expected(text));
  for (const chunk of CHUNKS)
    for (const scanning of [false, true])
      expect({ chunk, scanning, ...shown(ours(text, chunk, scanning)) }).toEqual({
        chunk,
        scanning,
        ...want,
      });
}

describe("CSV records split as papaparse splits them", () => {
  test.each(PAPAPARSE_CASES.map((c, i) => [`${i + 1} ${c.from}: ${c.description}`, c] as const))(
    "papaparse case %s",
    (_name, c) => {
      // The oracle agrees with the case's own expectation (with the case's line end, if it sets one).
      expect(papa(c.input, c.newline).rows).toEqual(c.data);
      expectSameAsPapaparse(c.input);
    },
  );

  test("the reported file: a stray quote in an unquoted field on the first line", () => {
    const text = 'a"b,c\r\nd,e';
    expect(ours(text, CSV_CHUNK_CHARS)).toEqual({
      rows: [
        ['a"b', "c"],
        ["d", "e"],
      ],
      lineBreak: "\r\n",
      openQuote: false,
    });
    expectSameAsPapaparse(text);
  });

  test.each([
    ['a"b,c\r\nd,e\r\n"f"\r\n'],
    ['x,"a""b"\r\n"c\r\nd",e\r\n'],
    // Quoted line ends do not count, and an unpaired quote hides nothing: papaparse's guess.
    ['"a\nb\nc",d\r\ne,f\r\n'],
    ['a,b"\nc\r\nd\r\ne\r\n'],
    // Mixed line ends: papaparse takes the one most lines end with.
    ["a\rb\r\nc\r\nd\n"],
    ["a\nb\rc\rd\r"],
    // Spaces between a closing quote and the delimiter or line end.
    ['"a" ,b\r\n"c"  \r\nd,e\r\n'],
    // The deliberate difference: a CR that ends the text is half a CRLF.
    ["a,b\r"],
    ["h\r\nv\r"],
  ])("%j", (text) => expectSameAsPapaparse(text));

  test("a CR that ends the text is read as a CRLF cut in half (deliberately unlike papaparse)", () => {
    expect(papa("h\r\nv\r").lineBreak).toBe("\r");
    expect(ours("h\r\nv\r", 2)).toEqual({ rows: [["h"], ["v\r"]], lineBreak: "\r\n", openQuote: false });
  });

  test("the line end is guessed from the first MiB, as papaparse guesses it", () => {
    // Over the whole text CRLF would win (700k of 1.3M CRs); the first MiB has CRs alone.
    const text = "a\r".repeat(600_000) + "b\r\n".repeat(700_000);
    const r = ours(text, CSV_CHUNK_CHARS);
    const p = papa(text);
    expect(r.lineBreak).toBe("\r");
    expect(p.lineBreak).toBe("\r");
    expect(r.rows.length).toBe(p.rows.length);
    expect(JSON.stringify(r.rows) === JSON.stringify(p.rows)).toBe(true);
  });

  const texts = (alphabet: string[]) =>
    fc.array(fc.constantFrom(...alphabet), { maxLength: 40 }).map((a) => a.join(""));

  test('property: random texts of a , " CR LF split as papaparse splits them, in any chunks', () => {
    fc.assert(
      fc.property(texts(["a", ",", '"', "\r", "\n"]), fc.integer({ min: 1, max: 45 }), (text, chunk) => {
        const want = shown(expected(text));
        expect(shown(ours(text, chunk))).toEqual(want);
        expect(shown(ours(text, CSV_CHUNK_CHARS))).toEqual(want);
        expect(shown(ours(text, chunk, true))).toEqual(want);
      }),
      { numRuns: 3000 },
    );
  });

  test("property: a text streamed in random pieces (a download as it arrives) splits as the whole text", () => {
    fc.assert(
      fc.property(
        texts(["a", ",", '"', "\r", "\n", " "]),
        fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 6 }),
        fc.integer({ min: 1, max: 45 }),
        fc.boolean(),
        (text, cuts, chunk, scanning) => {
          const want = expected(text);
          expect(shown(streamed(text, cuts, chunk, scanning, want.lineBreak))).toEqual(shown(want));
        },
      ),
      { numRuns: 3000 },
    );
  });

  test("a download over a MiB streamed in pieces: its line end guessed from the first MiB, its records the whole text's", () => {
    const text = "a\r".repeat(600_000) + '"b\r\nc",d\r\n'.repeat(100_000) + "e,f";
    const cuts = Array.from({ length: 60 }, (_, i) => i * 49_999 + 7);
    const whole = ours(text, CSV_CHUNK_CHARS);
    expect(whole.lineBreak).toBe("\r");
    for (const scanning of [false, true]) {
      const r = streamed(text, cuts, CSV_CHUNK_CHARS, scanning);
      expect(r.lineBreak).toBe("\r");
      expect(r.rows.length).toBe(whole.rows.length);
      expect(JSON.stringify(r.rows) === JSON.stringify(whole.rows)).toBe(true);
    }
  });

  test("property: with spaces and tabs too (papaparse skips them after a closing quote)", () => {
    fc.assert(
      fc.property(
        texts(["a", ",", '"', "\r", "\n", " ", "\t"]),
        fc.integer({ min: 1, max: 45 }),
        (text, chunk) => {
          const want = shown(expected(text));
          expect(shown(ours(text, chunk))).toEqual(want);
          expect(shown(ours(text, chunk, true))).toEqual(want);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
