import { END_DATE_CAVEAT, reportWarnings, serviceDateText, serviceDatesText } from "./reportAdvice";

const TODAY = new Date(2026, 10, 23);

test("each report form can say the service's own dates, V1/V2 where the variants disagree", () => {
  expect(serviceDatesText("impressions")).toBe("3 months ago to one week forward");
  expect(serviceDatesText("campaignsPerformance")).toBe("3 months ago to one week forward");
  expect(serviceDatesText("estimatedSpendByDay")).toBe(
    "12 months ago to today or one week from today, depending on the service's version",
  );
  expect(serviceDatesText("estimatedSpendByShowByDay")).toBe("12 months ago to one week from today");
  expect(serviceDatesText("audience")).toBe("not documented: the service chooses");
  expect(serviceDatesText("impressionListeners")).toBeNull();
  expect(serviceDateText("lag", "startDate")).toBe("3 months ago");
  expect(serviceDateText("audience", "endDate")).toBeNull();
});

test("the end-date caveat bites on impressions ending within the last 3 days, or at the service's default end", () => {
  expect(reportWarnings("impressions", { endDate: "2026-11-22" }, TODAY)).toEqual({
    endDate: END_DATE_CAVEAT,
  });
  expect(reportWarnings("impressions", {}, TODAY)).toEqual({ endDate: END_DATE_CAVEAT });
  expect(reportWarnings("impressions", { endDate: "2026-11-20" }, TODAY)).toEqual({});
  expect(reportWarnings("campaignsPerformance", {}, TODAY)).toEqual({});
});

test("values the spec gives no rule for are warned about, never refused", () => {
  expect(
    Object.keys(
      reportWarnings(
        "impressions",
        { endDate: "2026-01-01", rSimulcastConvWeight: -1, attributionWindow: -3 },
        TODAY,
      ),
    ),
  ).toEqual(["rSimulcastConvWeight", "attributionWindow"]);
  expect(reportWarnings("lag", { advertiser: ["A", "B"] }, TODAY).advertiser).toMatch(
    /Some versions of the lag report take exactly one advertiser/,
  );
  expect(reportWarnings("lag", { advertiser: ["A"] }, TODAY)).toEqual({});
});
