/**
 * The sandbox service: every endpoint of the spec over the generated world, validating requests
 * with the client's own zod schemas. Choices where the spec says "not shown" are in sandbox/README.md.
 */
import { Hono, type Context } from "hono";
import { cors } from "hono/cors";
import { strToU8, zipSync } from "fflate";
import {
  REPORT_ENDPOINTS,
  advertiserRequestSchema,
  agentRunStartRequestSchema,
  campaignRequestSchema,
  incrementalityRequestSchema,
  individualAdsRequestSchema,
  INDIVIDUAL_AD_COLUMNS,
  inviteRequestSchema,
  searchQuerySchema,
  showInfoQuerySchema,
  type ReportKind,
} from "../src/api/schemas";
import { MONTHLY_LIMIT_MESSAGE } from "../src/api/errors";
import { hash, int, pick, rng, round, uuid } from "./random";
import { InvalidReport, generateReportCsv } from "./reports";
import { ACCESSIBLE_ADVERTISERS, ALL_ADVERTISERS, World, type Show } from "./world";

export interface SandboxOptions {
  taskDelayMs?: number;
  runDelayMs?: number;
  downloadTtlMs?: number;
  reportCacheMs?: number;
  monthlyLimit?: number;
  maxRunsInProgress?: number;
  scale?: number;
  faults?: Partial<Faults>;
  now?: () => number;
}

export interface Faults {
  latencyMs: number;
  error500Rate: number;
  dropRate: number;
  truncateCsvRate: number;
  malformedJsonRate: number;
}

type Account = { pro: boolean; problem?: { status: 403 | 429; message: string } };

export const KEYS: Record<string, Account> = {
  "demo-pro": { pro: true },
  "demo-basic": { pro: false },
  "demo-disabled": { pro: false, problem: { status: 403, message: "API access is disabled" } },
  "demo-nolimit": { pro: false, problem: { status: 403, message: "API limit is not configured" } },
  "demo-exhausted": { pro: true, problem: { status: 429, message: MONTHLY_LIMIT_MESSAGE } },
};

interface TaskRecord {
  id: string;
  kind: ReportKind;
  body: Record<string, unknown>;
  createdAt: number;
  fails: boolean;
  token: string;
  csv?: string;
}

interface RunRecord {
  runId: number;
  key: string;
  agentId: number;
  params: Record<string, string>;
  createdAt: number;
  fails: boolean;
}

export interface SandboxState {
  requests: Map<string, number>;
  tasks: Map<string, TaskRecord>;
  runs: Map<number, RunRecord>;
  campaigns: { id: string; externalId: string | null; name: string; flight: number }[];
  advertisers: Map<string, { advertiserName: string; lookupName: string }>;
  faults: Faults;
}

const STATUS_POLL = /^\/api\/public\/(file-processor\/status\/|ai-chat\/agent-runs\/\d+\/status$)/;

const env = (name: string): number | undefined =>
  process.env[name] !== undefined ? Number(process.env[name]) : undefined;

export function parseFaultsEnv(text: string | undefined): Partial<Faults> {
  const out: Partial<Faults> = {};
  const names: Record<string, keyof Faults> = {
    latency: "latencyMs",
    error500: "error500Rate",
    drop: "dropRate",
    truncate: "truncateCsvRate",
    malformed: "malformedJsonRate",
  };
  for (const part of (text ?? "").split(",")) {
    const [k, v] = part.split("=").map((s) => s.trim());
    if (names[k] && v !== undefined && !Number.isNaN(Number(v))) out[names[k]] = Number(v);
  }
  return out;
}

export function createApp(options: SandboxOptions = {}) {
  const o = {
    taskDelayMs: options.taskDelayMs ?? env("SANDBOX_TASK_DELAY_MS") ?? 1500,
    runDelayMs: options.runDelayMs ?? env("SANDBOX_RUN_DELAY_MS") ?? 1500,
    downloadTtlMs: options.downloadTtlMs ?? env("SANDBOX_DOWNLOAD_TTL_MS") ?? 60_000,
    reportCacheMs: options.reportCacheMs ?? 10 * 60_000,
    monthlyLimit: options.monthlyLimit ?? env("SANDBOX_MONTHLY_LIMIT") ?? 1_000_000,
    maxRunsInProgress: options.maxRunsInProgress ?? 2,
    now: options.now ?? Date.now,
  };
  const world = new World(options.scale ?? env("SANDBOX_SCALE") ?? 1);
  const state: SandboxState = {
    requests: new Map(),
    tasks: new Map(),
    runs: new Map(),
    campaigns: [],
    advertisers: new Map(
      ALL_ADVERTISERS.map((a) => [a.toLowerCase(), { advertiserName: a, lookupName: slug(a) }]),
    ),
    faults: {
      latencyMs: 0,
      error500Rate: 0,
      dropRate: 0,
      truncateCsvRate: 0,
      malformedJsonRate: 0,
      ...parseFaultsEnv(process.env.SANDBOX_FAULTS),
      ...options.faults,
    },
  };
  const taskIdGen = rng(7);
  const cache = new Map<string, { id: string; at: number }>();
  let nextRunId = 1;
  let faultCounter = 0;
  const faultRoll = () => rng(hash(`fault|${faultCounter++}`))();
  const hit = (rate: number) => rate >= 1 || (rate > 0 && faultRoll() < rate);

  const app = new Hono<{ Variables: { key: string; account: Account } }>();
  app.use(
    "*",
    cors({
      origin: (origin) => (isAllowedOrigin(origin) ? origin : null),
      allowHeaders: ["Authorization", "Content-Type"],
      allowMethods: ["GET", "POST", "OPTIONS"],
      maxAge: 600,
    }),
  );

  // Fault injection (tests): latency, 500s and dropped connections, at chosen rates.
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

  // Authentication and the monthly allowance: every keyed endpoint, never the two status polls.
  app.use("/api/public/*", async (c, next) => {
    if (STATUS_POLL.test(c.req.path) && !c.req.path.includes("agent-runs")) return next();
    const header = c.req.header("Authorization") ?? "";
    const key = /^Bearer (.+)$/.exec(header)?.[1] ?? "";
    const account = KEYS[key];
    if (!account) return c.json({ message: "Invalid token" }, 403);
    // The monthly limit never blocks the uncounted status poll.
    if (account.problem && !(account.problem.status === 429 && STATUS_POLL.test(c.req.path))) {
      return c.json({ message: account.problem.message }, account.problem.status);
    }
    c.set("key", key);
    c.set("account", account);
    if (STATUS_POLL.test(c.req.path)) return next();
    const used = (state.requests.get(key) ?? 0) + 1;
    if (used > o.monthlyLimit) return c.json({ message: MONTHLY_LIMIT_MESSAGE }, 429);
    state.requests.set(key, used);
    return next();
  });

  // ---- report tasks ----
  const startTask = (kind: ReportKind, body: Record<string, unknown>, key: string) => {
    const { name, ...rest } = body;
    const cacheKey = `${key}|${kind}|${stableJson(rest)}`;
    const cached = cache.get(cacheKey);
    const now = o.now();
    if (cached && now - cached.at < o.reportCacheMs && state.tasks.has(cached.id))
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
  const taskView = (c: Context, t: TaskRecord) => {
    const ready = o.now() - t.createdAt >= o.taskDelayMs;
    const status = !ready ? "pending" : t.fails ? "failed" : "done";
    return { id: t.id, status, url: status === "done" ? `${origin(c)}/files/${t.token}.csv` : null };
  };

  for (const kind of Object.keys(REPORT_ENDPOINTS) as ReportKind[]) {
    const def = REPORT_ENDPOINTS[kind];
    if (def.method !== "POST") continue;
    app.post(def.path, async (c) => {
      const body = await c.req.json().catch(() => undefined);
      const parsed = def.schema.safeParse(body);
      if (!parsed.success) return c.json({ message: "Invalid data" }, 400);
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
      const task = startTask(kind, body as Record<string, unknown>, c.get("key"));
      try {
        task.csv ??= generateReportCsv(world, kind, task.body, o.now());
      } catch (err) {
        state.tasks.delete(task.id);
        if (err instanceof InvalidReport) return c.json({ message: "Invalid data" }, 400);
        throw err;
      }
      return c.json(taskView(c, task));
    });
  }
  app.get("/api/public/episode/impression-listeners/:id", (c) => {
    const query = {
      episodeId: c.req.param("id"),
      week_lb: c.req.query("week_lb"),
      advertiser: c.req.query("advertiser"),
    };
    const parsed = REPORT_ENDPOINTS.impressionListeners.schema.safeParse(query);
    if (!parsed.success) return c.json({ message: "Invalid data" }, 400);
    if (
      query.advertiser &&
      !ACCESSIBLE_ADVERTISERS.some((a) => slug(a) === query.advertiser || a === query.advertiser)
    )
      return c.json({ message: "Forbidden" }, 403);
    const task = startTask("impressionListeners", query, c.get("key"));
    task.csv ??= generateReportCsv(world, "impressionListeners", query, o.now());
    return c.json(taskView(c, task));
  });
  app.get("/api/public/file-processor/status/:id", (c) => {
    const t = state.tasks.get(c.req.param("id"));
    return t ? c.json(taskView(c, t)) : c.json({ message: "Not found" }, 404);
  });
  app.get("/files/:file", (c) => {
    const token = c.req.param("file").replace(/\.csv$/, "");
    const t = [...state.tasks.values()].find((x) => x.token === token);
    if (!t || !t.csv || taskView(c, t).status !== "done") return c.text("Not found", 404);
    const csv = hit(state.faults.truncateCsvRate) ? t.csv.slice(0, Math.floor(t.csv.length / 2)) : t.csv;
    return c.body(csv, 200, { "content-type": "text/csv; charset=utf-8" });
  });

  // ---- show info ----
  app.get("/api/public/series/episodes/:id", (c) => {
    const q = c.req.query();
    const query = {
      id: c.req.param("id"),
      episodesPageIndex: q.episodesPageIndex === undefined ? undefined : Number(q.episodesPageIndex),
      episodesPageSize: q.episodesPageSize === undefined ? undefined : Number(q.episodesPageSize),
      netNewReachAdvertisers: q.netNewReachAdvertisers,
      months: q.months === undefined ? undefined : Number(q.months),
    };
    const parsed = showInfoQuerySchema.safeParse(query);
    if (!parsed.success) return c.json({ message: "Invalid data" }, 400);
    const show = world.findShow(query.id);
    if (!show) return c.json({ message: "Not found" }, 404);
    const names = parsed.data.netNewReachAdvertisers;
    if (names?.some((n) => !ACCESSIBLE_ADVERTISERS.some((a) => a === n || slug(a) === n)))
      return c.json({ message: "Forbidden" }, 403);
    return c.json(showInfo(world, show, parsed.data));
  });

  // ---- search ----
  app.get("/api/public/episode/search", (c) => {
    const raw = c.req.queries();
    const one = (k: string) => raw[k]?.[0];
    const bool = (k: string) => (one(k) === undefined ? undefined : one(k) === "true");
    const query = {
      search: one("search") ?? "",
      timeFrame: one("timeFrame") === undefined ? undefined : Number(one("timeFrame")),
      exact: bool("exact"),
      transcriptOnly: bool("transcriptOnly"),
      excludeAds: bool("excludeAds"),
      showFilterIds: raw.showFilterIds?.flatMap((v) => v.split(",")).map(Number),
      mediaType: raw.mediaType?.flatMap((v) => v.split(",")),
    };
    const parsed = searchQuerySchema.safeParse(query);
    if (!parsed.success) return c.json({ message: "Invalid data" }, 400);
    return c.json({ data: search(world, parsed.data, o.now()) });
  });

  // ---- individual ads ----
  app.post("/api/public/advertisers/individual-ads", async (c) => {
    if (!c.get("account").pro) return c.json({ message: "Forbidden" }, 403);
    const parsed = individualAdsRequestSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ message: "Invalid data" }, 400);
    const { advertiser, limit = 500, offset = 0 } = parsed.data;
    if (!ACCESSIBLE_ADVERTISERS.includes(advertiser)) return c.json({ message: "Forbidden" }, 403);
    const rows = individualAds(world, advertiser);
    return c.json({
      headers: INDIVIDUAL_AD_COLUMNS.map(([k]) => ({ id: k, name: k })),
      data: rows.slice(offset, offset + limit),
      pagination: { limit, offset, total: rows.length },
    });
  });

  // ---- incrementality ----
  app.post("/api/public/incrementality", async (c) => {
    const parsed = incrementalityRequestSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ message: "Invalid data" }, 400);
    return c.json(incrementality(parsed.data));
  });

  // ---- write-backs ----
  app.post("/api/public/campaign", async (c) => {
    const parsed = campaignRequestSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ message: "Invalid data" }, 400);
    if (parsed.data.name.startsWith("FAIL500")) return c.json({ message: "Internal error" }, 500);
    const r = rng(hash(`campaign|${state.campaigns.length}|${parsed.data.name}`));
    const created = parsed.data.flights.map((_, i) => ({
      id: uuid(r),
      externalId: parsed.data.externalId ?? null,
      name: parsed.data.name,
      flight: i,
    }));
    state.campaigns.push(...created);
    return c.json({ campaigns: created.map(({ id, externalId }) => ({ id, externalId })) });
  });
  app.post("/api/public/advertisers", async (c) => {
    const parsed = advertiserRequestSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ message: "Invalid data" }, 400);
    let name = parsed.data.advertiserName;
    if (parsed.data.itunesId) {
      const show = world.findShow(parsed.data.itunesId);
      name = `${show ? show.title.split("\n")[0] : `Show ${parsed.data.itunesId}`} (promo)`;
    }
    const key = name!.toLowerCase();
    const existing = state.advertisers.get(key) ?? { advertiserName: name!, lookupName: slug(name!) };
    state.advertisers.set(key, existing);
    return c.json(existing);
  });
  app.post("/api/public/users/advertisers/invite", async (c) => {
    const parsed = inviteRequestSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ message: "Invalid data" }, 400);
    return c.json({ message: `Invitation sent to ${parsed.data.email} for ${parsed.data.advertiserName}` });
  });

  // ---- agents: error bodies are empty text/plain, as the spec says ----
  const empty = (c: Context, status: 400 | 403 | 404 | 429 | 500) =>
    c.body(null, status, { "content-type": "text/plain" });
  app.post("/api/public/ai-chat/agents/:agentId/runs", async (c) => {
    const agentId = Number(c.req.param("agentId"));
    if (!Number.isInteger(agentId) || agentId < 1) return empty(c, 400);
    const parsed = agentRunStartRequestSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return empty(c, 400);
    if (agentId === 3) return empty(c, 403);
    if (agentId > 3) return empty(c, 404);
    if (parsed.data.params.crash === "true") return empty(c, 500);
    const key = c.get("key");
    const now = o.now();
    const inProgress = [...state.runs.values()].filter(
      (r) => r.key === key && !r.fails && now - r.createdAt < o.runDelayMs,
    ).length;
    if (inProgress >= o.maxRunsInProgress) return empty(c, 429);
    const run: RunRecord = {
      runId: nextRunId++,
      key,
      agentId,
      params: parsed.data.params,
      createdAt: now,
      fails: parsed.data.params.fail === "true",
    };
    state.runs.set(run.runId, run);
    return c.json({ runId: run.runId, status: "processing" }, 202);
  });
  app.get("/api/public/ai-chat/agent-runs/:runId/status", (c) => {
    const runId = Number(c.req.param("runId"));
    if (!Number.isInteger(runId) || runId < 1) return empty(c, 400);
    const run = state.runs.get(runId);
    if (!run || run.key !== c.get("key")) return empty(c, 404);
    const now = o.now();
    if (now - run.createdAt < o.runDelayMs) return c.json({ runId: run.runId, status: "processing" });
    if (run.fails)
      return c.json({
        runId: run.runId,
        status: "failed",
        error: "The agent could not complete the task (sandbox: params.fail was true)",
      });
    const expires = now + o.downloadTtlMs;
    const files = agentFiles(run).map((f) => ({
      fileId: f.fileId,
      fileName: f.fileName,
      fileType: f.fileType,
      size: f.bytes.length,
      downloadUrl: `${origin(c)}/agent-files/${run.runId}/${f.fileId}?expires=${expires}`,
    }));
    return c.json({
      runId: run.runId,
      status: "done",
      output: `Agent ${run.agentId} finished.\nParameters: ${JSON.stringify(run.params)}\nIt made ${files.length} files.`,
      files,
    });
  });
  app.get("/agent-files/:runId/:fileId", (c) => {
    const run = state.runs.get(Number(c.req.param("runId")));
    const expires = Number(c.req.query("expires"));
    if (!run) return empty(c, 404);
    if (!Number.isFinite(expires) || o.now() > expires) return c.body(null, 410);
    const file = agentFiles(run).find((f) => f.fileId === c.req.param("fileId"));
    if (!file) return empty(c, 404);
    return c.body(file.bytes as unknown as ArrayBuffer, 200, { "content-type": file.mime });
  });

  // ---- loopback admin (the server binds 127.0.0.1 only) ----
  app.get("/__admin/requests", (c) => c.json(Object.fromEntries(state.requests)));
  app.post("/__admin/faults", async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as Partial<Faults>;
    state.faults = { ...state.faults, ...body };
    return c.json(state.faults);
  });

  app.onError((err, c) => c.json({ message: { error: "Unexpected error", detail: err.message } }, 500));
  return { app, state, world };
}

function isAllowedOrigin(origin: string): boolean {
  if (!origin) return false;
  const extra = (process.env.SANDBOX_CORS_ORIGINS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (extra.includes(origin)) return true;
  try {
    const u = new URL(origin);
    return ["127.0.0.1", "localhost", "[::1]"].includes(u.hostname);
  } catch {
    return false;
  }
}

function origin(c: Context): string {
  return new URL(c.req.url).origin;
}

export function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(",")}]`;
  if (v && typeof v === "object")
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((v as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(v);
}

/** Episodes without paging params: the 20 most recent. */
const DEFAULT_EPISODES = 20;

function showInfo(
  world: World,
  show: Show,
  q: {
    episodesPageIndex?: number;
    episodesPageSize?: number;
    netNewReachAdvertisers?: string[];
    months?: number;
  },
) {
  const r = rng(hash(`show|${show.index}`));
  const all = world.episodes(show).slice(0, 1000);
  const paging = q.episodesPageIndex !== undefined || q.episodesPageSize !== undefined;
  const index = q.episodesPageIndex ?? 0;
  const size = q.episodesPageSize ?? 25;
  const page = paging ? all.slice(index * size, index * size + size) : all.slice(0, DEFAULT_EPISODES);
  const isPodcast = show.platform === "Podcast";
  const similar = isPodcast
    ? world.shows
        .filter((s) => s.platform === "Podcast" && s.index !== show.index)
        .slice(0, 50)
        .map((s, i) => {
          const sr = rng(hash(`sim|${show.index}|${s.index}`));
          return {
            seriesId: s.seriesId,
            title: s.title,
            contentSimilarity: round(0.99 - i * 0.015, 3),
            audienceSimilarityThirdParty: round(sr(), 3),
            audienceSimilaritySocial: round(sr(), 3),
            audienceSimilarityOverlap: round(sr() * 30, 2),
            audienceSimilarityOverlapReverse: round(sr() * 30, 2),
          };
        })
    : [];
  const d = (k: keyof (typeof all)[number]["downloads"]) => all.reduce((n, e) => n + e.downloads[k][0], 0);
  const avg = (k: keyof (typeof all)[number]["downloads"]) =>
    all.length ? Math.round(d(k) / all.length) : 0;
  const counts = new Map<string, number>();
  for (const e of all) for (const a of e.ads) counts.set(a.advertiser, (counts.get(a.advertiser) ?? 0) + 1);
  const info: Record<string, unknown> = {
    serviceSeriesId: show.seriesId,
    title: show.title,
    platform: show.platform,
    monthlyListeners: isPodcast ? show.monthlyListeners : null,
    monthlyDownloads: Math.round(d("all") / Math.max(1, all.length / 8)),
    avgDownloadsPerEpisode: avg("all"),
    ytAvgDownloadsPerEpisode: avg("alpha"),
    ytMonthlyDownloads: Math.round(d("alpha") / 4),
    gammaAvgDownloadsPerEpisode: avg("gamma"),
    gammaMonthlyDownloads: Math.round(d("gamma") / 4),
    betaAvgDownloadsPerEpisode: avg("beta"),
    betaMonthlyDownloads: Math.round(d("beta") / 4),
    podcastAvgDownloadsPerEpisode: avg("podcast"),
    podcastMonthlyDownloads: Math.round(d("podcast") / 4),
    directRes: round(r() * 80, 1),
    hostRead: show.index % 7 === 6 ? null : round(r() * 100, 1),
    countAds: all.reduce((n, e) => n + e.ads.length, 0),
    topAdvertisers: [...counts.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([n]) => n),
    similarShows: similar,
    renewalRate: round(r() * 60, 1),
    adLoad: round(r() * 12, 2),
    adLoadYT: round(r() * 8, 2),
    isServicePrefixPlaced: r() < 0.5,
    gammaVideoOptInDate: r() < 0.3 ? "2025-06-01T00:00:00Z" : null,
    socialA: `https://social-a.example.test/${show.index}`,
    socialB: null,
    socialC: r() < 0.5 ? `https://social-c.example.test/${show.index}` : null,
    alpha: `https://alpha.example.test/channel/${show.ids[0]}`,
    socialD: null,
    numSocialAFans: int(r, 100, 90000),
    numSocialBFans: null,
    numSocialCFans: int(r, 100, 90000),
    numAlphaFans: int(r, 100, 900000),
    numSocialDFans: null,
    contentRisk: {
      seriesId: show.seriesId,
      overallScore: pick(r, ["minimal", "low", "medium", "high", "floor"]),
      scoreByCategory: { violence: pick(r, ["minimal", "low"]), language: pick(r, ["low", "medium"]) },
    },
    episodes: page.map((e) => ({
      title: e.title,
      serviceEpisodeId: e.serviceEpisodeId,
      description: e.description,
      downloads: e.downloads.all[0],
      downloadsAt30Days: e.downloads.all[1],
      downloadsAt7Days: e.downloads.all[2],
      podcastDownloads: e.downloads.podcast[0],
      podcastDownloadsAt30Days: e.downloads.podcast[1],
      podcastDownloadsAt7Days: e.downloads.podcast[2],
      alphaDownloads: e.downloads.alpha[0],
      alphaDownloadsAt30Days: e.downloads.alpha[1],
      alphaDownloadsAt7Days: e.downloads.alpha[2],
      gammaDownloads: e.downloads.gamma[0],
      gammaDownloadsAt30Days: e.downloads.gamma[1],
      gammaDownloadsAt7Days: e.downloads.gamma[2],
      betaDownloads: e.downloads.beta[0],
      betaDownloadsAt30Days: e.downloads.beta[1],
      betaDownloadsAt7Days: e.downloads.beta[2],
      duration: e.duration,
      uploadedAt: e.uploadedAt,
      url: e.url,
      guid: e.guid,
      adLoad: e.adLoad,
      ads: e.ads.map(({ readType: _r, transcript: _t, ...a }) => a),
      userAgents: [
        { "Podcast App A": Math.round(e.downloads.podcast[0] * 0.6) },
        { "Podcast App B": Math.round(e.downloads.podcast[0] * 0.4) },
      ],
    })),
  };
  if (paging) info.episodesPagination = { pageIndex: index, pageSize: size, rowCount: all.length };
  if (q.netNewReachAdvertisers && isPodcast) {
    info.netNewReachPercent = round(
      30 +
        (hash(`nnr|${show.index}|${q.netNewReachAdvertisers.join(",")}`) % 5000) / 100 -
        (q.months ?? 1) * 2,
      2,
    );
  }
  return info;
}

function search(
  world: World,
  q: {
    search: string;
    timeFrame?: number;
    exact?: boolean;
    transcriptOnly?: boolean;
    excludeAds?: boolean;
    showFilterIds?: number[];
    mediaType?: string[];
  },
  now: number,
) {
  const term = q.search.toLowerCase();
  const since = now - (q.timeFrame ?? 31) * 86_400_000;
  const media = q.mediaType && !q.mediaType.includes("all") ? q.mediaType.map((m) => m.toLowerCase()) : null;
  const platformOf = (s: Show) => (s.platform === "Podcast" ? "podcast" : s.platform.toLowerCase());
  const emphasise = (text: string) =>
    text.replace(new RegExp(term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi"), (m) => `<em>${m}</em>`);
  const words = q.exact ? [term] : term.split(/\s+/).filter(Boolean);
  const hits = [];
  for (const show of world.shows.slice(0, 60)) {
    if (q.showFilterIds && !q.showFilterIds.includes(show.seriesId)) continue;
    if (media && !media.includes(platformOf(show))) continue;
    for (const e of world.episodes(show)) {
      if (Date.parse(e.uploadedAt) < since - 400 * 86_400_000) break;
      const transcript = e.ads
        .filter(() => !q.excludeAds)
        .map((a) => ({ text: a.transcript, at: a.startTs }));
      const inTitle = !q.transcriptOnly && words.every((w) => e.title.toLowerCase().includes(w));
      const inDesc = !q.transcriptOnly && words.every((w) => e.description.toLowerCase().includes(w));
      const inTranscript = transcript.filter((t) => words.every((w) => t.text.toLowerCase().includes(w)));
      if (!inTitle && !inDesc && inTranscript.length === 0) continue;
      hits.push({
        podcast: {
          id: String(e.serviceEpisodeId),
          title: e.title,
          description: e.description,
          uploadedAt: e.uploadedAt,
          url: e.url,
          seriesId: show.seriesId,
          seriesTitle: show.title,
          seriesPlatform: platformOf(show),
          seriesLogoUrl: `https://img.example.test/${show.index}.png`,
          seriesSmallLogoUrl: `https://img.example.test/${show.index}-s.png`,
          artist: show.publisher,
          numListens: e.downloads.all[0],
          numRatings: e.downloads.all[2] % 500,
        },
        highlights: {
          title: inTitle ? [emphasise(e.title)] : [],
          description: inDesc ? [emphasise(e.description)] : [],
          transcript: inTranscript.map((t) => ({
            phrase: q.search,
            startTime: t.at,
            term: q.search,
            ts: t.at,
            context: emphasise(t.text),
          })),
        },
        score: round((inTitle ? 3 : 0) + (inDesc ? 1.5 : 0) + inTranscript.length, 3),
      });
      if (hits.length >= 100) return hits.sort((a, b) => b.score - a.score);
    }
  }
  return hits.sort((a, b) => b.score - a.score);
}

function individualAds(world: World, advertiser: string) {
  const rows: Record<string, string | number | null>[] = [];
  for (const show of world.shows.slice(0, 40)) {
    for (const e of world.episodes(show)) {
      for (const a of e.ads) {
        if (a.advertiser !== advertiser) continue;
        const podcast = show.platform === "Podcast";
        const r = rng(hash(`ia|${a.adId}`));
        rows.push({
          published_at: e.uploadedAt.slice(0, 10),
          download_at: e.uploadedAt,
          network: show.publisher,
          position: a.placementUnit,
          read_type: a.readType,
          read_score: round(r(), 2),
          podcast_title: show.title,
          episode_title: e.title,
          transcript: a.transcript,
          start_time: new Date(a.startTs * 1000).toISOString().slice(11, 19),
          end_time: new Date(a.endTs * 1000).toISOString().slice(11, 19),
          ad_length: String(a.endTs - a.startTs),
          genre: show.genre,
          episode_duration: String(e.duration),
          podcast_rank: round(3 + r() * 2, 1),
          directory_podcast_id: show.ids[show.ids.length - 1],
          product: pick(r, ["Mattress", "Coffee", "Card"]),
          link: `https://play.example.test/ad/${a.adId}`,
          estimated_impressions: podcast ? e.downloads.podcast[0] : null,
          estimated_spend: podcast ? round(e.downloads.podcast[0] * 0.025, 2) : null,
          media_type: podcast ? "podcast" : show.platform.toLowerCase(),
          podcast_show_id: podcast ? show.seriesId : null,
          alpha_show_id: podcast ? null : show.seriesId,
          alpha_video_views: show.platform === "Alpha" ? e.downloads.alpha[0] : null,
          episode_url_in_feed: podcast ? e.url : null,
          show_first_transcribed_at: "2024-01-15",
        });
      }
    }
  }
  return rows;
}

function incrementality(q: {
  advertiser: string;
  aggregationLevel?: string;
  channelType?: string;
  action?: string;
  startDate?: string;
  endDate?: string;
  includeErrors?: boolean;
  incCiCertainty?: number;
}) {
  const level = q.aggregationLevel ?? "channel";
  const groups =
    level === "channel"
      ? (q.channelType?.split(",").map((s) => s.trim()) ?? ["podcast", "streaming", "all"])
      : level === "publisher"
        ? ["Lumen Audio", "Harbor Media"]
        : ["Demo Show / Spring"];
  const actions = q.action?.split(",").map((s) => s.trim()) ?? ["purchase", "visitor"];
  const z = 1.96 * ((q.incCiCertainty ?? 95) / 95);
  const out: Record<string, unknown>[] = [];
  for (const advertiser of q.advertiser.split(",").map((s) => s.trim())) {
    for (const g of groups) {
      for (const action of actions) {
        const r = rng(hash(`inc|${advertiser}|${level}|${g}|${action}`));
        const controlSize = int(r, 40_000, 90_000);
        const testSize = int(r, 40_000, 90_000);
        const controlActions = int(r, 200, 900);
        const testActions = Math.round(controlActions * (1 + r() * 0.4) * (testSize / controlSize));
        const lift = round(testActions / testSize / (controlActions / controlSize), 3);
        const inc = round((1 - 1 / lift) * 100, 2);
        const half = round(z * 4, 2);
        out.push({
          advertiser,
          aggregationLevel: level,
          channelType: level === "channel" ? g : null,
          action,
          startDate: q.startDate ?? "2026-08-22",
          endDate: q.endDate ?? "2026-11-29",
          campaign: level === "show_campaign" ? g : null,
          publisher: level === "publisher" ? g : null,
          controlActions,
          testActions,
          controlSize,
          testSize,
          lift,
          incrementalPercent: inc,
          liftCiLower: round((lift - 1) * 100 - half, 2),
          liftCiUpper: round((lift - 1) * 100 + half, 2),
          incrementalCiLower: round(inc - half, 2),
          incrementalCiUpper: round(inc + half, 2),
          errorReason: null,
        });
      }
    }
    if (q.includeErrors)
      out.push({
        advertiser,
        aggregationLevel: level,
        channelType: null,
        action: "lead",
        startDate: q.startDate ?? "2026-08-22",
        endDate: q.endDate ?? "2026-11-29",
        campaign: null,
        publisher: null,
        controlActions: 0,
        testActions: 0,
        controlSize: 0,
        testSize: 0,
        lift: null,
        incrementalPercent: null,
        liftCiLower: null,
        liftCiUpper: null,
        incrementalCiLower: null,
        incrementalCiUpper: null,
        errorReason: "Not enough conversions in the control group",
      });
  }
  return out;
}

interface AgentFileData {
  fileId: string;
  fileName: string;
  fileType: string;
  mime: string;
  bytes: Uint8Array;
}

function xlsx(rows: (string | number)[][]): Uint8Array {
  const esc = (s: string) =>
    s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  const col = (i: number) => String.fromCharCode(65 + i);
  const sheet = rows
    .map(
      (r, i) =>
        `<row r="${i + 1}">${r.map((v, j) => (typeof v === "number" ? `<c r="${col(j)}${i + 1}"><v>${v}</v></c>` : `<c r="${col(j)}${i + 1}" t="inlineStr"><is><t>${esc(v)}</t></is></c>`)).join("")}</row>`,
    )
    .join("");
  return zipSync({
    "[Content_Types].xml": strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    "_rels/.rels": strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    "xl/workbook.xml": strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Agent result" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    "xl/_rels/workbook.xml.rels": strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    "xl/worksheets/sheet1.xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheet}</sheetData></worksheet>`,
    ),
  });
}

function agentFiles(run: RunRecord): AgentFileData[] {
  const rows: (string | number)[][] = [
    ["Show", "Downloads", "Note"],
    ...Array.from({ length: 12 }, (_, i) => [
      `Show ${i + 1}`,
      1000 * (12 - i),
      i === 3 ? "=not a formula" : `rank ${i + 1}`,
    ]),
  ];
  const csv = rows
    .map((r) =>
      r
        .map((v) => (typeof v === "string" && /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : String(v)))
        .join(","),
    )
    .join("\r\n");
  const json = JSON.stringify(
    rows.slice(1).map(([show, downloads, note]) => ({ show, downloads, meta: { note, run: run.runId } })),
  );
  const tsv = rows.map((r) => r.join("\t")).join("\n");
  const summary = `Shortlist for ${JSON.stringify(run.params)}\nTop show: Show 1\n=SUM(1,2) stays text\n`;
  const html = `<html><body><h1>Shortlist</h1><p>${rows.length - 1} shows</p></body></html>`;
  return [
    {
      fileId: `${run.runId}-csv`,
      fileName: "shortlist.csv",
      fileType: "csv",
      mime: "text/csv",
      bytes: strToU8(csv),
    },
    {
      fileId: `${run.runId}-json`,
      fileName: "shortlist.json",
      fileType: "json",
      mime: "application/json",
      bytes: strToU8(json),
    },
    {
      fileId: `${run.runId}-xlsx`,
      fileName: "shortlist.xlsx",
      fileType: "xlsx",
      mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      bytes: xlsx(rows),
    },
    {
      fileId: `${run.runId}-tsv`,
      fileName: "shortlist.tsv",
      fileType: "tsv",
      mime: "text/tab-separated-values",
      bytes: strToU8(tsv),
    },
    {
      fileId: `${run.runId}-txt`,
      fileName: "summary.txt",
      fileType: "txt",
      mime: "text/plain",
      bytes: strToU8(summary),
    },
    {
      fileId: `${run.runId}-html`,
      fileName: "shortlist.html",
      fileType: "html",
      mime: "text/html",
      bytes: strToU8(html),
    },
  ];
}
