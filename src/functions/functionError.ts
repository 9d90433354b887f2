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

/** Arguments whose words are not their parameter name split at its capitals. */
const ARGUMENT_WORDS: Readonly<Record<string, string>> = {
  incCiCertainty: "Certainty",
  showFilterIds: "Show ids to search",
  maxRows: "Most rows",
};

/**
 * An argument in a planner's words (`startDate` → "Start date"): Excel's tooltip shows the parameter
 * name, the message the words it stands for (issue 39), which read as the same argument.
 */
function argumentWords(name: string): string {
  const words = ARGUMENT_WORDS[name] ?? name.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A bad argument: #VALUE! naming the argument in words, and no request is made. */
export function badArgument(name: string, problem: string): FunctionError {
  return new FunctionError("#VALUE!", `${argumentWords(name)}: ${problem}`);
}
