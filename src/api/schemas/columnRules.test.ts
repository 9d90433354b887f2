/** The one table of impressions column rules: what blocks a column, and what is only a note. */
import { IMPRESSIONS_FIELD_GROUPS } from "../defaults";
import { IMPRESSIONS_COLUMN_RULES, columnNotes, columnProblems } from "./columnRules";

test("every rule quotes the spec and applies to at least one listed column", () => {
  const listed = IMPRESSIONS_FIELD_GROUPS.flatMap((g) => g.fields);
  for (const rule of IMPRESSIONS_COLUMN_RULES) {
    expect(rule.documented.length).toBeGreaterThan(20);
    expect(listed.some((f) => rule.applies(f))).toBe(true);
  }
});

test("problems name the column and the setting it needs, and go once the request has it", () => {
  expect(columnProblems("DMA Code", {})).toEqual(["DMA Code needs geoGrouping DMA"]);
  expect(columnProblems("DMA Code", { geoGrouping: "DMA" })).toEqual([]);
  expect(columnProblems("Incrementality Source", { geoGrouping: "zip" })).toEqual([
    "Incrementality Source needs showIncrementalResults",
    "Incrementality Source is unavailable with geoGrouping",
  ]);
  expect(columnProblems("Leads Campaign Incremental %", { showIncrementalResults: true })).toEqual([
    "Leads Campaign Incremental % needs a campaign-level incrementalDisplayType (campaign or auto_serve_or_campaign)",
  ]);
  expect(
    columnProblems("Leads Campaign Incremental %", {
      showIncrementalResults: true,
      incrementalDisplayType: "campaign",
    }),
  ).toEqual([]);
  expect(columnProblems("Spend", {})).toEqual([]);
  expect(columnProblems("Trial Starts", {})).toEqual([]);
});

test("notes: V2 only on the V2 columns, never on Incrementality Source (a dimension, not an incremental column)", () => {
  expect(columnNotes("Incrementality Source")).toEqual(["Excluded by default: request it here."]);
  expect(columnNotes("Incremental Visitors")).toEqual(["Only in newer versions of the service."]);
  expect(columnNotes("Visits Channel Confidence Interval (+/- range)")).toEqual([
    "Only in newer versions of the service.",
  ]);
  expect(columnNotes("Alpha Engaged Views")).toEqual(["Only in newer versions of the service."]);
  expect(columnNotes("Service Campaign ID")).toEqual([
    "A default column only in some versions of the service: request it here.",
  ]);
  expect(columnNotes("Show ID")[0]).toMatch(/Excluded by default/);
  expect(columnNotes("Spend")).toEqual([]);
});
