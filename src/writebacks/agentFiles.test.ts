import { fileAction, formatSize, jsonToTable, textToTable } from "./agentFiles";

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
