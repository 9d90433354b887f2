/**
 * The pane's turn to fetch its code, as the page's head decides it (webpack.config.js, PageCodeOrder):
 * where a key is remembered, once the ADS functions' code has arrived; otherwise at once. The head marks
 * the page when the turn comes (PANE_TURN_MARK) and says so with PANE_TURN_EVENT.
 *
 * The pane's entry waits here before it imports its code. Without this wait the entry's import would
 * race Excel's first call: when Office is ready before Excel has called a function, no call is pending
 * (excelCalls.ts), and the import would fetch the pane's file beside the functions' (issue #46).
 */

/** The attribute on <html> the head sets when the pane's code may be fetched. */
export const PANE_TURN_MARK = "data-ads-pane-turn";
/** The event the head dispatches on document as it sets PANE_TURN_MARK. */
export const PANE_TURN_EVENT = "ads-pane-turn";
/** The id of the head's list of the page's code (scripts/bundle-report.js's PAGE_CODE_ID). */
const PAGE_CODE_ID = "ads-page-code";

/**
 * Settles once the head says the pane's code may be fetched; at once on a page without the head's
 * lines (the preview, tests); after `maxMs` at most (a stalled download must not keep the pane from
 * showing). Never rejects.
 */
export async function paneCodeTurn(doc: Document = document, maxMs = 1500): Promise<void> {
  if (!doc.getElementById(PAGE_CODE_ID) || doc.documentElement.hasAttribute(PANE_TURN_MARK)) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let turned = () => {};
  await new Promise<void>((resolve) => {
    turned = resolve;
    doc.addEventListener(PANE_TURN_EVENT, turned, { once: true });
    timer = setTimeout(resolve, maxMs);
  });
  clearTimeout(timer);
  doc.removeEventListener(PANE_TURN_EVENT, turned);
}
