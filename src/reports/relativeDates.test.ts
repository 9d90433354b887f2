import { presetLabel, resolvePreset, type DatePreset } from "./relativeDates";

const on = (y: number, m: number, d: number) => new Date(y, m - 1, d, 15, 30);
const r = (p: DatePreset, today: Date) => resolvePreset(p, today);

test("last N days, weeks and months end today", () => {
  expect(r({ kind: "last", count: 7, unit: "days" }, on(2026, 3, 3))).toEqual({
    startDate: "2026-02-25",
    endDate: "2026-03-03",
  });
  expect(r({ kind: "last", count: 2, unit: "weeks" }, on(2026, 1, 5))).toEqual({
    startDate: "2025-12-23",
    endDate: "2026-01-05",
  });
  expect(r({ kind: "last", count: 3, unit: "months" }, on(2026, 5, 31))).toEqual({
    startDate: "2026-02-28",
    endDate: "2026-05-31",
  });
});

test("month arithmetic clamps to the end of shorter months, leap years included", () => {
  expect(r({ kind: "last", count: 1, unit: "months" }, on(2024, 3, 31))).toEqual({
    startDate: "2024-02-29",
    endDate: "2024-03-31",
  });
  expect(r({ kind: "last", count: 1, unit: "months" }, on(2025, 3, 31))).toEqual({
    startDate: "2025-02-28",
    endDate: "2025-03-31",
  });
  expect(r({ kind: "last", count: 12, unit: "months" }, on(2024, 2, 29))).toEqual({
    startDate: "2023-02-28",
    endDate: "2024-02-29",
  });
});

test("to-date presets and the previous month across a year boundary", () => {
  expect(r({ kind: "monthToDate" }, on(2026, 1, 1))).toEqual({
    startDate: "2026-01-01",
    endDate: "2026-01-01",
  });
  expect(r({ kind: "previousMonth" }, on(2026, 1, 15))).toEqual({
    startDate: "2025-12-01",
    endDate: "2025-12-31",
  });
  expect(r({ kind: "previousMonth" }, on(2024, 3, 1))).toEqual({
    startDate: "2024-02-01",
    endDate: "2024-02-29",
  });
  expect(r({ kind: "quarterToDate" }, on(2026, 12, 31))).toEqual({
    startDate: "2026-10-01",
    endDate: "2026-12-31",
  });
  expect(r({ kind: "quarterToDate" }, on(2026, 4, 1))).toEqual({
    startDate: "2026-04-01",
    endDate: "2026-04-01",
  });
  expect(r({ kind: "yearToDate" }, on(2026, 11, 22))).toEqual({
    startDate: "2026-01-01",
    endDate: "2026-11-22",
  });
});

test("custom and service default", () => {
  expect(r({ kind: "custom", startDate: "2024-01-01", endDate: "2024-01-31" }, on(2026, 1, 1))).toEqual({
    startDate: "2024-01-01",
    endDate: "2024-01-31",
  });
  expect(r({ kind: "serviceDefault" }, on(2026, 1, 1))).toEqual({});
});

test("labels", () => {
  expect(presetLabel({ kind: "last", count: 3, unit: "months" })).toBe("Last 3 months");
  expect(presetLabel({ kind: "last", count: 1, unit: "days" })).toBe("Last 1 day");
  expect(presetLabel({ kind: "quarterToDate" })).toBe("Quarter to date");
});
