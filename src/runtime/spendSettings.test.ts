import { checkSpendSettings, DEFAULT_SPEND_SETTINGS, storedSpendSettings } from "./spendSettings";

test("the form's fields: a limit, and an allowance and freshness that may be left blank", () => {
  expect(checkSpendSettings({ limit: "120", allowance: "10,000", freshnessHours: "" })).toEqual({
    ok: true,
    settings: { limit: 120, allowance: 10_000, freshnessHours: null },
  });
  expect(checkSpendSettings({ limit: "", allowance: "-3", freshnessHours: "1.5" })).toEqual({
    ok: false,
    errors: {
      limit: "Ask before spending more than: enter whole requests from 0 to 100,000",
      allowance: "Monthly allowance: enter whole requests from 1 to 100,000,000, or leave it blank",
      freshnessHours: "Fetch answers again after: enter whole hours from 1 to 8,760, or leave it blank",
    },
  });
});

test("stored settings read back; anything unreadable gives the defaults (50 requests, nothing else)", () => {
  expect(DEFAULT_SPEND_SETTINGS).toEqual({ limit: 50, allowance: null, freshnessHours: null });
  expect(storedSpendSettings(JSON.stringify({ limit: 5, allowance: null, freshnessHours: 24 }))).toEqual({
    limit: 5,
    allowance: null,
    freshnessHours: 24,
  });
  expect(storedSpendSettings("{")).toEqual(DEFAULT_SPEND_SETTINGS);
  expect(storedSpendSettings(JSON.stringify({ limit: -1 }))).toEqual(DEFAULT_SPEND_SETTINGS);
});
