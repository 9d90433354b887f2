/**
 * Text and numbers: Excel reads a string written into a General cell as if it were typed, so text
 * that must stay text goes into a Text (@) cell; the writers do that for every string.
 */
import type { TypedTable } from "../../api/table";
import { tableNameFor, TEXT_FORMAT } from "../cellFormats";
import { a1, writeTableBlock } from "../tableWriter";
import { takenNames } from "../workbookNames";
import { check, show, type SelfTestStep } from "./step";

/** Strings Excel would change in a General cell (numbers, dates, booleans, errors, formulas). */
export const LOOKS_LIKE_DATA = [
  "00123",
  "1e5",
  "3/4",
  "TRUE",
  "$1,234",
  "12%",
  "=1+1",
  "+1",
  "-x",
  "@x",
  "#N/A",
  "2026-01-05",
  " 42 ",
  "1 1/2",
  "12345678901234567890",
];

/** Strings that every locale's Excel converts in a General cell (ISO dates, scientific, percent, formulas). */
const CONVERTED_EVERYWHERE = ["00123", "1e5", "12%", "2026-01-05", "=1+1"];

const column = (values: readonly unknown[]) => values.map((v) => [v]);

export const textSteps: SelfTestStep[] = [
  {
    id: "text-cell-keeps-text",
    family: "Text and numbers",
    title: "Text that looks like a number, date, boolean or formula stays text in a Text (@) cell",
    async run({ excel, sheet }) {
      const seen = await excel.run(async (context) => {
        const range = context.workbook.worksheets
          .getItem(sheet)
          .getRange(a1(0, 0, LOOKS_LIKE_DATA.length, 1));
        range.numberFormat = column(LOOKS_LIKE_DATA.map(() => TEXT_FORMAT)) as string[][];
        range.values = column(LOOKS_LIKE_DATA) as string[][];
        range.load("values,valueTypes");
        await context.sync();
        return { values: range.values.map((r) => r[0]), types: range.valueTypes.map((r) => r[0]) };
      });
      const changed = LOOKS_LIKE_DATA.filter((t, i) => seen.values[i] !== t || seen.types[i] !== "String");
      check(changed.length === 0, `changed in a Text cell: ${changed.map(show).join(", ")}`);
      return `${LOOKS_LIKE_DATA.length} strings kept as written`;
    },
  },
  {
    id: "general-cell-converts",
    family: "Text and numbers",
    title: "Excel converts such text in a General cell (why every string goes into a Text cell)",
    async run({ excel, sheet }) {
      const seen = await excel.run(async (context) => {
        const range = context.workbook.worksheets
          .getItem(sheet)
          .getRange(a1(0, 0, CONVERTED_EVERYWHERE.length, 1));
        range.values = column(CONVERTED_EVERYWHERE) as string[][];
        range.load("values,valueTypes,formulas");
        await context.sync();
        const { values, valueTypes, formulas } = range;
        return values.map((r, i) => ({ value: r[0], type: valueTypes[i][0], formula: formulas[i][0] }));
      });
      const kept = CONVERTED_EVERYWHERE.filter((t, i) => seen[i].type === "String" && seen[i].value === t);
      check(
        kept.length === 0,
        `Excel kept these as text, the fake converts them: ${kept.map(show).join(", ")}`,
      );
      return CONVERTED_EVERYWHERE.map((t, i) => `${show(t)} → ${show(seen[i].value)} (${seen[i].type})`).join(
        ", ",
      );
    },
  },
  {
    id: "apostrophe-keeps-text",
    family: "Text and numbers",
    title: "A leading apostrophe keeps text as text in a General cell (how a restore puts text back)",
    async run({ excel, sheet }) {
      const seen = await excel.run(async (context) => {
        const range = context.workbook.worksheets.getItem(sheet).getRange("A1:A2");
        range.values = [["'00123"], ["''quoted"]];
        range.load("values,valueTypes");
        await context.sync();
        return range;
      });
      check(
        seen.values[0][0] === "00123" && seen.valueTypes[0][0] === "String",
        `'00123 gave ${show(seen.values[0][0])} (${seen.valueTypes[0][0]})`,
      );
      check(seen.values[1][0] === "'quoted", `''quoted gave ${show(seen.values[1][0])}`);
    },
  },
  {
    id: "number-in-text-cell",
    family: "Text and numbers",
    title: "A number written into a Text cell becomes text (the writers give such cells General)",
    async run({ excel, sheet }) {
      const seen = await excel.run(async (context) => {
        const range = context.workbook.worksheets.getItem(sheet).getRange("A1");
        range.numberFormat = [[TEXT_FORMAT]];
        range.values = [[123]];
        range.load("values,valueTypes");
        await context.sync();
        return range;
      });
      check(
        seen.valueTypes[0][0] === "String",
        `123 stayed ${show(seen.values[0][0])} (${seen.valueTypes[0][0]})`,
      );
    },
  },
  {
    id: "formula-in-text-cell",
    family: "Text and numbers",
    title: "A formula written into a Text cell stays text (Insert formula makes the cell General first)",
    async run({ excel, sheet }) {
      const seen = await excel.run(async (context) => {
        const range = context.workbook.worksheets.getItem(sheet).getRange("A1");
        range.numberFormat = [[TEXT_FORMAT]];
        range.formulas = [["=1+1"]];
        range.load("values,valueTypes");
        await context.sync();
        return range;
      });
      check(
        seen.values[0][0] === "=1+1",
        `the formula gave ${show(seen.values[0][0])} (${seen.valueTypes[0][0]})`,
      );
    },
  },
  {
    id: "writer-keeps-text",
    family: "Text and numbers",
    title: "The add-in's table writer lands every string exactly as text, in any column",
    async run({ excel, sheet }) {
      const tableName = tableNameFor("ADS_SelfTest_Writer", (await takenNames(excel)).tables);
      const table: TypedTable = {
        columns: [
          { name: "Text", kind: "text" },
          { name: "Count", kind: "integer" },
          { name: "Share", kind: "percent" },
        ],
        rows: LOOKS_LIKE_DATA.map((t, i) => [t, i % 2 ? t : i, i % 2 ? 0.125 : t]),
      };
      const seen = await excel.run(async (context) => {
        const ws = context.workbook.worksheets.getItem(sheet);
        await writeTableBlock(context, ws, table, { sheetName: sheet, tableName, headerRow: 0 });
        const body = ws.getRange(a1(1, 0, table.rows.length, 3));
        body.load("values,formulas");
        await context.sync();
        return body;
      });
      const wrong: string[] = [];
      table.rows.forEach((row, r) =>
        row.forEach((v, c) => {
          if (seen.values[r][c] !== v) wrong.push(`${show(v)} → ${show(seen.values[r][c])}`);
          if (
            typeof seen.formulas[r][c] === "string" &&
            String(seen.formulas[r][c]).startsWith("=") &&
            seen.formulas[r][c] !== v
          )
            wrong.push(`${show(v)} became the formula ${show(seen.formulas[r][c])}`);
        }),
      );
      check(wrong.length === 0, wrong.join("; "));
      return `${table.rows.length * 3} cells as written`;
    },
  },
];
