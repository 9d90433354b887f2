import fc from "fast-check";
import { REPORT_ENDPOINTS, REPORT_KINDS } from "../api/schemas";
import {
  defaultText,
  formFromParams,
  optionText,
  optionWords,
  paramsFromForm,
  REPORT_FORMS,
  type FieldSpec,
} from "./reportForms";
import { schemaErrors } from "./validation";

const impressions = REPORT_FORMS.impressions.fields;

describe("paramsFromForm", () => {
  test("sends only the fields the user set, typed as the request wants", () => {
    const params = paramsFromForm(impressions, {
      advertiser: " Acme Mattress , Northwind Coffee ,",
      timeGrouping: "week",
      "formatting.totals": "true",
      "formatting.summary": "false",
      fields: "Day\nSpend\n",
      fieldMapping: "Spend = Cost\nbroken line\nDay=Date",
      incCiCertainty: "90",
      showIncrementalResults: "true",
      geoGrouping: "",
      name: "   ",
    });
    expect(params).toEqual({
      advertiser: ["Acme Mattress", "Northwind Coffee"],
      timeGrouping: "week",
      formatting: { totals: true, summary: false },
      fields: ["Day", "Spend"],
      fieldMapping: { Spend: "Cost", Day: "Date" },
      incCiCertainty: 90,
      showIncrementalResults: true,
    });
    expect(schemaErrors(REPORT_ENDPOINTS.impressions.schema, params)).toEqual({});
  });

  test("a name holding a comma is quoted; (none) turns a default list off", () => {
    const params = paramsFromForm(impressions, {
      advertiser: '"Acme, Inc.", Northwind Coffee',
      excludeReferrers: "(none)",
    });
    expect(params).toEqual({ advertiser: ["Acme, Inc.", "Northwind Coffee"], excludeReferrers: [] });
    expect(schemaErrors(REPORT_ENDPOINTS.impressions.schema, params)).toEqual({});
    expect(formFromParams(impressions, params)).toMatchObject({
      advertiser: '"Acme, Inc.", Northwind Coffee',
      excludeReferrers: "(none)",
    });
  });

  test("an empty form sends nothing at all (the service's defaults apply)", () => {
    for (const kind of REPORT_KINDS) expect(paramsFromForm(REPORT_FORMS[kind].fields, {})).toEqual({});
  });

  test("a non-number in a number field reaches validation as NaN and is named", () => {
    const params = paramsFromForm(impressions, { attributionWindow: "soon" });
    expect(Object.keys(schemaErrors(REPORT_ENDPOINTS.impressions.schema, params))).toEqual([
      "attributionWindow",
    ]);
  });
});

test("every report kind has a form whose field names its request schema accepts", () => {
  for (const kind of REPORT_KINDS) {
    const shape = (REPORT_ENDPOINTS[kind].schema as unknown as { _zod?: { def?: { shape?: object } } })._zod
      ?.def?.shape;
    const names = REPORT_FORMS[kind].fields.map((f) => f.name.split(".")[0]);
    expect(shape).toBeDefined();
    for (const n of names) expect([kind, n, n in shape!]).toEqual([kind, n, true]);
  }
});

test("the Advanced section holds the shared attribution settings with their documented defaults", () => {
  const advanced = impressions.filter((f) => f.advanced);
  expect(advanced.map((f) => f.name)).toEqual(
    expect.arrayContaining(["attributionWindow", "attributionModel"]),
  );
  expect(advanced.every((f) => f.default !== undefined)).toBe(true);
  const both: FieldSpec = { name: "x", label: "x", type: "int", default: { v1: 30, v2: 14, note: "" } };
  expect(defaultText(both)).toBe("30 or 14, depending on the service's version");
  const flag: FieldSpec = { name: "y", label: "y", type: "bool", default: { value: false, note: "" } };
  expect(defaultText(flag)).toBe("No");
});

test("formFromParams is the inverse of paramsFromForm for what a form can express", () => {
  const name = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !/[,=\n]/.test(s) && s.trim() === s);
  fc.assert(
    fc.property(
      fc.record(
        {
          advertiser: fc.array(name, { minLength: 1, maxLength: 3 }),
          timeGrouping: fc.constantFrom("all", "day", "week", "month"),
          attributionWindow: fc.integer({ min: 1, max: 60 }),
          formatting: fc.record({ totals: fc.boolean() }),
          fieldMapping: fc.dictionary(name, name, { minKeys: 1, maxKeys: 3 }),
        },
        { requiredKeys: [] },
      ),
      (params) => {
        expect(paramsFromForm(impressions, formFromParams(impressions, params))).toEqual(params);
      },
    ),
  );
});

test("the lag report's Group by reads in a planner's words, in its list and in its message", () => {
  const groupBy = REPORT_FORMS.lag.fields.find((f) => f.name === "groupKey")!;
  const shown = groupBy.options!.map((o) => optionText(groupBy, o));
  expect(shown).toEqual(["Media type", "Publisher", "Campaign", "Show", "Genre", "Country"]);
  // Left empty: the schema lists the service's values; the form says what its list shows.
  const errors = schemaErrors(
    REPORT_ENDPOINTS.lag.schema,
    { advertiser: ["Acme"] },
    { groupKey: "Group by" },
  );
  expect(optionWords(groupBy, errors.groupKey)).toBe(
    "Group by must be one of Media type, Publisher, Campaign, Show, Genre, Country",
  );
  // Every form's options are words or plain values, never a camelCase field name.
  for (const kind of REPORT_KINDS)
    for (const f of REPORT_FORMS[kind].fields)
      for (const o of f.options ?? []) expect(optionText(f, o)).not.toMatch(/^[a-z]+[A-Z]/);
});
