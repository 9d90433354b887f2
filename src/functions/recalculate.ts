/**
 * Refresh ADS functions: every held answer is stale from now, and the workbook recalculates in full,
 * so every ADS.* cell asks for a fresh one through the spend guard (more than the planner's limit
 * asks first; the cells keep showing their held answers meanwhile).
 */
import { recalculateFully } from "../excel/fullRecalculation";

export async function refreshAdsFunctions(excel: { run: typeof Excel.run }): Promise<void> {
  // The functions' code is loaded on their first call (functions.ts): this loads it if need be.
  const { refreshFunctionAnswers } = await import(/* webpackChunkName: "ads-functions" */ "./runtime");
  refreshFunctionAnswers();
  await recalculateFully(excel);
}
