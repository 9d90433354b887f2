/**
 * The request context and the proxy base, as in Office: reading a property before load() + sync()
 * throws PropertyNotLoaded; writes are queued and applied at sync(), in order; a failing operation
 * stops the batch with an Office-like error code; a batch whose request JSON is over 5 MB is
 * refused whole (RequestPayloadSizeLimitExceeded), and so is an answer over 5 MB
 * (ResponsePayloadSizeLimitExceeded).
 */
import type { CellData, Change, Value, WorkbookModel } from "./model";
import { officeError } from "./model";
import { CALL_ENVELOPE_BYTES, jsonBytes, PAYLOAD_LIMIT_BYTES } from "./payload";
import type { WorkbookProxy } from "./workbookProxy";

export interface SyncRecord {
  /** Request bytes: the JSON office.js would send for this batch. */
  payloadBytes: number;
  /** Response bytes: the JSON of what the batch loaded. */
  responseBytes: number;
  calls: number;
  calculationSuspended: boolean;
  failed?: string;
}

/** Hook for tests: called before each operation is applied; throwing makes the sync fail there. */
export type FaultHook = (info: { sync: number; op: number }) => void;

/** What the host (the preview, a test) provides to the proxies. */
export interface InMemoryHost {
  model: WorkbookModel;
  syncLog: SyncRecord[];
  faultHook?: FaultHook;
  changed(): void;
  /** Tests: told of every value an add-in writes through range.values, with the cell it made. */
  valueWritten?: (write: ValueWrite) => void;
}

export interface ValueWrite {
  sheet: string;
  row: number;
  col: number;
  input: Value;
  cell: CellData;
}

interface Op {
  bytes: number;
  apply(): void;
}

export class Context {
  private queue: Op[] = [];
  readonly workbook: WorkbookProxy;
  calculationSuspended = false;
  /** Cells changed by the sync being applied (for calculation). */
  private changes: Change[] = [];
  private responseBytes = 0;

  constructor(
    readonly host: InMemoryHost,
    makeWorkbook: (ctx: Context) => WorkbookProxy,
  ) {
    this.workbook = makeWorkbook(this);
  }

  get model(): WorkbookModel {
    return this.host.model;
  }

  /** Queues a call whose arguments are `args` (measured as JSON) and whose effect is `apply`. */
  enqueue(args: unknown, apply: () => void): void {
    this.queue.push({ bytes: CALL_ENVELOPE_BYTES + jsonBytes(args), apply });
  }

  /** Records cells changed by the operation being applied. */
  changed(change: Change): void {
    this.changes.push(change);
  }

  /** Takes the cells changed so far by the sync being applied (a calculate() in it recalculates them). */
  takeChanges(): Change[] {
    const changes = this.changes;
    this.changes = [];
    return changes;
  }

  /** Adds to the answer of the sync being applied; over 5 MB the sync fails. */
  respond(bytes: number): void {
    this.responseBytes += bytes;
    if (this.responseBytes > PAYLOAD_LIMIT_BYTES)
      throw officeError(
        "ResponsePayloadSizeLimitExceeded",
        `The response payload size has exceeded the limit (${this.responseBytes} bytes in one sync)`,
      );
  }

  async sync(): Promise<void> {
    const ops = this.queue;
    this.queue = [];
    this.changes = [];
    this.responseBytes = 0;
    const payloadBytes = ops.reduce((n, o) => n + o.bytes, 0);
    const record: SyncRecord = {
      payloadBytes,
      responseBytes: 0,
      calls: ops.length,
      calculationSuspended: this.calculationSuspended,
    };
    this.host.syncLog.push(record);
    const syncNumber = this.host.syncLog.length;
    const suspended = this.calculationSuspended;
    this.calculationSuspended = false;
    if (payloadBytes > PAYLOAD_LIMIT_BYTES) {
      record.failed = "RequestPayloadSizeLimitExceeded";
      throw officeError(
        "RequestPayloadSizeLimitExceeded",
        `The request payload (${payloadBytes} bytes) is over the 5 MB limit`,
      );
    }
    let applied = 0;
    try {
      ops.forEach((op, i) => {
        this.host.faultHook?.({ sync: syncNumber, op: i });
        op.apply();
        applied++;
      });
    } catch (err) {
      record.failed = (err as { code?: string }).code ?? "GeneralException";
      throw err;
    } finally {
      record.responseBytes = this.responseBytes;
      this.settleCalculation(suspended);
      if (applied) this.host.changed();
    }
  }

  /** After a batch: propagate its changes (automatic calculation), or owe them while suspended. */
  private settleCalculation(suspended: boolean): void {
    const changes = this.changes;
    this.changes = [];
    if (!changes.length) return;
    if (suspended) this.model.owedCalculation.push(...changes);
    else this.model.calculator?.propagate(changes);
  }

  trackedObjects = { add: () => undefined, remove: () => undefined };
}

/** Property names a load() asks for ("a,b", ["a"], {select: "a"}, "items/name" → items); undefined = all. */
export function requestedProps(props: unknown): string[] | undefined {
  const list = (s: string) =>
    s
      .split(",")
      .map((p) => p.trim().split("/")[0])
      .filter(Boolean);
  if (typeof props === "string") return list(props);
  if (Array.isArray(props)) return props.flatMap((p) => (typeof p === "string" ? list(p) : []));
  if (props && typeof props === "object" && typeof (props as { select?: unknown }).select === "string")
    return list((props as { select: string }).select);
  return undefined;
}

/** Base of every proxy: loaded values, and the PropertyNotLoaded rule. */
export abstract class Proxy {
  protected loaded: Record<string, unknown> = {};
  private loadedOnce = false;
  isNullObject = false;

  constructor(protected readonly ctx: Context) {}

  /** Current values of the loadable properties (`props`, or all), read from the model at sync time. */
  protected abstract snapshot(props?: readonly string[]): Record<string, unknown>;

  load(props?: unknown): this {
    const wanted = requestedProps(props);
    this.ctx.enqueue(props ?? null, () => {
      const loaded = this.snapshot(wanted);
      const answer = wanted
        ? Object.fromEntries(wanted.filter((p) => p in loaded).map((p) => [p, loaded[p]]))
        : loaded;
      // Proxies in the answer (collection items) serialise through toJSON, as their loaded values.
      this.ctx.respond(jsonBytes(answer));
      this.loaded = { ...this.loaded, ...loaded };
      this.loadedOnce = true;
    });
    return this;
  }

  /** Marks values as known without a sync (items of a loaded collection). */
  setLoaded(values: Record<string, unknown>): this {
    this.loaded = values;
    this.loadedOnce = true;
    return this;
  }

  protected get<T>(name: string): T {
    if (!this.loadedOnce || !(name in this.loaded)) {
      throw officeError(
        "PropertyNotLoaded",
        `The property '${name}' is not available. Call load() and context.sync() before reading it.`,
      );
    }
    return this.loaded[name] as T;
  }

  toJSON(): Record<string, unknown> {
    return this.loaded;
  }
}
