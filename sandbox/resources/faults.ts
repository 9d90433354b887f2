/**
 * Fault injection for tests and for trying the add-in by hand: latency, 500s, dropped connections
 * (before the request is handled, or after it was handled and counted), stalled answers, truncated
 * CSVs, malformed JSON, another task's answer, plain-http file URLs, an echoed key and hostile agent
 * xlsx files; `faultPaths` aims them at some requests only. Also the loopback admin routes that read
 * the request counts and switch faults at run time. sandbox/README.md lists them.
 */
import { z } from "zod";
import type { Context } from "hono";
import type { Faults, SandboxApp, SandboxContext, SandboxEnv } from "../context";

const NAMES: Record<string, Exclude<keyof Faults, "faultPaths">> = {
  latency: "latencyMs",
  error500: "error500Rate",
  drop: "dropRate",
  truncate: "truncateCsvRate",
  malformed: "malformedJsonRate",
  stall: "stallRate",
  dropAfter: "dropAfterRate",
  wrongTaskId: "wrongTaskIdRate",
  httpUrl: "httpUrlRate",
  echoKey: "echoKeyRate",
  hostileXlsx: "hostileXlsxRate",
};

/** SANDBOX_FAULTS=latency=200,error500=0.1,…,paths=status|files: known names with numbers; paths a regular expression. */
export function parseFaultsEnv(text: string | undefined): Partial<Faults> {
  const out: Partial<Faults> = {};
  for (const part of (text ?? "").split(",")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    const k = part.slice(0, at).trim();
    const v = part.slice(at + 1).trim();
    if (k === "paths" && validPattern(v)) out.faultPaths = v;
    else if (NAMES[k] && v !== "" && !Number.isNaN(Number(v))) out[NAMES[k]] = Number(v);
  }
  return out;
}

function validPattern(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

/** Whether `path` is one the faults are aimed at. */
export function faultsApply(faults: Faults, path: string): boolean {
  return !faults.faultPaths || new RegExp(faults.faultPaths).test(path);
}

type Incoming = { incoming?: { socket?: { destroy(): void } } } | undefined;

const cutConnection = (c: Context<SandboxEnv>) => (c.env as Incoming)?.incoming?.socket?.destroy();

export function faultInjection(app: SandboxApp, { state, hit }: SandboxContext): void {
  app.use("*", async (c, next) => {
    const path = c.req.path;
    if (path.startsWith("/__admin") || c.req.method === "OPTIONS") return next();
    const f = state.faults;
    const on = (rate: number) => hit(rate, path);
    if (f.latencyMs > 0 && faultsApply(f, path)) await new Promise((r) => setTimeout(r, f.latencyMs));
    if (on(f.dropRate)) {
      cutConnection(c);
      return c.text("", 500);
    }
    if (on(f.error500Rate)) return c.json({ message: "Injected fault" }, 500);
    if (on(f.echoKeyRate)) {
      // A careless service quoting the request back: the key's text is in the message.
      const auth = c.req.header("Authorization") ?? "(no Authorization header)";
      return c.json(
        { message: { error: "Unexpected error", request: `${c.req.method} ${path}`, auth } },
        500,
      );
    }
    await next();
    if (on(f.dropAfterRate)) {
      // Handled and counted: the task exists, the allowance is spent; only the answer is lost.
      cutConnection(c);
      c.res = new Response("", { status: 500 });
      return;
    }
    if (on(f.wrongTaskIdRate)) c.res = await anotherTasksAnswer(c, state);
    if (on(f.httpUrlRate)) c.res = await withPlainHttpUrls(c.res);
    if (on(f.malformedJsonRate) && c.res.headers.get("content-type")?.includes("application/json")) {
      c.res = new Response('{"data": [', { status: c.res.status, headers: c.res.headers });
    }
    if (on(f.stallRate)) c.res = await stalled(c.res);
  });
}

/** Headers and the first half of the body, then nothing: the stream never ends until the client leaves. */
async function stalled(res: Response): Promise<Response> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  const half = bytes.slice(0, Math.floor(bytes.length / 2));
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (half.length) controller.enqueue(half);
    },
  });
  return new Response(body, { status: res.status, headers });
}

/** The status of a task (or run) the caller did not ask about: another one's id, and its file. */
async function anotherTasksAnswer(c: Context<SandboxEnv>, state: SandboxContext["state"]): Promise<Response> {
  const res = c.res;
  if (!res.headers.get("content-type")?.includes("application/json") || !res.ok) return res;
  const body = (await res.json()) as Record<string, unknown>;
  if (typeof body.id === "string") {
    const other =
      [...state.tasks.keys()].find((id) => id !== body.id) ?? "00000000-0000-4000-8000-000000000000";
    body.id = other;
  } else if (typeof body.runId === "number") body.runId = body.runId + 1;
  return Response.json(body, { status: res.status });
}

/** Every result and file URL in a JSON answer moved to plain http on a host that is not this computer. */
async function withPlainHttpUrls(res: Response): Promise<Response> {
  if (!res.headers.get("content-type")?.includes("application/json") || !res.ok) return res;
  const text = await res.text();
  const moved = text.replace(
    /https?:\/\/(?:127\.0\.0\.1|localhost)(?::\d+)?\//g,
    "http://files.sandbox.example/",
  );
  return new Response(moved, { status: res.status, headers: res.headers });
}

const rate = (name: string) =>
  z
    .number({ error: `${name} must be a number from 0 to 1` })
    .min(0, `${name} must be a number from 0 to 1`)
    .max(1, `${name} must be a number from 0 to 1`);

const RATES = Object.values(NAMES).filter((n) => n !== "latencyMs");

/** The admin route's body: any of the settings, each checked; nothing else. */
const faultsUpdateSchema = z
  .strictObject(
    {
      latencyMs: z
        .number({ error: "latencyMs must be a whole number of milliseconds from 0 to 60000" })
        .int("latencyMs must be a whole number of milliseconds from 0 to 60000")
        .min(0, "latencyMs must be a whole number of milliseconds from 0 to 60000")
        .max(60_000, "latencyMs must be a whole number of milliseconds from 0 to 60000"),
      ...Object.fromEntries(RATES.map((n) => [n, rate(n)])),
      faultPaths: z
        .string({ error: 'faultPaths must be a regular expression ("" for every request)' })
        .refine(validPattern, 'faultPaths must be a regular expression ("" for every request)'),
    },
    { error: `the body must be an object of latencyMs, ${RATES.join(", ")}, faultPaths` },
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
    state.faults = { ...state.faults, ...(parsed.data as Partial<Faults>) };
    return c.json(state.faults);
  });
}
