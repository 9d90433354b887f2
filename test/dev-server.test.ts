/** The dev server's headers (scripts/dev-server.ts): icons cacheable as Office requires, pages never stale, nothing outside dist. */
import { createServer, get as httpGet, type Server } from "http";
import type { AddressInfo } from "net";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "fs";
import os from "os";
import path from "path";
import { gunzipSync } from "zlib";
import { staticHandler } from "../scripts/dev-server";

let dir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "ads-static-"));
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(path.join(dir, "assets", "icon-16.png"), Buffer.from([137, 80, 78, 71]));
  writeFileSync(path.join(dir, "taskpane.html"), "<!doctype html>");
  writeFileSync(path.join(dir, "taskpane.js"), "1");
  server = createServer(staticHandler(dir));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

test("icons carry no Cache-Control (Office swaps in a generic icon), but a validator so they are cached", async () => {
  const res = await fetch(`${base}/assets/icon-16.png`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("image/png");
  expect(res.headers.get("cache-control")).toBeNull();
  expect(res.headers.get("last-modified")).toBeTruthy();
  const etag = res.headers.get("etag");
  expect(etag).toBeTruthy();
  const again = await fetch(`${base}/assets/icon-16.png`, { headers: { "if-none-match": etag! } });
  expect(again.status).toBe(304);
});

test("pages and bundles are never cached in development, with their content types", async () => {
  for (const [file, type] of [
    ["taskpane.html", "text/html; charset=utf-8"],
    ["taskpane.js", "text/javascript; charset=utf-8"],
  ]) {
    const res = await fetch(`${base}/${file}`);
    expect({ file, type: res.headers.get("content-type"), cache: res.headers.get("cache-control") }).toEqual({
      file,
      type,
      cache: "no-store",
    });
  }
});

test("with gzip, text goes compressed to a client that accepts it, as-is to one that does not; images never", async () => {
  const gzipServer = createServer(staticHandler(dir, { gzip: true }));
  await new Promise<void>((r) => gzipServer.listen(0, "127.0.0.1", r));
  const gzipBase = `http://127.0.0.1:${(gzipServer.address() as AddressInfo).port}`;
  const get = (file: string, encoding: string) =>
    new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) =>
      httpGet(`${gzipBase}/${file}`, { headers: { "accept-encoding": encoding } }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (d: Buffer) => parts.push(d));
        res.on("end", () =>
          resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(parts) }),
        );
      }).on("error", reject),
    );
  try {
    const js = await get("taskpane.js", "gzip, deflate");
    expect(js.encoding).toBe("gzip");
    expect(gunzipSync(js.body).toString()).toBe("1");
    expect(await get("taskpane.js", "identity")).toEqual({ encoding: undefined, body: Buffer.from("1") });
    expect((await get("assets/icon-16.png", "gzip")).encoding).toBeUndefined();
    // Without the option (the dev server), nothing is compressed.
    expect(
      await new Promise((resolve) =>
        httpGet(`${base}/taskpane.js`, { headers: { "accept-encoding": "gzip" } }, (res) => {
          res.resume();
          resolve(res.headers["content-encoding"]);
        }),
      ),
    ).toBeUndefined();
  } finally {
    await new Promise<void>((r) => gzipServer.close(() => r()));
  }
});

test("nothing outside the served folder, and a missing file is 404", async () => {
  expect((await fetch(`${base}/..%2f..%2fetc%2fpasswd`)).status).toBe(404);
  expect((await fetch(`${base}/nope.js`)).status).toBe(404);
});
