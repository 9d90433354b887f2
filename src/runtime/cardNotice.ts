/**
 * Where this Excel cannot show data types from functions (numberShape.ts says "plain"), ADS.SHOWCARD
 * and ADS.ADVERTISERCARD answer with the title as text, and the pane says why, once per runtime
 * (docs/excel-fidelity.md, row 45). A note made before the pane listens waits for it.
 */
export const CARDS_NOT_SHOWN =
  "Cards show as plain titles in this Excel: ADS.SHOWCARD and ADS.ADVERTISERCARD need data types from functions (ExcelApi 1.16 and custom functions runtime 1.4: Excel on the web, Microsoft 365 version 2208 or later, Excel for Mac 16.64 or later). ADS.SHOW reads a show's fields one by one.";

let noted = false;
let told = false;
let listener: ((message: string) => void) | null = null;

function tell(): void {
  if (!noted || told || !listener) return;
  told = true;
  listener(CARDS_NOT_SHOWN);
}

/** A card function answered with text: the pane hears why, the first time only. */
export function noteCardsNotShown(): void {
  noted = true;
  tell();
}

/** The pane's listener (one at a time); returns the unsubscribe. */
export function onCardsNotShown(fn: (message: string) => void): () => void {
  listener = fn;
  tell();
  return () => {
    if (listener === fn) listener = null;
  };
}
