/**
 * Serves dist/ for Excel desktop sideloading (`npm run start:desktop`, Windows and macOS), together
 * with the sandbox. Office needs https: the server uses office-addin-dev-certs' localhost certificate.
 * Where that cannot be installed (Linux: it calls sudo and there is no Office anyway) it falls back to
 * plain http on loopback and says so.
 */
import { createServer as createHttpServer, type RequestListener } from "http";
import { createServer as createHttpsServer } from "https";
import { createReadStream, existsSync, statSync } from "fs";
import path from "path";
import { createGzip } from "zlib";

const DIST = path.resolve(__dirname, "..", "dist");
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".png": "image/png",
  ".map": "application/json; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};
const IMAGES = new Set([".png", ".svg", ".gif", ".jpg", ".jpeg"]);
const TEXT = new Set([".html", ".js", ".json", ".xml", ".map", ".css", ".txt"]);

/**
 * A static file handler for dist/ that never serves outside it. Pages and bundles are sent with
 * `no-store`, so a rebuild shows at once. Images are sent as Office requires of icons (docs/deploy.md):
 * with no Cache-Control at all (Office replaces an icon that has one with a generic image), but with
 * Last-Modified and an ETag, so they are cached and revalidated. With `gzip`, text files go
 * gzip-compressed to a client that accepts it, as most static hosts and CDNs send them (the bench).
 */
export function staticHandler(
  root: string = DIST,
  opts: { cors?: boolean; gzip?: boolean } = {},
): RequestListener {
  return (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const rel = decodeURIComponent(url.pathname).replace(/^\/+/, "") || "taskpane.html";
    const file = path.resolve(root, rel);
    if (!file.startsWith(root + path.sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found");
      return;
    }
    const ext = path.extname(file);
    const headers: Record<string, string> = { "content-type": TYPES[ext] ?? "application/octet-stream" };
    if (opts.cors !== false) headers["access-control-allow-origin"] = "*";
    if (IMAGES.has(ext)) {
      const stat = statSync(file);
      const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
      headers.etag = etag;
      headers["last-modified"] = stat.mtime.toUTCString();
      if (req.headers["if-none-match"] === etag) {
        res.writeHead(304, headers).end();
        return;
      }
    } else headers["cache-control"] = "no-store";
    if (opts.gzip && TEXT.has(ext) && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""))) {
      headers["content-encoding"] = "gzip";
      headers.vary = "accept-encoding";
      res.writeHead(200, headers);
      createReadStream(file).pipe(createGzip()).pipe(res);
      return;
    }
    res.writeHead(200, headers);
    createReadStream(file).pipe(res);
  };
}

async function main(): Promise<void> {
  const port = Number(process.env.DEV_SERVER_PORT ?? 3000);
  if (!existsSync(path.join(DIST, "taskpane.html"))) {
    console.error("dist/ is missing: run `npm run build:dev` first.");
    process.exit(1);
  }
  const handler = staticHandler();
  let scheme = "https";
  let server;
  try {
    const devCerts = require("office-addin-dev-certs") as {
      getHttpsServerOptions(): Promise<{ key: Buffer; cert: Buffer }>;
    };
    server = createHttpsServer(await devCerts.getHttpsServerOptions(), handler);
  } catch (err) {
    scheme = "http";
    console.warn(
      `No trusted localhost certificate (${err instanceof Error ? err.message : err}); serving plain http on loopback.`,
    );
    server = createHttpServer(handler);
  }
  const host = scheme === "https" ? "localhost" : "127.0.0.1";
  server.listen(port, host, () => console.log(`Add-in files: ${scheme}://${host}:${port}/taskpane.html`));

  const { createSandbox } = await import("../sandbox/index");
  const sandbox = await createSandbox({}).listen(Number(process.env.SANDBOX_PORT ?? 4010), "127.0.0.1");
  console.log(
    `Sandbox service: ${sandbox.url} (keys: demo-pro, demo-basic, demo-disabled, demo-nolimit, demo-exhausted)`,
  );
}

// Run as a script (`tsx scripts/dev-server.ts`), not when imported: the bench bundles this module
// into bench/tmp/run.js, where `require.main === module` would hold for every module of the bundle.
if (path.basename(process.argv[1] ?? "").startsWith("dev-server")) void main();
