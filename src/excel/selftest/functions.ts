/**
 * Custom functions: an ADS.* array result spills right and down, and shows #SPILL! while a cell is
 * in its way. ADS.SELFTEST answers without the service (no request, no key).
 */
import { check, show, type SelfTestStep } from "./step";

/** What =ADS.SELFTEST(rows, cols) returns (src/functions): "r1c1", "r1c2", … */
export function selfTestGrid(rows: number, cols: number): string[][] {
  return Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => `r${r + 1}c${c + 1}`));
}

const BUSY = new Set(["#BUSY!", "#GETTING_DATA"]);

export const functionSteps: SelfTestStep[] = [
  {
    id: "custom-function-spill",
    family: "Custom functions",
    title: "An ADS.* result spills into the cells below and beside it, and shows #SPILL! while one is taken",
    async run({ excel, sheet, waitFor }) {
      const read = (address: string) =>
        excel.run(async (context) => {
          const range = context.workbook.worksheets.getItem(sheet).getRange(address);
          range.load("values");
          await context.sync();
          return range.values;
        });
      await excel.run(async (context) => {
        context.workbook.worksheets.getItem(sheet).getRange("A1").formulas = [["=ADS.SELFTEST(3,2)"]];
        await context.sync();
      });
      const spilled = await waitFor("the spilled result", async () => {
        const v = await read("A1:B3");
        return BUSY.has(String(v[0][0])) ? null : v;
      });
      check(
        JSON.stringify(spilled) === JSON.stringify(selfTestGrid(3, 2)),
        `=ADS.SELFTEST(3,2) shows ${show(spilled)}`,
      );
      await excel.run(async (context) => {
        context.workbook.worksheets.getItem(sheet).getRange("B2").values = [["in the way"]];
        await context.sync();
      });
      const blocked = await waitFor("#SPILL!", async () => {
        const v = (await read("A1"))[0][0];
        return v === "#SPILL!" ? v : null;
      });
      await excel.run(async (context) => {
        context.workbook.worksheets.getItem(sheet).getRange("B2").clear("Contents");
        await context.sync();
      });
      await waitFor("the result to spill again", async () => {
        const v = await read("A1:B3");
        return v[1][1] === "r2c2" ? v : null;
      });
      return `spilled 3×2, ${blocked} while B2 was taken, spilled again once cleared`;
    },
  },
];
