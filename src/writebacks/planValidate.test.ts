import { PLAN_HEADERS } from "./planColumns";
import { daiRow, planSheet } from "./testing/planFixtures";
import { checkPlan, describeError } from "./planValidate";

describe("checkPlan", () => {
  it("turns a good row into campaign fields and an ISO-dated flight", () => {
    const { tableErrors, rows } = checkPlan(
      planSheet([daiRow({ billToPublisher: true, teamMembers: "a@x.com,b@x.com" })]),
    );
    expect(tableErrors).toEqual([]);
    expect(rows).toHaveLength(1);
    expect(rows[0].errors).toEqual([]);
    expect(rows[0].campaign).toMatchObject({
      name: "Spring",
      advertiser: "Acme",
      type: "DAI",
      expectedUnits: [
        { position: "pre", length: 30 },
        { position: "mid", length: 60 },
      ],
      tags: ["q1", "audio"],
      teamMembers: ["a@x.com", "b@x.com"],
      billToPublisher: true,
    });
    expect(rows[0].flight).toEqual({
      startDate: "2025-03-01T00:00:00.000Z",
      endDate: "2025-03-31T00:00:00.000Z",
      cpm: 25,
      currency: "USD",
    });
  });

  it("marks each bad cell with a reason naming the column, and the row as the sheet numbers it", () => {
    const { rows } = checkPlan(
      planSheet([
        daiRow(),
        daiRow({ name: "", startDate: "", cpm: "cheap", expectedUnits: "middle:30", currency: "JPY" }),
        daiRow({ type: "Baked-in", startDate: "", endDate: "", expectedDate: "" }),
        daiRow({ endDate: "2025-02-01", expectedLandingUrl: "not a url" }),
      ]),
    );
    expect(rows[0].errors).toEqual([]);
    const cols = (i: number): string[] => rows[i].errors.map((e) => e.column).sort();
    expect(cols(1)).toEqual(["cpm", "currency", "expectedUnits", "name"]);
    expect(rows[1].errors.find((e) => e.column === "cpm")?.reason).toBe('"cheap" is not a number');
    expect(rows[1].errors.find((e) => e.column === "name")?.reason).toMatch(/.+/);
    expect(rows[1].campaign).toBeUndefined();
    expect(cols(3)).toEqual(["expectedLandingUrl"]);
  });

  it("what the spec reads but does not refuse is a warning: marked, described, never blocking", () => {
    const { rows } = checkPlan(
      planSheet([
        daiRow({ startDate: "" }),
        daiRow({ type: "Baked-in", startDate: "", endDate: "", expectedDate: "" }),
        daiRow({ endDate: "2025-02-01" }),
        daiRow({ type: "reel", mediaType: "podcast" }),
        daiRow({ expectedUnits: "pre:0" }),
      ]),
    );
    for (const r of rows) {
      expect(r.errors).toEqual([]);
      expect(r.campaign).toBeDefined();
    }
    const warned = rows.map((r) => r.warnings.map((w) => `${w.column}: ${w.reason}`));
    expect(warned).toEqual([
      ["startDate: warning: a DAI flight usually has a startDate"],
      ["expectedDate: warning: a Baked-in flight usually has an expectedDate"],
      ["endDate: warning: endDate is before startDate"],
      [
        "mediaType: warning: story, reel and feed apply to SocialC campaigns: a reel campaign usually names the SocialC media type",
      ],
      ["expectedUnits: warning: length is not more than 0 seconds"],
    ]);
    expect(describeError(rows[1].warnings[0], 2)).toBe(
      "Row 3, expectedDate: warning: a Baked-in flight usually has an expectedDate",
    );
  });

  it("a negative amount is the plan's own refusal (a typing slip), named on its cell", () => {
    const { rows } = checkPlan(planSheet([daiRow({ cpm: -5, totalCost: "-1" })]));
    expect(rows[0].errors.map((e) => `${e.column}: ${e.reason}`).sort()).toEqual([
      "cpm: must be 0 or more",
      "totalCost: must be 0 or more",
    ]);
    expect(rows[0].campaign).toBeUndefined();
  });

  it("takes the listed spelling of a drop-down value typed in another case", () => {
    const { rows } = checkPlan(planSheet([daiRow({ type: "dai", currency: "eur", geo: "us" })]));
    expect(rows[0].errors).toEqual([]);
    expect(rows[0].campaign).toMatchObject({ type: "DAI", geo: "US" });
    expect(rows[0].flight).toMatchObject({ currency: "EUR" });
  });

  it("reads a status starting with Check: as a held row", () => {
    const { rows } = checkPlan(
      planSheet([daiRow({ status: "Check: timed out; the campaign may exist" }), daiRow()]),
    );
    expect(rows.map((r) => r.held ?? false)).toEqual([true, false]);
  });

  it("says a required column that is empty is required", () => {
    const { rows } = checkPlan(planSheet([daiRow({ advertiser: "" })]));
    expect(rows[0].errors).toEqual([
      { row: 0, column: "advertiser", reason: expect.stringMatching(/required|at least|too small/i) },
    ]);
  });

  it("skips blank rows, keeps row numbers, and reads the id of rows already created", () => {
    const { rows } = checkPlan(
      planSheet([{}, daiRow({ id: "c-1", status: "Created" }), { status: "Created" }]),
    );
    expect(rows.map((r) => [r.row, r.id])).toEqual([[1, "c-1"]]);
  });

  it("finds columns by header whatever their order, and reports missing output columns", () => {
    const headers = [...PLAN_HEADERS].reverse();
    expect(checkPlan(planSheet([daiRow()], headers)).rows[0].errors).toEqual([]);
    const noId = PLAN_HEADERS.filter((h) => h !== "id" && h !== "type");
    expect(checkPlan(planSheet([daiRow()], noId)).tableErrors).toEqual([
      'The plan table has no "type" column',
      'The plan table has no "id" column',
    ]);
  });
});
