import { REPORT_COLUMNS } from "./csv";
import { REPORT_HEADERS } from "./reportHeaders";

test.each(Object.entries(REPORT_HEADERS))(
  "%s: the spec-ordered header and the column catalogue name the same columns, once each",
  (kind, header) => {
    expect(new Set(header).size).toBe(header.length);
    expect([...header].sort()).toEqual(
      Object.keys(REPORT_COLUMNS[kind as keyof typeof REPORT_HEADERS]).sort(),
    );
  },
);

test("the audience header reads as the spec lists it", () => {
  expect(REPORT_HEADERS.audience.slice(0, 12)).toEqual([
    "Series",
    "Episode",
    "uploadedAt",
    "Total Impressions",
    "RSS Impressions",
    "Alpha Impressions",
    "Beta Impressions",
    "Gamma Impressions",
    "reach",
    "avgFrequency",
    "ads",
    "d15",
  ]);
  expect(REPORT_HEADERS.audience.slice(-2)).toEqual(["Length", "Alpha Engaged Impressions"]);
});
