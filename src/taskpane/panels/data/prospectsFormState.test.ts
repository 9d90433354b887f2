/** The Prospects form's state: typed values, parameters taken from cells, seeds taken from a sheet. */
import {
  EMPTY_PROSPECTS,
  PROSPECT_PARAMS,
  prospectRequest,
  seedsFromSheet,
  withCell,
} from "./prospectsFormState";

const typed = {
  ...EMPTY_PROSPECTS,
  advertisers: "Acme Mattress, Globex Bank",
  seeds: "1200000003",
  count: "12",
  maxContentRisk: " low ",
};

test("typed values become the request's parameters; blanks are not set", () => {
  const r = prospectRequest(typed, {});
  expect(r.params).toEqual({
    advertisers: ["Acme Mattress", "Globex Bank"],
    seeds: ["1200000003"],
    count: 12,
    minListeners: undefined,
    maxAdLoad: undefined,
    maxContentRisk: "low",
    platforms: undefined,
    competitors: undefined,
  });
  expect(r).toMatchObject({ cells: {}, bound: [] });
});

test("every input may be taken from cells: a taken one is not sent typed, its address is", () => {
  expect(PROSPECT_PARAMS).toEqual([
    "advertisers",
    "seeds",
    "count",
    "minListeners",
    "maxAdLoad",
    "maxContentRisk",
    "platforms",
    "competitors",
  ]);
  let cells = withCell({}, "seeds", { address: "Inputs!A2:A9", shown: "1200000003, 1200000010" });
  cells = withCell(cells, "count", { address: "Inputs!B1", shown: "30" });
  const r = prospectRequest(typed, cells);
  expect(r.params).not.toHaveProperty("seeds");
  expect(r.params).not.toHaveProperty("count");
  expect(r.params.advertisers).toEqual(["Acme Mattress", "Globex Bank"]);
  expect(r.cells).toEqual({ seeds: "Inputs!A2:A9", count: "Inputs!B1" });
  expect(r.bound.sort()).toEqual(["count", "seeds"]);
  // Typed again: the typed value is sent again.
  const again = prospectRequest(typed, withCell(cells, "seeds", null));
  expect(again.params.seeds).toEqual(["1200000003"]);
  expect(again.cells).toEqual({ count: "Inputs!B1" });
});

test("seed shows from a report sheet: read once into the field, at most 20, a seed taken from cells typed again", () => {
  const cells = withCell({}, "seeds", { address: "Inputs!A2:A9", shown: "1" });
  const ids = Array.from({ length: 25 }, (_, i) => String(50_000 + i));
  const pick = seedsFromSheet(typed, cells, { sheetName: "Impressions", column: "Show ID" }, ids);
  expect(pick.values.seeds.split(", ")).toEqual(ids.slice(0, 20));
  expect(pick.values.advertisers).toBe(typed.advertisers);
  expect(pick.cells).toEqual({});
  expect(pick.note).toBe(
    "Seed shows: 20 show ids from the Show ID column of Impressions (the first 20 of 25: a search takes at most 20), read now; pick the sheet again to read it again.",
  );
  const empty = seedsFromSheet(typed, cells, { sheetName: "Impressions", column: "Show ID" }, []);
  expect(empty.values).toEqual(typed);
  expect(empty.cells).toEqual(cells);
  expect(empty.note).toMatch(/empty: the seed shows were not changed/);
});

test("issue 57: seeds from a Prospects sheet name its column as the sheet does, Service show id", () => {
  const pick = seedsFromSheet(typed, {}, { sheetName: "Prospects", column: "Service show id" }, ["50002"]);
  expect(pick.note).toBe(
    "Seed shows: 1 show id from the Service show id column of Prospects, read now; pick the sheet again to read it again.",
  );
  expect(seedsFromSheet(typed, {}, { sheetName: "Prospects", column: "Service show id" }, []).note).toBe(
    "The Service show id column of Prospects is empty: the seed shows were not changed.",
  );
});
