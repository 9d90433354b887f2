/**
 * Request limits the spec does not give (sandbox choices, listed in sandbox/README.md): a body over
 * MAX_BODY_BYTES is refused with 413 before it is read (by its Content-Length, or as soon as a
 * streamed body passes the limit), and a JSON array longer than MAX_ARRAY_ENTRIES with 400 naming
 * the field, before any endpoint looks at the request.
 */
import { bodyLimit } from "hono/body-limit";
import type { Context } from "hono";
import type { SandboxApp } from "../context";

export const MAX_BODY_BYTES = 10 * 1024 * 1024;
export const MAX_ARRAY_ENTRIES = 10_000;

const AGENT_PATH = /^\/api\/public\/ai-chat\//;

/** The path of the first array longer than the limit ("advertiser", "flights[0].tags"), or null. */
export function oversizedArray(value: unknown, path = ""): { field: string; length: number } | null {
  if (Array.isArray(value)) {
    if (value.length > MAX_ARRAY_ENTRIES) return { field: path || "(body)", length: value.length };
    for (let i = 0; i < value.length; i++) {
      const found = oversizedArray(value[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      const found = oversizedArray(v, path ? `${path}.${k}` : k);
      if (found) return found;
    }
  }
  return null;
}

function tooLarge(c: Context) {
  return c.json(
    {
      message: `Request body too large: the limit is ${MAX_BODY_BYTES.toLocaleString("en-US")} bytes`,
    },
    413,
    // The rest of the body is not wanted: close the connection rather than read it.
    { Connection: "close" },
  );
}

export function requestLimits(app: SandboxApp): void {
  app.use("/api/*", bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge }));
  app.use("/api/*", async (c, next) => {
    if (c.req.method !== "POST") return next();
    // Parsed once here; Hono keeps the parsed body, so the endpoint's own read costs nothing.
    const body: unknown = await c.req.json().catch(() => undefined);
    const found = oversizedArray(body);
    if (!found) return next();
    // Agent endpoints answer errors with empty text bodies (spec).
    if (AGENT_PATH.test(c.req.path)) return c.body(null, 400, { "content-type": "text/plain" });
    return c.json(
      {
        message: "Invalid data",
        field: found.field,
        detail: `${found.field} has ${found.length.toLocaleString("en-US")} entries; at most ${MAX_ARRAY_ENTRIES.toLocaleString("en-US")} are accepted`,
      },
      400,
    );
  });
}
