/**
 * Issue 57: the whole-numbers rule holds for a report's CSV columns as for JSON ones. A column
 * whose smart-formatted values are whole ('1,234') but which also holds a plain fraction (2.35) is
 * shown with decimals, whichever comes first and however late in the download the fraction is.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { formatOfColumn } from "../../excel/cellFormats";
import { formatNumber } from "../../../preview/memory/numberFormat";
import type { TypedTable } from "../table";
import { parseReportCsv } from "./parse";

/** The format the sheet writes column `name` with (cellFormats.ts over the column's values), and its values. */
function written(table: TypedTable, name: string): { format: string; values: unknown[] } {
  const c = table.columns.findIndex((col) => col.name === name);
  const format = formatOfColumn(table.columns[c], table.rows.length, (i) => table.rows[i][c]);
  return { format, values: table.rows.map((r) => r[c]) };
}

const roas = (...values: string[]) =>
  parseReportCsv("impressions", `Day,ROAS\n${values.map((v) => `2024-01-01,${v}`).join("\n")}\n`);

describe("a report's column mixing whole and decimal numbers", () => {
  test("ROAS 1,234 and 2.35 is given #,##0.00, so 2.35 shows as 2.35 (not #,##0 showing 2)", () => {
    const { format, values } = written(roas('"1,234"', "2.35"), "ROAS");
    expect(values).toEqual([1234, 2.35]);
    expect(format).toBe("#,##0.00");
    expect([formatNumber(1234, format), formatNumber(2.35, format)]).toEqual(["1,234.00", "2.35"]);
    // Whole values only, formatted and plain: the whole-number format stays.
    expect(written(roas('"1,234"', "2", "7.0"), "ROAS").format).toBe("#,##0");
  });

  test("the decimal before the formatted whole number gives the same format", () => {
    expect(written(roas("2.35", '"1,234"'), "ROAS").format).toBe("#,##0.00");
  });

  test("the negative section in parentheses is kept, with the decimals", () => {
    expect(written(roas('"(1,234)"', "2.35"), "ROAS").format).toBe("#,##0.00;(#,##0.00)");
  });

  test("money shows the fraction's own decimals, two to four ($0.0125 beside $1,234)", () => {
    const csv = 'Day,Spend\n2024-01-01,"$1,234"\n2024-01-02,0.0125\n2024-01-03,2.5\n';
    expect(written(parseReportCsv("impressions", csv), "Spend").format).toBe("$#,##0.0000");
    const cents = 'Day,Spend\n2024-01-01,"$1,234"\n2024-01-02,2.5\n';
    expect(written(parseReportCsv("impressions", cents), "Spend").format).toBe("$#,##0.00");
  });

  test("a percent column of 12% and 3.5 (percentage points) shows 3.50%", () => {
    const csv = "Day,Visitors %\n2024-01-01,12%\n2024-01-02,3.5\n";
    const { format, values } = written(parseReportCsv("impressions", csv), "Visitors %");
    expect(values).toEqual([0.12, 0.035]);
    expect(format).toBe("0.00%");
    expect(formatNumber(0.035, format)).toBe("3.50%");
  });

  test.each([
    ["by the field scan", true],
    ["by papaparse", false],
  ])("a decimal after the rows the kinds are decided on widens the format, %s", (_how, scan) => {
    const values = Array.from({ length: 1500 }, () => '"1,234"');
    values[1300] = "2.35";
    const t = parseReportCsv(
      "impressions",
      `Day,ROAS\n${values.map((v) => `2024-01-01,${v}`).join("\n")}\n`,
      {},
      4096,
      scan,
    );
    const { format, values: read } = written(t, "ROAS");
    expect(read[1300]).toBe(2.35);
    expect(format).toBe("#,##0.00");
  });

  test("a column the add-in does not know, of 1,234 and 0.5, is numbers shown with their decimals", () => {
    const values = Array.from({ length: 1500 }, (_, i) => (i % 2 ? '"1,234"' : "0.5"));
    const t = parseReportCsv(null, `Ratio\n${values.join("\n")}\n`, {}, 4096);
    expect(t.columns[0].kind).toBe("number");
    expect(written(t, "Ratio").format).toBe("#,##0.00");
  });
});

/** docs/excel-fidelity.md's "Formats by column kind": a row's fraction format, sample and shown text. */
function formatsRow(kind: string): { fraction: string; sample: number; shown: string } {
  const doc = readFileSync(join(__dirname, "../../../docs/excel-fidelity.md"), "utf8");
  const line = doc.split("\n").find((l) => l.startsWith(`| \`${kind}\` |`))!;
  const cells = line.split("|").map((c) => c.trim());
  return { fraction: /`([^`]+)`/.exec(cells[4])![1], sample: Number(cells[5]), shown: cells[6] };
}

test.each([
  ["number", "ROAS", '"1,234"'],
  ["integer", "Podcast & Streaming Impressions", '"1,234"'],
  ["currency", "Spend", '"$1,234"'],
])(
  "a CSV %s column mixing a formatted whole number with the table's sample takes the table's format with a fraction, and shows the sample as Excel's format does",
  (kind, name, whole) => {
    const row = formatsRow(kind);
    const csv = `Day,${name}\n2024-01-01,${whole}\n2024-01-02,${row.sample}\n`;
    const { format } = written(parseReportCsv("impressions", csv), name);
    expect(format).toBe(row.fraction);
    expect(formatNumber(row.sample, format)).toBe(row.shown);
  },
);
