/**
 * Number formats: percentages are fractions under a % format, dates are serials under a date format.
 * Cell borders: a marked plan cell's outline, read back, shared with the cell across its line.
 */
import { utcToSerial } from "../../api/excelDates";
import { dateSystemOf, readDateSystem, toWorkbookSerial } from "../dateSystem";
import { check, show, type SelfTestStep } from "./step";

/** The digits and symbols of a displayed number, whatever the locale's separators. */
const bare = (s: unknown) => String(s).replace(/[.,\s\u00a0\u202f]/g, "");

export const formatSteps: SelfTestStep[] = [
  {
    id: "percent-and-date-formats",
    family: "Number formats",
    title: "0.125 under 0.00% shows 12.50%, serial 45678 under yyyy-mm-dd shows 2025-01-21",
    async run({ excel, sheet }) {
      // 45678 in the 1900 system; a 1904-system workbook holds the same day as 44216.
      const serial = toWorkbookSerial(45678, await dateSystemOf(excel));
      const seen = await excel.run(async (context) => {
        const range = context.workbook.worksheets.getItem(sheet).getRange("A1:C1");
        range.numberFormat = [["0.00%", "yyyy-mm-dd", "$#,##0.00"]];
        range.values = [[0.125, serial, 1234.5]];
        range.load("text,values");
        await context.sync();
        return range;
      });
      const [pct, date, money] = seen.text[0];
      check(bare(pct) === "1250%", `0.125 shows as ${show(pct)}`);
      check(date === "2025-01-21", `${serial} shows as ${show(date)}`);
      check(bare(money).endsWith("123450"), `1234.5 shows as ${show(money)}`);
      check(seen.values[0][0] === 0.125, `the percentage is held as ${show(seen.values[0][0])}`);
      return `${pct}, ${date}, ${money}`;
    },
  },
  {
    id: "date-system",
    family: "Number formats",
    title:
      "The workbook says its date system through DATE(1904,1,1) (0: 1904, 1462: 1900), and a date the add-in writes in it shows as that day",
    async run({ excel, sheet }) {
      const system = await excel.run(readDateSystem);
      const serial = toWorkbookSerial(utcToSerial(Date.UTC(2026, 0, 1)), system);
      const seen = await excel.run(async (context) => {
        const range = context.workbook.worksheets.getItem(sheet).getRange("A1:B1");
        range.numberFormat = [["yyyy-mm-dd", "yyyy-mm-dd"]];
        range.formulas = [[serial, "=DATE(2026,1,1)"]];
        range.load("text,values");
        await context.sync();
        return range;
      });
      check(seen.text[0][0] === "2026-01-01", `${serial} shows as ${show(seen.text[0][0])}`);
      check(seen.values[0][1] === serial, `DATE(2026,1,1) is ${show(seen.values[0][1])}, not ${serial}`);
      return `${system} date system: 2026-01-01 is ${serial}`;
    },
  },
  {
    id: "cell-borders",
    family: "Number formats",
    title:
      "A border written on a cell's side reads back (style, weight, colour); the cell across the line reads the same line, and style None from it takes the line away",
    async run({ excel, sheet }) {
      const line = { style: "Continuous", weight: "Medium", color: "#5A0000" } as const;
      const seen = await excel.run(async (context) => {
        const s = context.workbook.worksheets.getItem(sheet);
        const sides = ["EdgeTop", "EdgeBottom", "EdgeLeft", "EdgeRight"] as const;
        for (const side of sides) s.getRange("B2").format.borders.getItem(side).set(line);
        const own = s.getRange("B2").format.borders.getItem("EdgeTop").load("style,weight,color");
        const above = s.getRange("B1").format.borders.getItem("EdgeBottom").load("style");
        await context.sync();
        s.getRange("B1").format.borders.getItem("EdgeBottom").style = "None";
        const gone = s.getRange("B2").format.borders.getItem("EdgeTop").load("style");
        const kept = s.getRange("B2").format.borders.getItem("EdgeLeft").load("style");
        await context.sync();
        return { own: own.toJSON(), above: above.style, gone: gone.style, kept: kept.style };
      });
      const own = `${seen.own.style} ${seen.own.weight} ${String(seen.own.color).toUpperCase()}`;
      check(own === "Continuous Medium #5A0000", `B2's top reads ${show(own)}`);
      check(seen.above === "Continuous", `B1's bottom (B2's top) reads ${show(seen.above)}`);
      check(seen.gone === "None", `after B1's bottom was set to None, B2's top reads ${show(seen.gone)}`);
      check(seen.kept === "Continuous", `B2's left reads ${show(seen.kept)}`);
      return own;
    },
  },
];
