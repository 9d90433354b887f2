/** The neutral error a function returns; the entry point maps it to CustomFunctions.Error, the preview renders it. */
export type ErrorCode = "#N/A" | "#VALUE!";

export class FunctionError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "FunctionError";
  }
}

/** A bad argument: #VALUE! naming the argument, and no request is made. */
export function badArgument(name: string, problem: string): FunctionError {
  return new FunctionError("#VALUE!", `${name}: ${problem}`);
}
