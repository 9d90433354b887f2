import { AdsError } from "../api/errors";
import { plannerMessage } from "../api/errorWords";
import { errorCode } from "../api/excelLimits";

/** The code of an Office-like error (src/api/excelLimits.ts, so the floors below read it too). */
export { errorCode };

/** The Excel entry point src/excel works with: Office's `Excel` in Excel, the in-memory one in the preview and tests. */
export interface ExcelHost {
  run: typeof Excel.run;
}

/** A failure's message for a sheet's status and the pane: a service error in the planner's words (plannerMessage). */
export function errorMessage(err: unknown): string {
  if (err instanceof AdsError) return plannerMessage(err);
  if (err instanceof Error) {
    const code = errorCode(err);
    return code && !err.message.includes(code) ? `${err.message} (${code})` : err.message;
  }
  return String(err);
}
