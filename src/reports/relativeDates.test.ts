import fc from "fast-check";
import { DATE_PRESET_OPTIONS } from "../taskpane/datePresetOptions";
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
    startDate: "2026-03-01",
    endDate: "2026-05-31",
  });
});

test("N months hold no extra day: the day after the same day N months back (clamped to shorter months)", () => {
  expect(r({ kind: "last", count: 1, unit: "months" }, on(2024, 3, 31))).toEqual({
    startDate: "2024-03-01",
    endDate: "2024-03-31",
  });
  expect(r({ kind: "last", count: 1, unit: "months" }, on(2025, 3, 31))).toEqual({
    startDate: "2025-03-01",
    endDate: "2025-03-31",
  });
  expect(r({ kind: "last", count: 1, unit: "months" }, on(2026, 3, 15))).toEqual({
    startDate: "2026-02-16",
    endDate: "2026-03-15",
  });
  expect(r({ kind: "last", count: 12, unit: "months" }, on(2024, 2, 29))).toEqual({
    startDate: "2023-03-01",
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

// Late in the local day, so a conversion through UTC would land on the wrong date.
const late = (y: number, m: number, day: number) => new Date(y, m - 1, day, 23, 59);

test.each([
  // [preset, today, start, end]
  [{ kind: "last", count: 1, unit: "days" }, late(2024, 3, 1), "2024-03-01", "2024-03-01"],
  [{ kind: "last", count: 2, unit: "days" }, late(2024, 3, 1), "2024-02-29", "2024-03-01"],
  [{ kind: "last", count: 2, unit: "days" }, late(2023, 3, 1), "2023-02-28", "2023-03-01"],
  [{ kind: "last", count: 7, unit: "days" }, late(2026, 1, 3), "2025-12-28", "2026-01-03"],
  [{ kind: "last", count: 1, unit: "weeks" }, late(2026, 1, 3), "2025-12-28", "2026-01-03"],
  [{ kind: "last", count: 3, unit: "months" }, late(2026, 1, 15), "2025-10-16", "2026-01-15"],
  [{ kind: "previousMonth" }, late(2026, 1, 1), "2025-12-01", "2025-12-31"],
  [{ kind: "previousMonth" }, late(2100, 3, 5), "2100-02-01", "2100-02-28"],
  [{ kind: "quarterToDate" }, late(2026, 3, 31), "2026-01-01", "2026-03-31"],
  [{ kind: "yearToDate" }, late(2026, 1, 1), "2026-01-01", "2026-01-01"],
  [{ kind: "yearToDate" }, late(2024, 12, 31), "2024-01-01", "2024-12-31"],
] as const)("edge: %j on %s", (preset, today, startDate, endDate) => {
  expect(resolvePreset(preset as DatePreset, today)).toEqual({ startDate, endDate });
});

/** The relative ranges the forms offer (custom and the service default have no range of their own). */
const OFFERED: DatePreset[] = DATE_PRESET_OPTIONS.flatMap((o) =>
  o.preset && o.preset.kind !== "serviceDefault" ? [o.preset] : [],
);

test("property: every offered preset gives start ≤ end ≤ today, as valid YYYY-MM-DD", () => {
  expect(OFFERED.length).toBeGreaterThan(5);
  fc.assert(
    fc.property(
      fc.date({ min: new Date(1990, 0, 1), max: new Date(2100, 11, 31), noInvalidDate: true }),
      fc.constantFrom(...OFFERED),
      (today, preset) => {
        const { startDate, endDate } = resolvePreset(preset, today);
        expect(startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(endDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        const [y, m, day] = startDate!.split("-").map(Number);
        expect(new Date(y, m - 1, day).getDate()).toBe(day);
        expect(startDate! <= endDate!).toBe(true);
        const t = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-${String(today.getDate()).padStart(2, "0")}`;
        expect(endDate! <= t).toBe(true);
      },
    ),
    { numRuns: 2000 },
  );
});

test("every offered preset has a label", () => {
  for (const o of DATE_PRESET_OPTIONS) if (o.preset) expect(presetLabel(o.preset).length).toBeGreaterThan(0);
});
