/**
 * The plan step alone (issue #54): no workbook, only what the read step would have found - a table's
 * place, header and ids, the sheet's other tables, a snapshot of the cells - planned against the new
 * data. The cases are the ones the refresh properties try through the workbook
 * (refreshKeepsPlannerCells.property.test.ts and its named tests): a planner's column whose notes
 * follow their rows, an entry in a totals row the new data drops or keeps, a formula-looking note,
 * rows typed into the table, another table under or beside it, a reserved block.
 */
import type { TypedTable } from "../../api/table";
import { planTables, planWork, type Located } from "./planRefresh";
import type { FoundTable } from "./tableRead";
import type { Snapshot } from "./snapshot";
import type { SheetTable } from "./structure";
import type { RefreshTarget } from "./target";

/** The report's table at A3: Show and Downloads written by the add-in, My notes the planner's. */
const TABLE = { row: 2, col: 0 };
const HEADERS = ["Show", "Downloads", "My notes"];

/** A table found as the read step finds it, with `body` rows. */
function found(body: number): FoundTable {
  return {
    t: {} as Excel.Table,
    old: { ...TABLE, rows: body + 1, cols: HEADERS.length },
    headers: HEADERS,
    ids: [1, 2, 3],
    sorted: false,
    filtered: false,
    widths: [48, 48, 48],
  };
}

const located = (body: number, others: SheetTable[] = []): Located => ({
  found: [found(body)],
  sheetTables: [{ name: "Report", rect: found(body).old }, ...others],
});

/** New data from the service: its shows and downloads, with a totals row when asked. */
function data(shows: string[], totals = false): TypedTable {
  return {
    columns: [
      { name: "Show", kind: "text" },
      { name: "Downloads", kind: "integer" },
    ],
    rows: shows.map((s, i) => [s, 100 * (i + 1)]),
    ...(totals ? { totals: ["Total", 100 * shows.length] } : {}),
  };
}

function target(next: TypedTable, rowCount: number, totals = false, extra: Partial<RefreshTarget> = {}) {
  return {
    tableName: "Report",
    table: next,
    previous: {
      columns: [
        { name: "Show", format: "@", id: 1 },
        { name: "Downloads", format: "#,##0", id: 2 },
      ],
      rowCount,
      totals,
    },
    ...extra,
  };
}

/**
 * The sheet from its first row to the row under the table, as the read step snapshots it: two lines
 * above, the header, the body rows ([show, downloads, note]) and the row under the table.
 */
function snapshot(rows: unknown[][], under: unknown[] = ["", "", ""]): Snapshot {
  const grid = [["Status line", "", ""], ["", "", ""], HEADERS, ...rows, under];
  return {
    row: 0,
    col: 0,
    formulas: grid,
    values: grid,
    numberFormat: grid.map((r) => r.map(() => "General")),
    bold: new Map(),
    links: new Map(),
  };
}

/**
 * The planner column's note on each new row (undefined where it has none), as it will be written
 * through formulasR1C1: a text with its apostrophe, so it stays the text typed.
 */
function notes(plan: ReturnType<typeof planTables>["plans"][number]): unknown[] {
  return plan.kept.planner[0].cells.map((c) => c?.content);
}

test("the planner's notes follow their shows when the new data orders the rows otherwise, and nothing is refused", () => {
  const rows = [
    ["Alpha", 1, "call back"],
    ["Beta", 2, ""],
    ["Gamma", 3, "renewal"],
  ];
  const { plans, problems } = planTables([target(data(["Gamma", "Alpha", "Beta", "Delta"]), 3)], located(3));
  expect(problems).toEqual([]);
  expect(plans[0].columns.slots.map((s) => s.kind)).toEqual(["report", "report", "planner"]);
  expect(planWork(plans, snapshot(rows), [new Map()], [[]])).toEqual([]);
  expect(notes(plans[0])).toEqual(["'renewal", "'call back", undefined, undefined]);
  expect(plans[0].after).toEqual({ body: 4, totals: false });
});

test("an entry in the totals row under the planner's column, when the new data has no totals row, is refused naming its cell", () => {
  const rows = [
    ["Alpha", 1, ""],
    ["Beta", 2, ""],
  ];
  const { plans } = planTables([target(data(["Alpha", "Beta"]), 2, true)], located(2));
  const problems = planWork(plans, snapshot(rows, ["Total", 3, "checked"]), [new Map()], [[]]);
  expect(problems).toEqual([
    '"My notes" has an entry in the totals row (C6), which the new data does not have: copy it elsewhere or clear it',
  ]);
});

test("the same entry stays when the new data keeps its totals row: nothing refused", () => {
  const rows = [
    ["Alpha", 1, ""],
    ["Beta", 2, ""],
  ];
  const { plans } = planTables([target(data(["Alpha"], true), 2, true)], located(2));
  expect(planWork(plans, snapshot(rows, ["Total", 3, "checked"]), [new Map()], [[]])).toEqual([]);
  expect(plans[0].before).toEqual({ body: 2, totals: true });
});

test("a note that starts with = in a text cell is a note on its row, not a calculated column", () => {
  const rows = [
    ["Alpha", 1, "=6*7"],
    ["Beta", 2, ""],
  ];
  const { plans } = planTables([target(data(["Beta", "Alpha"]), 2)], located(2));
  expect(planWork(plans, snapshot(rows), [new Map()], [[]])).toEqual([]);
  expect(plans[0].kept.planner[0].calculated).toBeUndefined();
  expect(notes(plans[0])).toEqual([undefined, "'=6*7"]);
});

test("a row typed into the table beyond the rows the report wrote refuses the refresh, naming the rows", () => {
  const rows = [
    ["Alpha", 1, ""],
    ["Beta", 2, ""],
    ["My own show", 9, "typed"],
  ];
  const { plans } = planTables([target(data(["Alpha", "Beta"]), 2)], located(3));
  const problems = planWork(plans, snapshot(rows), [new Map()], [[]]);
  expect(problems).toEqual([
    expect.stringMatching(/^the table has 1 row more than the report wrote \(rows 4–6 hold 3; it wrote 2\)/),
    '"My notes" has entries on 1 row the new data no longer has (row 6 (My own show)): copy it elsewhere or clear it',
  ]);
});

test("another table partly under the report's columns refuses before any snapshot is read", () => {
  const under: SheetTable = { name: "Mine", rect: { row: 10, col: 1, rows: 3, cols: 3 } };
  const { problems } = planTables([target(data(["Alpha"]), 1)], located(1, [under]));
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(/^the table "?Mine"? .*lies partly under the report's columns/);
});

test("another table beside the report refuses a change of its columns, and allows the same columns", () => {
  const beside: SheetTable = { name: "Mine", rect: { row: 3, col: 5, rows: 2, cols: 2 } };
  const wider: TypedTable = {
    columns: [...data([]).columns, { name: "Reach", kind: "integer" }],
    rows: [["Alpha", 1, 5]],
  };
  const refused = planTables([target(wider, 1)], located(1, [beside])).problems;
  expect(refused).toHaveLength(1);
  expect(refused[0]).toMatch(
    /lies partly beside the report, and its columns could not change: move it clear of rows 3–4$/,
  );
  expect(planTables([target(data(["Alpha"]), 1)], located(1, [beside])).problems).toEqual([]);
});

test("a reserved block refuses more rows than it holds, and a cell of other data where it must grow", () => {
  const reserved = (shows: string[]) => target(data(shows), 1, false, { reservedRows: 3 });
  expect(planTables([reserved(["A", "B", "C", "D"])], located(1)).problems).toEqual([
    "the table holds at most 3 rows in this sheet's layout",
  ]);
  const { plans, problems } = planTables([reserved(["A", "B"])], located(1));
  expect(problems).toEqual([]);
  // The row under the one-row table holds someone else's entry: growing to two rows would overwrite it.
  expect(planWork(plans, snapshot([["A", 1, ""]], ["", "", "theirs"]), [new Map()], [[]])).toEqual([
    "the new data needs C5, which holds other data: move it",
  ]);
});
