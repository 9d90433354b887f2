/**
 * An Excel host for benchmarks that stores nothing: every call and property set the add-in queues
 * is recorded, and at each sync the batch is serialised as office.js would send it (one JSON request
 * body of actions, each naming the object path it runs on and carrying its arguments), measured in
 * UTF-8 bytes, refused over the 5 MB limit as Excel on the web does, and discarded. The add-in's own
 * cost (typing, payload building, serialisation) is then measured apart from a workbook's.
 *
 * It answers no reads: a loaded property reads as undefined. Good for the write path (a new sheet),
 * not for a refresh, which reads the sheet first.
 */
import type { ExcelHost } from "../host";
import { PAYLOAD_LIMIT_BYTES } from "../chunkPlan";

export interface SerialisedSync {
  /** UTF-8 bytes of the request body. */
  bytes: number;
  calls: number;
}

interface Action {
  Id: number;
  ActionType: "Method" | "SetProperty";
  Name: string;
  ObjectPathId: number;
  ArgumentInfo: { Arguments: unknown[] };
}

const encoder = new TextEncoder();

class Batch {
  actions: Action[] = [];
  paths: { Id: number; Name: string; ParentId: number }[] = [];
  nextId = 1;
}

/** Properties that are not Office objects: reading them must not make a recorder. */
const PLAIN = new Set<PropertyKey>(["then", "toJSON", "isNullObject", "constructor"]);

export class SerialisingHost implements ExcelHost {
  readonly syncs: SerialisedSync[] = [];
  /** Time spent serialising request bodies (ms), for the bench's profile. */
  serialiseMs = 0;
  /** Called at each sync, after the body is serialised (the bench samples memory there). */
  onSync?: (sync: SerialisedSync) => void;

  readonly run = (async (batch: (context: Excel.RequestContext) => Promise<unknown>) => {
    const state = { batch: new Batch() };
    const recorder = (pathId: number): object =>
      new Proxy(function () {} as object, {
        get: (_t, prop) => {
          if (prop === "sync") return () => this.sync(state);
          if (typeof prop === "symbol" || PLAIN.has(prop)) return prop === "isNullObject" ? false : undefined;
          // A navigation property (workbook, worksheets, format) or a method about to be called.
          const id = state.batch.nextId++;
          state.batch.paths.push({ Id: id, Name: prop, ParentId: pathId });
          return recorder(id);
        },
        set: (_t, prop, value: unknown) => {
          state.batch.actions.push({
            Id: state.batch.nextId++,
            ActionType: "SetProperty",
            Name: String(prop),
            ObjectPathId: pathId,
            ArgumentInfo: { Arguments: [value] },
          });
          return true;
        },
        apply: (_t, _this, args: unknown[]) => {
          state.batch.actions.push({
            Id: state.batch.nextId++,
            ActionType: "Method",
            Name: "call",
            ObjectPathId: pathId,
            ArgumentInfo: { Arguments: args },
          });
          return recorder(pathId);
        },
      });
    return batch(recorder(0) as Excel.RequestContext);
  }) as unknown as typeof Excel.run;

  private async sync(state: { batch: Batch }): Promise<void> {
    const { actions, paths } = state.batch;
    state.batch = new Batch();
    const t = performance.now();
    const body = JSON.stringify({ Actions: actions, ObjectPaths: paths });
    // The body as the browser sends it: encoded to UTF-8, natively.
    const sync = { bytes: encoder.encode(body).length, calls: actions.length };
    this.serialiseMs += performance.now() - t;
    this.syncs.push(sync);
    this.onSync?.(sync);
    if (sync.bytes > PAYLOAD_LIMIT_BYTES)
      throw Object.assign(new Error(`The request payload (${sync.bytes} bytes) is over the 5 MB limit`), {
        code: "RequestPayloadSizeLimitExceeded",
      });
    await Promise.resolve();
  }

  /** Bytes of every request, summed. */
  totalBytes(): number {
    return this.syncs.reduce((n, s) => n + s.bytes, 0);
  }
}
