/**
 * AI agent runs: start (202, processing), status (not counted), and the run's files behind
 * short-lived download URLs. Error answers are empty text/plain bodies, as the spec says.
 */
import type { Context } from "hono";
import { agentRunStartRequestSchema } from "../../src/api/schemas";
import { origin, type RunRecord, type SandboxApp, type SandboxContext } from "../context";
import { agentFiles, type AgentFileData } from "./agentFiles";
import { HOSTILE_XLSX_KINDS, hostileXlsx } from "./hostileXlsx";

const empty = (c: Context, status: 400 | 403 | 404 | 429 | 500) =>
  c.body(null, status, { "content-type": "text/plain" });

/** The run's files; a hostile run's xlsx is one of the hostile kinds, in turn by run id. */
function runFiles(run: RunRecord): AgentFileData[] {
  const kind = HOSTILE_XLSX_KINDS[run.runId % HOSTILE_XLSX_KINDS.length];
  return agentFiles(run).map((f) =>
    run.hostile && f.fileType === "xlsx" ? { ...f, bytes: hostileXlsx(kind) } : f,
  );
}

export function agentRoutes(app: SandboxApp, { settings, state, hit }: SandboxContext): void {
  let nextRunId = 1;
  app.post("/api/public/ai-chat/agents/:agentId/runs", async (c) => {
    const agentId = Number(c.req.param("agentId"));
    if (!Number.isInteger(agentId) || agentId < 1) return empty(c, 400);
    const parsed = agentRunStartRequestSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return empty(c, 400);
    if (agentId === 3) return empty(c, 403);
    if (agentId > 3) return empty(c, 404);
    const params = parsed.data.params ?? {};
    if (params.crash === "true") return empty(c, 500);
    const key = c.get("key");
    const now = settings.now();
    const inProgress = [...state.runs.values()].filter(
      (r) => r.key === key && !r.fails && now - r.createdAt < settings.runDelayMs,
    ).length;
    if (inProgress >= settings.maxRunsInProgress) return empty(c, 429);
    const run: RunRecord = {
      runId: nextRunId++,
      key,
      agentId,
      params,
      createdAt: now,
      fails: params.fail === "true",
      hostile: hit(state.faults.hostileXlsxRate, c.req.path),
    };
    state.runs.set(run.runId, run);
    return c.json({ runId: run.runId, status: "processing" }, 202);
  });
  app.get("/api/public/ai-chat/agent-runs/:runId/status", (c) => {
    const runId = Number(c.req.param("runId"));
    if (!Number.isInteger(runId) || runId < 1) return empty(c, 400);
    const run = state.runs.get(runId);
    if (!run || run.key !== c.get("key")) return empty(c, 404);
    const now = settings.now();
    if (now - run.createdAt < settings.runDelayMs) return c.json({ runId: run.runId, status: "processing" });
    if (run.fails)
      return c.json({
        runId: run.runId,
        status: "failed",
        error: "The agent could not complete the task (sandbox: params.fail was true)",
      });
    const expires = now + settings.downloadTtlMs;
    const files = runFiles(run).map((f) => ({
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
    if (!Number.isFinite(expires) || settings.now() > expires) return c.body(null, 410);
    const file = runFiles(run).find((f) => f.fileId === c.req.param("fileId"));
    if (!file) return empty(c, 404);
    return c.body(file.bytes as unknown as ArrayBuffer, 200, { "content-type": file.mime });
  });
}
