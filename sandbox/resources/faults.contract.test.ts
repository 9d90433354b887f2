/**
 * Each fault the sandbox injects, seen through the client over loopback: what the planner is told,
 * how long it takes, and that a request which spends the allowance is sent once.
 */
import {
  ConnectionError,
  MaybeCountedError,
  ResponseValidationError,
  ServerError,
  TimeoutError,
} from "../../src/api/errors";
import type { Faults } from "../context";
import { startSandbox } from "../../test/support/sandbox";

// Limits long enough for the sandbox's first answers on a busy machine (it builds its world then);
// the stall test sets a short no-progress limit of its own, after warming the sandbox up.
const quick = { sleep: async () => undefined, stallMs: 15_000, deadlineMs: 60_000 };
const stalling = { sleep: async () => undefined, stallMs: 1_000, deadlineMs: 8_000 };

async function withFaults<T>(
  faults: Partial<Faults>,
  run: (s: Awaited<ReturnType<typeof startSandbox>>) => Promise<T>,
) {
  const s = await startSandbox({ faults });
  try {
    return await run(s);
  } finally {
    await s.close();
  }
}

test("a 500 on a counted read is not asked again and says it may have counted; a status poll is retried", async () => {
  await withFaults({ error500Rate: 1 }, async (s) => {
    const err = (await s
      .client("demo-pro", { ...quick, maxRetries: 2 })
      .shows.get("1200000001")
      .catch((e: unknown) => e)) as MaybeCountedError;
    expect(err).toBeInstanceOf(MaybeCountedError);
    expect(err.cause).toMatchObject({ status: 500, message: "Injected fault" });
  });
  await withFaults({ error500Rate: 1, faultPaths: "file-processor/status" }, async (s) => {
    const c = s.client("demo-pro", { ...quick, maxRetries: 2 });
    const task = await c.reports.start("campaignsPerformance", {});
    await expect(c.tasks.status(task.id)).rejects.toBeInstanceOf(ServerError);
    expect(s.sandbox.requests("demo-pro")).toBe(1);
  });
});

test("a report start whose connection drops after the service counted it is sent once, and says the report may have started", async () => {
  await withFaults({ dropAfterRate: 1, faultPaths: "^/api/public/impressions$" }, async (s) => {
    const c = s.client("demo-pro", { ...quick, maxRetries: 2 });
    const err = (await c.reports.run("impressions", {}).catch((e: unknown) => e)) as MaybeCountedError;
    expect(err).toBeInstanceOf(MaybeCountedError);
    expect(err.cause).toBeInstanceOf(ConnectionError);
    expect(err.message).toMatch(/^The report may have started: .*choose Try again/);
    expect(s.sandbox.requests("demo-pro")).toBe(1);
    expect(s.sandbox.state.tasks.size).toBe(1);
  });
});

test("a download that stalls after its headers ends within the limits with a message naming it", async () => {
  await withFaults({ stallRate: 1, faultPaths: "^/files/" }, async (s) => {
    // The world is built on the first request: with the patient limits, and with no download.
    await s.client("demo-pro", quick).reports.start("campaignsPerformance", { name: "warm-up" });
    const c = s.client("demo-pro", { ...stalling, maxRetries: 2 });
    const began = Date.now();
    const err = (await c.reports.run("campaignsPerformance", {}).catch((e: unknown) => e)) as TimeoutError;
    const took = Date.now() - began;
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err.message).toMatch(
      /^The answer from GET \/files\/[\w-]+\.csv stopped arriving: nothing for 1 s/,
    );
    // Three attempts of 1 s each, after the start and the polls: inside the download's 8 s deadline.
    expect(took).toBeGreaterThanOrEqual(3_000);
    expect(took).toBeLessThan(8_000);
    expect(s.sandbox.requests("demo-pro")).toBe(2);
  });
});

test("a status poll answering about another task is refused, naming both", async () => {
  await withFaults({ wrongTaskIdRate: 1, faultPaths: "file-processor/status" }, async (s) => {
    const c = s.client("demo-pro", quick);
    await c.reports.start("campaignsPerformance", { name: "first" });
    const err = (await c.reports.run("audience", {}).catch((e: unknown) => e)) as ResponseValidationError;
    expect(err).toBeInstanceOf(ResponseValidationError);
    expect(err.field).toBe("id");
    expect(err.message).toMatch(
      /answered about task [0-9a-f-]{36}, not task [0-9a-f-]{36} that was asked for/,
    );
  });
});

test("a result URL on plain http elsewhere is not downloaded", async () => {
  await withFaults({ httpUrlRate: 1, faultPaths: "file-processor/status" }, async (s) => {
    const c = s.client("demo-pro", quick);
    await expect(c.reports.run("campaignsPerformance", {})).rejects.toThrow(
      /offered at http:\/\/files\.sandbox\.example, not over https, so it was not downloaded/,
    );
  });
});

test("a service that echoes the key in its error never gets the key's text into the message", async () => {
  await withFaults({ echoKeyRate: 1 }, async (s) => {
    const err = (await s
      .client("demo-pro", quick)
      .shows.get("1200000001")
      .catch((e: unknown) => e)) as MaybeCountedError;
    expect(err.message).not.toContain("demo-pro");
    expect(err.cause.message).not.toContain("demo-pro");
    expect(err.message).toContain("Bearer [the API key]");
  });
});

test("malformed JSON is a clear error, a truncated CSV is refused, a dropped connection is a ConnectionError", async () => {
  await withFaults({ malformedJsonRate: 1 }, async (s) => {
    await expect(s.client().search.episodes({ search: "x" })).rejects.toMatchObject({ field: "(body)" });
  });
  await withFaults({ truncateCsvRate: 1 }, async (s) => {
    // A cut file is downloaded again, as a dropped one is (a download spends nothing), three times in
    // all; the message names the file's download, not the report's start.
    const files: string[] = [];
    const counting = s.client("demo-pro", {
      ...quick,
      fetch: (input, init) => {
        if (String(input).includes("/files/")) files.push(String(input));
        return fetch(input, init);
      },
    });
    await expect(counting.reports.run("campaignsPerformance", {})).rejects.toThrow(
      /^Unexpected answer from GET \/files\/[\w-]+\.csv: .*the download looks truncated$/,
    );
    expect(files).toHaveLength(3);
    expect(new Set(files).size).toBe(1);
    // The cut file is streamed as a dropped connection leaves it: half the bytes, no Content-Length.
    const c = s.client("demo-pro", quick);
    const task = await c.reports.start("campaignsPerformance", { name: "cut" });
    const done = await c.tasks.waitUntilDone(task.id);
    const cut = await c.tasks.download(done.url);
    expect(cut.lengthProven).toBe(false);
    const res = await fetch(done.url);
    expect(res.headers.get("content-length")).toBeNull();
    expect(res.headers.get("transfer-encoding")).toBe("chunked");
    expect((await res.text()).length).toBe(cut.text.length);
  });
  await withFaults({ dropRate: 1, faultPaths: "file-processor/status" }, async (s) => {
    const c = s.client("demo-pro", quick);
    const task = await c.reports.start("campaignsPerformance", {});
    await expect(c.tasks.status(task.id)).rejects.toBeInstanceOf(ConnectionError);
  });
  // Faults off: the same calls succeed.
  await withFaults({}, async (s) => {
    await expect(s.client().shows.get("1200000001")).resolves.toMatchObject({ title: "The Demo Show" });
  });
});
