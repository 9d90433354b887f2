import { definitionSchema, resolveSource } from "./definition";

test("a relative preset is resolved again at each refresh, replacing stored dates", () => {
  const def = {
    kind: "impressions" as const,
    params: { advertiser: ["Acme"], startDate: "2020-01-01" },
    datePreset: { kind: "last" as const, count: 3, unit: "months" as const },
  };
  expect(resolveSource(def, new Date(2026, 10, 22))).toEqual({
    kind: "impressions",
    params: { advertiser: ["Acme"], startDate: "2026-08-23", endDate: "2026-11-22" },
  });
  expect(resolveSource(def, new Date(2027, 0, 10)).params).toMatchObject({
    startDate: "2026-10-11",
    endDate: "2027-01-10",
  });
});

test("kinds without dates keep their parameters", () => {
  expect(
    resolveSource({
      kind: "impressionListeners",
      params: { episodeId: "1" },
      datePreset: { kind: "yearToDate" },
    }),
  ).toEqual({ kind: "impressionListeners", params: { episodeId: "1" } });
});

test("the schema refuses a definition from a newer version or with a missing field", () => {
  const ok = {
    version: 2,
    kind: "lag",
    params: {},
    sheetName: "Lag",
    tableName: "Lag",
    status: "ok",
    rowCount: 0,
    refreshOnOpen: false,
  };
  expect(definitionSchema.safeParse(ok).success).toBe(true);
  expect(definitionSchema.safeParse({ ...ok, version: 3 }).success).toBe(false);
  expect(definitionSchema.safeParse({ ...ok, version: 1 }).success).toBe(false);
  expect(definitionSchema.safeParse({ ...ok, kind: "weather" }).success).toBe(false);
});
