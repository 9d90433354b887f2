/** Request limits over loopback: a huge body is refused before it is read, an absurd array names its field. */
import http from "http";
import { startSandbox } from "../../test/support/sandbox";
import { MAX_ARRAY_ENTRIES, MAX_BODY_BYTES, oversizedArray } from "./limits";

let s: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  s = await startSandbox();
});
afterAll(() => s.close());

test("a 50 MB body is answered 413 naming the limit after its first kilobyte, the rest never sent", async () => {
  const url = new URL(`${s.url}/api/public/impressions`);
  const answer = await new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
    let sent = 0;
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: {
          Authorization: "Bearer demo-pro",
          "content-type": "application/json",
          "content-length": String(50 * 1024 * 1024),
        },
      },
      (res) => {
        let body = "";
        res.on("data", (d: Buffer) => (body += d.toString()));
        res.on("end", () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body, sent });
        });
      },
    );
    req.on("error", reject);
    const chunk = Buffer.alloc(1024, " ");
    sent += chunk.length;
    req.write(chunk);
    // Nothing more is written: the answer must come without the other 50 MB.
  });
  expect(answer.status).toBe(413);
  expect(answer.sent).toBe(1024);
  expect(JSON.parse(answer.body)).toEqual({
    message: `Request body too large: the limit is ${MAX_BODY_BYTES.toLocaleString("en-US")} bytes`,
  });
});

test("2 million advertisers are refused with 400 naming the field, and not counted", async () => {
  const before = s.sandbox.requests("demo-pro");
  const res = await fetch(`${s.url}/api/public/impressions`, {
    method: "POST",
    headers: { Authorization: "Bearer demo-pro", "content-type": "application/json" },
    body: JSON.stringify({ advertiser: Array.from({ length: 2_000_000 }, () => "x") }),
  });
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({ message: "Invalid data", field: "advertiser" });
  expect(s.sandbox.requests("demo-pro")).toBe(before);
});

test("the array limit is checked at every depth and names the path", () => {
  const long = Array.from({ length: MAX_ARRAY_ENTRIES + 1 }, () => 1);
  expect(oversizedArray({ flights: [{ tags: long }] })).toEqual({
    field: "flights[0].tags",
    length: MAX_ARRAY_ENTRIES + 1,
  });
  expect(oversizedArray({ advertiser: long.slice(1) })).toBeNull();
});

test("the agent endpoints keep their empty text bodies for an absurd array", async () => {
  const res = await fetch(`${s.url}/api/public/ai-chat/agents/1/runs`, {
    method: "POST",
    headers: { Authorization: "Bearer demo-pro", "content-type": "application/json" },
    body: JSON.stringify({ params: {}, extra: Array.from({ length: MAX_ARRAY_ENTRIES + 1 }, () => 0) }),
  });
  expect([res.status, await res.text()]).toEqual([400, ""]);
});
