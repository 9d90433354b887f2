import { describeRequest, failureReason, failureText } from "./requestText";

const edit = {
  kind: "impressions" as const,
  params: { formatting: { numberFormatting: true, totals: true }, advertiser: ["Acme Mattress"] },
  sheetName: "Acme weekly",
};
const blocked = new Error(
  `Acme weekly: the refresh would lose the planner's work: "Notes" has entries on 1 row the new data no longer has (row 7): copy it elsewhere or clear it; then refresh again (nothing was changed)`,
);

test("the activity list's request spells out every parameter that was set", () => {
  expect(describeRequest({ ...edit, datePreset: { kind: "last", count: 7, unit: "days" } })).toBe(
    "Impressions: Last 7 days; Formatting number formatting yes, totals yes; Advertiser Acme Mattress",
  );
  expect(describeRequest({ kind: "lag", params: {} })).toBe("Lag: the service's defaults");
});

test("a blocked edit's message leads with the reason, without the request dump or the sheet prefix", () => {
  const text = failureText(edit, blocked);
  expect(text.startsWith('The refresh would lose the planner\'s work: "Notes" has entries')).toBe(true);
  expect(text).toMatch(/\(Acme weekly was not changed\.\)$/);
  expect(text).not.toContain("numberFormatting");
});

test("a new request's failure leads with the service's message and names the report", () => {
  const text = failureText({ kind: "individualAds", params: { advertiser: "Acme" } }, new Error("Forbidden"));
  expect(text).toBe("Forbidden (Ads: no sheet was made.)");
});

test("a reason that is not an Error, or empty, still reads as a sentence", () => {
  expect(failureReason("monthly limit")).toBe("Monthly limit");
  expect(failureReason(new Error(""))).toBe("No reason given");
});
