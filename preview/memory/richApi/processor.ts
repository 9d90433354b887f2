/**
 * Excel's side of office.js: takes the genuine RichApi request body the Excel client posts at each
 * `context.sync()`, runs it against the in-memory workbook and answers in the shape office.js
 * parses. Object paths are resolved once per request, actions run in order, and the first failure
 * stops the batch (what ran before it stays done, as in Excel) with an Office error code. A request
 * body over 5 MB is refused before anything runs, and an answer over 5 MB is refused whole
 * (Excel on the web's limits, measured on the real texts).
 */
import { officeError, type OfficeLikeError } from "../model";
import { PAYLOAD_LIMIT_BYTES, utf8Length } from "../payload";
import { Batch, type InMemoryHost, type SyncRecord } from "./batch";
import { apiNotFound, camel, type Args, type HostObject, type Resolved } from "./hostClass";
import { movedRect, type Move } from "../shift";
import type { RangeData } from "./classes/lookup";
import { queryValue } from "./query";
import {
  ActionType,
  ObjectPathType,
  parseRequestMessage,
  type ActionInfo,
  type ActionResult,
  type ArgumentInfo,
  type ObjectPathInfo,
  type RequestMessage,
  type ResponseMessage,
} from "./protocol";

/** What the transport hands back to office.js (its `setCustomSendRequestFunc` contract). */
export interface HttpAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

const KEEP_REFERENCE = "_KeepReference";
const REMOVE_REFERENCE = "_RemoveReference";

export class RichApiProcessor {
  private readonly references = new Map<string, HostObject>();
  private readonly ids = new WeakMap<object, number>();
  private nextId = 0;
  private nextReference = 0;

  /** The request running now: its ranges follow a move too. */
  private current?: RequestRun;

  constructor(
    private readonly host: InMemoryHost,
    /** The global object (the Workbook) every request's paths start from. */
    private readonly root: (batch: Batch) => HostObject,
  ) {
    // Every range office.js holds is tracked (it keeps them all): it follows cells that move.
    host.model.moveListeners.push((move) => {
      const ranges = [...this.references.values(), ...(this.current?.objects() ?? [])];
      for (const o of new Set(ranges)) if (o.cls.name === "Range") followMove(o.data as RangeData, move);
    });
  }

  /** Runs one request body; always answers (errors are answers too). */
  process(bodyText: string): HttpAnswer {
    const record: SyncRecord = {
      payloadBytes: utf8Length(bodyText),
      responseBytes: 0,
      calls: 0,
      calculationSuspended: false,
    };
    if (record.payloadBytes > PAYLOAD_LIMIT_BYTES) {
      this.host.syncLog.push(record);
      record.failed = "RequestPayloadSizeLimitExceeded";
      return hostError(
        "RequestPayloadSizeLimitExceeded",
        `The request payload size has exceeded the limit (${record.payloadBytes} bytes, limit ${PAYLOAD_LIMIT_BYTES}).`,
      );
    }
    const parsed = parseRequestMessage(JSON.parse(bodyText));
    if (!parsed.success) {
      this.host.syncLog.push(record);
      record.failed = "InvalidRequest";
      return hostError("InvalidRequest", `The request is not a RichApi request: ${parsed.error.message}`);
    }
    const request = parsed.data;
    const calls = request.Actions.filter((a) => a.ActionType !== ActionType.instantiate);
    record.calls = calls.length;
    const cleanup = calls.length > 0 && calls.every((a) => a.Name === REMOVE_REFERENCE);
    (cleanup ? this.host.cleanupLog : this.host.syncLog).push(record);
    const batch = new Batch(this.host, this.references, (o) => this.stableId(o));
    const run = new RequestRun(request, batch, this.root, () => `r${++this.nextReference}`);
    this.current = run;
    const response = run.execute(this.host.syncLog.length, cleanup ? undefined : this.host.faultHook);
    this.current = undefined;
    record.calculationSuspended = batch.calculationSuspended;
    batch.settleCalculation();
    // Excel raises onChanged for an add-in's writes too (its triggerSource says so).
    for (const c of batch.edited) this.host.events?.changed(c.sheetId, c.rect, "addin");
    if (run.applied) this.host.changed();
    if (response.Error) record.failed = response.Error.Code;
    const text = JSON.stringify(response);
    record.responseBytes = utf8Length(text);
    if (record.responseBytes > PAYLOAD_LIMIT_BYTES) {
      record.failed = "ResponsePayloadSizeLimitExceeded";
      return hostError(
        "ResponsePayloadSizeLimitExceeded",
        `The response payload size has exceeded the limit (${record.responseBytes} bytes, limit ${PAYLOAD_LIMIT_BYTES}).`,
      );
    }
    return { statusCode: 200, headers: { "content-type": "application/json" }, body: text };
  }

  private stableId(o: object): number {
    let id = this.ids.get(o);
    if (id === undefined) this.ids.set(o, (id = ++this.nextId));
    return id;
  }
}

/** A refusal of the whole request, as Excel's host sends it (office.js reads `error.code`). */
function hostError(code: string, message: string): HttpAnswer {
  return {
    statusCode: 400,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ error: { code, message } }),
  };
}

/** One request's execution: its paths resolved at most once, its actions in order. */
class RequestRun {
  private readonly resolved = new Map<number, Resolved>();
  private readonly kept = new Map<number, string>();
  applied = false;

  constructor(
    private readonly request: RequestMessage,
    private readonly batch: Batch,
    private readonly root: (batch: Batch) => HostObject,
    private readonly newReference: () => string,
  ) {}

  /** The objects this request has resolved so far. */
  objects(): HostObject[] {
    return [...this.resolved.values()].filter((o): o is HostObject => o !== null);
  }

  execute(syncNumber: number, faultHook?: (info: { sync: number; op: number }) => void): ResponseMessage {
    const results: ActionResult[] = [];
    let op = 0;
    for (let index = 0; index < this.request.Actions.length; index++) {
      const action = this.request.Actions[index];
      try {
        if (action.ActionType !== ActionType.instantiate) faultHook?.({ sync: syncNumber, op: op++ });
        const value = this.run(action);
        if (value !== undefined) results.push({ ActionId: action.Id, Value: value });
      } catch (err) {
        return { Results: results, Error: this.errorOf(err, action, index) };
      }
    }
    return { Results: results };
  }

  private run(action: ActionInfo): unknown {
    // A trace names no object (path 0): it is answered, so office.js runs what it marks (an event
    // handler's registration, GenericEventHandlers.add) once the sync has reached it.
    if (action.ActionType === ActionType.trace) return null;
    const target = this.path(action.ObjectPathId);
    switch (action.ActionType) {
      case ActionType.instantiate:
        return target ? this.identity(action.ObjectPathId, target) : null;
      case ActionType.query:
        return target ? queryValue(target, action.QueryInfo, this.batch) : null;
      case ActionType.method:
        return this.call(action, target);
      case ActionType.setProperty: {
        if (!target) return undefined;
        const prop = target.cls.props?.[action.Name];
        if (!prop?.set) throw apiNotFound(target.cls.name, action.Name);
        prop.set(target.data as never, this.args(action.ArgumentInfo)[0], this.batch);
        this.applied = true;
        return undefined;
      }
      default:
        throw officeError(
          "ApiNotFound",
          `Action type ${action.ActionType} is not modelled by the in-memory Excel host.`,
        );
    }
  }

  private call(action: ActionInfo, target: Resolved): unknown {
    const args = this.args(action.ArgumentInfo);
    if (action.Name === KEEP_REFERENCE) {
      if (target) this.kept.set(action.ObjectPathId, this.keep(target));
      return undefined;
    }
    if (action.Name === REMOVE_REFERENCE) {
      for (const id of args) this.batch.references.delete(String(id));
      return undefined;
    }
    if (!target) return null;
    const method = target.cls.methods?.[action.Name];
    if (!method) throw apiNotFound(target.cls.name, action.Name);
    const value = method(target.data as never, args, this.batch);
    this.applied = true;
    return value;
  }

  /**
   * What an instantiation answers: how office.js finds the object again in later syncs (a kept
   * reference, or an id it addresses the object by in its collection). An object with neither gets
   * no answer: office.js needs none (a null object is answered null).
   */
  private identity(pathId: number, o: HostObject): Record<string, unknown> | undefined {
    const reference = this.kept.get(pathId);
    if (reference) return { _ReferenceId: reference };
    return o.cls.id ? { _Id: o.cls.id(o.data as never, this.batch) } : undefined;
  }

  private keep(o: HostObject): string {
    const id = this.newReference();
    this.batch.references.set(id, o);
    return id;
  }

  private args(info: ArgumentInfo | undefined): Args {
    const values = info?.Arguments ?? [];
    const refs = info?.ReferencedObjectPathIds ?? [];
    return values.map((v, i) => (refs[i] ? this.path(refs[i]) : v));
  }

  private path(id: number): Resolved {
    if (this.resolved.has(id)) return this.resolved.get(id)!;
    const info = this.request.ObjectPaths[String(id)];
    if (!info)
      throw officeError("InvalidObjectPath", `The request names object path ${id}, which it does not hold.`);
    const value = this.resolve(info);
    this.resolved.set(id, value);
    return value;
  }

  private resolve(info: ObjectPathInfo): Resolved {
    switch (info.ObjectPathType) {
      case ObjectPathType.globalObject:
        return this.root(this.batch);
      case ObjectPathType.nullObject:
        return null;
      case ObjectPathType.referenceId: {
        const kept = this.batch.references.get(info.Name);
        if (!kept)
          throw officeError(
            "InvalidObjectPath",
            `The object (reference ${info.Name}) is no longer available.`,
          );
        return kept;
      }
    }
    const parent = this.path(info.ParentObjectPathId ?? -1);
    if (!parent) return null;
    const cls = parent.cls;
    switch (info.ObjectPathType) {
      case ObjectPathType.property: {
        const nav = cls.nav?.[info.Name];
        if (!nav) throw apiNotFound(cls.name, info.Name);
        return nav(parent.data as never, this.batch);
      }
      case ObjectPathType.method: {
        const method = cls.methods?.[info.Name];
        if (!method) throw apiNotFound(cls.name, info.Name);
        this.applied = true;
        return asObject(
          method(parent.data as never, this.args(info.ArgumentInfo), this.batch),
          cls.name,
          info.Name,
        );
      }
      case ObjectPathType.indexer: {
        if (!cls.indexer) throw apiNotFound(cls.name, "GetItem");
        return cls.indexer(parent.data as never, this.args(info.ArgumentInfo)[0], this.batch);
      }
      default:
        throw officeError(
          "ApiNotFound",
          `Object path type ${info.ObjectPathType} is not modelled by the in-memory Excel host.`,
        );
    }
  }

  private errorOf(err: unknown, action: ActionInfo, index: number) {
    const e = err as Partial<OfficeLikeError>;
    const target = this.resolved.get(action.ObjectPathId);
    return {
      Code: e.code ?? "GeneralException",
      Message: e.message ?? String(err),
      Location: target ? `${target.cls.name}.${camel(action.Name || "instantiate")}` : "",
      ActionIndex: index,
      HttpStatusCode: 400,
    };
  }
}

function followMove(r: RangeData, move: Move): void {
  if (r.gone || r.sheetId !== move.sheetId) return;
  const rect = movedRect(r.rect, move);
  if (rect) r.rect = rect;
  else r.gone = true;
}

function asObject(value: unknown, className: string, method: string): Resolved {
  if (value === null) return null;
  if (value && typeof value === "object" && "cls" in value) return value as HostObject;
  throw officeError("InvalidObjectPath", `${className}.${camel(method)} returns a value, not an object.`);
}
