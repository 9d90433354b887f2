/** The Excel entry point src/excel works with: Office's `Excel` in Excel, the in-memory one in the preview and tests. */
export interface ExcelHost {
  run: typeof Excel.run;
}

/** Office-like errors carry a code (ItemNotFound, RequestPayloadSizeLimitExceeded, ...). */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) {
    const code = (err as Error & { code?: string }).code;
    return code && !err.message.includes(code) ? `${err.message} (${code})` : err.message;
  }
  return String(err);
}
