import { PLAN_HEADERS } from "./planColumns";
import { daiRow, planSheet } from "./testing/planFixtures";
import { checkPlan, describeError, problemsCell } from "./planValidate";
import { inviteRequestSchema } from "../api/schemas";
import { plainWords } from "../api/errorWords";

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
    expect(cols(1)).toEqual(["cpm", "currency", "expectedUnits", "name", "startDate"]);
    expect(rows[1].errors.find((e) => e.column === "cpm")?.reason).toBe('"cheap" is not a number');
    expect(rows[1].errors.find((e) => e.column === "name")?.reason).toMatch(/.+/);
    expect(rows[1].campaign).toBeUndefined();
    expect(cols(3)).toEqual(["endDate", "expectedLandingUrl"]);
  });

  it("every rule Create would be refused for is an error on its cell, named all at once", () => {
    const { rows } = checkPlan(
      planSheet([
        daiRow({ startDate: "" }),
        daiRow({ type: "Baked-in", startDate: "", endDate: "", expectedDate: "" }),
        daiRow({ endDate: "2025-02-01" }),
        daiRow({ type: "reel", mediaType: "podcast" }),
        daiRow({ expectedUnits: "pre:0" }),
        daiRow({ name: "", startDate: "" }),
      ]),
    );
    for (const r of rows) expect(r.campaign).toBeUndefined();
    expect(rows.map((r) => r.errors.map((e) => `${e.column}: ${e.reason}`))).toEqual([
      ["startDate: a DAI flight needs a startDate"],
      ["expectedDate: a Baked-in flight needs an expectedDate"],
      ["endDate: endDate is before startDate"],
      ["mediaType: a reel campaign is a SocialC campaign: set mediaType to its SocialC media type"],
      ["expectedUnits: length must be more than 0 seconds"],
      // A field the schema refuses does not hide a rule: both are named at the first Validate.
      ["startDate: a DAI flight needs a startDate", "name: is required"],
    ]);
    expect(describeError(rows[1].errors[0], 2)).toBe(
      "Row 3, Expected air date: a Baked-in flight needs an expected date",
    );
    expect(describeError(rows[2].errors[0], 2)).toBe("Row 4, End date: is before start date");
  });

  it("a negative amount is refused, named on its cell", () => {
    const { rows } = checkPlan(planSheet([daiRow({ cpm: -5, totalCost: "-1" })]));
    expect(rows[0].errors.map((e) => `${e.column}: ${e.reason}`).sort()).toEqual([
      "cpm: cpm must be 0 or more",
      "totalCost: totalCost must be 0 or more",
    ]);
    // Said to the planner with the column's header, once: not "CPM: cpm must be 0 or more".
    expect(rows[0].errors.map((e) => describeError(e, 1)).sort()).toEqual([
      "Row 1, CPM: must be 0 or more",
      "Row 1, Total cost: must be 0 or more",
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

describe("issue 49: validation words", () => {
  it("a row's Problems cell says each problem once, in one voice: the label once, never the field name", () => {
    const { rows } = checkPlan(
      planSheet([daiRow({ endDate: "2025-02-01", totalCost: -5, currency: "JPY" })]),
      "2025-01-01",
    );
    const cell = problemsCell(rows[0].errors);
    expect(cell).toBe(
      "End date: is before start date; Total cost: must be 0 or more; Currency: must be one of USD, EUR, GBP",
    );
    expect(cell).not.toMatch(
      /End date: End date|Total cost: Total cost|Currency: currency|totalCost|endDate/,
    );
    // The same problem twice reads once.
    expect(problemsCell([...rows[0].errors, ...rows[0].errors])).toBe(cell);
  });

  it("a flight wholly in the past is a warning on its last date, not an error and not silence", () => {
    const { rows } = checkPlan(
      planSheet([
        daiRow({ startDate: "2026-03-01", endDate: "2026-03-31" }),
        daiRow({ startDate: "2026-11-01", endDate: "2026-12-31" }),
        daiRow({ type: "Baked-in", startDate: "", endDate: "", expectedDate: "2026-04-02" }),
      ]),
      "2026-11-28",
    );
    expect(rows[0].errors).toEqual([]);
    expect(rows[0].flight).toBeDefined();
    expect(rows[0].warnings).toEqual([
      {
        row: 0,
        column: "endDate",
        reason: expect.stringMatching(
          /^2026-03-31 is in the past: this flight has already run \(today is 2026-11-28\)/,
        ),
      },
    ]);
    expect(rows[1].warnings).toBeUndefined();
    expect(rows[2].warnings?.[0].column).toBe("expectedDate");
    expect(describeError(rows[0].warnings![0], 2)).toMatch(/^Row 2, End date: 2026-03-31 is in the past/);
    expect(problemsCell([], rows[0].warnings)).toMatch(/^Warning: End date: 2026-03-31 is in the past/);
  });

  it("issue 57: a row with a bad cell and past dates is told both at the first Validate", () => {
    const { rows } = checkPlan(
      planSheet([
        daiRow({ startDate: "2025-01-06", endDate: "2025-01-31", cpm: "lots" }),
        // A bad date is a problem, not a date: the row's other dates still say it has run.
        daiRow({ startDate: "2025-01-06", endDate: "31/13/2025", cpm: "lots" }),
      ]),
      "2026-11-28",
    );
    expect(rows[0].errors.map((e) => describeError(e, 2))).toEqual(['Row 2, CPM: "lots" is not a number']);
    expect(rows[0].warnings?.map((w) => describeError(w, 2))).toEqual([
      expect.stringMatching(/^Row 2, End date: 2025-01-31 is in the past: this flight has already run/),
    ]);
    expect(problemsCell(rows[0].errors, rows[0].warnings)).toMatch(
      /^CPM: "lots" is not a number; Warning: End date: 2025-01-31 is in the past/,
    );
    expect(rows[1].errors.map((e) => e.column).sort()).toEqual(["cpm", "endDate"]);
    expect(rows[1].warnings?.[0]).toMatchObject({ column: "startDate" });
    expect(rows[1].warnings?.[0].reason).toMatch(/^2025-01-06 is in the past/);
  });

  it("an invite to an address without its domain's ending says what is missing", () => {
    const r = inviteRequestSchema.safeParse({ advertiserName: "Acme", email: "jane.doe@agency" });
    expect(r.success).toBe(false);
    const message = plainWords(r.error?.issues[0].message ?? "");
    expect(message).toMatch(/"jane\.doe@agency" lacks the end of its domain after the @, such as \.com/);
    expect(message).not.toMatch(/must be an email address/);
    expect(
      inviteRequestSchema.safeParse({ advertiserName: "Acme", email: "jane.doe@agency.com" }).success,
    ).toBe(true);
  });
});
