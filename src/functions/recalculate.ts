/** Clears the function cache and asks Excel to recalculate, so every ADS.* cell fetches afresh. */
import { recalculateFully } from "../excel/fullRecalculation";

export async function refreshAdsFunctions(excel: { run: typeof Excel.run }): Promise<void> {
  // The functions' code is loaded on their first call (functions.ts): this loads it if need be.
  const { clearFunctionCache } = await import(/* webpackChunkName: "ads-functions" */ "./runtime");
  clearFunctionCache();
  await recalculateFully(excel);
}
