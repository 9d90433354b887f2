/** A full recalculation of the workbook, so every ADS.* cell asks again (Refresh ADS functions, a new connection). */
import type { ExcelHost } from "./host";

export async function recalculateFully(excel: ExcelHost): Promise<void> {
  await excel.run(async (context) => {
    context.workbook.application.calculate("Full");
    await context.sync();
  });
}
