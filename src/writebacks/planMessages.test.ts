import { describeCreate, describeValidation } from "./planMessages";

describe("plan messages", () => {
  it("Validate lists the campaigns Create would send, with their sheet rows", () => {
    expect(
      describeValidation({
        rows: 3,
        problems: [],
        problemCells: [],
        problemRows: 0,
        warnings: [],
        warningCells: [],
        campaigns: [
          { name: "Spring", rows: [2, 4] },
          { name: "Summer", rows: [3] },
        ],
        skipped: 1,
        heldCampaigns: [],
        holds: [],
      }).text,
    ).toBe(
      'All 3 rows are valid. Create would send 2 campaigns: "Spring" (rows 2, 4); "Summer" (row 3). 1 row already created or held will be skipped.',
    );
    const bad = describeValidation({
      rows: 2,
      problems: ["Row 3, cpm: x"],
      problemCells: [{ row: 1, column: "cpm" }],
      problemRows: 1,
      warnings: [],
      warningCells: [],
      campaigns: [],
      skipped: 0,
      heldCampaigns: [],
      holds: [],
    });
    expect(bad).toEqual({
      intent: "warning",
      text: "1 problem in 1 row; bad cells are marked. Create would be refused until they are fixed. Choose a problem below to go to its cell.",
      problems: ["Row 3, cpm: x"],
      problemCells: [{ row: 1, column: "cpm" }],
    });
  });

  it("Create tells a clear refusal from a failure that may have created the campaign", () => {
    const base = { kind: "sent" as const, firstRowNumber: 2, held: 0, heldCampaigns: [] };
    const refused = describeCreate({
      ...base,
      summary: {
        campaigns: 1,
        flights: 2,
        notAttempted: 1,
        failure: { rows: [2], message: "Invalid data", uncertain: false },
      },
    });
    expect(refused).toEqual({
      intent: "error",
      text: "1 campaign created (2 flights). Stopped at row 4: Invalid data. 1 row not sent yet: run again to send them.",
    });
    const unsure = describeCreate({
      ...base,
      held: 1,
      summary: {
        campaigns: 0,
        flights: 0,
        notAttempted: 0,
        failure: { rows: [0, 1], message: "Request timed out", uncertain: true },
      },
    });
    expect(unsure.text).toMatch(
      /^0 campaigns created \(0 flights\)\. Stopped at rows 2, 3: Request timed out\. The service may have created/,
    );
    expect(unsure.text).toMatch(/1 row marked "Check:" is held/);
  });

  it("issue 57: a reason that ends its own sentence is not given a second full stop", () => {
    const refused = describeCreate({
      kind: "sent",
      firstRowNumber: 2,
      held: 0,
      heldCampaigns: [],
      summary: {
        campaigns: 0,
        flights: 0,
        notAttempted: 1,
        failure: {
          rows: [0],
          message: "The service refused this key. Ask whoever manages your account for access.",
          uncertain: false,
        },
      },
    });
    expect(refused.text).toBe(
      "0 campaigns created (0 flights). Stopped at row 2: The service refused this key. Ask whoever manages your account for access. 1 row not sent yet: run again to send them.",
    );
    expect(refused.text).not.toMatch(/\.\./);
  });

  it("an empty plan says so, for Validate and Create alike", () => {
    const empty = "The plan has no rows yet: add one row per flight under the header.";
    expect(
      describeValidation({
        rows: 0,
        problems: [],
        problemCells: [],
        problemRows: 0,
        warnings: [],
        warningCells: [],
        campaigns: [],
        skipped: 0,
        heldCampaigns: [],
        holds: [],
      }).text,
    ).toBe(empty);
    expect(
      describeCreate({ kind: "nothing-to-send", alreadyCreated: 0, held: 0, heldCampaigns: [] }).text,
    ).toBe(empty);
  });

  it("nothing to send, and a stop between campaigns", () => {
    expect(
      describeCreate({ kind: "nothing-to-send", alreadyCreated: 3, held: 0, heldCampaigns: [] }),
    ).toEqual({
      intent: "info",
      text: "Nothing to send: 3 rows already have an id.",
    });
    const stopped = describeCreate({
      kind: "sent",
      firstRowNumber: 2,
      held: 0,
      heldCampaigns: [],
      summary: {
        campaigns: 1,
        flights: 1,
        notAttempted: 2,
        failure: { rows: [], message: "Stopped before all campaigns were sent", uncertain: false },
      },
    });
    expect(stopped).toEqual({
      intent: "warning",
      text: "1 campaign created (1 flight). Stopped: Stopped before all campaigns were sent. 2 rows not sent yet: run again to send them.",
    });
  });

  it("a held campaign is named with its rows, when it was sent, and how to release it", () => {
    const hold = {
      id: "0123456789abcdef",
      name: "Spring",
      advertiser: "Acme",
      rows: [2, 3],
      sentAt: new Date(2026, 10, 23, 14, 2).toISOString(),
    };
    const r = describeCreate({
      kind: "nothing-to-send",
      alreadyCreated: 1,
      held: 0,
      heldCampaigns: [{ name: "Spring", rows: [3, 4], hold }],
    });
    expect(r).toEqual({
      intent: "warning",
      text:
        'Nothing to send: 1 row already have an id. 1 campaign is held and was not sent: "Spring" (Acme, rows 2, 3) ' +
        "was sent at 2026-11-23 14:02 and the plan does not show what came of it (now rows 3, 4). It may exist on " +
        "the service: check it there, then release it under Held campaigns (or write its ids into the plan).",
    });
  });

  it("a service message of any length is cut, so the advice after it shows", () => {
    const r = describeCreate({
      kind: "sent",
      firstRowNumber: 2,
      held: 0,
      heldCampaigns: [],
      summary: {
        campaigns: 0,
        flights: 0,
        notAttempted: 0,
        failure: { rows: [0], message: "x".repeat(40_000), uncertain: true },
      },
    });
    expect(r.text.length).toBeLessThan(2_300);
    expect(r.text).toMatch(/x…\[truncated\]\. The service may have created that campaign/);
  });

  it("issue 49: the summary counts rows with problems as they are: 3 problems in 1 row, not in 5", () => {
    const r = describeValidation({
      rows: 5,
      problems: [
        "Row 6, End date: is before start date",
        "Row 6, Total cost: must be 0 or more",
        "Row 6, Currency: x",
      ],
      problemCells: [
        { row: 4, column: "endDate" },
        { row: 4, column: "totalCost" },
        { row: 4, column: "currency" },
      ],
      problemRows: 1,
      warnings: [],
      warningCells: [],
      campaigns: [],
      skipped: 0,
      heldCampaigns: [],
      holds: [],
    });
    expect(r.text).toMatch(/^3 problems in 1 row;/);
    expect(r.problemCells).toEqual([
      { row: 4, column: "endDate" },
      { row: 4, column: "totalCost" },
      { row: 4, column: "currency" },
    ]);
  });

  it("issue 49: a flight wholly in the past is a warning the planner can accept: Create still sends it", () => {
    const r = describeValidation({
      rows: 1,
      problems: [],
      problemCells: [],
      problemRows: 0,
      warnings: ["Row 2, End date: 2026-03-31 is in the past"],
      warningCells: [{ row: 0, column: "endDate" }],
      campaigns: [{ name: "Spring", rows: [2] }],
      skipped: 0,
      heldCampaigns: [],
      holds: [],
    });
    expect(r.intent).toBe("warning");
    expect(r.text).toBe(
      'All 1 row is valid. Create would send 1 campaign: "Spring" (row 2). 1 warning to look at below (Create sends those rows all the same).',
    );
    expect(r.problems).toEqual(["Row 2, End date: 2026-03-31 is in the past"]);
  });
});
