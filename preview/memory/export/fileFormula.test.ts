import type { TableData } from "../model";
import { fileFormula } from "./fileFormula";

const table = (name: string): TableData => ({
  id: name,
  name,
  sheetId: "ws1",
  rect: { row: 0, col: 0, rows: 3, cols: 2 },
  style: "TableStyleLight9",
});
const tables = [table("Sales"), table("Spend_by_day")];
const at = (own?: string) => ({
  tableByName: (n: string) => tables.find((t) => t.name.toLowerCase() === n.toLowerCase()),
  ownTable: own ? tables.find((t) => t.name === own) : undefined,
});

test.each([
  ["=SUM(A1:B2)", "SUM(A1:B2)", ""],
  [
    "=[@Spend]/[@Impressions]*1000",
    "Sales[[#This Row],[Spend]]/Sales[[#This Row],[Impressions]]*1000",
    "Sales",
  ],
  ["=[@[Estimated Spend]]*2", "Sales[[#This Row],[Estimated Spend]]*2", "Sales"],
  ["=SUM([Spend])", "SUM(Sales[Spend])", "Sales"],
  ["=Sales[@Spend]", "Sales[[#This Row],[Spend]]", ""],
  ["=Sales[@]", "Sales[#This Row]", ""],
  ["=SUM(Sales[Spend])", "SUM(Sales[Spend])", ""],
  ["=SUM(Sales[[#All],[Spend]])", "SUM(Sales[[#All],[Spend]])", ""],
  ["=ROWS(Sales)", "ROWS(Sales[])", ""],
  ["=ROWS(Spend_by_day)+Sales!A1", "ROWS(Spend_by_day[])+Sales!A1", ""],
  ['=XLOOKUP("a",Sales[Show],Sales[Spend])', '_xlfn.XLOOKUP("a",Sales[Show],Sales[Spend])', ""],
  ['=MAXIFS(Sales[Spend],Sales[Show],"[@x]")', '_xlfn.MAXIFS(Sales[Spend],Sales[Show],"[@x]")', ""],
  ["=STDEV.S(A1:A9)+stdev(A1:A9)", "_xlfn.STDEV.S(A1:A9)+stdev(A1:A9)", ""],
  ["=FILTER(A1:A9,B1:B9>0)", "_xlfn._xlws.FILTER(A1:A9,B1:B9>0)", ""],
  ['=ADS.SHOW("1","adLoad")', 'ADS.SHOW("1","adLoad")', ""],
  ["='Sales data'!A1&\"Sales\"", "'Sales data'!A1&\"Sales\"", ""],
  ["=SUM(Sales[Spend ''1'])", "SUM(Sales[Spend ''1'])", ""],
])("%s is %s in the file", (formula, expected, own) => {
  expect(fileFormula(formula, at(own || undefined))).toBe(expected);
});

test("a bare bracket outside any table is left as it was (Excel would refuse it)", () => {
  expect(fileFormula("=[@Spend]", at())).toBe("[@Spend]");
});
