import { agentDelimitedTable, isoDate, unambiguousNumber, whyText, wouldChange } from "./agentTables";

describe("agent CSV and TSV typing", () => {
  test("a number only when the text is unambiguously that number", () => {
    expect(["0", "12", "-5", "0.125", "0.10", "123456789012345", "-0.5"].map(unambiguousNumber)).toEqual([
      0, 12, -5, 0.125, 0.1, 123456789012345, -0.5,
    ]);
    const text = [
      "00123",
      "1234567890123456",
      "12345678901234567890",
      "1e5",
      "1,234",
      "+5",
      "12%",
      "$5",
      "-0",
      "-0.0",
      ".5",
      "5.",
      " 5",
      "yes",
      "TRUE",
      "",
      "0x1F",
      "Infinity",
      "NaN",
    ];
    expect(text.map(unambiguousNumber)).toEqual(text.map(() => null));
  });

  test("values kept as text that would change as numbers are told apart from text kept by choice", () => {
    for (const t of [
      "00123",
      "-007",
      "1234567890123456",
      "12345678901234567890",
      "1.1234567890123456",
      "1e400",
      "1e-400",
    ])
      expect([t, wouldChange(t)]).toEqual([t, true]);
    // Numbers, words, a signed zero, an exponent a double holds, thousands separators: not counted.
    for (const t of ["12", "0", "0.5", "-0", "-0.0", "1e5", "1,234", "yes", "", " 00123", "12%"])
      expect([t, wouldChange(t)]).toEqual([t, false]);
    const { table } = agentDelimitedTable("csv", "Zip,Id,Note\n01234,12345678901234567890,1e5\n02134,7,x\n");
    expect(table.keptAsText).toEqual([
      { column: "Zip", cells: 2 },
      { column: "Id", cells: 1 },
    ]);
    expect(agentDelimitedTable("csv", "a,b\n1,x\n").table.keptAsText).toBeUndefined();
  });

  test("a date only in ISO form, on a day Excel and the calendar agree on", () => {
    expect(isoDate("2026-03-04")).toBe(46085);
    expect(isoDate("1900-03-01")).toBe(61);
    for (const t of ["3/4/2026", "2026-02-30", "1900-02-28", "2026-03-04T10:00:00Z", "20260304"])
      expect(isoDate(t)).toBeNull();
  });

  test("the note says why a number-like value stays text", () => {
    expect(whyText("00123")).toBe('"00123" has a leading zero');
    expect(whyText("12345678901234567890")).toBe(
      '"12345678901234567890" has more digits than Excel keeps (15)',
    );
    expect(whyText("1e5")).toBe('"1e5" has an exponent');
    expect(whyText("yes")).toBe('"yes" is a word');
    expect(whyText("3/4/2026")).toBe('"3/4/2026" is not an ISO date (YYYY-MM-DD)');
    expect(whyText("-0")).toBe('"-0" is a signed zero');
    expect(whyText(" 7")).toBe('"7" has spaces around it');
    expect(whyText("12")).toBeNull();
    expect(whyText("Show 1")).toBeNull();
  });

  test("columns: all numbers → number, all ISO dates → date, anything else → the exact text", () => {
    const csv = [
      "id,zip,big,flag,when,mixed,note",
      "1,01234,12345678901234567890,yes,2026-01-05,12,plain",
      '2,90210,1,no,2026-01-06,n/a,"a,b"',
      "",
    ].join("\r\n");
    const { table, choices } = agentDelimitedTable("csv", csv);
    expect(choices).toEqual([
      { name: "id", kind: "number" },
      { name: "zip", kind: "text", note: '"01234" has a leading zero' },
      { name: "big", kind: "text", note: '"12345678901234567890" has more digits than Excel keeps (15)' },
      { name: "flag", kind: "text", note: '"yes" is a word' },
      { name: "when", kind: "date" },
      { name: "mixed", kind: "text", note: '"n/a" is not a number' },
      { name: "note", kind: "text" },
    ]);
    expect(table.columns[0]).toEqual({ name: "id", kind: "number", numberFormat: "General" });
    expect(table.rows).toEqual([
      [1, "01234", "12345678901234567890", "yes", 46027, "12", "plain"],
      [2, "90210", "1", "no", 46028, "n/a", "a,b"],
    ]);
  });

  test("ragged rows lose nothing: a longer row gets a column of its own, a shorter one empty cells", () => {
    const { table } = agentDelimitedTable("tsv", "a\tb\n1\n2\t3\textra\n");
    expect(table.columns.map((c) => c.name)).toEqual(["a", "b", ""]);
    expect(table.rows).toEqual([
      [1, null, null],
      [2, 3, "extra"],
    ]);
  });

  test("an empty file and a CSV cut inside quotes are refused with a clear message", () => {
    expect(() => agentDelimitedTable("csv", "")).toThrow(/empty/);
    expect(() => agentDelimitedTable("tsv", "\n")).toThrow(/empty/);
    expect(() => agentDelimitedTable("csv", 'a,b\n1,"open')).toThrow(/inside a quoted value/);
  });
  test("a file of 300,000 lines is read whole (its width is not found by spreading every row)", () => {
    const text = ["Id,Note", ...Array.from({ length: 300_000 }, (_, i) => `${i},n${i}`)].join("\n");
    const { table } = agentDelimitedTable("csv", text);
    expect(table.rows).toHaveLength(300_000);
    expect(table.columns.map((c) => c.name)).toEqual(["Id", "Note"]);
  });
});
