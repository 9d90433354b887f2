/**
 * The seven report task endpoints, the file-processor status poll and the CSV downloads. A task is
 * pending for `taskDelayMs`, then done (or failed); an identical request within the cache period
 * returns the same task, whatever its name.
 */
import type { Context } from "hono";
import { REPORT_ENDPOINTS, type ReportKind } from "../../src/api/schemas";
import { rng, uuid } from "../random";
import { InvalidReport, generateReportCsv } from "../csv";
import { ACCESSIBLE_ADVERTISERS } from "../world";
import {
  invalidData,
  jsonBody,
  origin,
  slug,
  type SandboxApp,
  type SandboxContext,
  type TaskRecord,
} from "../context";

function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(",")}]`;
  if (v && typeof v === "object")
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((v as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(v);
}

type TaskView = (c: Context, t: TaskRecord) => { id: string; status: string; url: string | null };
type RunReport = (
  c: Context,
  kind: ReportKind,
  body: Record<string, unknown>,
) => Response | Promise<Response>;

/**
 * The report tasks: started (or reused from the cache period), viewed as pending, failed or done, and
 * run (the CSV made at once). Task ids and download tokens come from one generator, in start order.
 */
function reportTasks(ctx: SandboxContext): { run: RunReport; taskView: TaskView } {
  const { settings, state, world } = ctx;
  const taskIdGen = rng(7);
  const cache = new Map<string, { id: string; at: number }>();

  const startTask = (kind: ReportKind, body: Record<string, unknown>, key: string) => {
    const { name, ...rest } = body;
    // A campaign created since is part of the world now: the same request is a new report.
    const cacheKey = `${key}|${kind}|${world.version}|${stableJson(rest)}`;
    const cached = cache.get(cacheKey);
    const now = settings.now();
    if (cached && now - cached.at < settings.reportCacheMs && state.tasks.has(cached.id))
      return state.tasks.get(cached.id)!;
    const id = uuid(taskIdGen);
    const task: TaskRecord = {
      id,
      kind,
      body,
      createdAt: now,
      fails: typeof name === "string" && name.startsWith("FAIL"),
      token: uuid(taskIdGen),
    };
    state.tasks.set(id, task);
    cache.set(cacheKey, { id, at: now });
    return task;
  };
  const taskView: TaskView = (c, t) => {
    const ready = settings.now() - t.createdAt >= settings.taskDelayMs;
    const status = !ready ? "pending" : t.fails ? "failed" : "done";
    return { id: t.id, status, url: status === "done" ? `${origin(c)}/files/${t.token}.csv` : null };
  };

  /** Starts (or reuses) the task and makes its CSV now; a report it cannot make is 'Invalid data'. */
  const run: RunReport = (c, kind, body) => {
    const task = startTask(kind, body, c.get("key"));
    try {
      task.csv ??= generateReportCsv(world, kind, task.body, settings.now());
    } catch (err) {
      state.tasks.delete(task.id);
      if (err instanceof InvalidReport) return invalidData(c);
      throw err;
    }
    return c.json(taskView(c, task));
  };
  return { run, taskView };
}

/** The POST report endpoints: validated, advertisers checked (but for campaigns-performance), then run. */
function postReportRoutes(app: SandboxApp, run: RunReport): void {
  for (const kind of Object.keys(REPORT_ENDPOINTS) as ReportKind[]) {
    const def = REPORT_ENDPOINTS[kind];
    if (def.method !== "POST") continue;
    app.post(def.path, async (c) => {
      const body = await jsonBody(c);
      const parsed = def.schema.safeParse(body);
      if (!parsed.success) return invalidData(c);
      if (kind !== "campaignsPerformance") {
        const names = [
          ...((body as { advertiser?: string[] }).advertiser ?? []),
          ...((body as { advertisers?: string[] }).advertisers ?? []),
        ];
        if (names.some((n) => !ACCESSIBLE_ADVERTISERS.includes(n)))
          return c.json({ message: "Forbidden" }, 403);
      }
      if ((body as { name?: string }).name === "UNEXPECTED")
        return c.json({ message: { error: "Unexpected error", detail: "report engine unavailable" } }, 500);
      return run(c, kind, body as Record<string, unknown>);
    });
  }
}

/** A cut download as a dropped connection shows it: the first half of the file. */
function truncatedBody(csv: string): ReadableStream<Uint8Array> {
  // Streamed without a Content-Length (chunked), so only the body itself can tell the client it is not whole.
  const cut = new TextEncoder().encode(csv.slice(0, Math.floor(csv.length / 2)));
  // Closed a moment later: a stream already finished is sent with its length by the Node adapter.
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(cut);
      setTimeout(() => controller.close(), 10);
    },
  });
}

export function reportRoutes(app: SandboxApp, ctx: SandboxContext): void {
  const { state } = ctx;
  const { run, taskView } = reportTasks(ctx);
  postReportRoutes(app, run);
  app.get("/api/public/episode/impression-listeners/:id", (c) => {
    const query = {
      episodeId: c.req.param("id"),
      week_lb: c.req.query("week_lb"),
      advertiser: c.req.query("advertiser"),
    };
    const parsed = REPORT_ENDPOINTS.impressionListeners.schema.safeParse(query);
    if (!parsed.success) return invalidData(c);
    if (
      query.advertiser &&
      !ACCESSIBLE_ADVERTISERS.some((a) => slug(a) === query.advertiser || a === query.advertiser)
    )
      return c.json({ message: "Forbidden" }, 403);
    return run(c, "impressionListeners", query);
  });
  app.get("/api/public/file-processor/status/:id", (c) => {
    const t = state.tasks.get(c.req.param("id"));
    return t ? c.json(taskView(c, t)) : c.json({ message: "Not found" }, 404);
  });
  app.get("/files/:file", (c) => {
    const token = c.req.param("file").replace(/\.csv$/, "");
    const t = [...state.tasks.values()].find((x) => x.token === token);
    if (!t || !t.csv || taskView(c, t).status !== "done") return c.text("Not found", 404);
    const headers = { "content-type": "text/csv; charset=utf-8" };
    if (!ctx.hit(state.faults.truncateCsvRate, c.req.path)) return c.body(t.csv, 200, headers);
    return c.body(truncatedBody(t.csv), 200, headers);
  });
}
