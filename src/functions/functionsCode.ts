/**
 * The functions' code (runtime.ts and what it needs: the client, zod, the schemas, the cards), loaded
 * on the first call of any ADS function, never with the page's first load (functions.ts registers the
 * functions, this loads their bodies). Where a key is remembered, taskpane.html fetches its files as
 * it opens (webpack.config.js, FunctionsCodePreload). Calls made while it downloads reach the spend
 * gate together once it has, long after Excel made them: the gate counts its quiet from Excel's calls
 * (excelCalls.ts, spendGate.ts; issue #46).
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
