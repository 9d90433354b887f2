/**
 * The stored-format fixtures: one per shape a planner's workbook can hold (a report definition's
 * shape × the sheet layout its code wrote, the Dashboard's mark, the campaign holds), each made by
 * the last commit that wrote that shape (the most mended code of its era). test/fixtures/stored/README.md
 * says what each lacks compared with today's.
 */
export interface FixtureSpec {
  /** The file's name under test/fixtures/stored/ (without .json). */
  name: string;
  /** The commit whose code writes it. */
  commit: string;
  /** The stored formats' shapes it holds. */
  shapes: string[];
}

export const FIXTURES: readonly FixtureSpec[] = [
  {
    name: "report-first",
    commit: "b672c6b",
    shapes: ["report definition: first (6f81f88..d2b12e9^)", "campaign plan: no holds (13bce30..01a4106^)"],
  },
  {
    name: "report-columns",
    commit: "106b272",
    shapes: ["report definition: columns, show tables (d2b12e9..2cc8d02^)", "campaign holds (01a4106..)"],
  },
  {
    name: "report-chart",
    commit: "6550b71",
    shapes: ["report definition: chart (2cc8d02..19c6fb5^)", "campaign holds (01a4106..)"],
  },
  {
    name: "report-statusline",
    commit: "42ed0a5",
    shapes: ["report definition: statusLine, tableStyle (19c6fb5..c6d5452^)", "campaign holds (01a4106..)"],
  },
  {
    name: "report-columnids",
    commit: "c62d752",
    shapes: [
      "report definition: column ids, summary, totals; headers in the service's words (c6d5452..cfc1cf5^)",
      "campaign holds (01a4106..)",
    ],
  },
  {
    name: "report-chartdata-apiwords",
    commit: "cfc1cf5",
    shapes: [
      "report definition: chart.data; headers in the service's words (cfc1cf5 only)",
      "campaign holds (01a4106..)",
    ],
  },
  {
    name: "report-chartdata",
    commit: "043da82",
    shapes: [
      "report definition: chart.data; headers in a planner's words (f4cef13..dad2b1d^)",
      "dashboard: JSON list of sheet names (043da82..04b5628^)",
      "campaign holds (01a4106..)",
    ],
  },
  {
    name: "report-datahash-base36",
    commit: "70905e2",
    shapes: [
      "report definition: chart.dataHash as length-hash in base 36 (dad2b1d..588d4e7^)",
      "dashboard: JSON list of sheet names (043da82..04b5628^)",
      "campaign holds (01a4106..)",
    ],
  },
  {
    name: "dashboard-sheettables",
    commit: "04b5628",
    shapes: [
      "report definition: chart.dataHash, 16 hex digits (588d4e7..79fde96^)",
      "dashboard: JSON list of {sheet, table} in one property (04b5628 only)",
      "campaign holds (01a4106..)",
    ],
  },
  {
    name: "report-datahash",
    commit: "e8be98b",
    shapes: [
      "report definition: chart.dataHash, 16 hex digits (588d4e7..79fde96^)",
      "dashboard: v2:<n> and parts of [{s, t}] (d04c5ed..)",
      "campaign holds (01a4106..)",
    ],
  },
  {
    name: "report-chartband",
    commit: "a89302e",
    shapes: [
      "report definition: chart.band, today's (79fde96..a89302e)",
      "dashboard: v2:<n> and parts, with the reports' charts (79fde96..)",
      "campaign holds (01a4106..)",
    ],
  },
  {
    name: "report-bound-sets",
    commit: "d86de03",
    shapes: [
      "report definition: version 3 with cells (bindings), before revisions (..d86de03, the last landed release)",
      "report set: version 1 before revisions (..d86de03)",
      "dashboard: v2 without AdsDashboard.rev (..d86de03)",
      "campaign holds: version 2 without revision (..d86de03)",
    ],
  },
];
