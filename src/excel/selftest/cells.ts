/** Cells: null leaves a cell unchanged, "" clears it, a cell holds 32,767 characters. */
import { MAX_CELL_CHARS, TEXT_FORMAT } from "../cellFormats";
import { check, show, type SelfTestStep } from "./step";

export const cellSteps: SelfTestStep[] = [
  {
    id: "null-leaves-cell",
    family: "Cells",
    title: "null in a values array leaves the cell as it is; an empty string clears it",
    async run({ excel, sheet }) {
      const seen = await excel.run(async (context) => {
        const range = context.workbook.worksheets.getItem(sheet).getRange("A1:B1");
        range.values = [["keep", "clear"]];
        await context.sync();
        range.values = [[null, ""]] as unknown as string[][];
        range.load("values");
        await context.sync();
        return range.values[0];
      });
      check(seen[0] === "keep", `null changed the cell to ${show(seen[0])}`);
      check(seen[1] === "", `"" left ${show(seen[1])}`);
    },
  },
  {
    id: "cell-character-limit",
    family: "Cells",
    title: "A cell holds 32,767 characters exactly",
    async run({ excel, sheet }) {
      const text = "x".repeat(MAX_CELL_CHARS - 1) + "y";
      const seen = await excel.run(async (context) => {
        const range = context.workbook.worksheets.getItem(sheet).getRange("A1");
        range.numberFormat = [[TEXT_FORMAT]];
        range.values = [[text]];
        range.load("values");
        await context.sync();
        return String(range.values[0][0]);
      });
      check(seen === text, `the cell holds ${seen.length} characters`);
    },
  },
];
