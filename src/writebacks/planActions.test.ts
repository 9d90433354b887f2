import type { CampaignRequest } from "../api/schemas";
import type { CellValue } from "../api/table";
import { createCampaigns, validatePlan, type PlanIO } from "./planActions";
import { daiRow, planSheet } from "./testing/planFixtures";
import type { CampaignHold } from "./planHolds";
import { rowStatus, WriteBackError, type GroupOutcome } from "./planSend";
import { BadRequestError, ServerError } from "../api/errors";
import type { CellError, PlanSheet } from "./planValidate";

/**
 * A plan held in memory that applies marks, write-backs and holds the way the Excel layer does: a
 * write-back that succeeds drops its hold; `failWriteBack` makes write-backs of that kind throw.
 */
function memoryPlan(
  sheet: PlanSheet,
  failWriteBack?: GroupOutcome["kind"],
): PlanIO & {
  sheet: PlanSheet;
  marks: CellError[];
  holds: CampaignHold[];
  failHold?: boolean;
  failWriteBack?: GroupOutcome["kind"];
  cell(row: number, h: string): CellValue;
} {
  const rows = sheet.rows.map((r) => [...r]);
  const col = (h: string): number => sheet.headers.indexOf(h);
  const state = {
    sheet: { headers: sheet.headers, rows },
    marks: [] as CellError[],
    holds: [] as CampaignHold[],
    failHold: false,
    failWriteBack,
    cell: (row: number, h: string) => rows[row][col(h)],
    read: async () => ({
      sheet: { headers: sheet.headers, rows: rows.map((r) => [...r]) },
      firstRowNumber: 2,
      holds: [...state.holds],
    }),
    mark: async (errors: readonly CellError[]) => {
      state.marks = [...errors];
    },
    hold: async (h: CampaignHold) => {
      if (state.failHold) throw new Error("the workbook is busy");
      state.holds.push(h);
    },
    writeBack: async (o: GroupOutcome) => {
      if (o.kind === state.failWriteBack) throw new Error("row 3 changed while campaigns were being created");
      for (const row of o.rows) {
        const { status, flight } = rowStatus(o, row);
        rows[row][col("status")] = status;
        if (flight) rows[row][col("id")] = flight.id;
      }
      state.holds = state.holds.filter((h) => h.id !== o.holdId);
    },
    release: async (id: string) => {
      state.holds = state.holds.filter((h) => h.id !== id);
    },
  };
  return state;
}

/** A fake service: numbers campaigns, optionally failing on the nth request (a clear 400 refusal by default). */
function fakeService(
  failOn?: number,
  failure: Error = new BadRequestError("Invalid data", "POST /api/public/campaign", 400),
) {
  const sent: CampaignRequest[] = [];
  let n = 0;
  return {
    sent,
    create: async (body: CampaignRequest) => {
      n++;
      if (n === failOn) throw failure;
      sent.push(body);
      return {
        campaigns: body.flights.map((_, i) => ({
          id: `${body.name}-${i}`,
          externalId: body.externalId ?? null,
        })),
      };
    },
  };
}

const plan = (): PlanSheet =>
  planSheet([
    daiRow({ name: "A" }),
    daiRow({ name: "B" }),
    daiRow({ name: "A", cpm: 50 }),
    daiRow({ name: "C" }),
  ]);

describe("plan actions", () => {
  it("Validate marks every bad cell and lists problems with sheet row numbers", async () => {
    const io = memoryPlan(planSheet([daiRow(), daiRow({ cpm: "x" })]));
    const r = await validatePlan(io);
    expect(r).toMatchObject({
      rows: 2,
      problems: ['Row 3, CPM: "x" is not a number'],
      problemCells: [{ row: 1, column: "cpm" }],
      problemRows: 1,
      campaigns: [{ name: "Spring", rows: [2] }],
      skipped: 0,
      heldCampaigns: [],
      holds: [],
    });
    // The fixture's flights ran in March 2025: a warning on each row's end date, the invalid row's
    // too (Validate tells a row's every problem at once, the past dates included).
    expect(r.warningCells).toEqual([
      { row: 0, column: "endDate" },
      { row: 1, column: "endDate" },
    ]);
    expect(io.marks).toEqual([{ row: 1, column: "cpm", reason: '"x" is not a number' }]);
  });

  it("a rule Create would be refused for is named by Validate, and Create sends nothing", async () => {
    const io = memoryPlan(planSheet([daiRow({ endDate: "" })]));
    const v = await validatePlan(io);
    expect(v).toMatchObject({ problems: ["Row 2, End date: a DAI flight needs an end date"], campaigns: [] });
    const service = fakeService();
    const r = await createCampaigns(io, service.create);
    expect(r).toEqual({
      kind: "invalid",
      problems: ["Row 2, End date: a DAI flight needs an end date"],
      problemCells: [{ row: 0, column: "endDate" }],
    });
    expect(service.sent).toHaveLength(0);
  });

  it("sends nothing while a row to send is invalid", async () => {
    const io = memoryPlan(planSheet([daiRow(), daiRow({ type: "Radio" })]));
    const service = fakeService();
    const r = await createCampaigns(io, service.create);
    expect(r.kind).toBe("invalid");
    expect(service.sent).toEqual([]);
  });

  it("re-running after a failure part-way creates only what is missing, nothing twice", async () => {
    const io = memoryPlan(plan());
    const first = fakeService(2);
    const r1 = await createCampaigns(io, first.create);
    expect(r1).toMatchObject({ kind: "sent", summary: { campaigns: 1, flights: 2, notAttempted: 1 } });
    expect([0, 1, 2, 3].map((r) => [io.cell(r, "id"), io.cell(r, "status")])).toEqual([
      ["A-0", "Created"],
      ["", "Failed: The service did not accept the values sent while creating the campaign"],
      ["A-1", "Created"],
      ["", ""],
    ]);

    const second = fakeService();
    const r2 = await createCampaigns(io, second.create);
    expect(second.sent.map((b) => b.name)).toEqual(["B", "C"]);
    expect(r2).toMatchObject({ kind: "sent", summary: { campaigns: 2, flights: 2, notAttempted: 0 } });
    expect([0, 1, 2, 3].map((r) => io.cell(r, "id"))).toEqual(["A-0", "B-0", "A-1", "C-0"]);

    const third = fakeService();
    expect(await createCampaigns(io, third.create)).toEqual({
      kind: "nothing-to-send",
      alreadyCreated: 4,
      held: 0,
      heldCampaigns: [],
    });
    // Every hold went with the write-back that told its outcome.
    expect(io.holds).toEqual([]);
    expect(third.sent).toEqual([]);
  });

  it("a failure that may have created the campaign (5xx, timeout) holds its rows until the status is cleared", async () => {
    const io = memoryPlan(plan());
    const first = fakeService(2, new ServerError("Internal error", "POST /api/public/campaign", 500));
    const r1 = await createCampaigns(io, first.create);
    expect(r1).toMatchObject({ summary: { failure: { rows: [1], uncertain: true } } });
    expect(String(io.cell(1, "status"))).toMatch(
      /^Check: The service failed while creating the campaign; the campaign may exist/,
    );

    const second = fakeService();
    const r2 = await createCampaigns(io, second.create);
    expect(second.sent.map((b) => b.name)).toEqual(["C"]); // B is held
    expect(r2).toMatchObject({ kind: "sent", held: 1 });
    expect(await createCampaigns(io, fakeService().create)).toEqual({
      kind: "nothing-to-send",
      alreadyCreated: 3,
      held: 1,
      heldCampaigns: [],
    });

    // The planner checked the service (no campaign B) and cleared the status: B goes out once.
    (io.sheet.rows[1] as CellValue[])[io.sheet.headers.indexOf("status")] = "";
    const third = fakeService();
    await createCampaigns(io, third.create);
    expect(third.sent.map((b) => b.name)).toEqual(["B"]);
    expect(io.cell(1, "id")).toBe("B-0");
  });

  it("Validate tells which campaigns Create would send, and how many rows it skips", async () => {
    const sheet = planSheet([
      daiRow({ name: "A" }),
      daiRow({ name: "B" }),
      daiRow({ name: "A", cpm: 50 }),
      daiRow({ name: "C", id: "old", status: "Created" }),
    ]);
    const r = await validatePlan(memoryPlan(sheet));
    expect(r.campaigns).toEqual([
      { name: "A", rows: [2, 4] },
      { name: "B", rows: [3] },
    ]);
    expect(r.skipped).toBe(1);
  });

  it("a campaign whose outcome is uncertain and whose rows cannot be marked is never sent again until released", async () => {
    const io = memoryPlan(plan(), "failed");
    const down = fakeService(2, new ServerError("x".repeat(40_000), "POST /api/public/campaign", 500));
    await expect(createCampaigns(io, down.create)).rejects.toThrow(
      /^Campaign "B" failed \(The service failed while creating the campaign\) and may exist on the service; row 3 could not be marked .*Create will not send it again until you have checked the service and released it under Held campaigns\.$/,
    );
    expect(io.cell(1, "status")).toBe("");
    expect(io.holds).toMatchObject([{ name: "B", advertiser: "Acme", rows: [3] }]);

    // Next run: B is held (its rows say nothing), C goes out.
    io.failWriteBack = undefined;
    const second = fakeService();
    const r2 = await createCampaigns(io, second.create);
    expect(second.sent.map((b) => b.name)).toEqual(["C"]);
    expect(r2).toMatchObject({ kind: "sent", heldCampaigns: [{ name: "B", rows: [3] }] });
    // Editing a flight does not free it: the campaign is the same by name, advertiser and externalId.
    (io.sheet.rows[1] as CellValue[])[io.sheet.headers.indexOf("cpm")] = 99;
    const third = fakeService();
    expect(await createCampaigns(io, third.create)).toMatchObject({
      kind: "nothing-to-send",
      heldCampaigns: [{ name: "B" }],
    });
    expect((await validatePlan(io)).heldCampaigns).toMatchObject([{ name: "B", rows: [3] }]);
    expect(third.sent).toEqual([]);

    // The planner checked the service (no campaign B) and released it: B goes out once.
    await io.release(io.holds[0].id);
    const fourth = fakeService();
    await createCampaigns(io, fourth.create);
    expect(fourth.sent.map((b) => b.name)).toEqual(["B"]);
    expect(io.cell(1, "id")).toBe("B-0");
    expect(io.holds).toEqual([]);
  });

  it("a campaign created whose ids could not be written is held: a re-run does not create it twice", async () => {
    const io = memoryPlan(planSheet([daiRow({ name: "A" })]), "created");
    const first = fakeService();
    await expect(createCampaigns(io, first.create)).rejects.toThrow(WriteBackError);
    io.failWriteBack = undefined;
    const second = fakeService();
    expect(await createCampaigns(io, second.create)).toMatchObject({ kind: "nothing-to-send" });
    expect(second.sent).toEqual([]);
  });

  it("a clear refusal whose rows cannot be marked drops its hold: nothing was created", async () => {
    const io = memoryPlan(planSheet([daiRow({ name: "A" })]), "failed");
    await expect(createCampaigns(io, fakeService(1).create)).rejects.toThrow(/could not be marked/);
    expect(io.holds).toEqual([]);
  });

  it("a campaign whose hold cannot be recorded is not sent", async () => {
    const io = memoryPlan(plan());
    io.failHold = true;
    const service = fakeService();
    const r = await createCampaigns(io, service.create);
    expect(service.sent).toEqual([]);
    expect(r).toMatchObject({
      kind: "sent",
      summary: {
        campaigns: 0,
        failure: {
          rows: [0, 2],
          message: '"A" was not sent: the plan could not record the send first (the workbook is busy)',
          uncertain: false,
        },
        notAttempted: 2,
      },
    });
  });
});
