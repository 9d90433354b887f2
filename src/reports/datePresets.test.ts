import fc from "fast-check";
import { COMMON_PRESETS, presetLabel, resolvePreset } from "./datePresets";

const d = (y: number, m: number, day: number) => new Date(y, m - 1, day, 23, 59);

test.each([
  // [preset, today, start, end]
  [{ kind: "last", count: 1, unit: "days" }, d(2024, 3, 1), "2024-03-01", "2024-03-01"],
  [{ kind: "last", count: 2, unit: "days" }, d(2024, 3, 1), "2024-02-29", "2024-03-01"],
  [{ kind: "last", count: 2, unit: "days" }, d(2023, 3, 1), "2023-02-28", "2023-03-01"],
  [{ kind: "last", count: 7, unit: "days" }, d(2026, 1, 3), "2025-12-28", "2026-01-03"],
  [{ kind: "last", count: 1, unit: "weeks" }, d(2026, 1, 3), "2025-12-28", "2026-01-03"],
  [{ kind: "last", count: 1, unit: "months" }, d(2024, 3, 31), "2024-02-29", "2024-03-31"],
  [{ kind: "last", count: 1, unit: "months" }, d(2023, 3, 31), "2023-02-28", "2023-03-31"],
  [{ kind: "last", count: 12, unit: "months" }, d(2024, 2, 29), "2023-02-28", "2024-02-29"],
  [{ kind: "last", count: 3, unit: "months" }, d(2026, 1, 15), "2025-10-15", "2026-01-15"],
  [{ kind: "monthToDate" }, d(2026, 1, 1), "2026-01-01", "2026-01-01"],
  [{ kind: "previousMonth" }, d(2026, 1, 1), "2025-12-01", "2025-12-31"],
  [{ kind: "previousMonth" }, d(2024, 3, 31), "2024-02-01", "2024-02-29"],
  [{ kind: "previousMonth" }, d(2100, 3, 5), "2100-02-01", "2100-02-28"],
  [{ kind: "quarterToDate" }, d(2026, 3, 31), "2026-01-01", "2026-03-31"],
  [{ kind: "quarterToDate" }, d(2026, 4, 1), "2026-04-01", "2026-04-01"],
  [{ kind: "quarterToDate" }, d(2026, 12, 31), "2026-10-01", "2026-12-31"],
  [{ kind: "yearToDate" }, d(2026, 1, 1), "2026-01-01", "2026-01-01"],
  [{ kind: "yearToDate" }, d(2024, 12, 31), "2024-01-01", "2024-12-31"],
  [
    { kind: "custom", startDate: "2026-01-01", endDate: "2026-02-01" },
    d(2030, 1, 1),
    "2026-01-01",
    "2026-02-01",
  ],
] as const)("%j on %s", (preset, today, startDate, endDate) => {
  expect(resolvePreset(preset as never, today)).toEqual({ startDate, endDate });
});

test("property: every common preset gives start ≤ end ≤ today, as valid YYYY-MM-DD", () => {
  fc.assert(
    fc.property(
      fc.date({ min: new Date(1990, 0, 1), max: new Date(2100, 11, 31), noInvalidDate: true }),
      fc.constantFrom(...COMMON_PRESETS),
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

test("every common preset has a label", () => {
  for (const p of COMMON_PRESETS) expect(presetLabel(p).length).toBeGreaterThan(0);
});
