/** functions.json is generated from the JSDoc of functions.ts: every function listed, with descriptions and parameter help. */
import path from "path";
const { generateCustomFunctionsMetadata } = require("custom-functions-metadata") as {
  generateCustomFunctionsMetadata(
    input: string,
    wantConsoleOutput?: boolean,
  ): Promise<{ metadataJson: string; errors: string[] }>;
};

interface Meta {
  allowCustomDataForDataTypeAny?: boolean;
  functions: {
    id: string;
    name: string;
    description: string;
    parameters: { name: string; description: string; optional?: boolean; dimensionality?: string }[];
    result: { type?: string; dimensionality?: string };
    options?: { cancelable?: boolean };
  }[];
}

/** Parameters that take a range: declared as matrices, or Excel would call the function once per cell. */
const RANGE_PARAMS = new Set([
  "fields",
  "advertisers",
  "mediaType",
  "showFilterIds",
  "seedShows",
  "competitors",
]);

const EXPECTED: Record<string, { params: string[]; optional: string[]; matrix: boolean }> = {
  SHOWLISTENERS: { params: ["showId"], optional: [], matrix: false },
  SHOW: { params: ["showId", "field"], optional: [], matrix: false },
  EPISODES: { params: ["showId", "count", "fields"], optional: ["count", "fields"], matrix: true },
  SIMILAR: { params: ["showId", "count"], optional: ["count"], matrix: true },
  TOPADVERTISERS: { params: ["showId"], optional: [], matrix: true },
  NETNEWREACH: { params: ["showId", "advertisers", "months"], optional: ["months"], matrix: false },
  SEARCH: {
    params: ["query", "timeFrame", "mediaType", "transcriptOnly", "exact", "excludeAds", "showFilterIds"],
    optional: ["timeFrame", "mediaType", "transcriptOnly", "exact", "excludeAds", "showFilterIds"],
    matrix: true,
  },
  ADS: {
    params: ["advertiser", "startDate", "endDate", "maxRows", "offset", "limit"],
    optional: ["startDate", "endDate", "maxRows", "offset", "limit"],
    matrix: true,
  },
  INCREMENTALITY: {
    params: [
      "advertiser",
      "aggregationLevel",
      "startDate",
      "endDate",
      "action",
      "channelType",
      "includeErrors",
      "incCiCertainty",
    ],
    optional: ["startDate", "endDate", "action", "channelType", "includeErrors", "incCiCertainty"],
    matrix: true,
  },
  PROSPECTS: {
    params: [
      "advertisers",
      "seedShows",
      "count",
      "minListeners",
      "maxAdLoad",
      "maxContentRisk",
      "competitors",
    ],
    optional: ["count", "minListeners", "maxAdLoad", "maxContentRisk", "competitors"],
    matrix: true,
  },
  PACING: {
    params: ["campaignId", "startDate", "endDate"],
    optional: ["startDate", "endDate"],
    matrix: false,
  },
  DELIVERY: {
    params: ["campaignId", "field", "startDate", "endDate"],
    optional: ["startDate", "endDate"],
    matrix: false,
  },
  SELFTEST: { params: ["rows", "cols", "kind"], optional: ["rows", "cols", "kind"], matrix: true },
  SHOWCARD: { params: ["showId"], optional: [], matrix: false },
  ADVERTISERCARD: { params: ["advertiser"], optional: [], matrix: false },
};

let meta: Meta;
beforeAll(async () => {
  const result = await generateCustomFunctionsMetadata(path.join(__dirname, "functions.ts"), false);
  expect(result.errors).toEqual([]);
  meta = JSON.parse(result.metadataJson) as Meta;
}, 60_000);

test("every function is listed, in upper case, with a description", () => {
  expect(meta.functions.map((f) => f.id).sort()).toEqual(Object.keys(EXPECTED).sort());
  for (const f of meta.functions) {
    expect(f.name).toBe(f.id);
    expect(f.description.length).toBeGreaterThan(20);
  }
});

test.each(Object.entries(EXPECTED))(
  "%s has its parameters in order, each with help, optional ones marked",
  (id, want) => {
    const f = meta.functions.find((x) => x.id === id)!;
    expect(f.parameters.map((p) => p.name)).toEqual(want.params);
    for (const p of f.parameters) {
      expect(p.description.length).toBeGreaterThan(5);
      expect(Boolean(p.optional)).toBe(want.optional.includes(p.name));
      expect([p.name, p.dimensionality === "matrix"]).toEqual([p.name, RANGE_PARAMS.has(p.name)]);
    }
    expect(f.result.dimensionality === "matrix").toBe(want.matrix);
    // Cancelable: a deleted or recalculated cell stops waiting, and a request no cell waits for is dropped.
    expect(f.options?.cancelable).toBe(true);
  },
);

test("the card functions may return entity values: data types allowed for `any`, their result typed any and scalar", () => {
  // Excel passes a function's data-type result through only where functions.json allows custom data
  // for the `any` type (docs/excel-fidelity.md, row 45); a result typed string or number would be cut to its basic value.
  expect(meta.allowCustomDataForDataTypeAny).toBe(true);
  for (const id of ["SHOWCARD", "ADVERTISERCARD"]) {
    const f = meta.functions.find((x) => x.id === id)!;
    expect([id, f.result.type ?? "any", f.result.dimensionality ?? "scalar"]).toEqual([id, "any", "scalar"]);
  }
});
