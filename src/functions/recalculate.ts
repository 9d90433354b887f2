/** Clears the function cache and asks Excel to recalculate, so every ADS.* cell fetches afresh. */
import { clearFunctionCache } from "./runtime";

export async function refreshAdsFunctions(excel: { run: typeof Excel.run }): Promise<void> {
  clearFunctionCache();
  await excel.run(async (context) => {
    context.workbook.application.calculate("Full");
    await context.sync();
  });
}
