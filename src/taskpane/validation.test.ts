import { impressionsRequestSchema, lagRequestSchema, searchQuerySchema } from "../api/schemas";
import { definedOnly, fieldState, schemaErrors } from "./validation";

describe("schemaErrors", () => {
  test("names each missing required field of a lag request", () => {
    const errors = schemaErrors(lagRequestSchema, {});
    expect(Object.keys(errors).sort()).toEqual(["advertiser", "groupKey"]);
    expect(errors.groupKey).toMatch(/groupKey must be one of/);
  });

  test("keys a nested formatting option by its dotted name", () => {
    const errors = schemaErrors(impressionsRequestSchema, { formatting: { totals: "yes" } });
    expect(Object.keys(errors)).toEqual(["formatting.totals"]);
  });

  test("a valid request has no errors", () => {
    expect(schemaErrors(searchQuerySchema, { search: "mattress", timeFrame: 30 })).toEqual({});
  });

  test("messages use the form's labels: coined names anywhere, plain words only as the subject", () => {
    const labels = {
      groupKey: "Group by",
      startDate: "Start date",
      endDate: "End date",
      advertiser: "Advertisers",
    };
    expect(schemaErrors(lagRequestSchema, { advertiser: ["Acme"], groupKey: "x" }, labels).groupKey).toMatch(
      /^Group by must be one of/,
    );
    const dates = {
      advertiser: ["Acme"],
      groupKey: "publisher",
      startDate: "2024-02-10",
      endDate: "2024-02-01",
    };
    expect(schemaErrors(lagRequestSchema, dates, labels).endDate).toBe(
      "End date must not be before Start date",
    );
    const missing = schemaErrors(lagRequestSchema, { groupKey: "publisher" }, { advertiser: "Advertisers" });
    expect(missing.advertiser).toMatch(/^Advertisers /);
  });

  test("keeps the first message of a field", () => {
    const errors = schemaErrors(searchQuerySchema, { search: "x", showFilterIds: [Number.NaN, 1.5] });
    expect(Object.keys(errors)).toEqual(["showFilterIds"]);
  });
});

test("definedOnly drops undefined values and keeps false and empty lists", () => {
  expect(definedOnly({ a: undefined, b: false, c: [], d: 0 })).toEqual({ b: false, c: [], d: 0 });
});

test("fieldState marks a field with a message as an error", () => {
  expect(fieldState({ x: "bad" }, "x")).toEqual({ validationMessage: "bad", validationState: "error" });
  expect(fieldState({}, "x")).toEqual({ validationMessage: undefined, validationState: "none" });
});
