/** Calculation: after suspendApiCalculationUntilNextSync the add-in recalculates, so formulas over written cells are current. */
import { check, show, type SelfTestStep } from "./step";

export const calculationSteps: SelfTestStep[] = [
  {
    id: "recalculate-after-suspended-sync",
    family: "Calculation",
    title:
      "Formulas over cells written while calculation was suspended are current after calculate(Recalculate)",
    requires: "1.8",
    async run({ excel, sheet }) {
      const seen = await excel.run(async (context) => {
        const ws = context.workbook.worksheets.getItem(sheet);
        ws.getRange("A1").values = [[1]];
        ws.getRange("B1").formulas = [["=A1*2"]];
        await context.sync();
        context.workbook.application.suspendApiCalculationUntilNextSync();
        ws.getRange("A1").values = [[5]];
        await context.sync();
        const before = ws.getRange("B1");
        before.load("values");
        await context.sync();
        const stale = before.values[0][0];
        context.workbook.application.calculate("Recalculate" as Excel.CalculationType);
        const after = ws.getRange("B1");
        after.load("values");
        await context.sync();
        return { stale, after: after.values[0][0] };
      });
      check(seen.after === 10, `=A1*2 shows ${show(seen.after)} after recalculating (A1 is 5)`);
      return seen.stale === 10
        ? "already current before recalculating"
        : `stale (${show(seen.stale)}) until recalculated`;
    },
  },
];
