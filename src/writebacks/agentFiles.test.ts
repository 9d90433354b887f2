import fc from "fast-check";
import type { CellValue } from "../api/table";
import { MAX_CELL_CHARS, TRUNCATION_MARKER } from "../excel/cellFormats";
import { tableHeaders } from "../excel/tableWriter";
import { columnNames, fileAction, formatSize, jsonToTable, textToTable } from "./agentFiles";

describe("agent files", () => {
  it("opens text formats as tables, inserts xlsx and downloads the rest", () => {
    expect(["csv", "tsv", "txt", "json"].map(fileAction)).toEqual(["table", "table", "table", "table"]);
    expect(fileAction("xlsx")).toBe("workbook");
    expect(["xls", "html", "zip"].map(fileAction)).toEqual(["download", "download", "download"]);
  });

  it("formats sizes", () => {
    expect(formatSize(0)).toBe("0 B");
    expect(formatSize(1536)).toBe("1.5 KB");
    expect(formatSize(5 * 1024 * 1024)).toBe("5.0 MB");
    expect(formatSize(300 * 1024)).toBe("300 KB");
  });

  it("turns text into one row per line", () => {
    expect(textToTable("a\r\nb\n").rows).toEqual([["a"], ["b"]]);
  });

  it("flattens an array of objects to columns with dotted names, arrays kept as JSON", () => {
    const t = jsonToTable(
      JSON.stringify([
        { show: "A", stats: { downloads: 10, rank: 2 }, tags: ["x", "y"] },
        { show: "B", stats: { downloads: 20 }, live: true },
      ]),
    );
    expect(t.columns).toEqual([
      { name: "show", kind: "text" },
      { name: "stats.downloads", kind: "number" },
      { name: "stats.rank", kind: "number" },
      { name: "tags", kind: "json" },
      { name: "live", kind: "boolean" },
    ]);
    expect(t.rows).toEqual([
      ["A", 10, 2, '["x","y"]', null],
      ["B", 20, null, null, true],
    ]);
  });

  it("uses the only array of objects inside a wrapper object, else the object as one row", () => {
    expect(jsonToTable('{"data":[{"a":1},{"a":2}],"count":2}').rows).toEqual([[1], [2]]);
    expect(jsonToTable('{"a":1,"b":"x"}').rows).toEqual([[1, "x"]]);
    expect(jsonToTable("[1,2]").columns).toEqual([{ name: "value", kind: "number" }]);
  });

  it("refuses text that is not JSON with a clear message", () => {
    expect(() => jsonToTable("{nope")).toThrow(/not valid JSON/);
  });
});

describe("JSON numbers no number holds exactly are the text the file wrote", () => {
  it("keeps 1e400, 1e-400 and integers over 15 significant digits as text, counted by column; the rest stay numbers", () => {
    const t = jsonToTable(
      '[{"id":12345678901234567890,"big":1e400,"n":1e15,"x":0.30000000000000004},{"id":-1234567890123456.5,"big":1.5e300,"n":1e-400,"x":-0}]',
    );
    expect(t.rows).toEqual([
      ["12345678901234567890", "1e400", 1e15, 0.30000000000000004],
      ["-1234567890123456.5", 1.5e300, "1e-400", -0],
    ]);
    expect(t.columns.map((c) => c.kind)).toEqual(["text", "text", "text", "number"]);
    expect(t.keptAsText).toEqual([
      { column: "id", cells: 2 },
      { column: "big", cells: 1 },
      { column: "n", cells: 1 },
    ]);
    expect(jsonToTable('[{"a":1,"b":"12345678901234567890"}]').keptAsText).toBeUndefined();
  });

  it("reads numbers only outside strings: digits, quotes and backslashes inside strings and keys are left alone", () => {
    const t = jsonToTable(
      String.raw`[{"s":"12345678901234567890 \"1e400\" \\","k\"99999999999999999":"1e400","n":99999999999999999}]`,
    );
    expect(t.columns.map((c) => c.name)).toEqual(["s", 'k"99999999999999999', "n"]);
    expect(t.rows).toEqual([['12345678901234567890 "1e400" \\', "1e400", "99999999999999999"]]);
    expect(t.keptAsText).toEqual([{ column: "n", cells: 1 }]);
  });

  it("a string of the file that starts with the private character a kept number is marked with stays itself", () => {
    // U+E000 escaped, U+E001 escaped in capitals, U+E002 as itself: the marker is U+E003.
    const t = jsonToTable(
      String.raw`[{"a":"\ue0000","b":"\uE0011","c":"` + "\ue002" + `","d":12345678901234567890}]`,
    );
    expect(t.rows).toEqual([["\ue0000", "\ue0011", "\ue002", "12345678901234567890"]]);
  });

  it("keeps the file's text in arrays, at the top level, and in the whole document", () => {
    expect(jsonToTable('[{"ids":[12345678901234567890,1,{"x":1e400}]}]').rows).toEqual([
      ['[12345678901234567890,1,{"x":1e400}]'],
    ]);
    expect(jsonToTable("[12345678901234567890,[1e400],5]").rows).toEqual([
      ["12345678901234567890"],
      ["[1e400]"],
      [5],
    ]);
    expect(jsonToTable("1e400")).toMatchObject({
      rows: [["1e400"]],
      keptAsText: [{ column: "value", cells: 1 }],
    });
  });

  it("refuses a file that is not JSON in the words of its own text", () => {
    const message = (text: string) => {
      try {
        jsonToTable(text);
        return "";
      } catch (e) {
        return (e as Error).message;
      }
    };
    const native = (text: string) => message(text).replace(/^The file is not valid JSON: /, "");
    for (const text of ["[12345678901234567890, nope]", '{"a":1e400,"b":tru}']) {
      let parsed = "";
      try {
        JSON.parse(text);
      } catch (e) {
        parsed = (e as Error).message;
      }
      expect(native(text)).toBe(parsed);
    }
    // A number JSON's grammar refuses is left for JSON.parse to refuse.
    expect(message("[0123456789012345678]")).toMatch(/not valid JSON/);
  });
});

describe("JSON keys that would share a column name each keep a column of their own", () => {
  const table = (records: string) => {
    const t = jsonToTable(records);
    return { names: t.columns.map((c) => c.name), rows: t.rows };
  };

  test('"__proto__", "constructor" and other Object.prototype names are plain columns', () => {
    expect(table('[{"__proto__":1,"constructor":2,"toString":3},{"__proto__":{"polluted":true}}]')).toEqual({
      names: ["__proto__", "constructor", "toString", "__proto__.polluted"],
      rows: [
        [1, 2, 3, null],
        [null, null, null, true],
      ],
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(table('{"__proto__":[{"a":1},{"a":2}]}')).toEqual({ names: ["a"], rows: [[1], [2]] });
  });

  test("keys equal but for case: the first keeps the name, the next gets (2), in every row", () => {
    expect(table('[{"name":"a","Name":"b"},{"NAME":"c","name":"d"}]')).toEqual({
      names: ["name", "Name (2)", "NAME (3)"],
      rows: [
        ["a", "b", null],
        ["d", null, "c"],
      ],
    });
  });

  test('a nested "a" → "b" and a literal "a.b" key are two columns', () => {
    expect(table('[{"a":{"b":1},"a.b":2},{"a.b":3},{"a":{"b":4}}]')).toEqual({
      names: ["a.b", "a.b (2)"],
      rows: [
        [1, 2],
        [null, 3],
        [4, null],
      ],
    });
    // The literal key seen first keeps the plain name.
    expect(table('[{"a.b":1,"a":{"b":2}}]').names).toEqual(["a.b", "a.b (2)"]);
  });

  test("keys equal but for surrounding spaces, and names that are taken already", () => {
    expect(table('[{"x":1," x ":2,"x\\n":3,"X (2)":4}]')).toEqual({
      names: ["x", "x (3)", "x (4)", "X (2)"],
      rows: [[1, 2, 3, 4]],
    });
  });

  test("an empty key gets the writer's ColumnN name, after the keys written out have taken theirs", () => {
    expect(table('[{"":1,"Column1":2," ":3,"  ":4}]')).toEqual({
      names: ["Column1 (2)", "Column1", " ", "Column4"],
      rows: [[1, 2, 3, 4]],
    });
  });

  test("keys longer than a cell stay distinct when cut: the suffix is kept inside the limit", () => {
    const long = "k".repeat(40_000);
    const names = columnNames([[`${long}1`], [`${long}2`]]);
    expect(names.map((n) => n.length)).toEqual([MAX_CELL_CHARS, MAX_CELL_CHARS]);
    expect(names[0].endsWith(TRUNCATION_MARKER)).toBe(true);
    expect(names[1].endsWith(`${TRUNCATION_MARKER} (2)`)).toBe(true);
  });

  /** A record's key tree: leaves get unique values later, so each can be found exactly once. */
  type Node = "leaf" | "array" | [string, Node][];
  const key = fc.oneof(
    fc.constantFrom(
      "__proto__",
      "constructor",
      "toString",
      "hasOwnProperty",
      "name",
      "Name",
      " name",
      "NAME ",
      "name (2)",
      "a",
      "b",
      "a.b",
      "A.B",
      "",
      " ",
      "Column1",
      "Column2",
      "value",
    ),
    fc.string({ maxLength: 4 }),
  );
  const { node } = fc.letrec<{ node: Node }>((tie) => ({
    node: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.constant<Node>("leaf"),
      fc.constant<Node>("array"),
      fc.uniqueArray(fc.tuple(key, tie("node")), { selector: ([k]) => k, maxLength: 5 }),
    ),
  }));
  const record = fc.uniqueArray(fc.tuple(key, node), { selector: ([k]) => k, maxLength: 6 });

  test("property: every value of every record lands exactly once, in its row, one column per key path", () => {
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 8 }), (records) => {
        let next = 0;
        const leaves: { row: number; path: string; cell: CellValue }[] = [];
        const json = (n: Node, row: number, path: string[]): string => {
          if (n === "leaf" || n === "array") {
            const v = next++ % 2 ? `v${next}` : next;
            const cell = n === "array" ? JSON.stringify([v]) : v;
            leaves.push({ row, path: JSON.stringify(path), cell });
            return n === "array" ? JSON.stringify([v]) : JSON.stringify(v);
          }
          return `{${n.map(([k, c]) => `${JSON.stringify(k)}:${json(c, row, [...path, k])}`).join(",")}}`;
        };
        const text = `[${records.map((r, i) => json(r, i, [])).join(",")}]`;
        const t = jsonToTable(text);
        const names = t.columns.map((c) => c.name);

        expect(t.rows).toHaveLength(records.length);
        // Distinct as Excel compares headers, and kept by the table writer as they are.
        expect(new Set(names.map((n) => n.trim().toLowerCase())).size).toBe(names.length);
        expect(tableHeaders(t.columns)).toEqual(names);
        const where = new Map<string, number>();
        for (const { row, path, cell } of leaves) {
          const hits = t.rows.flatMap((r, i) => r.flatMap((v, j) => (v === cell ? [[i, j]] : [])));
          expect(hits).toHaveLength(1);
          const [[i, j]] = hits;
          expect(i).toBe(row);
          // One column per path: the same path in every row, never two paths in one column.
          expect(where.get(path) ?? j).toBe(j);
          where.set(path, j);
        }
        expect(new Set(where.values()).size).toBe(where.size);
        const filled = t.rows.reduce((n, r) => n + r.filter((v) => v !== null).length, 0);
        expect(filled).toBe(leaves.length);
      }),
      { numRuns: 500 },
    );
  });
});
