/** A scripted fetch for client tests: records every call and answers from a routing function. */
import type { FetchLike } from "../core";
import { AbortedError } from "../errors";

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

export type Route = (call: RecordedCall) => Response | Promise<Response> | Error;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

export function text(status: number, body = ""): Response {
  return new Response(body, { status, headers: { "content-type": "text/plain" } });
}

export function fakeFetch(route: Route): { fetch: FetchLike; calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const fetch: FetchLike = async (input, init) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => (headers[k] = v));
    const call: RecordedCall = {
      url: input,
      method: init?.method ?? "GET",
      headers,
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const answer = await route(call);
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { fetch, calls };
}

/** A sleep that records delays and returns at once. */
export function instantSleep(): {
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  delays: number[];
} {
  const delays: number[] = [];
  return {
    delays,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw new AbortedError("Cancelled", "sleep");
      delays.push(ms);
    },
  };
}
