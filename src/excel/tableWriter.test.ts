import fc from "fast-check";
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import type { CellValue, TypedTable } from "../api/table";
import { PAYLOAD_LIMIT_BYTES } from "./chunkPlan";
import { sheetNameFor, tableNameFor, TRUNCATION_MARKER } from "./cellFormats";
import { rewriteTable } from "./tableRefresh";
import { checkFits, prepare, writtenRows } from "./tableWriter";
import { writeNewTable } from "./newTableSheet";
import { dateSystemOf } from "./dateSystem";
import { impressionsTable } from "./testing/tables";

const small: TypedTable = {
  columns: [
    { name: "Day", kind: "date" },
    { name: "Show", kind: "text" },
    { name: "Spend", kind: "currency", numberFormat: "$#,##0.00" },
    { name: "Visitors %", kind: "percent" },
    { name: "Link", kind: "url" },
    { name: "Placed", kind: "boolean" },
    { name: "Reach", kind: "integer" },
  ],
  rows: [
    [45292, "=cmd|' /C calc'!A0", 1234.5, 0.125, "https://example.com/a", true, 10],
    [45293, "@SUM(1)", 10, 1, null, false, "=bad number cell"],
  ],
  summary: [
    ["Report", "Impressions"],
    ["Advertiser", "Acme"],
  ],
  totals: ["Total", null, 1244.5, null, null, null, 10],
};

test("a small table: header, typed values, formats, hyperlinks, summary, totals, frozen header", async () => {
  const wb = new InMemoryWorkbook();
  const result = await writeNewTable(wb.excel, small, {
    sheetName: "Impressions",
    tableName: "Impressions_1",
  });
  expect(result).toMatchObject({ rows: 2, columns: 7, hyperlinks: 1, truncatedCells: 0 });
  const cell = (r: number, c: number) => wb.host.cell("Impressions", r, c);
  expect(cell(0, 0).value).toBe("Report");
  expect([0, 1, 2, 3, 4, 5, 6].map((c) => cell(3, c).value)).toEqual([
    "Day",
    "Show",
    "Spend",
    "Visitors %",
    "Link",
    "Placed",
    "Reach",
  ]);
  expect(cell(4, 0)).toMatchObject({ value: 45292, numberFormat: "yyyy-mm-dd" });
  expect(cell(4, 1)).toMatchObject({ value: "=cmd|' /C calc'!A0", formula: undefined, numberFormat: "@" });
  expect(cell(4, 2)).toMatchObject({ value: 1234.5, numberFormat: "$#,##0.00" });
  // A percentage is the fraction 0.125, shown as 12.50 %.
  expect(cell(4, 3)).toMatchObject({ value: 0.125, numberFormat: "0.00%", text: "12.50%" });
  expect(cell(4, 4)).toMatchObject({ hyperlink: "https://example.com/a" });
  expect(cell(4, 5).value).toBe(true);
  expect(cell(5, 6)).toMatchObject({ value: "=bad number cell", formula: undefined });
  expect(cell(6, 0)).toMatchObject({ value: "Total", bold: true });
  expect(cell(6, 2).value).toBe(1244.5);
  expect(wb.host.freezeRows("Impressions")).toBe(4);
  expect(wb.host.tables()).toEqual([
    { name: "Impressions_1", sheet: "Impressions", rect: { row: 3, col: 0, rows: 3, cols: 7 } },
  ]);
});

test("100,000 rows by 46 columns: every sync under 5 MB, calculation suspended, no formula anywhere", async () => {
  const wb = new InMemoryWorkbook();
  // The pane asks the workbook's date system when it opens (dateSystem.ts): not one of the write's syncs.
  await dateSystemOf(wb.excel);
  wb.syncLog.length = 0;
  const table = impressionsTable(100_000);
  expect(table.columns).toHaveLength(46);
  const result = await writeNewTable(wb.excel, table, { sheetName: "Big", tableName: "Big" });
  expect(result.rows).toBe(100_000);
  expect(wb.syncLog.length).toBe(result.syncs);
  expect(result.syncs).toBeGreaterThan(3);
  for (const s of wb.syncLog) {
    expect(s.payloadBytes).toBeLessThan(PAYLOAD_LIMIT_BYTES);
    expect(s.failed).toBeUndefined();
  }
  expect(wb.syncLog.slice(1, -1).every((s) => s.calculationSuspended)).toBe(true);
  expect(wb.host.cell("Big", 100_000, 45).value).toBe(table.rows[99_999][45]);
  let formulas = 0;
  for (const cols of wb.model.sheetByName("Big")!.rows.values())
    for (const c of cols.values()) if (c.formula) formulas++;
  expect(formulas).toBe(0);
}, 120_000);

test("rewriting a large table reads its snapshot in chunks: no sync answers more than 5 MB", async () => {
  const wb = new InMemoryWorkbook();
  await writeNewTable(wb.excel, impressionsTable(20_000, 3), { sheetName: "Big", tableName: "Big" });
  const written = wb.syncLog.length;
  const next = impressionsTable(20_000, 4);
  const result = await rewriteTable(wb.excel, { sheetName: "Big", tableName: "Big" }, next);
  expect(result.rows).toBe(20_000);
  expect(wb.syncLog.slice(written).every((s) => s.failed === undefined)).toBe(true);
  // The syncs it reports are the syncs it made; with no column to add or delete, none is spent on
  // reshaping: locating, the snapshot's reads, then the writes, each read and write near 5 MB.
  const log = wb.syncLog.slice(written);
  expect(result.syncs).toBe(log.length);
  const small = log.filter((s) => Math.max(s.payloadBytes, s.responseBytes) < 100_000);
  expect(small.length).toBeLessThanOrEqual(2);
  expect(wb.host.cell("Big", 20_000, 45).value).toBe(next.rows[19_999][45]);
}, 120_000);

test("property: formula-like strings from the service always land as text", async () => {
  const formulaLike = fc
    .tuple(fc.constantFrom("=", "+", "-", "@"), fc.string({ maxLength: 30 }))
    .map(([a, b]) => a + b);
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.tuple(formulaLike, formulaLike), { minLength: 1, maxLength: 30 }),
      async (rows) => {
        const wb = new InMemoryWorkbook();
        const table: TypedTable = {
          columns: [
            { name: "Title", kind: "text" },
            { name: "Spend", kind: "currency" },
          ],
          rows,
        };
        await writeNewTable(wb.excel, table, { sheetName: "S", tableName: "T" });
        rows.forEach(([a, b], i) => {
          expect(wb.host.cell("S", i + 1, 0)).toMatchObject({ value: a, formula: undefined });
          expect(wb.host.cell("S", i + 1, 1)).toMatchObject({ value: b, formula: undefined });
        });
      },
    ),
    { numRuns: 2000 },
  );
}, 120_000);

test("over-long text is cut with a visible marker and counted", async () => {
  const wb = new InMemoryWorkbook();
  const table: TypedTable = {
    columns: [{ name: "Transcript", kind: "text" }],
    rows: [["x".repeat(40_000)], ["short"]],
  };
  const result = await writeNewTable(wb.excel, table, { sheetName: "S", tableName: "T" });
  expect(result.truncatedCells).toBe(1);
  const v = wb.host.cell("S", 1, 0).value as string;
  expect(v.length).toBe(32_767);
  expect(v.endsWith(TRUNCATION_MARKER)).toBe(true);
});

test("a number or boolean in a text column stays a number (General), an empty cell needs no format of its own", async () => {
  const wb = new InMemoryWorkbook();
  const table: TypedTable = {
    columns: [
      { name: "Label", kind: "text" },
      { name: "Reach", kind: "integer" },
    ],
    rows: [
      [42, ""],
      [true, 7],
      ["00123", null],
    ],
  };
  // Only the number and the boolean under "@" need a format of their own.
  expect([...prepare(table).exceptions]).toEqual([
    [0, [[0, "General"]]],
    [1, [[0, "General"]]],
  ]);
  await writeNewTable(wb.excel, table, { sheetName: "S", tableName: "T" });
  const cell = (r: number, c: number) => wb.host.cell("S", r, c);
  // The host keeps General as no format.
  expect(cell(1, 0)).toMatchObject({ value: 42, numberFormat: undefined });
  expect(cell(2, 0)).toMatchObject({ value: true, numberFormat: undefined });
  expect(cell(3, 0)).toMatchObject({ value: "00123", numberFormat: "@" });
  expect(cell(1, 1).value ?? null).toBeNull();
  expect(cell(2, 1)).toMatchObject({ value: 7, numberFormat: "#,##0" });
});

test("a result that would not fit the sheet is refused before anything is written", async () => {
  const wb = new InMemoryWorkbook();
  const table: TypedTable = {
    columns: [{ name: "A", kind: "integer" }],
    rows: new Array(1_048_576).fill([1]),
  };
  await expect(writeNewTable(wb.excel, table, { sheetName: "S", tableName: "T" })).rejects.toThrow(
    "The result has 1,048,576 rows; this sheet holds at most 1,048,575 (1,048,576 rows less the header).",
  );
  expect(wb.syncLog).toHaveLength(0);
  expect(wb.host.sheets().map((s) => s.name)).toEqual(["Sheet1"]);
});

test("the rows a sheet holds count the header, the rows above it and a totals row, to the last row", () => {
  const rows = (n: number, totals = false): TypedTable => ({
    columns: [{ name: "A", kind: "integer" }],
    rows: new Array<CellValue[]>(n),
    ...(totals ? { totals: [1] } : {}),
  });
  // A report sheet: its status line and a blank row above the header (header on row 3).
  expect(() => checkFits(rows(1_048_573), 2)).not.toThrow();
  expect(() => checkFits(rows(1_048_574), 2)).toThrow(
    "The result has 1,048,574 rows; this sheet holds at most 1,048,573 (1,048,576 rows less the header and the 2 rows above it).",
  );
  expect(() => checkFits(rows(1_048_572, true), 2)).not.toThrow();
  expect(() => checkFits(rows(1_048_573, true), 2)).toThrow(
    "at most 1,048,572 (1,048,576 rows less the header, the 2 rows above it and the totals row)",
  );
  expect(() => checkFits(rows(1_048_575), 0)).not.toThrow();
  expect(() => checkFits(rows(1_048_574), 1)).not.toThrow();
  expect(() => checkFits(rows(1_048_575), 1)).toThrow("less the header and the 1 row above it");
});

test("a readable label gives unique, valid sheet and table names; rewriteTable writes into an existing table", async () => {
  const wb = new InMemoryWorkbook();
  const tagged = (n: number, tag: string): TypedTable => ({
    columns: [
      { name: "Day", kind: "date" },
      { name: "Campaign", kind: "text" },
    ],
    rows: Array.from({ length: n }, (_, i) => [45292 + i, `${tag} ${i}`]),
  });
  const writeLabelled = (label: string, table: TypedTable) => {
    const sheets = new Set(wb.host.sheets().map((s) => s.name));
    const tables = new Set(wb.host.tables().map((t) => t.name));
    return writeNewTable(wb.excel, table, {
      sheetName: sheetNameFor(label, sheets),
      tableName: tableNameFor(label, tables),
    });
  };
  const a = await writeLabelled("Spend by day", tagged(3, "a"));
  const b = await writeLabelled("Spend by day", tagged(3, "b"));
  expect(a.sheetName).not.toBe(b.sheetName);
  expect(a.tableName).not.toBe(b.tableName);
  expect(a.tableName).toMatch(/^[A-Za-z_][A-Za-z0-9_.]*$/);
  const c = await rewriteTable(wb.excel, { sheetName: a.sheetName, tableName: a.tableName }, tagged(7, "c"));
  expect(c).toMatchObject({ sheetName: a.sheetName, tableName: a.tableName, rows: 7 });
  expect(wb.host.cell(a.sheetName, 7, 1).value).toBe("c 6");
  expect(wb.host.cell(b.sheetName, 3, 1).value).toBe("b 2");
  await expect(
    rewriteTable(wb.excel, { sheetName: a.sheetName, tableName: "NoSuchTable" }, tagged(1, "d")),
  ).rejects.toMatchObject({ code: "ItemNotFound" });
});

describe("rewriteTable (refresh)", () => {
  async function setup() {
    const wb = new InMemoryWorkbook();
    await writeNewTable(wb.excel, impressionsTable(300, 1), { sheetName: "R", tableName: "Report" });
    const snapshot = () => {
      const cells: string[] = [];
      for (let r = 0; r < 520; r++)
        for (let c = 0; c < 47; c++) {
          const v = wb.host.cell("R", r, c);
          cells.push(
            JSON.stringify([v.value, v.formula ?? null, v.numberFormat ?? "General", v.hyperlink ?? null]),
          );
        }
      return { cells, tables: JSON.stringify(wb.host.tables()) };
    };
    return { wb, snapshot };
  }

  test("writes into the same table, resized", async () => {
    const { wb } = await setup();
    const next = impressionsTable(120, 7);
    await rewriteTable(wb.excel, { sheetName: "R", tableName: "Report" }, next);
    expect(wb.host.tables()).toEqual([
      { name: "Report", sheet: "R", rect: { row: 0, col: 0, rows: 121, cols: 46 } },
    ]);
    expect(wb.host.cell("R", 120, 3).value).toBe(next.rows[119][3]);
    expect(wb.host.cell("R", 121, 3).value).toBeNull();
    expect(wb.host.cell("R", 250, 3).value).toBeNull();
  });

  // A small refresh without links takes 3 syncs: locate, the snapshot (bold with it), every write.
  test.each([2, 3])("a failure at sync %i leaves the previous data exactly as it was", async (failAt) => {
    const { wb, snapshot } = await setup();
    const before = snapshot();
    const start = wb.syncLog.length;
    wb.faultHook = ({ sync, op }) => {
      if (sync === start + failAt && op === 0)
        throw Object.assign(new Error("connection lost"), { code: "GeneralException" });
    };
    await expect(
      rewriteTable(wb.excel, { sheetName: "R", tableName: "Report" }, impressionsTable(500, 9)),
    ).rejects.toThrow("connection lost");
    wb.faultHook = undefined;
    const after = snapshot();
    expect(after.tables).toBe(before.tables);
    const changed = after.cells.map((c, i) => (c === before.cells[i] ? -1 : i)).filter((i) => i >= 0);
    expect(changed.slice(0, 5)).toEqual([]);
  });
});

test("a refresh leaves no stale link: a cell that no longer holds a URL links nowhere", async () => {
  const wb = new InMemoryWorkbook();
  const linked: TypedTable = {
    columns: [
      { name: "Name", kind: "text" },
      { name: "Link", kind: "url" },
    ],
    rows: [
      ["a", "https://x.test/a"],
      ["b", "https://x.test/b"],
    ],
  };
  await writeNewTable(wb.excel, linked, { sheetName: "L", tableName: "Links" });
  expect(wb.host.cell("L", 1, 1).hyperlink).toBe("https://x.test/a");
  await rewriteTable(
    wb.excel,
    { sheetName: "L", tableName: "Links" },
    {
      ...linked,
      rows: [
        ["a", "no link any more"],
        ["b", "https://x.test/b2"],
      ],
    },
  );
  expect(wb.host.cell("L", 1, 1)).toMatchObject({ value: "no link any more" });
  expect(wb.host.cell("L", 1, 1).hyperlink).toBeUndefined();
  expect(wb.host.cell("L", 2, 1).hyperlink).toBe("https://x.test/b2");
});

test("a refresh that grows or shrinks the table moves the planner's cells under it with the table's end", async () => {
  const wb = new InMemoryWorkbook();
  await writeNewTable(wb.excel, impressionsTable(5, 1), { sheetName: "R", tableName: "Report" });
  // Header at row 0, five rows: the note sits 15 rows under the table's end.
  wb.host.setInput("R", 20, 0, "my note");
  await rewriteTable(wb.excel, { sheetName: "R", tableName: "Report" }, impressionsTable(50, 2));
  expect(wb.host.cell("R", 20, 0).value).not.toBe("my note");
  expect(wb.host.cell("R", 65, 0).value).toBe("my note");
  await rewriteTable(wb.excel, { sheetName: "R", tableName: "Report" }, impressionsTable(10, 3));
  expect(wb.host.cell("R", 25, 0).value).toBe("my note");
  expect(wb.host.tables()[0].rect.rows).toBe(11);
});

test("a refresh rewrites the summary block above the header, so its dates follow the new range", async () => {
  const wb = new InMemoryWorkbook();
  const withSummary = (lines: string[][], tag: string): TypedTable => ({
    columns: [{ name: "Campaign", kind: "text" }],
    rows: [[`${tag} 1`], [`${tag} 2`]],
    summary: lines,
  });
  await writeNewTable(
    wb.excel,
    withSummary(
      [
        ["Start date", "2026-09-01"],
        ["End date", "2026-09-30"],
      ],
      "old",
    ),
    { sheetName: "S", tableName: "Summ" },
  );
  expect(wb.host.cell("S", 3, 0).value).toBe("Campaign"); // two summary lines, a blank row, the header
  await rewriteTable(
    wb.excel,
    { sheetName: "S", tableName: "Summ" },
    withSummary(
      [
        ["Start date", "2026-10-01"],
        ["End date", "2026-10-31"],
      ],
      "new",
    ),
  );
  expect([0, 1].map((r) => wb.host.cell("S", r, 1).value)).toEqual(["2026-10-01", "2026-10-31"]);
  expect(wb.host.cell("S", 4, 0).value).toBe("new 1");

  // More lines than the room above the header: what fits, and a line saying what was left out.
  await rewriteTable(
    wb.excel,
    { sheetName: "S", tableName: "Summ" },
    withSummary(
      [
        ["a", "1"],
        ["b", "2"],
        ["c", "3"],
      ],
      "third",
    ),
  );
  expect([0, 1].map((r) => wb.host.cell("S", r, 0).value)).toEqual(["a", "… 2 more lines not shown"]);
  expect(wb.host.cell("S", 1, 1).value).toBeNull();
  expect(wb.host.cell("S", 3, 0).value).toBe("Campaign");
});

test("a refresh rewrites only the summary block above a wide table: a planner's note beside it stays", async () => {
  const wb = new InMemoryWorkbook();
  const wide = (tag: string): TypedTable => ({
    columns: ["A", "B", "C", "D", "E"].map((name) => ({ name, kind: "text" as const })),
    rows: [[tag, tag, tag, tag, tag]],
    summary: [["Dates", `${tag} range`]],
  });
  await writeNewTable(wb.excel, wide("old"), { sheetName: "W", tableName: "Wide" });
  wb.host.setInput("W", 0, 3, "my note");
  await rewriteTable(wb.excel, { sheetName: "W", tableName: "Wide" }, wide("new"));
  expect(wb.host.cell("W", 0, 1).value).toBe("new range");
  expect(wb.host.cell("W", 0, 3).value).toBe("my note");
});

test("a table of long text cells is snapshotted in smaller reads when a read's answer would pass 5 MB", async () => {
  const wb = new InMemoryWorkbook();
  const long = (tag: string): TypedTable => ({
    columns: Array.from({ length: 10 }, (_, c) => ({ name: `Description ${c + 1}`, kind: "text" as const })),
    rows: Array.from({ length: 2000 }, (_, r) =>
      Array.from({ length: 10 }, () => `${tag} ${r} ${"x".repeat(400)}`),
    ),
  });
  await writeNewTable(wb.excel, long("old"), { sheetName: "L", tableName: "Long" });
  const result = await rewriteTable(wb.excel, { sheetName: "L", tableName: "Long" }, long("new"));
  expect(result.rows).toBe(2000);
  expect(String(wb.host.cell("L", 2000, 9).value)).toMatch(/^new 1999 /);
}, 120_000);

test("old rows far longer than the new data: the first read is refused and halved, and the bold it carried is read again", async () => {
  const wb = new InMemoryWorkbook();
  const cols = Array.from({ length: 10 }, (_, c) => ({ name: `Note ${c + 1}`, kind: "text" as const }));
  const old: TypedTable = {
    columns: cols,
    rows: Array.from({ length: 1500 }, (_, r) => cols.map(() => `old ${r} ${"x".repeat(1000)}`)),
    totals: cols.map(() => "total"),
  };
  await writeNewTable(wb.excel, old, { sheetName: "L", tableName: "Long" });
  expect(wb.host.cell("L", 1501, 0).bold).toBe(true);
  const start = wb.syncLog.length;
  // The first read is sized on a guess from the new, short rows: its answer is too big.
  const fresh: TypedTable = { columns: cols, rows: [cols.map(() => "new")] };
  await rewriteTable(wb.excel, { sheetName: "L", tableName: "Long" }, fresh);
  const refresh = wb.syncLog.slice(start);
  const refused = refresh.filter((s) => s.failed === "ResponsePayloadSizeLimitExceeded");
  // The first read (30 MB of old rows) is halved until it fits (15, 7.6, then 3.8 MB); the rest is
  // read in chunks sized from the rows read by then, none refused again.
  expect(refused).toHaveLength(3);
  const firstRefused = refresh.indexOf(refused[0]);
  expect(refresh.slice(firstRefused, firstRefused + 3).every((s) => s.failed)).toBe(true);
  expect(refresh.filter((s) => !s.failed).every((s) => (s.responseBytes ?? 0) <= 5 * 1024 * 1024)).toBe(true);
  // Again, failing at its last sync: the old rows and the bold of the old totals row come back.
  const wb2 = new InMemoryWorkbook();
  await writeNewTable(wb2.excel, old, { sheetName: "L", tableName: "Long" });
  const start2 = wb2.syncLog.length;
  wb2.faultHook = ({ sync, op }) => {
    if (op === 0 && sync === start2 + refresh.length)
      throw Object.assign(new Error("connection lost"), { code: "GeneralException" });
  };
  await expect(rewriteTable(wb2.excel, { sheetName: "L", tableName: "Long" }, fresh)).rejects.toThrow(
    "connection lost",
  );
  wb2.faultHook = undefined;
  expect(wb2.host.cell("L", 1501, 0).bold).toBe(true);
  expect(String(wb2.host.cell("L", 1500, 0).value)).toMatch(/^old 1499 x/);
}, 120_000);

test("formulas over a report table are current after it is written, refreshed, or restored (writes suspend calculation)", async () => {
  const wb = new InMemoryWorkbook({ sheets: ["Notes"] });
  const reach = (values: number[]): TypedTable => ({
    columns: [
      { name: "Day", kind: "date" },
      { name: "Reach", kind: "integer" },
    ],
    rows: values.map((v, i) => [45292 + i, v]),
  });
  await writeNewTable(wb.excel, reach([1, 2, 3]), { sheetName: "R", tableName: "Reach" });
  wb.host.setInput("Notes", 0, 0, "=SUM(Reach[Reach])");
  wb.host.setInput("Notes", 1, 0, "=R!B2*2");
  expect([wb.host.cell("Notes", 0, 0).value, wb.host.cell("Notes", 1, 0).value]).toEqual([6, 2]);
  await rewriteTable(wb.excel, { sheetName: "R", tableName: "Reach" }, reach([10, 20]));
  expect([wb.host.cell("Notes", 0, 0).value, wb.host.cell("Notes", 1, 0).value]).toEqual([30, 20]);
  expect(wb.syncLog.some((s) => s.calculationSuspended)).toBe(true);
  expect(wb.model.owedCalculation).toEqual([]);
  // A refresh that fails at its write (sync 3: locate, snapshot, write) restores the old rows, and
  // the formulas read them again.
  const before = wb.syncLog.length;
  wb.faultHook = ({ sync }) => {
    if (sync === before + 3) throw Object.assign(new Error("lost"), { code: "GeneralException" });
  };
  await expect(
    rewriteTable(wb.excel, { sheetName: "R", tableName: "Reach" }, reach([7, 7, 7, 7])),
  ).rejects.toThrow("lost");
  wb.faultHook = undefined;
  expect([wb.host.cell("Notes", 0, 0).value, wb.host.cell("Notes", 1, 0).value]).toEqual([30, 20]);
  expect(wb.model.owedCalculation).toEqual([]);
});

describe("rows are written as they are unless a cell must change", () => {
  test("a whole row goes as its own array; empty cells, over-long text and short rows are copied", () => {
    const long = "x".repeat(40_000);
    const table: TypedTable = {
      columns: [
        { name: "A", kind: "text" },
        { name: "B", kind: "integer" },
      ],
      rows: [["a", 1], ["b", null], [long, 2], ["c"], ["d", 4]],
    };
    const prepared = prepare(table);
    const out = writtenRows(prepared, 0, 5);
    expect(out[0]).toBe(table.rows[0]);
    expect(out[4]).toBe(table.rows[4]);
    expect(out[1]).toEqual(["b", ""]);
    expect(out[1]).not.toBe(table.rows[1]);
    expect(out[2][0]).toHaveLength(32_767);
    expect(String(out[2][0]).endsWith(TRUNCATION_MARKER)).toBe(true);
    expect(table.rows[2][0]).toBe(long); // the table itself is never changed
    expect(out[3]).toEqual(["c", ""]);
    expect(writtenRows(prepared, 3, 5)).toEqual([
      ["c", ""],
      ["d", 4],
    ]);
  });
});
