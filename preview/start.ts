/**
 * `npm start`: the sandbox service plus the browser preview, on loopback. Prints one URL.
 * Also used by the end-to-end tests (startPreview with port 0).
 */
import { createServer } from "http";
import type { AddressInfo } from "net";
import { existsSync } from "fs";
import path from "path";
import { createSandbox } from "../sandbox/index";
import { staticHandler } from "../scripts/dev-server";

const DIST = path.resolve(__dirname, "..", "dist");

export async function startPreview(opts: { port?: number; sandboxPort?: number; taskDelayMs?: number } = {}) {
  if (!existsSync(path.join(DIST, "preview.html")))
    throw new Error("dist/preview.html is missing: run `npm run build:dev` first");
  const sandbox = await createSandbox({ taskDelayMs: opts.taskDelayMs ?? 800, runDelayMs: 800 }).listen(
    opts.sandboxPort ?? 4010,
    "127.0.0.1",
  );
  const files = staticHandler(DIST);
  const server = createServer((req, res) => {
    if (req.url === "/config.json") {
      res
        .writeHead(200, { "content-type": "application/json", "cache-control": "no-store" })
        .end(JSON.stringify({ sandboxUrl: sandbox.url }));
      return;
    }
    if (req.url === "/" || req.url === "") {
      res.writeHead(302, { location: "/preview.html" }).end();
      return;
    }
    files(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 3000, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/preview.html`,
    sandboxUrl: sandbox.url,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await sandbox.close();
    },
  };
}

// Run as a script (`tsx preview/start.ts`), not when imported: the bench bundles this module into
// bench/tmp/run.js, where `require.main === module` would hold for every module of the bundle.
if (path.basename(process.argv[1] ?? "") === "start.ts") {
  startPreview({
    port: Number(process.env.PREVIEW_PORT ?? 3000),
    sandboxPort: Number(process.env.SANDBOX_PORT ?? 4010),
  })
    .then(({ url, sandboxUrl }) => {
      console.log(
        `Sandbox service: ${sandboxUrl} (keys demo-pro, demo-basic, demo-disabled, demo-nolimit, demo-exhausted)`,
      );
      console.log(`\nOpen the add-in preview: ${url}\n`);
    })
    .catch((err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
