/**
 * Write-backs and agents end to end below the pane: a plan table in the in-memory workbook sent to
 * the sandbox through the real client, and agent files opened into the workbook over loopback.
 */
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import { campaignPlanIO, insertCampaignPlan } from "../../src/excel/campaignPlan";
import { workbookFileTargets } from "../../src/excel/agentFiles";
import { daiFlight, planColumn, typePlanRows, type PlanInput } from "../support/planRows";
import { createCampaigns, validatePlan } from "../../src/writebacks/planActions";
import { openAgentFile } from "../../src/writebacks/agentFileOpen";
import { describeServiceError } from "../../src/writebacks/serviceErrors";
import type { AdsClient } from "../../src/api/client";
import { startSandbox } from "../support/sandbox";

const S = "Campaign plan";
const col = planColumn;

function workbook() {
  const wb = new InMemoryWorkbook();
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  return wb;
}

const typeRows = (wb: InMemoryWorkbook, rows: PlanInput[]) => typePlanRows(wb, S, rows);

const out = (wb: InMemoryWorkbook, header: string, rows: number) =>
  Array.from({ length: rows }, (_, r) => wb.host.cell(S, 1 + r, col(header)).value);

const flight = daiFlight;

describe("campaign plans against the sandbox", () => {
  let t: Awaited<ReturnType<typeof startSandbox>>;
  beforeAll(async () => {
    t = await startSandbox();
  });
  afterAll(() => t.close());

  test("grouping, a failure part-way, and an idempotent re-run: every flight created exactly once", async () => {
    const wb = workbook();
    const client = t.client();
    const created = (): { id: string; name: string; flight: number }[] => t.sandbox.state.campaigns;
    const before = created().length;
    await insertCampaignPlan(wb.excel);
    typeRows(wb, [
      flight("Spring", "2026-12-01", "2026-12-10"),
      { ...flight("FAIL500 Broken", "2026-12-01", "2026-12-31") },
      flight("Spring", "2026-12-11", "2026-12-31"),
      flight("Winter", "2027-01-01", "2027-01-31"),
    ]);
    const send = (body: Parameters<AdsClient["campaigns"]["create"]>[0]) => client.campaigns.create(body);

    const first = await createCampaigns(campaignPlanIO(wb.excel), send);
    expect(first).toMatchObject({
      kind: "sent",
      summary: { campaigns: 1, flights: 2, notAttempted: 1, failure: { rows: [1] } },
    });
    // Spring's two rows were one request with two flights, in row order.
    const spring = created().slice(before);
    expect(spring.map((c) => [c.name, c.flight])).toEqual([
      ["Spring", 0],
      ["Spring", 1],
    ]);
    expect(out(wb, "id", 4)).toEqual([spring[0].id, null, spring[1].id, null]);
    expect(out(wb, "createdExternalId", 4)).toEqual(["ext-Spring", null, "ext-Spring", null]);
    // A 500 may or may not have created the campaign: the row is held, saying in the planner's words
    // what failed (the service's own "Internal error" is for Details, not the plan).
    expect(String(out(wb, "status", 4)[1])).toMatch(
      /^Check: The service failed while creating the campaign; the campaign may exist/,
    );
    // The campaign after the failure was not attempted.
    expect(out(wb, "status", 4)[3]).toBeNull();
    // A re-run sends Winter and holds Broken.
    const held = await createCampaigns(campaignPlanIO(wb.excel), send);
    expect(held).toMatchObject({ kind: "sent", held: 1, summary: { campaigns: 1 } });
    const winter = created().slice(before)[2];
    expect(winter.name).toBe("Winter");

    // The planner checks the service (no such campaign), fixes the name and clears the status.
    wb.host.setInput(S, 2, col("name"), "Broken");
    wb.host.setInput(S, 2, col("status"), "");
    const second = await createCampaigns(campaignPlanIO(wb.excel), send);
    expect(second).toMatchObject({ kind: "sent", summary: { campaigns: 1, flights: 1, notAttempted: 0 } });
    const all = created().slice(before);
    expect(all.map((c) => c.name)).toEqual(["Spring", "Spring", "Winter", "Broken"]);
    expect(new Set(all.map((c) => c.id)).size).toBe(4);
    expect(out(wb, "id", 4)).toEqual([all[0].id, all[3].id, all[1].id, all[2].id]);
    expect(out(wb, "status", 4)).toEqual(["Created", "Created", "Created", "Created"]);

    // A third run has nothing to send and sends nothing.
    const third = await createCampaigns(campaignPlanIO(wb.excel), send);
    expect(third).toEqual({ kind: "nothing-to-send", alreadyCreated: 4, held: 0, heldCampaigns: [] });
    expect(created().length - before).toBe(4);
  });

  test.each([
    ["its rows are marked", false],
    ["marking its rows fails", true],
  ])(
    "a 500 with a 40,000-character JSON message sends the campaign exactly once across two Create runs (%s)",
    async (_label, failMarking) => {
      const wb = workbook();
      const posts: string[] = [];
      // The sandbox answers FAIL500… with a 500; its message is made 40,000 characters long here.
      const fetchLong: typeof fetch = async (input, init) => {
        const res = await fetch(input, init);
        if (!String(input).endsWith("/api/public/campaign")) return res;
        posts.push(String(init?.body));
        if (res.status !== 500) return res;
        const message = `Internal error: ${"x".repeat(40_000)}`;
        return new Response(JSON.stringify({ message }), { status: 500, headers: res.headers });
      };
      const client = t.client("demo-pro", { fetch: fetchLong });
      await insertCampaignPlan(wb.excel);
      typeRows(wb, [flight("FAIL500 Long answer", "2026-12-01", "2026-12-31")]);
      const send = (body: Parameters<AdsClient["campaigns"]["create"]>[0]) => client.campaigns.create(body);
      const io = campaignPlanIO(wb.excel);
      const marking = failMarking
        ? {
            ...io,
            writeBack: async () => {
              throw new Error("The workbook is busy");
            },
          }
        : io;

      const first = createCampaigns(marking, send);
      if (failMarking) await expect(first).rejects.toThrow(/may exist on the service.*Held campaigns/);
      else await expect(first).resolves.toMatchObject({ summary: { failure: { uncertain: true } } });
      const status = String(out(wb, "status", 1)[0] ?? "");
      if (failMarking) expect(status).toBe("");
      else {
        // The service's 40,000 characters stay out of the cell (they are Details, not the planner's
        // sentence): the status fits a cell, says what failed, and the advice after it still shows.
        expect(status.length).toBeLessThan(32_767);
        expect(status).not.toContain("xxxx");
        expect(status).toMatch(
          /^Check: The service failed while creating the campaign; the campaign may exist/,
        );
        expect(status).toMatch(/clear this status to send the row again$/);
      }
      const second = await createCampaigns(campaignPlanIO(wb.excel), send);
      expect(second.kind).toBe("nothing-to-send");
      expect(posts).toHaveLength(1);
    },
  );

  test("an invalid plan is marked and never reaches the service", async () => {
    const wb = workbook();
    const client = t.client("demo-basic");
    await insertCampaignPlan(wb.excel);
    typeRows(wb, [{ ...flight("Autumn", "2026-12-10", "2026-12-01"), currency: "JPY", cpm: "-1" }]);
    const checked = await validatePlan(campaignPlanIO(wb.excel));
    // Each problem names its row and the column by its header, in words.
    expect(checked.problems).toEqual([
      "Row 2, End date: is before start date",
      "Row 2, CPM: must be 0 or more",
      "Row 2, Currency: must be one of USD, EUR, GBP",
    ]);
    const requests = t.sandbox.requests("demo-basic");
    const before = t.sandbox.state.campaigns.length;
    const result = await createCampaigns(campaignPlanIO(wb.excel), (b) => client.campaigns.create(b));
    expect(result.kind).toBe("invalid");
    expect(t.sandbox.requests("demo-basic")).toBe(requests);
    expect(t.sandbox.state.campaigns.length).toBe(before);
    expect(wb.host.cell(S, 1, col("currency")).fill).toBeTruthy();
  });
});

describe("agent files against the sandbox", () => {
  test("the CSV of a run opens as a sheet even after its download URL expired (status read again, unnoticed)", async () => {
    let clock = Date.UTC(2026, 10, 23, 12);
    const t = await startSandbox({ now: () => clock, runDelayMs: 1000, downloadTtlMs: 60_000 });
    const statusReads: string[] = [];
    const downloads: number[] = [];
    const fetchSpy: typeof fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      const res = await fetch(input, init);
      if (url.includes("/agent-runs/")) statusReads.push(url);
      if (url.includes("/agent-files/")) downloads.push(res.status);
      return res;
    };
    try {
      const wb = workbook();
      const client = t.client("demo-pro", { fetch: fetchSpy });
      const { runId } = await client.agents.startRun(1, { topic: "sleep" });
      clock += 1500;
      const done = await client.agents.runStatus(runId);
      expect(done.status).toBe("done");
      const csv = done.files!.find((f) => f.fileType === "csv")!;
      clock += 61_000; // the URL in hand is now stale
      const opened = await openAgentFile(csv, {
        ...workbookFileTargets(wb.excel),
        download: () => client.agents.downloadFile(runId, csv),
        saveAs: () => undefined,
      });
      expect(opened).toMatchObject({ kind: "sheet", sheetName: "shortlist", rows: 12 });
      expect(opened.kind === "sheet" && opened.columns.map((c) => c.kind)).toEqual([
        "text",
        "number",
        "text",
      ]);
      expect(downloads).toEqual([410, 200]);
      expect(statusReads).toHaveLength(2);
      expect(wb.host.cell("shortlist", 0, 0).value).toBe("Show");
      expect(wb.host.cell("shortlist", 1, 1).value).toBe(12000);
      // The sandbox's formula-like note lands as text.
      expect(wb.host.cell("shortlist", 4, 2)).toMatchObject({ value: "=not a formula" });
      expect(wb.host.cell("shortlist", 4, 2).formula).toBeUndefined();

      // The other kinds: json flattened, xlsx inserted, html downloaded.
      const saved: string[] = [];
      const open = (fileType: string) => {
        const file = done.files!.find((f) => f.fileType === fileType)!;
        return openAgentFile(file, {
          ...workbookFileTargets(wb.excel),
          download: () => client.agents.downloadFile(runId, file),
          saveAs: (_b, name) => void saved.push(name),
        });
      };
      expect(await open("json")).toMatchObject({ kind: "sheet", rows: 12 });
      expect(wb.host.cell("shortlist (2)", 0, 2).value).toBe("meta.note");
      expect(await open("xlsx")).toMatchObject({ kind: "workbook" });
      expect(await open("tsv")).toMatchObject({ kind: "sheet", rows: 12 });
      expect(await open("txt")).toMatchObject({ kind: "sheet" });
      expect(await open("html")).toEqual({ kind: "downloaded", fileName: "shortlist.html" });
      expect(saved).toEqual(["shortlist.html"]);
    } finally {
      await t.close();
    }
  });

  test("429 and agent-not-active answers become clear messages", async () => {
    const t = await startSandbox({ runDelayMs: 10_000, maxRunsInProgress: 1 });
    try {
      const c = t.client();
      const inactive = await c.agents.startRun(3).catch((e: unknown) => e);
      expect(describeServiceError(inactive, { agentId: 3 })).toBe("Agent 3 is not active.");
      const unknown = await c.agents.startRun(42).catch((e: unknown) => e);
      expect(describeServiceError(unknown, { agentId: 42 })).toBe("Agent 42 was not found.");
      await c.agents.startRun(1);
      const busy = await c.agents.startRun(1).catch((e: unknown) => e);
      expect(describeServiceError(busy, { agentId: 1 })).toMatch(
        /Too many of your agent runs are in progress/,
      );
    } finally {
      await t.close();
    }
  });

  test("the monthly limit (429 with the service's message) is told apart from runs in progress", async () => {
    const t = await startSandbox();
    try {
      const c = t.client("demo-exhausted");
      const e = await c.agents.startRun(1).catch((err: unknown) => err);
      expect(describeServiceError(e, { agentId: 1 })).toMatch(/Monthly request limit reached/);
    } finally {
      await t.close();
    }
  });
});
