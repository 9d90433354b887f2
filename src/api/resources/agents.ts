/** AI agent runs: start (never retried), status (not counted), wait, and file downloads that survive an expired URL. */
import type { Core } from "../core";
import { readDownload } from "../download";
import { AdsError, NotFoundError, ResponseValidationError } from "../errors";
import { pollUntilSettled, type PollOptions } from "../polling";
import {
  agentIdSchema,
  agentRunStartRequestSchema,
  agentRunStartResponseSchema,
  agentRunStatusSchema,
  runIdSchema,
  type AgentFile,
  type AgentRunStart,
  type AgentRunStatus,
} from "../schemas";
import { validateRequest } from "../validate";

const START = "POST /api/public/ai-chat/agents/{agentId}/runs";
const STATUS = "GET /api/public/ai-chat/agent-runs/{runId}/status";
/** Answers of an expired short-lived download URL. */
const EXPIRED = new Set([403, 404, 410]);

export class Agents {
  constructor(private readonly core: Core) {}

  async startRun(
    agentId: number,
    params: Record<string, string> = {},
    signal?: AbortSignal,
  ): Promise<AgentRunStart> {
    const id = validateRequest(agentIdSchema, agentId, START, "agentId");
    const body = validateRequest(agentRunStartRequestSchema, { params }, START);
    return this.core.request({
      method: "POST",
      path: `/api/public/ai-chat/agents/${id}/runs`,
      endpoint: START,
      body,
      schema: agentRunStartResponseSchema,
      retry: false,
      agentRunStart: true,
      signal,
    });
  }

  async runStatus(runId: number, signal?: AbortSignal): Promise<AgentRunStatus> {
    const id = validateRequest(runIdSchema, runId, STATUS, "runId");
    const run = await this.core.request({
      method: "GET",
      path: `/api/public/ai-chat/agent-runs/${id}/status`,
      endpoint: STATUS,
      schema: agentRunStatusSchema,
      counted: false,
      retry: true,
      signal,
    });
    // Another run's answer would hand over another run's files.
    if (run.runId !== id)
      throw new ResponseValidationError(
        "runId",
        `the service answered about run ${run.runId}, not run ${id} that was asked for, so nothing was written`,
        STATUS,
      );
    return run;
  }

  /** Polls until the run is done (returned) or failed (TaskFailedError with the run's error). */
  async waitForRun(runId: number, opts: PollOptions = {}): Promise<AgentRunStatus> {
    return pollUntilSettled(
      {
        endpoint: STATUS,
        read: (signal) => this.runStatus(runId, signal),
        statusOf: (r) => r.status,
        waiting: ["processing"],
        done: ["done"],
        failed: ["failed"],
        failureMessage: (r) => r.error || `Agent run ${runId} failed`,
        sleep: this.core.sleep,
        initialDelayMs: this.core.pollInitialDelayMs,
        maxDelayMs: this.core.pollMaxDelayMs,
      },
      opts,
    );
  }

  /**
   * Downloads a file of a finished run. When its short-lived URL has expired (403/404/410), the run
   * status is read again for a fresh URL and the download is tried once more. A file shorter than
   * the size the run lists (or than its Content-Length) was cut off, and is refused.
   */
  async downloadFile(runId: number, file: AgentFile, signal?: AbortSignal): Promise<Uint8Array> {
    const endpoint = `GET {downloadUrl of ${file.fileName}}`;
    try {
      return await this.fetchBytes(file, endpoint, signal);
    } catch (err) {
      if (!(err instanceof AdsError) || err.status === undefined || !EXPIRED.has(err.status)) throw err;
    }
    const fresh = (await this.runStatus(runId, signal)).files?.find((f) => f.fileId === file.fileId);
    if (!fresh)
      throw new NotFoundError(`File ${file.fileName} is no longer listed by run ${runId}`, endpoint, 404);
    return this.fetchBytes(fresh, endpoint, signal);
  }

  private async fetchBytes(file: AgentFile, endpoint: string, signal?: AbortSignal): Promise<Uint8Array> {
    const answer = await this.core.download(file.downloadUrl, { endpoint, signal });
    const { bytes } = readDownload(answer, endpoint);
    if (bytes.length < file.size)
      throw new ResponseValidationError(
        "size",
        `${file.fileName} arrived with ${bytes.length} of its ${file.size} bytes: the download was cut off`,
        endpoint,
      );
    return bytes;
  }
}
