/** The file-processor status poll (no key, not counted) and the CSV download. */
import type { Core } from "../core";
import { decodeText, readDownload } from "../download";
import { ResponseValidationError } from "../errors";
import { pollUntilSettled, type PollOptions } from "../polling";
import { taskIdSchema, taskSchema, type Task } from "../schemas";
import { validateRequest } from "../validate";

const STATUS_PATH = "/api/public/file-processor/status";

export class Tasks {
  constructor(private readonly core: Core) {}

  async status(id: string, signal?: AbortSignal): Promise<Task> {
    const endpoint = `GET ${STATUS_PATH}/{id}`;
    const valid = validateRequest(taskIdSchema, id, endpoint, "id");
    const task = await this.core.request({
      method: "GET",
      path: `${STATUS_PATH}/${encodeURIComponent(valid)}`,
      endpoint,
      schema: taskSchema,
      auth: false,
      retry: true,
      signal,
    });
    // Another task's answer (a mixed-up cache or proxy) would put another report's file in the sheet.
    if (task.id.toLowerCase() !== valid.toLowerCase())
      throw new ResponseValidationError(
        "id",
        `the service answered about task ${task.id}, not task ${valid} that was asked for, so nothing was written`,
        endpoint,
      );
    return task;
  }

  /** Polls until the task is done (returns it, with its url) or failed (throws TaskFailedError). */
  async waitUntilDone(id: string, opts: PollOptions = {}): Promise<Task & { url: string }> {
    const endpoint = `GET ${STATUS_PATH}/{id}`;
    const task = await pollUntilSettled(
      {
        endpoint,
        read: (signal) => this.status(id, signal),
        statusOf: (t) => t.status,
        waiting: ["pending"],
        done: ["done"],
        failed: ["failed"],
        failureMessage: () => `The report task ${id} failed (the service gives no reason)`,
        sleep: this.core.sleep,
        initialDelayMs: this.core.pollInitialDelayMs,
        maxDelayMs: this.core.pollMaxDelayMs,
      },
      opts,
    );
    if (!task.url) throw new ResponseValidationError("url", `task ${id} is done but has no url`, endpoint);
    return { ...task, url: task.url };
  }

  /**
   * Downloads a finished report's CSV text, and whether its length matched the Content-Length the
   * service sent (a shorter body is an error here; the CSV reader judges the rest).
   */
  async download(url: string, signal?: AbortSignal): Promise<{ text: string; lengthProven: boolean }> {
    const endpoint = "GET {task url}";
    const answer = await this.core.download(url, { endpoint, signal });
    const { bytes, lengthProven } = readDownload(answer, endpoint);
    return { text: decodeText(bytes), lengthProven };
  }
}
