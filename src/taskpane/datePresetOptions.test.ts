import { DATE_PRESET_OPTIONS, idFor, presetFor } from "./datePresetOptions";

test("each offered range maps to its preset and back", () => {
  for (const o of DATE_PRESET_OPTIONS) {
    expect(presetFor(o.id)).toEqual(o.preset ?? undefined);
    if (o.preset) expect(idFor(o.preset)).toBe(o.id);
  }
});

test("a stored preset the form does not offer, or none, edits as custom dates", () => {
  expect(idFor({ kind: "last", count: 9, unit: "days" })).toBe("custom");
  expect(idFor(undefined)).toBe("custom");
});
