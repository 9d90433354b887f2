import fc from "fast-check";
import Papa from "papaparse";
import { getHeapStatistics, setFlagsFromString } from "v8";
import { runInNewContext } from "vm";
import { IMPRESSIONS_DEFAULT_FIELDS } from "../defaults";
import { REPORT_COLUMNS } from "./catalogue";
import { expectedHeader } from "./header";
import { parseReportCsv, ReportCsvReader, type CsvOptions } from "./parse";
import { csvChunks } from "./records";
import { parseDate, parseDateTime, parseNumber, serialToUtc } from "./values";

describe("values", () => {
  test("dates in the spec's formats become Excel serials", () => {
    expect(parseDate("2024-01-02")).toBe(45293);
    expect(parseDate("01/02/2024")).toBe(45293);
    expect(parseDate("1900-03-01")).toBe(61);
    expect(parseDate("2024-02-30")).toBeNull();
    expect(parseDateTime("2024-01-02T12:00:00Z")).toBe(45293.5);
    expect(parseDateTime("2024-01-02T14:00:00+02:00")).toBe(45293.5);
    expect(new Date(serialToUtc(45293.5) as number).toISOString()).toBe("2024-01-02T12:00:00.000Z");
    // Excel's 1900 system: 1 January 1900 is serial 1, and 29 February 1900 (serial 60) is counted.
    expect(parseDate("1900-01-01")).toBe(1);
    expect(parseDate("1900-02-28")).toBe(59);
    expect(parseDate("1900-03-01")).toBe(61);
  });

  test("smart-formatted numbers keep their display format", () => {
    expect(parseNumber("$1,234.56")).toMatchObject({ value: 1234.56, format: "$#,##0.00", currency: true });
    // A percentage is a fraction, as Excel holds it, under a % format: the point moved, not divided.
    expect(parseNumber("12.5%")).toMatchObject({ value: 0.125, format: "0.0%", percent: true });
    expect(parseNumber("1.1%")).toMatchObject({ value: 0.011, format: "0.0%", percent: true });
    expect(parseNumber("1,234")).toMatchObject({ value: 1234, format: "#,##0" });
    // Negatives in parentheses keep their parentheses in the format's negative section.
    expect(parseNumber("(1,234.50)")).toMatchObject({ value: -1234.5, format: "#,##0.00;(#,##0.00)" });
    expect(parseNumber("($5.00)")).toMatchObject({ value: -5, format: "$#,##0.00;($#,##0.00)" });
    expect(parseNumber("-$5")).toMatchObject({ value: -5, currency: true });
    expect(parseNumber("€3.10")).toMatchObject({ value: 3.1, format: "€#,##0.00" });
    expect(parseNumber("1e3")).toEqual({ value: 1000 });
    expect(parseNumber("12,34")).toBeNull();
    expect(parseNumber("abc")).toBeNull();
  });
});

describe("parseReportCsv", () => {
  test("a column's format is widened by every value, not chosen by the first one", () => {
    const csv = 'Name,Amount,Share\nA,$1.5,1%\nB,"$1,234.567",12.25%\nC,($3.10),0.5%\n';
    const t = parseReportCsv(null, csv);
    expect(t.columns.map((c) => c.numberFormat)).toEqual([undefined, "$#,##0.000;($#,##0.000)", "0.00%"]);
    expect(t.rows.map((r) => r[2])).toEqual([0.01, 0.1225, 0.005]);
  });

  test("catalogued columns get their kinds; BOM and CRLF are handled", () => {
    const csv =
      "\uFEFFDay,Advertiser,Spend,Podcast & Streaming Impressions,Visitors %,Campaign Start Date\r\n2024-01-02,Acme,12.5,1000,3.5,2024-01-01\r\n";
    const t = parseReportCsv("impressions", csv);
    expect(t.columns.map((c) => c.kind)).toEqual(["date", "text", "currency", "integer", "percent", "date"]);
    // Visitors % arrives in percentage points (3.5) and is held as the fraction 0.035.
    expect(t.rows).toEqual([[45293, "Acme", 12.5, 1000, 0.035, 45292]]);
  });

  test("quoted newlines, quotes and formula-like text survive", () => {
    const csv =
      'Series,Episode,uploadedAt,Total Impressions\n"A, B","line1\nline2 ""quoted""",01/31/2024,5\n=HYPERLINK("x"),+1,02/01/2024,6\n';
    const t = parseReportCsv("audience", csv);
    expect(t.rows[0]).toEqual(["A, B", 'line1\nline2 "quoted"', 45322, 5]);
    expect(t.rows[1]).toEqual(['=HYPERLINK("x")', "+1", 45323, 6]);
  });

  test("summary block and totals row are kept apart from the data", () => {
    const csv = [
      "Report,Impressions by day",
      "Advertiser,Acme Mattress",
      "Dates,2024-01-01 to 2024-01-31",
      "",
      "Day,Advertiser,Spend,Reach",
      '2024-01-01,Acme,"$1,000.00","1,200"',
      "2024-01-02,Acme,$500.50,800",
      'Total,,"$1,500.50","1,900"',
      "",
    ].join("\n");
    const t = parseReportCsv("impressions", csv, { summary: true, totals: true });
    expect(t.summary).toEqual([
      ["Report", "Impressions by day"],
      ["Advertiser", "Acme Mattress"],
      ["Dates", "2024-01-01 to 2024-01-31"],
    ]);
    expect(t.columns.map((c) => c.name)).toEqual(["Day", "Advertiser", "Spend", "Reach"]);
    expect(t.rows).toHaveLength(2);
    expect(t.rows[0]).toEqual([45292, "Acme", 1000, 1200]);
    expect(t.columns[2].numberFormat).toBe("$#,##0.00");
    expect(t.columns[3].numberFormat).toBe("#,##0");
    expect(t.totals).toEqual(["Total", null, 1500.5, 1900]);
  });

  test("unknown columns (custom actions) are inferred from their values", () => {
    const csv =
      "Day,trial_started,trial_started Modeled,Landing,Is New\n2024-01-01,3,2.5,https://x.test/a,true\n2024-01-02,4,1.25,https://x.test/b,false\n";
    const t = parseReportCsv("impressions", csv);
    expect(t.columns.map((c) => c.kind)).toEqual(["date", "integer", "number", "url", "boolean"]);
  });

  test("a value that does not fit its column stays as text", () => {
    const t = parseReportCsv("impressions", "Day,Spend\n2024-01-01,n/a\n2024-13-45,3\n");
    expect(t.rows).toEqual([
      [45292, "n/a"],
      ["2024-13-45", 3],
    ]);
  });

  test("every report's columns are catalogued", () => {
    const lag = parseReportCsv("lag", "Action,Object ID,Day 1,Day 2\npurchase,pub-1,0.5,0.25\n");
    expect(lag.columns.map((c) => c.kind)).toEqual(["text", "text", "number", "number"]);
    const spend = parseReportCsv(
      "estimatedSpendByShowByDay",
      'Day,Advertiser,Show,Estimated Spend,Transcript,Ads,Episodes,Genres,Read By\n2024-01-01T00:00:00Z,A,S,10,https://t.test/1,2,1,"News, Politics",Host\n',
    );
    expect(spend.columns.map((c) => c.kind)).toEqual([
      "datetime",
      "text",
      "text",
      "currency",
      "url",
      "integer",
      "integer",
      "text",
      "text",
    ]);
    const perf = parseReportCsv(
      "campaignsPerformance",
      'Campaign,Spend,Prefix placed,Airchecks,Clicks %\nC,5,true,"[{""showTitle"":""S""}]",1.5\n',
    );
    expect(perf.columns.map((c) => c.kind)).toEqual(["text", "currency", "boolean", "json", "percent"]);
    // A JSON cell reads as words (jsonCells.ts).
    expect(perf.rows[0][3]).toBe("1 aircheck: S");
    // CPM and Expected come as strings; money and a date where they read so, other text kept.
    const strings = parseReportCsv(
      "campaignsPerformance",
      "Campaign,CPM,Expected\nA,$21.79,2024-01-02\nB,Flat,\n",
    );
    expect(strings.columns.map((c) => [c.kind, c.numberFormat])).toEqual([
      ["text", undefined],
      ["currency", "$#,##0.00"],
      ["date", undefined],
    ]);
    expect(strings.rows).toEqual([
      ["A", 21.79, 45293],
      ["B", "Flat", null],
    ]);
    const listeners = parseReportCsv("impressionListeners", "User Id,Frequency\n0001,3\n");
    expect(listeners.rows).toEqual([["0001", 3]]);
  });

  test("a truncated download is an error, never a silently short table", () => {
    expect(() => parseReportCsv("audience", 'Series,Episode,Total Impressions\nA,"unterminated')).toThrow(
      /truncated/,
    );
    expect(() => parseReportCsv("audience", "Series,Episode,Total Impressions\nA,B,1\nA,B")).toThrow(
      /truncated/,
    );
  });

  test("rows of spaces are data, not blank lines", () => {
    expect(parseReportCsv("lag", "Action,Object ID\n , \n", { summary: false, totals: false }).rows).toEqual([
      [" ", " "],
    ]);
  });

  test("a requested summary ends at the blank line, even when the report is as narrow as the summary", () => {
    const csv = "Report,Impressions by day\r\nAdvertiser,Acme\r\n\r\nDay,Spend\r\n2024-01-02,12.5\r\n";
    const t = parseReportCsv("impressions", csv, { summary: true });
    expect(t.columns.map((c) => c.name)).toEqual(["Day", "Spend"]);
    expect(t.summary).toEqual([
      ["Report", "Impressions by day"],
      ["Advertiser", "Acme"],
    ]);
    expect(t.rows).toEqual([[45293, 12.5]]);
  });

  test("requested totals are the last row whatever its label", () => {
    const t = parseReportCsv("impressions", "Day,Spend\n2024-01-02,1\n2024-01-03,2\n,3\n", { totals: true });
    expect(t.rows).toHaveLength(2);
    expect(t.totals).toEqual([null, 3]);
    // A cut-off last row is a truncated download, even when totals were asked for.
    expect(() =>
      parseReportCsv("impressions", "Day,Spend,Reach\n2024-01-02,1,5\n2024-01-03,2", { totals: true }),
    ).toThrow(/truncated/);
    // Not requested: an unlabelled last row is data.
    expect(
      parseReportCsv("impressions", "Day,Spend\n2024-01-02,1\n,3\n", { totals: false }).rows,
    ).toHaveLength(2);
  });

  test("the delimiter is always a comma: one-column files of ; or | text stay one column", () => {
    // No trailing newline: the shape in which papaparse would otherwise guess ";" or "|".
    const t = parseReportCsv(null, "Note;remark\nA;B\nC;D", { lengthProven: true });
    expect(t.columns.map((c) => c.name)).toEqual(["Note;remark"]);
    expect(t.rows).toEqual([["A;B"], ["C;D"]]);
    expect(parseReportCsv(null, "Tag|Kind\nx|y", { lengthProven: true }).rows).toEqual([["x|y"]]);
  });

  test("empty input gives an empty table", () => {
    expect(parseReportCsv("audience", "")).toEqual({ columns: [], rows: [] });
  });

  test("property: any cell text in a text column survives serialization and parsing exactly", () => {
    const text = fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 });
    fc.assert(
      fc.property(fc.array(fc.tuple(text, text), { minLength: 1, maxLength: 20 }), (rows) => {
        const csv = Papa.unparse({ fields: ["Series", "Episode"], data: rows }, { newline: "\r\n" }) + "\r\n";
        const t = parseReportCsv("audience", csv, { summary: false, totals: false });
        expect(t.rows).toEqual(rows.map(([a, b]) => [a, b]));
      }),
      { numRuns: 500 },
    );
  });

  test("property: formula-like and delimiter-heavy text survives in the last column", () => {
    const tricky = fc.stringMatching(/^[=+\-@][",\n\r a-z0-9()]{0,20}$/);
    fc.assert(
      fc.property(tricky, (value) => {
        const csv = Papa.unparse({ fields: ["Action", "Object ID"], data: [["purchase", value]] }) + "\r\n";
        expect(parseReportCsv("lag", csv, { summary: false, totals: false }).rows[0][1]).toBe(value);
      }),
      { numRuns: 500 },
    );
  });
});

describe("numbers no number holds exactly are kept as their text, and counted", () => {
  test("a known number column keeps 1e400, 1e-400 and integers over 15 digits as text; it reads 08123 as 8123", () => {
    const t = parseReportCsv(
      "audience",
      "Series,reach,avgFrequency\nA,12345678901234567890,1e400\nB,08123,1e-400\nC,1000000000000000,0.30000000000000004\nD,n/a,2\n",
    );
    expect(t.rows).toEqual([
      ["A", "12345678901234567890", "1e400"],
      ["B", 8123, "1e-400"],
      ["C", 1e15, 0.30000000000000004],
      ["D", "n/a", 2],
    ]);
    // Named as the sheet shows them; "n/a" is not a number at all, so not counted.
    expect(t.keptAsText).toEqual([
      { column: "Reach", cells: 1 },
      { column: "Average frequency", cells: 2 },
    ]);
    expect(parseReportCsv("audience", "Series,reach\nA,12\n").keptAsText).toBeUndefined();
  });

  test("a column the add-in does not know is numbers only when every value is one exactly, with no leading zero", () => {
    const t = parseReportCsv(
      "impressions",
      "Day,Zip,Order ID,Tally,Share\n2024-01-01,08123,12345678901234567890,5,0.5\n2024-01-02,10001,77,-007,-0.25\n2024-01-03,08123,78,6,0\n",
    );
    expect(t.columns.map((c) => c.kind)).toEqual(["date", "text", "text", "text", "number"]);
    expect(t.rows.map((r) => r.slice(1))).toEqual([
      ["08123", "12345678901234567890", "5", 0.5],
      ["10001", "77", "-007", -0.25],
      ["08123", "78", "6", 0],
    ]);
    // A repeated text is typed once but counted each time.
    expect(t.keptAsText).toEqual([
      { column: "Zip", cells: 2 },
      { column: "Order ID", cells: 1 },
      { column: "Tally", cells: 1 },
    ]);
  });

  test("after the first rows, a leading zero or a long integer under an inferred number column stays its text, by the scan as by papaparse", () => {
    const body = Array.from({ length: 1200 }, (_, i) => `${i},${i}.5`);
    body.push("08123,-012.5", "12345678901234567890,1e400", "0,-0.5");
    const csv = `Tally,Share\n${body.join("\n")}\n`;
    for (const scan of [true, false]) {
      const t = parseReportCsv("impressions", csv, { summary: false }, 4096, scan);
      expect(t.columns.map((c) => c.kind)).toEqual(["integer", "number"]);
      expect(t.rows.slice(-3)).toEqual([
        ["08123", "-012.5"],
        ["12345678901234567890", "1e400"],
        [0, -0.5],
      ]);
      expect(t.keptAsText).toEqual([
        { column: "Tally", cells: 2 },
        { column: "Share", cells: 2 },
      ]);
    }
  });

  test("an inferred column empty in the first rows whose first value has a leading zero is text, and counts it", () => {
    const body = Array.from({ length: 1200 }, (_, i) => `${i},`);
    body.push("1200,08123", "1201,5");
    const t = parseReportCsv("impressions", `Tally,Zip\n${body.join("\n")}\n`, { summary: false }, 4096);
    expect(t.columns[1].kind).toBe("text");
    expect(t.rows.slice(-2)).toEqual([
      [1200, "08123"],
      [1201, "5"],
    ]);
    expect(t.keptAsText).toEqual([{ column: "Zip", cells: 1 }]);
  });
});

describe("a download is accepted only when provably whole", () => {
  const audience = Object.keys(REPORT_COLUMNS.audience);
  const audienceCsv = (rows: string[][], newline = "\r\n") =>
    [audience, ...rows].map((r) => r.join(",")).join(newline) + newline;
  const row = (n: number) => audience.map((c, i) => (i < 2 || c === "Length" ? `x${n}` : String(n + i)));
  const header = expectedHeader("audience", {});
  const opts = { header, summary: false, totals: false };

  test("a last line without its line end is truncation unless Content-Length proved the length", () => {
    const whole = audienceCsv([row(1), row(2)]);
    expect(parseReportCsv("audience", whole, { header }).rows).toHaveLength(2);
    const cut = whole.slice(0, -2); // every cell is there; only the line end is missing
    expect(() => parseReportCsv("audience", cut, { header })).toThrow(/no line end.*truncated/);
    expect(parseReportCsv("audience", cut, { header, lengthProven: true }).rows).toHaveLength(2);
  });

  test("a CRLF file cut between CR and LF is truncation (papaparse would guess CR and shift every row)", () => {
    const cut = audienceCsv([row(1), row(2)]).slice(0, -1);
    expect(() => parseReportCsv("audience", cut, { header })).toThrow(/no line end/);
  });

  test("a row of the wrong width anywhere is truncation, not only the last", () => {
    const short = row(2).slice(0, -1);
    expect(() => parseReportCsv("audience", audienceCsv([row(1), short, row(3)]), opts)).toThrow(
      new RegExp(`row 2 has ${audience.length - 1} of ${audience.length} columns`),
    );
    const long = [...row(2), "extra"];
    expect(() => parseReportCsv("audience", audienceCsv([row(1), long, row(3)]), opts)).toThrow(/row 2 has/);
  });

  test("a cut inside the header, even one that leaves whole column names, is refused", () => {
    const csv = audienceCsv([row(1)]);
    const headerEnd = csv.indexOf("\r\n");
    // Cut inside a name, right after a comma, one name short: refused even when the cut file's own
    // length is proven (a file stored cut).
    for (const cut of [5, csv.indexOf(",", 10) + 1, csv.lastIndexOf(",", headerEnd)]) {
      expect(() => parseReportCsv("audience", csv.slice(0, cut), { header, lengthProven: true })).toThrow(
        /header|truncated/,
      );
    }
    expect(() => parseReportCsv("audience", "", { header })).toThrow(/no header/);
  });

  test("impressions with fields: exactly the requested columns, renamed as asked, in order", () => {
    const expect_ = expectedHeader("impressions", {
      fields: ["Day", " Spend", "Trial Starts"],
      fieldMapping: { Spend: "Cost" },
    });
    expect(
      parseReportCsv("impressions", "Day,Cost,Trial Starts\n2024-01-01,1,2\n", { header: expect_ }).rows,
    ).toHaveLength(1);
    expect(() => parseReportCsv("impressions", "Day,Spend,Trial Starts\n", { header: expect_ })).toThrow(
      /column 2 of the header is "Spend" where "Cost" was requested/,
    );
    expect(() => parseReportCsv("impressions", "Day,Cost\n", { header: expect_ })).toThrow(
      /2 columns where 3 were requested/,
    );
  });

  test("impressions without fields: the defaults (renamed) must be there; custom actions may be added", () => {
    const defaults = IMPRESSIONS_DEFAULT_FIELDS.filter((f) => f !== "Service Campaign ID");
    const h = expectedHeader("impressions", { fieldMapping: { Spend: "Cost" } });
    const names = defaults.map((f) => (f === "Spend" ? "Cost" : f));
    const ok = `${[...names, "Trial Starts", "Trial Starts Modeled"].join(",")}\n`;
    expect(parseReportCsv("impressions", ok, { header: h }).columns).toHaveLength(names.length + 2);
    const cut = `${names.slice(0, -1).join(",")}\n`;
    expect(() => parseReportCsv("impressions", cut, { header: h })).toThrow(/lacks "Campaign End Date"/);
    const twice = `${[...names, "Day"].join(",")}\n`;
    expect(() => parseReportCsv("impressions", twice, { header: h })).toThrow(/"Day" more than once/);
  });

  test("campaign performance: every catalogued column; extra DAI pixel columns are legitimate, others not", () => {
    const cols = Object.keys(REPORT_COLUMNS.campaignsPerformance);
    const h = expectedHeader("campaignsPerformance", {});
    const csv = (names: string[]) => `${names.map((n) => `"${n}"`).join(",")}\n`;
    expect(() =>
      parseReportCsv("campaignsPerformance", csv([...cols, "Extra DAI Impression Pixel by Creative 2"]), {
        header: h,
      }),
    ).not.toThrow();
    expect(() => parseReportCsv("campaignsPerformance", csv([...cols, "Surprise"]), { header: h })).toThrow(
      /does not have: "Surprise"/,
    );
    expect(() => parseReportCsv("campaignsPerformance", csv(cols.slice(1)), { header: h })).toThrow(
      /lacks "Advertiser"/,
    );
  });

  test("lag: Day 1 … Day N consecutively, W + 1 of them when the window was sent", () => {
    const h = expectedHeader("lag", { advertiser: ["A"], groupKey: "publisher", attributionWindow: 2 });
    expect(parseReportCsv("lag", "Action,Object ID,Day 1,Day 2,Day 3\n", { header: h }).columns).toHaveLength(
      5,
    );
    expect(() => parseReportCsv("lag", "Action,Object ID,Day 1,Day 2\n", { header: h })).toThrow(
      /2 Day columns where the 2-day window gives 3/,
    );
    const any = expectedHeader("lag", {
      advertiser: ["A"],
      groupKey: "publisher",
      useSettingsProfiles: true,
    });
    // "Day 3" cut from "Day 31" after Day 1 … Day 30 breaks the sequence.
    const days = Array.from({ length: 30 }, (_, i) => `Day ${i + 1}`);
    expect(() =>
      parseReportCsv("lag", `Action,Object ID,${days.join(",")},Day 3\n`, { header: any }),
    ).toThrow(/more than once|skip/);
  });
});

describe("column names that are also JavaScript's own names", () => {
  test("a column called constructor, toString or __proto__ is typed by its values, never by Object.prototype", () => {
    const csv = "constructor,toString,__proto__\n1,a,2026-01-02\n";
    const t = parseReportCsv("impressions", csv, {
      header: expectedHeader("impressions", {
        fields: ["constructor", "toString", "__proto__"],
        fieldMapping: { Spend: "Cost" },
      }),
      summary: false,
      totals: false,
    });
    expect(t.columns.map((c) => c.kind)).toEqual(["integer", "text", "date"]);
  });

  test("a header whose names are all empty is still the header when there is no summary", () => {
    const h = expectedHeader("impressions", {
      fields: ["Day", "Spend"],
      fieldMapping: { Day: "", Spend: "" },
    });
    const t = parseReportCsv("impressions", ",\n2026-01-02,5\n", { header: h, summary: false });
    expect(t.rows).toEqual([[46024, 5]]);
  });
});

test("a report of a million rows parses (no step spreads every row into one call)", () => {
  const rows = 1_000_000;
  const csv = "Day,Clicks\r\n" + "2026-01-02,7\r\n".repeat(rows);
  const table = parseReportCsv("impressions", csv);
  expect(table.rows).toHaveLength(rows);
  expect(table.rows[rows - 1]).toEqual([46024, 7]);
});

describe("a big download is read a chunk at a time", () => {
  const outcome = (csv: string, chunkChars: number, totals?: boolean, summary?: boolean) => {
    try {
      return parseReportCsv(null, csv, { totals, summary }, chunkChars);
    } catch (err) {
      return (err as Error).message;
    }
  };
  /** The table (or the error) of `csv` streamed to a ReportCsvReader in pieces cut at `cuts`, as a download arrives. */
  const streamedOutcome = (
    kind: "impressions" | null,
    csv: string,
    cuts: number[],
    opts: CsvOptions,
    chunkChars: number,
  ) => {
    // The whole text's line end, given: a short text's is otherwise decided at its end, in one piece.
    const { lineBreak } = csvChunks(csv, () => undefined);
    try {
      const reader = new ReportCsvReader(kind, opts, chunkChars, true, lineBreak);
      let at = 0;
      for (const cut of cuts.map((c) => c % (csv.length + 1)).sort((a, b) => a - b)) {
        reader.push(csv.slice(at, cut));
        at = cut;
      }
      reader.push(csv.slice(at));
      return reader.end(opts.lengthProven);
    } catch (err) {
      return (err as Error).message;
    }
  };

  test("property: the table (or the error) is the same whatever the chunk size", () => {
    const cell = fc.oneof(
      fc.constantFrom("", "1", "2.5", "$1,000.00", "12%", "2024-01-02", "yes", "Total", "n/a"),
      fc.string({ maxLength: 6 }),
      fc.stringMatching(/^[",\r\n a-z]{0,6}$/),
    );
    const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.array(cell, { minLength: 1, maxLength: 4 }), { maxLength: 12 }),
        fc.constantFrom("\n", "\r\n"),
        fc.option(fc.boolean(), { nil: undefined }),
        fc.option(fc.boolean(), { nil: undefined }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 0, max: 3 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        (width, rows, newline, totals, summary, chunk, cut, pieces) => {
          const header = Array.from({ length: width }, (_, i) => `C${i}`);
          const lines = [header, ...rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ""))];
          const whole = lines.map((r) => r.map(quote).join(",")).join(newline) + newline;
          // Whole files, and files cut short (refused, the same way at every chunk size).
          const csv = whole.slice(0, whole.length - cut);
          const read = outcome(csv, 1 << 20, totals, summary);
          expect(outcome(csv, chunk, totals, summary)).toEqual(read);
          // Streamed as it arrives, in any pieces: the same table, or the same refusal.
          expect(streamedOutcome(null, csv, pieces, { totals, summary }, chunk)).toEqual(read);
        },
      ),
      { numRuns: 2000 },
    );
  });

  test("property: the rows read by the field scan are the rows papaparse's records give", () => {
    // Catalogued columns of every numeric kind (a percent among them), a date, text, and two
    // inferred columns; values plain, formatted, quoted, escaped, spaced, exotic and empty.
    const header = "Day,Spend,Clicks,Reach %,Note,Tally,Mixed";
    const value = fc.oneof(
      {
        weight: 6,
        arbitrary: fc.constantFrom("1", "2.5", "-0", "-3.25", ".5", "5.", "007", "-08.5", "0.011", "0"),
      },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          "",
          " 4",
          "1e3",
          '"$1,000.00"',
          "(12)",
          "12%",
          "1234567890123456",
          "n/a",
          "12345678901234567890",
          "1e400",
          "1e-400",
          '"$0,123"',
        ),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom('"7"', '"a,b"', '"x""y"', '""', '"1\n2"', "2024-01-02", "yes"),
      },
    );
    const row = fc.array(value, { minLength: 7, maxLength: 7 }).map((cells) => cells.join(","));
    const line = fc.oneof(
      { weight: 30, arbitrary: row },
      { weight: 1, arbitrary: fc.constantFrom("", ",,,,,,", "Total,1,2,3,4,5,6") },
    );
    // At most one line the scan leaves to papaparse that makes the file wrong, anywhere.
    const odd = fc.oneof(
      { weight: 3, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.tuple(fc.nat(), fc.constantFrom("1,2", 'a,"open', "1,2,3,4,5,6,7,8")) },
    );
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1150, maxLength: 2500 }),
        odd,
        fc.constantFrom("\n", "\r\n"),
        fc.option(fc.boolean(), { nil: undefined }),
        // Mostly whole, sometimes cut short in its last line end or value.
        fc.oneof(
          { weight: 4, arbitrary: fc.constant(0) },
          { weight: 1, arbitrary: fc.integer({ min: 1, max: 2 }) },
        ),
        fc.array(fc.nat(), { maxLength: 8 }),
        (lines, wrong, newline, totals, cut, pieces) => {
          if (wrong) lines.splice(wrong[0] % lines.length, 0, wrong[1]);
          const whole = [header, ...lines].join(newline) + newline;
          const csv = whole.slice(0, whole.length - cut);
          const read = (scan: boolean) => {
            try {
              return parseReportCsv(
                "impressions",
                csv,
                { totals, summary: false, lengthProven: cut === 0 },
                4096,
                scan,
              );
            } catch (err) {
              return (err as Error).message;
            }
          };
          const byPapaparse = read(false);
          expect(read(true)).toEqual(byPapaparse);
          // The same file streamed in pieces, as it arrives: the scan then starts again in each window.
          const opts = { totals, summary: false, lengthProven: cut === 0 };
          expect(streamedOutcome("impressions", csv, pieces, opts, 4096)).toEqual(byPapaparse);
        },
      ),
      { numRuns: 60, endOnFailure: true },
    );
  });

  test("inferred kinds are decided on the first rows; a later value that does not fit stays as its text", () => {
    const rows = Array.from(
      { length: 1500 },
      (_, i) => `${i},2024-01-${String((i % 28) + 1).padStart(2, "0")},yes`,
    );
    rows[1300] = "1.5,n/a,maybe";
    rows[1400] = "7%,2024-02-30,1";
    const csv = `Tally,When,Flag\n${rows.join("\n")}\n`;
    const t = parseReportCsv(null, csv, {}, 4096);
    expect(t.columns.map((c) => c.kind)).toEqual(["integer", "date", "boolean"]);
    expect(t.rows).toHaveLength(1500);
    expect(t.rows[1300]).toEqual(["1.5", "n/a", "maybe"]);
    expect(t.rows[1400]).toEqual(["7%", "2024-02-30", "1"]);
    expect(t.rows[1499]).toEqual([1499, parseDate("2024-01-16"), true]);
    // A small report's kinds are its whole column's, as before: one "1.5" makes the column numbers.
    const small = parseReportCsv(null, "Tally\n1\n1.5\n", {}, 2);
    expect(small.columns[0].kind).toBe("number");
    expect(small.rows).toEqual([[1], [1.5]]);
  });

  test("property: a report of about a thousand rows, empty lines and blank rows among them, reads the same in any chunks", () => {
    const line = fc.oneof(
      {
        weight: 8,
        arbitrary: fc.constantFrom("1", "2.5", "", "n/a", "2024-01-02", "yes").map((v) => `${v},x`),
      },
      { weight: 1, arbitrary: fc.constant("") },
      { weight: 1, arbitrary: fc.constant(",") },
    );
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1080, maxLength: 1120 }),
        fc.integer({ min: 50, max: 5000 }),
        fc.constantFrom("Total,9", "3,x"),
        (lines, chunk, last) => {
          const csv = `Tally,Note\n${[...lines, last].join("\n")}\n\n`;
          expect(outcome(csv, chunk)).toEqual(outcome(csv, 1 << 22));
        },
      ),
      { numRuns: 40 },
    );
  });

  test("kinds are the same whatever the chunk size, and empty lines do not count as rows", () => {
    const big = ["Tally", ...Array.from({ length: 2000 }, (_, i) => (i === 1500 ? "1.5" : String(i)))];
    const csv = `${big.join("\n")}\n`;
    const small = parseReportCsv(null, csv, {}, 1000);
    expect(parseReportCsv(null, csv, {}, 1 << 16)).toEqual(small);
    expect(small.columns[0].kind).toBe("integer");
    expect(small.rows[1500]).toEqual(["1.5"]);
    // 600 rows with an empty line after each: a small report, typed on all its values as before.
    const spaced = `N\n${Array.from({ length: 600 }, (_, i) => (i === 599 ? "1.5" : String(i))).join("\n\n")}\n`;
    const t = parseReportCsv(null, spaced);
    expect(t.columns[0].kind).toBe("number");
    expect(t.rows.at(-1)).toEqual([1.5]);
    // Only empty lines, however many: no table; empty lines before the header are skipped.
    expect(parseReportCsv(null, "\n".repeat(1200))).toEqual({ columns: [], rows: [] });
    expect(() => parseReportCsv(null, "\n".repeat(1200), { header: expectedHeader("audience", {}) })).toThrow(
      /no header/,
    );
    expect(parseReportCsv(null, `${"\n".repeat(1200)}A,B\n1,2\n`, { summary: false }).rows).toEqual([[1, 2]]);
  });

  test("an inferred column empty in the first rows takes its kind from its first value", () => {
    const rows = Array.from({ length: 3000 }, (_, i) => `${i},${i >= 2500 ? String(i) : ""}`);
    rows[2700] = "2700,2700.5";
    const t = parseReportCsv(null, `Tally,Late\n${rows.join("\n")}\n`, {}, 1000);
    expect(t.columns[1].kind).toBe("number");
    expect(t.rows[2499]).toEqual([2499, null]);
    expect(t.rows[2500]).toEqual([2500, 2500]);
    expect(t.rows[2700]).toEqual([2700, 2700.5]);
    expect(t.rows[2999]).toEqual([2999, 2999]);
  });

  test("the totals row is found at the end of a report read in many chunks", () => {
    const body = Array.from({ length: 2000 }, (_, i) => `2024-01-01,Acme,${i}`);
    const csv = `Day,Advertiser,Spend\r\n${body.join("\r\n")}\r\nTotal,,1999000\r\n\r\n`;
    const t = parseReportCsv("impressions", csv, {}, 1000);
    expect(t.rows).toHaveLength(2000);
    expect(t.totals).toEqual(["Total", null, 1999000]);
  });
});

test("a download streamed in pieces keeps none of them: the table holds copies of its texts, not views of the pieces", () => {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  const heap = () => {
    gc();
    gc();
    return getHeapStatistics().used_heap_size;
  };
  // 30,000 rows of a distinct 16-character id and a 300-character number (15 digits, a point and
  // 284 decimals): about 9.5 MB of text, of which the table keeps the ids (as strings) and the
  // numbers (as doubles) only.
  const rows = 30_000;
  const long = `${"7".repeat(15)}.${"7".repeat(284)}`;
  const row = (i: number) => `id-${String(i).padStart(13, "0")},${long}\n`;
  const before = heap();
  const reader = new ReportCsvReader(null, {}, 1 << 16, true, "\n");
  reader.push("Id,N\n");
  let textBytes = 0;
  // Pieces of about 64 KiB, each made as it is pushed (as a download arrives), never the whole text.
  for (let i = 0; i < rows; i += 200) {
    let piece = "";
    for (let j = i; j < Math.min(rows, i + 200); j++) piece += row(j);
    textBytes += piece.length;
    reader.push(piece);
  }
  const table = reader.end();
  const kept = heap() - before;
  expect(table.rows).toHaveLength(rows);
  expect(table.rows[4321]).toEqual(["id-0000000004321", Number(long)]);
  // The rows and their ids are about half the text's size; the pieces kept as well would add the whole text.
  expect(kept / textBytes).toBeLessThan(0.8);
});
