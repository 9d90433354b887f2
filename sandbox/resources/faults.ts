/**
 * Fault injection for tests (latency, 500s, dropped connections, truncated CSVs, malformed JSON) and
 * the loopback admin routes that read the request counts and switch faults at run time.
 */
import { z } from "zod";
import type { Faults, SandboxApp, SandboxContext } from "../context";

const NAMES: Record<string, keyof Faults> = {
  latency: "latencyMs",
  error500: "error500Rate",
  drop: "dropRate",
  truncate: "truncateCsvRate",
  malformed: "malformedJsonRate",
};

/** SANDBOX_FAULTS=latency=200,error500=0.1,…: known names with numbers only. */
export function parseFaultsEnv(text: string | undefined): Partial<Faults> {
  const out: Partial<Faults> = {};
  for (const part of (text ?? "").split(",")) {
    const [k, v] = part.split("=").map((s) => s.trim());
    if (NAMES[k] && v !== undefined && !Number.isNaN(Number(v))) out[NAMES[k]] = Number(v);
  }
  return out;
}

export function faultInjection(app: SandboxApp, { state, hit }: SandboxContext): void {
  app.use("/api/*", async (c, next) => {
    const f = state.faults;
    if (f.latencyMs > 0) await new Promise((r) => setTimeout(r, f.latencyMs));
    if (hit(f.dropRate)) {
      const socket = (c.env as { incoming?: { socket?: { destroy(): void } } } | undefined)?.incoming?.socket;
      socket?.destroy();
      return c.text("", 500);
    }
    if (hit(f.error500Rate)) return c.json({ message: "Injected fault" }, 500);
    await next();
    if (hit(f.malformedJsonRate) && c.res.headers.get("content-type")?.includes("application/json")) {
      c.res = new Response('{"data": [', { status: c.res.status, headers: c.res.headers });
    }
  });
}

const rate = (name: string) =>
  z
    .number({ error: `${name} must be a number from 0 to 1` })
    .min(0, `${name} must be a number from 0 to 1`)
    .max(1, `${name} must be a number from 0 to 1`);

/** The admin route's body: any of the five settings, each checked; nothing else. */
export const faultsUpdateSchema = z
  .strictObject(
    {
      latencyMs: z
        .number({ error: "latencyMs must be a whole number of milliseconds from 0 to 60000" })
        .int("latencyMs must be a whole number of milliseconds from 0 to 60000")
        .min(0, "latencyMs must be a whole number of milliseconds from 0 to 60000")
        .max(60_000, "latencyMs must be a whole number of milliseconds from 0 to 60000"),
      error500Rate: rate("error500Rate"),
      dropRate: rate("dropRate"),
      truncateCsvRate: rate("truncateCsvRate"),
      malformedJsonRate: rate("malformedJsonRate"),
    },
    {
      error:
        "the body must be an object of latencyMs, error500Rate, dropRate, truncateCsvRate, malformedJsonRate",
    },
  )
  .partial();

/** Loopback admin (the server binds 127.0.0.1 only). */
export function adminRoutes(app: SandboxApp, { state }: SandboxContext): void {
  app.get("/__admin/requests", (c) => c.json(Object.fromEntries(state.requests)));
  app.post("/__admin/faults", async (c) => {
    const parsed = faultsUpdateSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field =
        issue.code === "unrecognized_keys" ? issue.keys.join(", ") : issue.path.join(".") || "(body)";
      const message = issue.code === "unrecognized_keys" ? `unknown setting: ${field}` : issue.message;
      return c.json({ message, field }, 400);
    }
    state.faults = { ...state.faults, ...parsed.data };
    return c.json(state.faults);
  });
}
