/**
 * The in-memory Excel host in a worker of its own, for the write bench: Excel's side of every sync
 * (the genuine office.js request, parsed, run against a workbook, answered) runs apart from the
 * add-in's isolate, as Excel runs apart from an add-in's page. The add-in's heap and time then hold
 * the add-in and office.js's client, never the workbook; the host says how long each request took.
 */
import { performance } from "perf_hooks";
import { parentPort, Worker } from "worker_threads";
import type { RequestHandler } from "../preview/memory/officeJs";
import type { SyncRecord } from "../preview/memory/richApi/batch";
import type { HttpAnswer } from "../preview/memory/richApi/processor";
import { InMemoryWorkbook } from "../preview/memory/workbook";
import { nowUs } from "./clientTime";

export interface HostTask {
  bench: "host";
}

type ToHost = { id: number; body: string } | { id: number; reset: true };
interface FromHost {
  id: number;
  answer?: HttpAnswer;
  /** This request's record: its genuine bytes, whether office.js sent it to clean up. */
  record?: SyncRecord & { cleanup: boolean };
  ms?: number;
}

/** In the host worker: one workbook at a time, a request per message. */
export function hostTask(): void {
  let workbook = new InMemoryWorkbook();
  parentPort!.on("message", (m: ToHost) => {
    if ("reset" in m) {
      workbook = new InMemoryWorkbook();
      parentPort!.postMessage({ id: m.id } satisfies FromHost);
      return;
    }
    const syncs = workbook.syncLog.length;
    const t = performance.now();
    const answer = workbook.process(m.body);
    const ms = performance.now() - t;
    const cleanup = workbook.syncLog.length === syncs;
    const record = cleanup ? workbook.cleanupLog[workbook.cleanupLog.length - 1] : workbook.syncLog[syncs];
    parentPort!.postMessage({ id: m.id, answer, record: { ...record, cleanup }, ms } satisfies FromHost);
  });
}

/** One request's round trip on the profiler's clock (microseconds), and the host's own time on it. */
interface Exchange {
  from: number;
  to: number;
  hostMs: number;
}

export interface RemoteHost {
  handler: RequestHandler;
  /** The add-in's syncs (office.js's clean-up requests left out), in the order they were sent. */
  syncs: SyncRecord[];
  /**
   * Within [fromUs, toUs]: the time waited for answers (the host's work and the message hops) and
   * the host's own time on the requests sent then. A clean-up request office.js sent after an
   * earlier run may be answered while the next one starts: only the window counts.
   */
  waitedWithin(fromUs: number, toUs: number): { waitMs: number; hostMs: number };
  /** Whether the add-in's thread was waiting for an answer at `us` (the profiler's clock). */
  waiting(us: number): boolean;
  /** Told at each request, before it goes (the add-in's heap is sampled there: the body is live). */
  onRequest?: () => void;
  /** A fresh workbook, and fresh figures. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** Starts a host worker (a worker of `script`, the bench bundle, given a HostTask). */
export function startRemoteHost(script: string): RemoteHost {
  const worker = new Worker(script, { workerData: { bench: "host" } satisfies HostTask });
  const pending = new Map<number, (m: FromHost) => void>();
  let next = 0;
  worker.on("message", (m: FromHost) => {
    pending.get(m.id)?.(m);
    pending.delete(m.id);
  });
  const ask = (message: ToHost) =>
    new Promise<FromHost>((resolve) => {
      pending.set(message.id, resolve);
      worker.postMessage(message);
    });
  let exchanges: Exchange[] = [];
  const host: RemoteHost = {
    syncs: [],
    waiting: (us) => exchanges.some((e) => us >= e.from && us <= e.to),
    waitedWithin: (fromUs, toUs) => {
      let waitUs = 0;
      let hostMs = 0;
      for (const e of exchanges) {
        waitUs += Math.max(0, Math.min(e.to, toUs) - Math.max(e.from, fromUs));
        if (e.from >= fromUs && e.from <= toUs) hostMs += e.hostMs;
      }
      return { waitMs: waitUs / 1000, hostMs };
    },
    handler: async (body) => {
      host.onRequest?.();
      const from = nowUs();
      const m = await ask({ id: ++next, body });
      exchanges.push({ from, to: nowUs(), hostMs: m.ms ?? 0 });
      if (m.record && !m.record.cleanup) host.syncs.push(m.record);
      return m.answer!;
    },
    reset: async () => {
      await ask({ id: ++next, reset: true });
      host.syncs = [];
      exchanges = [];
    },
    close: async () => void (await worker.terminate()),
  };
  return host;
}
