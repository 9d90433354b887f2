/** The Excel entry point src/excel works with: Office's `Excel` in Excel, the in-memory one in the preview and tests. */
export interface ExcelHost {
  run: typeof Excel.run;
}

/** The code of an Office-like error (ItemNotFound, ResponsePayloadSizeLimitExceeded, ...), if any. */
export function errorCode(err: unknown): string | undefined {
  return typeof err === "object" && err !== null && "code" in err
    ? String((err as { code: unknown }).code)
    : undefined;
}

export function errorMessage(err: unknown): string {
  if (err instanceof Error) {
    const code = errorCode(err);
    return code && !err.message.includes(code) ? `${err.message} (${code})` : err.message;
  }
  return String(err);
}
