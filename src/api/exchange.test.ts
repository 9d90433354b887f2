/**
 * The limits every exchange is held to (docs/network.md), against a real loopback server that
 * misbehaves: silence before the headers, silence after them, a body that trickles forever.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { AdsClient } from "./client";
import { scrubSecret } from "./core";
import { DECODE_BATCH_BYTES } from "./download";
import { MaybeCountedError, ResponseValidationError, TimeoutError } from "./errors";

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

let server: http.Server;
let base = "";
let handler: Handler = (_req, res) => res.end();
const timers = new Set<ReturnType<typeof setInterval>>();

beforeAll(async () => {
  server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const t of timers) clearInterval(t);
  timers.clear();
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const TASK = "7b0c2f7e-1f0a-4c55-9a4e-0d7f3c2a9b11";
const client = (extra: Partial<ConstructorParameters<typeof AdsClient>[0]> = {}) =>
  new AdsClient({
    baseUrl: base,
    apiKey: "secret-key-123",
    maxRetries: 0,
    stallMs: 200,
    deadlineMs: 1_500,
    ...extra,
  });

/** Times a call from before it starts (the first fetch loads Node's HTTP client synchronously). */
async function timed<T>(call: () => Promise<T>): Promise<{ error: unknown; ms: number }> {
  const began = Date.now();
  const error = await call().then(
    () => undefined,
    (e: unknown) => e,
  );
  return { error, ms: Date.now() - began };
}

test("no answer at all: the no-progress limit ends the wait, naming the request", async () => {
  handler = () => undefined; // never answers
  const { error, ms } = await timed(() => client().tasks.status(TASK));
  expect(error).toBeInstanceOf(TimeoutError);
  expect((error as Error).message).toBe(
    "No answer from GET /api/public/file-processor/status/{id} for 200 ms (the no-progress limit); gave up",
  );
  expect(ms).toBeGreaterThanOrEqual(190);
  expect(ms).toBeLessThan(1_000);
});

test("headers, half a body, then silence: the body's no-progress limit ends it", async () => {
  handler = (_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.write(`{"id":"${TASK}",`);
  };
  const { error, ms } = await timed(() => client().tasks.status(TASK));
  expect(error).toBeInstanceOf(TimeoutError);
  expect((error as Error).message).toMatch(/^The answer from GET .* stopped arriving: nothing for 200 ms/);
  expect(ms).toBeLessThan(1_000);
});

test("a body that keeps trickling never stalls, and the whole-exchange deadline ends it", async () => {
  handler = (_req, res) => {
    res.writeHead(200, { "content-type": "text/csv" });
    const t = setInterval(() => res.write("a"), 50);
    timers.add(t);
    res.on("close", () => clearInterval(t));
  };
  const c = client({ deadlineMs: 800 });
  const { error, ms } = await timed(() => c.tasks.download(`${base}/files/x.csv`));
  expect(error).toBeInstanceOf(TimeoutError);
  expect((error as Error).message).toBe(
    "No complete answer from GET /files/x.csv within 800 ms (the request deadline); gave up",
  );
  expect(ms).toBeGreaterThanOrEqual(790);
  expect(ms).toBeLessThan(1_500);
});

test("retries of a request that spends nothing stop at the deadline, however many are allowed", async () => {
  let calls = 0;
  handler = () => void calls++; // never answers
  // Backoff waits of 250 ms, 500 ms, 1 s (random 0, not slept here but counted): a third try
  // would have to wait past the deadline, so there is none.
  const c = client({
    maxRetries: 10,
    stallMs: 200,
    deadlineMs: 1_000,
    random: () => 0,
    sleep: async () => undefined,
  });
  const { error, ms } = await timed(() => c.tasks.status(TASK));
  expect(error).toBeInstanceOf(TimeoutError);
  expect(calls).toBe(3);
  expect(ms).toBeLessThan(1_000);
});

test("a counted request that stalls is sent once and says it may have counted", async () => {
  let calls = 0;
  handler = () => void calls++;
  const { error } = await timed(() => client({ maxRetries: 2 }).shows.get("1200000001"));
  expect(error).toBeInstanceOf(MaybeCountedError);
  expect((error as MaybeCountedError).cause).toBeInstanceOf(TimeoutError);
  expect(calls).toBe(1);
});

test("cancelling stops a stalled body at once", async () => {
  handler = (_req, res) => {
    res.writeHead(200, { "content-type": "text/csv" });
    res.write("a,b\n");
  };
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 50);
  const { error, ms } = await timed(() =>
    client({ stallMs: 5_000, deadlineMs: 10_000 }).tasks.download(`${base}/f.csv`, controller.signal),
  );
  expect(error).toMatchObject({ name: "AbortedError" });
  expect(ms).toBeLessThan(1_000);
});

test("downloads go over https when the service is https; plain http only on this computer for a loopback service", async () => {
  const https = new AdsClient({
    baseUrl: "https://api.example.com",
    apiKey: "k",
    fetch: async () => new Response("a\n"),
  });
  await expect(https.tasks.download("http://files.example.com/r.csv")).rejects.toThrow(
    /offered at http:\/\/files\.example\.com, not over https/,
  );
  await expect(https.tasks.download("http://127.0.0.1:9/r.csv")).rejects.toBeInstanceOf(
    ResponseValidationError,
  );
  await expect(https.tasks.download("ftp://files.example.com/r.csv")).rejects.toThrow(/not over https/);
  await expect(https.tasks.download("https://files.example.com/r.csv")).resolves.toMatchObject({
    text: "a\n",
  });
  handler = (_req, res) => res.end("x,y\n");
  const loopback = client();
  await expect(loopback.tasks.download(`${base}/r.csv`)).resolves.toMatchObject({ text: "x,y\n" });
  await expect(loopback.tasks.download("http://files.example.com/r.csv")).rejects.toThrow(/not over https/);
});

test("the key's text is scrubbed from every error, as sent, URL-encoded or JSON-escaped", async () => {
  handler = (req, res) => {
    res.writeHead(403, { "content-type": "application/json" });
    res.end(JSON.stringify({ message: `Forbidden for ${req.headers.authorization}` }));
  };
  const err = (await client()
    .shows.get("1200000001")
    .catch((e: unknown) => e)) as Error;
  expect(err.message).toBe("Forbidden for Bearer [the API key]");
  expect(scrubSecret('key "a/b c" or a%2Fb%20c', "a/b c")).toBe('key "[the API key]" or [the API key]');
  expect(scrubSecret('{"k":"q\\"uote"}', 'q"uote')).toBe('{"k":"[the API key]"}');
  // Too short to tell from ordinary words: left alone.
  expect(scrubSecret("abc", "abc")).toBe("abc");
});

describe("a download read as it arrives (tasks.stream, as a report is)", () => {
  /** Each attempt's sink: the text it was handed, piece by piece. */
  const opened = (sinks: string[][]) => () => {
    const pieces: string[] = [];
    sinks.push(pieces);
    return { push: (text: string) => void pieces.push(text) };
  };

  test("the reader is handed a MiB at a time as it arrives; a multi-byte character cut between pieces is whole", async () => {
    const body = Buffer.from(`Show,Spend\r\n${"Café Crème,1\r\n".repeat(100_000)}`, "utf8");
    handler = (_req, res) => {
      res.writeHead(200, { "content-type": "text/csv" });
      // Past the first MiB, an é's two bytes split across two writes, the second 30 ms later.
      const cut = body.indexOf(0xc3, DECODE_BATCH_BYTES) + 1;
      res.write(body.subarray(0, cut));
      setTimeout(() => res.end(body.subarray(cut)), 30);
    };
    const sinks: string[][] = [];
    const { lengthProven } = await client().tasks.stream(`${base}/r.csv`, opened(sinks));
    expect(lengthProven).toBe(false);
    expect(sinks).toHaveLength(1);
    // The first MiB was read before the rest arrived, and it ends on a whole character.
    expect(sinks[0].length).toBeGreaterThanOrEqual(2);
    expect(Buffer.byteLength(sinks[0][0])).toBeGreaterThanOrEqual(DECODE_BATCH_BYTES);
    expect(sinks[0].join("")).toBe(body.toString("utf8"));
  });

  test("a download that drops halfway is asked again into a new reader; the first reader's half is not reused", async () => {
    let calls = 0;
    const body = `a,b\n${"1,2\n".repeat(400_000)}`;
    handler = (_req, res) => {
      calls++;
      res.writeHead(200, { "content-type": "text/csv", "content-length": String(body.length) });
      if (calls === 1) {
        res.write(body.slice(0, 1_200_000));
        setTimeout(() => res.destroy(), 20);
      } else res.end(body);
    };
    const sinks: string[][] = [];
    const { lengthProven } = await client({ maxRetries: 2, sleep: async () => undefined }).tasks.stream(
      `${base}/r.csv`,
      opened(sinks),
    );
    expect(calls).toBe(2);
    // The first reader had its first MiB when the connection dropped; the second reads from the start.
    const [first, second] = sinks.map((s) => s.join(""));
    expect(first.length).toBeGreaterThanOrEqual(DECODE_BATCH_BYTES);
    expect(body.startsWith(first) && first.length < body.length).toBe(true);
    expect(second).toBe(body);
    expect(lengthProven).toBe(true);
  });

  test("an error answer is never handed to the reader, and the reader's own failure is not a dropped connection", async () => {
    handler = (_req, res) => {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: "No such file" }));
    };
    const sinks: string[][] = [];
    await expect(client().tasks.stream(`${base}/r.csv`, opened(sinks))).rejects.toThrow(/No such file/);
    expect(sinks).toHaveLength(0);
    handler = (_req, res) => res.end("a,b\n");
    const failing = () => ({
      push: () => {
        throw new RangeError("the reader broke");
      },
    });
    await expect(client({ maxRetries: 2 }).tasks.stream(`${base}/r.csv`, failing)).rejects.toThrow(
      new RangeError("the reader broke"),
    );
  });
});
