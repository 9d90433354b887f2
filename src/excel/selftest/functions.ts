/**
 * Custom functions: an ADS.* array result spills right and down, and shows #SPILL! while a cell is
 * in its way; each kind of value the functions return lands as it should (plain numbers; a number
 * with its own format, alone or spilled, where the host takes data types from functions, else its
 * plain form). ADS.SELFTEST answers without the service (no request, no key).
 */
import { selfTestGrid, SELF_TEST_CARD, SELF_TEST_FIRST_DATE } from "../../runtime/selfTestValues";
import { serialToIsoDate } from "../../api/excelDates";
import { dateSystemOf, toWorkbookSerial } from "../dateSystem";
import type { ExcelHost } from "../host";
import { check, show, type SelfTestScope, type SelfTestStep } from "./step";

const BUSY = new Set(["#BUSY!", "#GETTING_DATA"]);

/** Types `formula` into A1 of the scratch sheet and reads `address` (values and text) once it has answered. */
async function answer(scope: SelfTestScope, formula: string, address: string) {
  const { excel, sheet, waitFor } = scope;
  await excel.run(async (context) => {
    context.workbook.worksheets.getItem(sheet).getRange("A1").formulas = [[formula]];
    await context.sync();
  });
  return waitFor(`the answer of ${formula}`, async () => {
    const read = await readCells(excel, sheet, address);
    return BUSY.has(String(read.values[0][0])) ? null : read;
  });
}

async function readCells(excel: ExcelHost, sheet: string, address: string) {
  return excel.run(async (context) => {
    const range = context.workbook.worksheets.getItem(sheet).getRange(address);
    range.load("values,text");
    await context.sync();
    return { values: range.values, text: range.text };
  });
}

/** ISO text of a serial (UTC), what a host without data types from functions is given for a date. */
const isoDate = (serial: number) => serialToIsoDate(serial) ?? String(serial);

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
  {
    id: "custom-function-plain-numbers",
    family: "Custom functions",
    title: "Plain numbers from an ADS.* function land as numbers",
    async run(scope) {
      const got = await answer(scope, '=ADS.SELFTEST(2,2,"number")', "A1:B2");
      check(
        JSON.stringify(got.values) ===
          JSON.stringify([
            [11, 12],
            [21, 22],
          ]),
        `shows ${show(got.values)}`,
      );
      check(
        JSON.stringify(got.text) ===
          JSON.stringify([
            ["11", "12"],
            ["21", "22"],
          ]),
        `reads as ${show(got.text)}`,
      );
      return "11, 12, 21, 22 as numbers";
    },
  },
  {
    id: "custom-function-formatted-number",
    family: "Custom functions",
    title:
      "A number with its own format from an ADS.* function shows with that format (a percentage as 11.00%), or as its plain fraction where the host takes no data types from functions",
    async run(scope) {
      const got = await answer(scope, '=ADS.SELFTEST(1,1,"percent")', "A1");
      const formatted = scope.env.numberShape !== "plain";
      check(got.values[0][0] === 0.11, `holds ${show(got.values[0][0])}, not 0.11`);
      const expected = formatted ? "11.00%" : "0.11";
      check(
        got.text[0][0] === expected,
        `shows ${show(got.text[0][0])}, not ${expected} (${scope.env.numberShape})`,
      );
      return `0.11 shown as ${got.text[0][0]} (${scope.env.numberShape})`;
    },
  },
  {
    id: "custom-function-formatted-spill",
    family: "Custom functions",
    title:
      "Dates with their format from an ADS.* function spill as dates that fit a default-width column (1/1/26 …), or as ISO text where the host takes no data types from functions",
    async run(scope) {
      const got = await answer(scope, '=ADS.SELFTEST(2,2,"date")', "A1:B2");
      const days = [
        [SELF_TEST_FIRST_DATE, SELF_TEST_FIRST_DATE + 1],
        [SELF_TEST_FIRST_DATE + 10, SELF_TEST_FIRST_DATE + 11],
      ];
      const texts = days.map((r) => r.map(isoDate));
      // The cells hold the days as the workbook's date system counts them.
      const system = await dateSystemOf(scope.excel);
      const serials = days.map((r) => r.map((d) => toWorkbookSerial(d, system)));
      if (scope.env.numberShape === "plain") {
        check(JSON.stringify(got.values) === JSON.stringify(texts), `holds ${show(got.values)}`);
        return "ISO dates as text (no data types from functions here)";
      }
      check(
        JSON.stringify(got.values) === JSON.stringify(serials),
        `holds ${show(got.values)}, not date serials`,
      );
      // Shown m/d/yy: 2026-01-11 is 1/11/26.
      const short = texts.map((r) => r.map((t) => t.replace(/^\d\d(\d\d)-0?(\d+)-0?(\d+)$/, "$2/$3/$1")));
      check(
        JSON.stringify(got.text) === JSON.stringify(short),
        `shows ${show(got.text)}, not ${show(short)}`,
      );
      return `dates spilled with their format: ${got.text.flat().join(", ")}`;
    },
  },
  {
    id: "custom-function-card",
    family: "Custom functions",
    title:
      "A card from an ADS.* function shows its title, a dot reference reads its field with the field's format, and a field it lacks is #FIELD!; where the host takes no data types from functions the card is its title as text",
    async run(scope) {
      const { excel, sheet, waitFor } = scope;
      await excel.run(async (context) => {
        context.workbook.worksheets.getItem(sheet).getRange("A1:C1").formulas = [
          ['=ADS.SELFTEST(1,1,"card")', `=A1.[${SELF_TEST_CARD.field}]`, "=A1.[No such field]"],
        ];
        await context.sync();
      });
      const got = await waitFor("the card and its fields", async () => {
        const read = await readCells(excel, sheet, "A1:C1");
        return read.values[0].some((v) => BUSY.has(String(v))) ? null : read;
      });
      const [card, field, missing] = [0, 1, 2].map((i) => ({
        value: got.values[0][i],
        text: got.text[0][i],
      }));
      check(
        card.text === SELF_TEST_CARD.title,
        `the card shows ${show(card.text)}, not ${SELF_TEST_CARD.title}`,
      );
      check(missing.value === "#FIELD!", `a missing field shows ${show(missing.value)}, not #FIELD!`);
      if (scope.env.numberShape === "plain") {
        check(card.value === SELF_TEST_CARD.title, `holds ${show(card.value)}, not the title as text`);
        check(field.value === "#FIELD!", `a field of text reads ${show(field.value)}, not #FIELD!`);
        return "the title as text (no data types from functions here); its fields are #FIELD!";
      }
      check(
        field.value === SELF_TEST_CARD.value && field.text === SELF_TEST_CARD.shown,
        `=A1.[${SELF_TEST_CARD.field}] shows ${show(field.value)} as ${show(field.text)}, not ${SELF_TEST_CARD.shown}`,
      );
      return `a card "${card.text}"; its ${SELF_TEST_CARD.field} read as ${field.text}; a missing field #FIELD!`;
    },
  },
];
