/** The file-processor status poll (no key, not counted) and the CSV download. */
import type { Core } from "../core";
import { downloadEndpoint, readDownload, utf8Sink, type TextSink } from "../download";
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
   * Streams a finished report's CSV text, as it arrives, to the reader `open` makes (a retried
   * download opens a new one), so a big report is read without its whole text ever being held; says
   * whether its length matched the Content-Length the service sent (a shorter body is an error
   * here; the CSV reader judges the rest).
   */
  async stream(url: string, open: () => TextSink, signal?: AbortSignal): Promise<{ lengthProven: boolean }> {
    const endpoint = downloadEndpoint(url);
    const answer = await this.core.download(url, { endpoint, signal, sink: () => utf8Sink(open()) });
    return { lengthProven: readDownload(answer, endpoint).lengthProven };
  }

  /** A finished report's whole CSV text (stream, joined), and whether its length was proven. */
  async download(url: string, signal?: AbortSignal): Promise<{ text: string; lengthProven: boolean }> {
    let parts: string[] = [];
    const { lengthProven } = await this.stream(
      url,
      () => {
        parts = [];
        return { push: (text) => parts.push(text) };
      },
      signal,
    );
    return { text: parts.join(""), lengthProven };
  }
}
