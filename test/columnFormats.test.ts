/**
 * Issue 47: every column of every report kind is shown as docs/excel-fidelity.md's "Formats by
 * column kind" says, and that table's "Shown" texts are what the preview renders (Excel's format codes).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { catalogueKind, REPORT_COLUMNS } from "../src/api/csv/catalogue";
import type { ReportKind } from "../src/api/schemas";
import type { TableColumn } from "../src/api/table";
import { parseReportCsv } from "../src/api/csv/parse";
import { formatClass, formatFor, formatOfColumn, type FormatClass } from "../src/excel/cellFormats";
import { formatNumber } from "../preview/memory/numberFormat";

interface Row {
  whole: string;
  fraction: string;
  sample: number;
  shown: string;
}

/** The table's rows by kind, read from the doc (backquoted formats; the first one of a cell). */
function formatsTable(): Map<string, Row> {
  const doc = readFileSync(join(__dirname, "../docs/excel-fidelity.md"), "utf8");
  const section = doc.slice(doc.indexOf("## Formats by column kind"), doc.indexOf("## The second engine"));
  const rows = new Map<string, Row>();
  for (const line of section.split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    const kind = /^`(\w+)`$/.exec(cells[1] ?? "")?.[1];
    if (!kind) continue;
    const code = (cell: string) => /`([^`]+)`/.exec(cell)![1];
    rows.set(kind, {
      whole: code(cells[3]),
      fraction: code(cells[4]),
      sample: Number(cells[5]),
      shown: cells[6],
    });
  }
  return rows;
}

/** Names for the catalogue's pattern families (columns the spec describes by shape). */
const PATTERN_NAMES: Partial<Record<ReportKind, string[]>> = {
  impressions: [
    "Visitors Confidence Interval",
    "Incremental Visitors Modeled",
    "Incremental Visitors",
    "Campaign Incremental Visitors %",
    "Extra DAI Impression Pixel 1",
  ],
  lag: ["Day 0", "Day 15"],
  campaignsPerformance: ["Extra DAI Impression Pixel by Creative 1"],
};

function everyColumn(): { report: ReportKind; column: TableColumn }[] {
  return (Object.keys(REPORT_COLUMNS) as ReportKind[]).flatMap((report) =>
    [...Object.keys(REPORT_COLUMNS[report]), ...(PATTERN_NAMES[report] ?? [])].map((name) => ({
      report,
      column: { name, kind: catalogueKind(report, name)! },
    })),
  );
}

describe("issue 47: formats by column kind, against every report's columns", () => {
  const table = formatsTable();

  test("the table has a row for every kind a column can be shown as", () => {
    const classes: FormatClass[] = ["integer", "id", "number", "currency", "percent", "date", "datetime"];
    for (const k of [...classes, "boolean", "text", "url", "json"]) expect(table.has(k)).toBe(true);
  });

  test("each row's sample is shown as the row says (Excel's format codes, rendered as the preview does)", () => {
    for (const [kind, row] of table)
      expect([kind, formatNumber(row.sample, row.fraction)]).toEqual([kind, row.shown]);
  });

  test("every column of every report kind takes its row's formats (with whole values, and with a fraction)", () => {
    const columns = everyColumn();
    const disagreements: string[] = [];
    for (const { report, column } of columns) {
      expect(column.kind).toBeDefined();
      const row = table.get(formatClass(column))!;
      const whole = formatFor(column, [1234, 2, null]);
      const fraction = formatFor(column, [1234, row.sample]);
      if (whole !== row.whole || fraction !== row.fraction)
        disagreements.push(
          `${report} · ${column.name}: ${whole} / ${fraction}, table ${row.whole} / ${row.fraction}`,
        );
    }
    expect(disagreements).toEqual([]);
    // Every catalogued column and pattern, of all seven report kinds.
    expect(new Set(columns.map((c) => c.report)).size).toBe(7);
    expect(columns.length).toBe(279);
  });

  test("the mixed column (issue 57): a report file's ROAS of '1,234' and 2.35 takes the table's row for a fraction, as a JSON answer's does", () => {
    const csv = parseReportCsv("impressions", 'Day,ROAS\n2024-01-01,"1,234"\n2024-01-02,2.35\n');
    const c = csv.columns.findIndex((col) => col.name === "ROAS");
    const row = table.get(formatClass(csv.columns[c]))!;
    const fromCsv = formatOfColumn(csv.columns[c], csv.rows.length, (i) => csv.rows[i][c]);
    const fromJson = formatFor(csv.columns[c], [1234, 2.35]);
    expect([fromCsv, fromJson]).toEqual([row.fraction, row.fraction]);
    expect(formatNumber(row.sample, fromCsv)).toBe(row.shown);
    expect(formatNumber(2.35, fromCsv)).toBe("2.35");
  });

  test("ratios, frequencies and modeled figures show at most two decimals; percentages as percentages", () => {
    const named = [
      ["impressions", "ROAS"],
      ["impressions", "ROAS Modeled"],
      ["impressions", "Incremental ROAS"],
      ["impressions", "Frequency"],
      ["impressions", "Visitors Modeled"],
      ["audience", "avgFrequency"],
      ["campaignsPerformance", "Freq"],
      ["campaignsPerformance", "ROAS"],
    ] as const;
    for (const [report, name] of named) {
      const format = formatFor({ name, kind: catalogueKind(report, name)! }, [1234.5678, 0.1234]);
      expect([name, formatNumber(1234.5678, format)]).toEqual([name, "1,234.57"]);
    }
    const share = formatFor({ name: "Clicks %", kind: "percent" }, [0.03125]);
    expect(formatNumber(0.03125, share)).toBe("3.13%");
  });
});
