/** Fault injection seen through the client, against the sandbox over loopback. */
import { ConnectionError } from "../../src/api/errors";
import { startSandbox } from "../../test/support/sandbox";

let s: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  s = await startSandbox();
});
afterAll(() => s.close());

test("fault injection: 500s are retried by the client, malformed JSON is a clear error, truncated CSV is refused", async () => {
  const t = await startSandbox({ faults: { error500Rate: 1 } });
  try {
    const c = t.client("demo-pro", { maxRetries: 2, sleep: async () => undefined });
    await expect(c.shows.get("1200000001")).rejects.toMatchObject({ status: 500, message: "Injected fault" });
  } finally {
    await t.close();
  }
  const m = await startSandbox({ faults: { malformedJsonRate: 1 } });
  try {
    await expect(m.client().search.episodes({ search: "x" })).rejects.toMatchObject({ field: "(body)" });
  } finally {
    await m.close();
  }
  const tr = await startSandbox({ faults: { truncateCsvRate: 1 } });
  try {
    await expect(tr.client().reports.run("campaignsPerformance", {})).rejects.toThrow(/truncated/);
    // The cut file is streamed as a dropped connection leaves it: half the bytes, no Content-Length.
    const c = tr.client("demo-pro", { sleep: async () => undefined });
    const task = await c.reports.start("campaignsPerformance", { name: "cut" });
    const done = await c.tasks.waitUntilDone(task.id);
    const cut = await c.tasks.download(done.url);
    expect(cut.lengthProven).toBe(false);
    const res = await fetch(done.url);
    expect(res.headers.get("content-length")).toBeNull();
    expect(res.headers.get("transfer-encoding")).toBe("chunked");
    expect((await res.text()).length).toBe(cut.text.length);
  } finally {
    await tr.close();
  }
  const d = await startSandbox({ faults: { dropRate: 1 } });
  try {
    await expect(d.client().shows.get("1200000001")).rejects.toBeInstanceOf(ConnectionError);
  } finally {
    await d.close();
  }
  // faults off again: the same calls succeed
  await expect(s.client().shows.get("1200000001")).resolves.toMatchObject({ title: "The Demo Show" });
});
