import type { CampaignRequest } from "../api/schemas";
import type { CampaignGroup } from "./planGroup";
import {
  BadRequestError,
  ConnectionError,
  RequestValidationError,
  ServerError,
  TimeoutError,
} from "../api/errors";
import { certainlyNotCreated, sendCampaigns, WriteBackError, type GroupOutcome } from "./planSend";

const body = (name: string, flights: number): CampaignRequest =>
  ({
    name,
    advertiser: "Acme",
    type: "DAI",
    flights: Array.from({ length: flights }, () => ({ cpm: 20 })),
  }) as CampaignRequest;

const groups: CampaignGroup[] = [
  { rows: [0, 2], body: body("A", 2) },
  { rows: [1], body: body("B", 1) },
  { rows: [3], body: body("C", 1) },
];

const at = new Date("2026-01-02T03:04:05Z");

describe("certainlyNotCreated", () => {
  it("is true only for refusals: a request that did not validate, or a 4xx answer", () => {
    const endpoint = "POST /api/public/campaign";
    expect(certainlyNotCreated(new RequestValidationError("cpm", "cpm: too small", endpoint))).toBe(true);
    expect(certainlyNotCreated(new BadRequestError("Invalid data", endpoint, 400))).toBe(true);
    expect(certainlyNotCreated(new ServerError("Internal error", endpoint, 500))).toBe(false);
    expect(certainlyNotCreated(new TimeoutError("timed out", endpoint))).toBe(false);
    expect(certainlyNotCreated(new ConnectionError("reset", endpoint))).toBe(false);
    expect(certainlyNotCreated(new Error("anything else"))).toBe(false);
  });
});

describe("sendCampaigns", () => {
  it("sends one request per campaign and writes each outcome before the next request", async () => {
    const log: string[] = [];
    let pending = 0;
    const summary = await sendCampaigns(groups, {
      now: () => at,
      create: async (b) => {
        expect(pending).toBe(0); // the previous write-back has finished
        log.push(`create ${b.name}`);
        pending++;
        return {
          campaigns: b.flights.map((_, i) => ({ id: `${b.name}-${i}`, externalId: i === 0 ? "ext" : null })),
        };
      },
      writeBack: async (o) => {
        await Promise.resolve();
        pending--;
        log.push(`write ${o.rows.join("+")}`);
      },
    });
    expect(log).toEqual(["create A", "write 0+2", "create B", "write 1", "create C", "write 3"]);
    expect(summary).toEqual({ campaigns: 3, flights: 4, notAttempted: 0 });
  });

  it("pairs returned ids with flights in row order", async () => {
    const outcomes: GroupOutcome[] = [];
    await sendCampaigns([groups[0]], {
      now: () => at,
      create: async () => ({ campaigns: [{ id: "x1", externalId: "e1" }, { id: "x2" }] }),
      writeBack: async (o) => void outcomes.push(o),
    });
    expect(outcomes).toEqual([
      {
        kind: "created",
        rows: [0, 2],
        at,
        flights: [
          { row: 0, id: "x1", externalId: "e1" },
          { row: 2, id: "x2", externalId: null },
        ],
      },
    ]);
  });

  it("stops at the first failure: marks the failed campaign's rows and leaves the rest untouched", async () => {
    const outcomes: GroupOutcome[] = [];
    const sent: string[] = [];
    const summary = await sendCampaigns(groups, {
      now: () => at,
      create: async (b) => {
        sent.push(b.name);
        if (b.name === "B") throw new Error("Service error (500)");
        return { campaigns: b.flights.map((_, i) => ({ id: `${b.name}-${i}` })) };
      },
      writeBack: async (o) => void outcomes.push(o),
    });
    expect(sent).toEqual(["A", "B"]);
    expect(outcomes.map((o) => [o.kind, o.rows])).toEqual([
      ["created", [0, 2]],
      ["failed", [1]],
    ]);
    expect(summary).toEqual({
      campaigns: 1,
      flights: 2,
      failure: { rows: [1], message: "Service error (500)", uncertain: true },
      notAttempted: 1,
    });
  });

  it("keeps the ids in the error when the plan cannot be written after a campaign was created", async () => {
    const run = sendCampaigns([groups[1]], {
      create: async () => ({ campaigns: [{ id: "id-77" }] }),
      writeBack: async () => {
        throw new Error("sheet is protected");
      },
    });
    await expect(run).rejects.toThrow(WriteBackError);
    await expect(run).rejects.toThrow(/row 2 → id-77/);
  });

  it("reports progress before each request", async () => {
    const progress: string[] = [];
    await sendCampaigns(groups, {
      create: async (b) => ({ campaigns: b.flights.map((_, i) => ({ id: `${b.name}-${i}` })) }),
      writeBack: async () => undefined,
      onProgress: (done, total) => void progress.push(`${done}/${total}`),
    });
    expect(progress).toEqual(["0/3", "1/3", "2/3"]);
  });

  it("a failed campaign whose rows cannot be marked says what they should have said", async () => {
    const run = sendCampaigns(groups, {
      firstRowNumber: 2,
      create: async () => {
        throw new Error("Request timed out");
      },
      writeBack: async () => {
        throw new Error("row 2 changed while campaigns were being created");
      },
    });
    await expect(run).rejects.toThrow(
      'Campaign "A" failed (Request timed out) and may exist on the service; rows 2, 4 could not be marked (row 2 changed while campaigns were being created). Check the service before running again.',
    );
  });

  it("reports flights the service returned no id for", async () => {
    const summary = await sendCampaigns(groups, {
      create: async () => ({ campaigns: [{ id: "only-one" }] }),
      writeBack: async () => undefined,
    });
    expect(summary.failure).toEqual({
      rows: [2],
      message: "The service returned 1 ids for 2 flights",
      uncertain: true,
    });
    expect(summary.notAttempted).toBe(2);
  });

  it("a stop during a request lets that request finish and its ids land, then sends no more", async () => {
    const controller = new AbortController();
    const written: GroupOutcome[] = [];
    const seen: (AbortSignal | undefined)[] = [];
    const summary = await sendCampaigns(groups, {
      signal: controller.signal,
      create: async (b, ...rest: unknown[]) => {
        seen.push(rest[0] as AbortSignal | undefined);
        controller.abort(); // the user presses Stop while the first POST is in flight
        await new Promise((r) => setTimeout(r, 5));
        return { campaigns: b.flights.map((_, i) => ({ id: `${b.name}-${i}` })) };
      },
      writeBack: async (o) => void written.push(o),
    });
    expect(seen).toEqual([undefined]); // the POST never carries the stop signal
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ kind: "created", rows: [0, 2] });
    expect(summary).toMatchObject({ campaigns: 1, flights: 2, notAttempted: 2 });
  });

  it("sends nothing once aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const create = jest.fn();
    const summary = await sendCampaigns(groups, {
      signal: controller.signal,
      create,
      writeBack: async () => undefined,
    });
    expect(create).not.toHaveBeenCalled();
    expect(summary.notAttempted).toBe(4);
  });
});
