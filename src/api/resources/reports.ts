/** The seven report task endpoints, and `run`: start → poll → download → typed table. */
import type { Core } from "../core";
import { downloadEndpoint } from "../download";
import { ResponseValidationError } from "../errors";
import { expectedHeader, ReportCsvReader } from "../csv";
import type { PollOptions } from "../polling";
import { REPORT_ENDPOINTS, taskSchema, type ReportKind, type ReportParams, type Task } from "../schemas";
import type { TypedTable } from "../table";
import { validateRequest } from "../validate";
import type { Tasks } from "./tasks";

const REPORT_MAY_HAVE_STARTED = "The report may have started";

export interface ReportRun {
  task: Task & { url: string };
  table: TypedTable;
  /**
   * Set when the service answered with a task this client started before under another name: an
   * identical cached report was reused and the new name ignored (spec). Null: that report had no name.
   */
  reusedName?: string | null;
}

export class Reports {
  /** The name each task was asked for with (this client's session), to tell a reused cached report. */
  private readonly names = new Map<string, string | null>();

  constructor(
    private readonly core: Core,
    private readonly tasks: Tasks,
  ) {}

  /**
   * The name a reused task was first made under, when the service answered this request (asked with
   * `name`) with a task this client started before under another name; undefined otherwise.
   */
  reusedName(taskId: string, name: string | undefined): string | null | undefined {
    const first = this.names.get(taskId);
    return first !== undefined && first !== (name ?? null) ? first : undefined;
  }

  /** Starts a report task. Only the parameters the caller set are sent. */
  async start<K extends ReportKind>(kind: K, params: ReportParams[K], signal?: AbortSignal): Promise<Task> {
    const task = await this.send(kind, params, signal);
    const name = (params as { name?: string }).name ?? null;
    if (!this.names.has(task.id)) this.names.set(task.id, name);
    return task;
  }

  private async send<K extends ReportKind>(
    kind: K,
    params: ReportParams[K],
    signal?: AbortSignal,
  ): Promise<Task> {
    const def = REPORT_ENDPOINTS[kind];
    const endpoint = `${def.method} ${def.path}`;
    const valid = validateRequest(def.schema, params, endpoint) as Record<string, unknown>;
    if (kind === "impressionListeners") {
      const { episodeId, week_lb, advertiser } = valid as {
        episodeId: string;
        week_lb?: string;
        advertiser?: string;
      };
      return this.core.request({
        method: "GET",
        path: def.path.replace("{episodeId}", encodeURIComponent(episodeId)),
        endpoint,
        query: { week_lb, advertiser },
        schema: taskSchema,
        retry: true,
        uncertain: REPORT_MAY_HAVE_STARTED,
        signal,
      });
    }
    // An identical request reuses the cached report, but every start counts against the allowance:
    // after a failure that may have reached the service it is not sent again by itself.
    return this.core.request({
      method: "POST",
      path: def.path,
      endpoint,
      body: valid,
      schema: taskSchema,
      retry: true,
      uncertain: REPORT_MAY_HAVE_STARTED,
      signal,
    });
  }

  impressions(params: ReportParams["impressions"], signal?: AbortSignal) {
    return this.start("impressions", params, signal);
  }
  audience(params: ReportParams["audience"], signal?: AbortSignal) {
    return this.start("audience", params, signal);
  }
  lag(params: ReportParams["lag"], signal?: AbortSignal) {
    return this.start("lag", params, signal);
  }
  campaignsPerformance(params: ReportParams["campaignsPerformance"], signal?: AbortSignal) {
    return this.start("campaignsPerformance", params, signal);
  }
  estimatedSpendByDay(params: ReportParams["estimatedSpendByDay"], signal?: AbortSignal) {
    return this.start("estimatedSpendByDay", params, signal);
  }
  estimatedSpendByShowByDay(params: ReportParams["estimatedSpendByShowByDay"], signal?: AbortSignal) {
    return this.start("estimatedSpendByShowByDay", params, signal);
  }
  impressionListeners(params: ReportParams["impressionListeners"], signal?: AbortSignal) {
    return this.start("impressionListeners", params, signal);
  }

  /** Starts a report, waits for it, and types its CSV as it downloads (never holding its whole text). */
  async run<K extends ReportKind>(
    kind: K,
    params: ReportParams[K],
    opts: PollOptions = {},
  ): Promise<ReportRun> {
    const name = (params as { name?: string }).name;
    const started = await this.start(kind, params, opts.signal);
    const reusedName = this.reusedName(started.id, name);
    const task = await this.tasks.waitUntilDone(started.id, opts);
    const table = await this.download(kind, params, task.url, opts.signal);
    return reusedName === undefined ? { task, table } : { task, table, reusedName };
  }

  /**
   * The report's file, typed as it downloads. A file that arrives cut short (or otherwise not
   * provably whole) is downloaded again, as a dropped one is: a download spends nothing, and asking
   * for the report again would.
   */
  private async download<K extends ReportKind>(
    kind: K,
    params: ReportParams[K],
    url: string,
    signal: AbortSignal | undefined,
  ): Promise<TypedTable> {
    const endpoint = downloadEndpoint(url);
    for (let attempt = 1; ; attempt++) {
      let reader = reportReader(kind, params, endpoint);
      try {
        const { lengthProven } = await this.tasks.stream(
          url,
          () => (reader = reportReader(kind, params, endpoint)),
          signal,
        );
        return reader.end(lengthProven);
      } catch (err) {
        if (!(err instanceof ResponseValidationError) || attempt >= DOWNLOADS || signal?.aborted) throw err;
      }
    }
  }
}

/** Times a report's file is downloaded when it arrives not provably whole. */
const DOWNLOADS = 3;

/**
 * The reader of a report's CSV as it downloads; its table is accepted only when provably whole: the
 * header the request asked for, every row as wide as the header, the last line ended (or the whole
 * length proven by Content-Length). See docs/report-sheets.md, "Whole downloads".
 */
function reportReader<K extends ReportKind>(
  kind: K,
  params: ReportParams[K],
  /** The request named in its errors: the file's download, or the report's endpoint. */
  endpoint: string = REPORT_ENDPOINTS[kind].path,
): ReportCsvReader {
  // Only impressions can add a summary block or a totals row (its formatting settings).
  const formatting = kind === "impressions" ? (params as ReportParams["impressions"]).formatting : undefined;
  return new ReportCsvReader(kind, {
    summary: formatting?.summary ?? false,
    totals: formatting?.totals ?? false,
    endpoint,
    header: expectedHeader(kind, params),
  });
}

/** A report's whole downloaded CSV → typed table (reportReader, the text as one piece). */
export function reportTable<K extends ReportKind>(
  kind: K,
  params: ReportParams[K],
  download: { text: string; lengthProven: boolean },
): TypedTable {
  const reader = reportReader(kind, params);
  reader.push(download.text);
  return reader.end(download.lengthProven);
}
