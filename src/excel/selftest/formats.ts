/** Number formats: percentages are fractions under a % format, dates are serials under a date format. */
import { check, show, type SelfTestStep } from "./step";

/** The digits and symbols of a displayed number, whatever the locale's separators. */
const bare = (s: unknown) => String(s).replace(/[.,\s\u00a0\u202f]/g, "");

export const formatSteps: SelfTestStep[] = [
  {
    id: "percent-and-date-formats",
    family: "Number formats",
    title: "0.125 under 0.00% shows 12.50%, serial 45678 under yyyy-mm-dd shows 2025-01-21",
    async run({ excel, sheet }) {
      const seen = await excel.run(async (context) => {
        const range = context.workbook.worksheets.getItem(sheet).getRange("A1:C1");
        range.numberFormat = [["0.00%", "yyyy-mm-dd", "$#,##0.00"]];
        range.values = [[0.125, 45678, 1234.5]];
        range.load("text,values");
        await context.sync();
        return range;
      });
      const [pct, date, money] = seen.text[0];
      check(bare(pct) === "1250%", `0.125 shows as ${show(pct)}`);
      check(date === "2025-01-21", `45678 shows as ${show(date)}`);
      check(bare(money).endsWith("123450"), `1234.5 shows as ${show(money)}`);
      check(seen.values[0][0] === 0.125, `the percentage is held as ${show(seen.values[0][0])}`);
      return `${pct}, ${date}, ${money}`;
    },
  },
];
