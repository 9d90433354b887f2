/**
 * Where a measured run's time went in its thread, from V8's sampling profiler: office.js's own
 * client time (the self time of every frame of excel-web-16.00.js: building requests, cutting large
 * writes into blocks, reading answers; plus the transport's turning of office.js's request object
 * into its body text), the wait for the host, and the rest: the add-in's own time. Garbage
 * collection outside the waits is left in the add-in's share (the stricter reading) and reported.
 */
import { Session } from "inspector";
import { transportStats } from "../preview/memory/officeJs";

const OFFICE_JS = "excel-web-16.00.js";

interface ProfileNode {
  id: number;
  callFrame: { url: string; functionName: string };
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Now on the profiler's clock (the monotonic clock, in microseconds). */
export const nowUs = () => Number(process.hrtime.bigint() / 1000n);

const post = <T>(session: Session, method: string, params?: object) =>
  new Promise<T>((resolve, reject) =>
    session.post(method, params ?? {}, (err, result) => (err ? reject(err) : resolve(result as T))),
  );

export interface ClientTime<T> {
  result: T;
  /** office.js's frames and the transport's stringify. */
  officeJsMs: number;
  /** Everything else outside the waits for the host: the add-in's frames, garbage collection, V8's own. */
  ownMs: number;
  /** Garbage collection outside the waits (in ownMs). */
  gcMs: number;
}

/**
 * `waiting(us)` says whether the thread was waiting for the host at that moment: a sample taken
 * then is the wait (the profiler does not see a worker's thread idle), never office.js's time.
 */
export async function withClientTime<T>(
  run: () => Promise<T>,
  waiting: (us: number) => boolean,
): Promise<ClientTime<T>> {
  const session = new Session();
  session.connect();
  await post(session, "Profiler.enable");
  await post(session, "Profiler.setSamplingInterval", { interval: 200 });
  const stringifyBefore = transportStats.stringifyMs;
  await post(session, "Profiler.start");
  // Only the run's samples count: starting the profiler (it logs every function's code, about
  // 30 ms in this thread, sampled as it goes) and stopping it are no one's time.
  const startUs = nowUs();
  let endUs = Infinity;
  let result: T;
  let profile: Profile;
  try {
    result = await run();
    endUs = nowUs();
  } finally {
    profile = (await post<{ profile: Profile }>(session, "Profiler.stop")).profile;
    session.disconnect();
  }
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  let officeJsUs = 0;
  let otherUs = 0;
  let gcUs = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    const us = profile.timeDeltas[i] ?? 0;
    at += us;
    if (at < startUs || at > endUs || waiting(at) || frame?.functionName === "(idle)") return;
    if (frame?.url.endsWith(OFFICE_JS)) officeJsUs += us;
    else otherUs += us;
    if (frame?.functionName === "(garbage collector)") gcUs += us;
  });
  const stringifyMs = transportStats.stringifyMs - stringifyBefore;
  return {
    result,
    officeJsMs: officeJsUs / 1000 + stringifyMs,
    // The transport's stringify ran in frames of ours: it is office.js's work, not the add-in's.
    ownMs: Math.max(0, otherUs / 1000 - stringifyMs),
    gcMs: gcUs / 1000,
  };
}
