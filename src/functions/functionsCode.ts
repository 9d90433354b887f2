/**
 * The functions' code (runtime.ts and what it needs: the client, zod, the schemas, the cards), loaded
 * on the first call of any ADS function, never with the page's first load (functions.ts registers the
 * functions, this loads their bodies). Two others on the page wait on it (issue #46):
 * - the spend gate counts its quiet from Excel's calls (excelCalls.ts), not from when they reach it:
 *   calls made while this code downloaded reach the gate together once it has, long after Excel made
 *   them (spendGate.ts);
 * - the pane's first render lets it run first (`functionsLoading`): the render takes the page's only
 *   thread for a few hundred milliseconds, and the first cell's code and request would wait behind it.
 */
import type { AdsFunctions } from "./adsFunctions";
import { isCodeLoadFailure } from "../runtime/codeLoadFailure";
import { FunctionError } from "./functionError";

let loading: Promise<AdsFunctions> | null = null;

/** The functions' implementation, loaded once; a failed load is tried again on the next call. */
export function functionsCode(): Promise<AdsFunctions> {
  loading ??= import(/* webpackChunkName: "ads-functions" */ "./runtime").then(
    (m) => m.adsFunctions,
    (err: unknown) => {
      // Tried again on the next call (webpack forgets a chunk that failed).
      loading = null;
      if (!isCodeLoadFailure(err)) throw err;
      throw new FunctionError(
        "#N/A",
        "The add-in's functions could not be downloaded (the network or the add-in's server did not answer): check the network, then recalculate.",
      );
    },
  );
  return loading;
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Settles once the functions' code, if a call has started loading it, has loaded (or failed) and the
 * calls it held have had their turn; at once when no call has come; after `maxMs` at most (a stalled
 * download must not keep the pane from showing). Never rejects.
 */
export async function functionsLoading(maxMs = 1500): Promise<void> {
  if (!loading) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), maxMs)));
  const loaded = await Promise.race([
    loading.then(
      () => "loaded" as const,
      () => "failed" as const,
    ),
    late,
  ]);
  clearTimeout(timer);
  if (loaded !== "loaded") return;
  // The calls continue in the promise jobs after the load and reach the spend gate, which decides in
  // a task it sets then (spendGate.ts): two tasks later their requests have gone.
  await nextTask();
  await nextTask();
}
