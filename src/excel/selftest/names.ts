/* eslint-disable office-addins/no-context-sync-in-loop -- each attempt is its own batch, so its refusal is its own */
/** Names: Excel's rules for sheet and table names, and the names the add-in makes from labels. */
import { sheetNameFor, tableNameFor } from "../cellFormats";
import { takenNames } from "../workbookNames";
import { check, failureCode, show, type SelfTestStep } from "./step";

/** Labels the add-in turns into names: report names, agent file names, show titles. */
const HOSTILE_LABELS = [
  "History",
  "'quoted'",
  `${"a".repeat(30)}'tail`,
  "x:y/z?*[1]",
  "R1C1",
  "RC",
  "C",
  "Q1",
  "TRUE",
  "12 weeks",
  "Acme+Northwind weekly",
];

export const nameSteps: SelfTestStep[] = [
  {
    id: "sheet-name-rules",
    family: "Names",
    title:
      "Sheet names: History, over 31 characters, an apostrophe first or last, and [ ] : * ? / \\ are refused",
    async run({ excel, ownSheet }) {
      const refused: string[] = [];
      for (const bad of ["History", "x".repeat(32), "'lead", "trail'", "a:b", "a[1]"]) {
        const code = await failureCode(excel, async (context) => {
          context.workbook.worksheets.add(bad);
          await context.sync();
        });
        if (code === null) ownSheet(bad);
        else refused.push(bad);
      }
      check(
        refused.length === 6,
        `Excel accepted: ${["History", "x".repeat(32), "'lead", "trail'", "a:b", "a[1]"]
          .filter((n) => !refused.includes(n))
          .map(show)
          .join(", ")}`,
      );
    },
  },
  {
    id: "table-name-rules",
    family: "Names",
    title: "Table names that read as references (R1C1, RC, C, Q1) or clash with a defined name are refused",
    requires: "1.4",
    async run({ excel, sheet }) {
      const accepted: string[] = [];
      for (const bad of ["R1C1", "RC", "C", "Q1"]) {
        const code = await failureCode(excel, async (context) => {
          const t = context.workbook.worksheets.getItem(sheet).tables.add("A1:A2", true);
          t.name = bad;
          await context.sync();
        });
        if (code === null) accepted.push(bad);
        await excel.run(async (context) => {
          const tables = context.workbook.worksheets.getItem(sheet).tables;
          tables.load("items/name");
          await context.sync();
          tables.items.forEach((t) => t.delete());
          await context.sync();
        });
      }
      const defined = tableNameFor("ADS_SelfTest_Name", (await takenNames(excel)).tables);
      await excel.run(async (context) => {
        context.workbook.names.add(defined, context.workbook.worksheets.getItem(sheet).getRange("C1"));
        await context.sync();
      });
      try {
        const code = await failureCode(excel, async (context) => {
          const t = context.workbook.worksheets.getItem(sheet).tables.add("A1:A2", true);
          t.name = defined;
          await context.sync();
        });
        if (code === null) accepted.push(`${defined} (a defined name)`);
      } finally {
        await excel.run(async (context) => {
          context.workbook.names.getItemOrNullObject(defined).delete();
          await context.sync();
        });
      }
      check(accepted.length === 0, `Excel accepted: ${accepted.join(", ")}`);
    },
  },
  {
    id: "names-made-by-the-add-in",
    family: "Names",
    title: "Every sheet and table name the add-in makes from a label is accepted",
    async run({ excel, sheet, ownSheet }) {
      const taken = await takenNames(excel);
      const problems: string[] = [];
      for (const [i, label] of HOSTILE_LABELS.entries()) {
        const sheetName = sheetNameFor(label, taken.sheets);
        const tableName = tableNameFor(label, taken.tables);
        const sheetCode = await failureCode(excel, async (context) => {
          context.workbook.worksheets.add(sheetName);
          await context.sync();
        });
        if (sheetCode) problems.push(`sheet ${show(sheetName)}: ${sheetCode}`);
        else {
          ownSheet(sheetName);
          taken.sheets.add(sheetName);
        }
        const tableCode = await failureCode(excel, async (context) => {
          const t = context.workbook.worksheets
            .getItem(sheet)
            .tables.add(`A${i * 3 + 1}:A${i * 3 + 2}`, true);
          t.name = tableName;
          await context.sync();
        });
        if (tableCode) problems.push(`table ${show(tableName)}: ${tableCode}`);
        else taken.tables.add(tableName);
      }
      check(problems.length === 0, problems.join("; "));
      return `${HOSTILE_LABELS.length} labels → valid sheet and table names`;
    },
  },
];
