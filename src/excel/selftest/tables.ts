/** Tables: a resize keeps the table's name and the formulas that point at it; headers are unique text. */
import { tableNameFor } from "../cellFormats";
import { tableHeaders } from "../tableWriter";
import { takenNames } from "../workbookNames";
import { check, show, type SelfTestStep } from "./step";

export const tableSteps: SelfTestStep[] = [
  {
    id: "resize-keeps-references",
    family: "Tables",
    title: "Resizing a table keeps its name, and a formula over it follows the new rows",
    async run({ excel, sheet }) {
      const name = tableNameFor("ADS_SelfTest_Resize", (await takenNames(excel)).tables);
      const seen = await excel.run(async (context) => {
        const ws = context.workbook.worksheets.getItem(sheet);
        ws.getRange("A1:B4").values = [
          ["Show", "Amount"],
          ["a", 1],
          ["b", 2],
          ["c", 3],
        ];
        const t = ws.tables.add("A1:B4", true);
        t.name = name;
        ws.getRange("D1").formulas = [[`=SUM(${name}[Amount])`]];
        await context.sync();
        context.workbook.application.suspendApiCalculationUntilNextSync();
        ws.getRange("A5:B6").values = [
          ["d", 4],
          ["e", 5],
        ];
        t.resize("A1:B6");
        await context.sync();
        context.workbook.application.calculate("Recalculate" as Excel.CalculationType);
        const total = ws.getRange("D1");
        total.load("values,formulas");
        t.load("name");
        const body = t.getDataBodyRange();
        body.load("address");
        await context.sync();
        return { name: t.name, total: total.values[0][0], formula: total.formulas[0][0], body: body.address };
      });
      check(seen.name === name, `the table is now named ${show(seen.name)}`);
      check(seen.total === 15, `SUM over the resized table gave ${show(seen.total)} (${show(seen.formula)})`);
      return `${seen.body}, SUM = 15`;
    },
  },
  {
    id: "headers-unique",
    family: "Tables",
    title: "Excel makes repeated or blank table headers unique, as the writers' tableHeaders does",
    async run({ excel, sheet }) {
      const written = ["Name", "name", "", "Spend", "Name"];
      const expected = tableHeaders(written.map((n) => ({ name: n })));
      const seen = await excel.run(async (context) => {
        const ws = context.workbook.worksheets.getItem(sheet);
        const header = ws.getRange("A1:E1");
        header.numberFormat = [written.map(() => "@")];
        header.values = [written];
        ws.tables.add("A1:E2", true);
        header.load("values");
        await context.sync();
        return header.values[0];
      });
      check(
        JSON.stringify(seen) === JSON.stringify(expected),
        `Excel named them ${show(seen)}; the writers would write ${show(expected)}`,
      );
      return show(seen);
    },
  },
];
