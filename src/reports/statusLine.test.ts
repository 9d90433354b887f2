/** The status line says what a sheet holds: for requests without dates, what they asked instead. */
import { statusLine } from "./statusLine";

const at = { rowCount: 60, lastRefresh: "2026-11-23T18:45:00.000Z" };

test("a search names its words and look-back, not dates it never sent", () => {
  const line = statusLine({ kind: "search", params: { search: "mattress", timeFrame: 365 }, ...at });
  expect(line).toMatch(/^Search · "mattress" · last 365 days · Last refreshed .* · 60 rows$/);
  expect(statusLine({ kind: "search", params: { search: "coffee" }, ...at })).toMatch(
    /^Search · "coffee" · the service's default look-back · /,
  );
});

test("listener IDs name the episode, the weeks back and the advertiser", () => {
  expect(
    statusLine({
      kind: "impressionListeners",
      params: { episodeId: "240", advertiser: "acme-mattress", week_lb: 4 },
      ...at,
    }),
  ).toMatch(/^Listener IDs · acme-mattress · episode 240 · last 4 weeks · Last refreshed /);
  expect(statusLine({ kind: "impressionListeners", params: { episodeId: "240" }, ...at })).toMatch(
    /^Listener IDs · episode 240 · the service's default weeks back · /,
  );
});

test("a report with dates still says its range", () => {
  expect(
    statusLine(
      { kind: "estimatedSpendByDay", params: { advertisers: ["Acme Mattress"] }, ...at },
      { startDate: "2026-10-25", endDate: "2026-11-23" },
    ),
  ).toMatch(/^Spend by day · Acme Mattress · 2026-10-25 to 2026-11-23 · Last refreshed /);
});

test("a report with no rows in its period says so in words, not as 0 rows", () => {
  const line = statusLine(
    {
      kind: "impressions",
      params: {},
      datePreset: { kind: "last", count: 30, unit: "days" },
      rowCount: 0,
      lastRefresh: at.lastRefresh,
    },
    { startDate: "2026-10-25", endDate: "2026-11-23" },
  );
  expect(line).toMatch(
    /^Impressions · .* · No rows: the service has no data for this request in this period$/,
  );
  expect(line).not.toMatch(/0 rows/);
});
