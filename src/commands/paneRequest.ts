/**
 * Asking for the pane from outside it (a ribbon command, a question about spending), answered whether
 * or not Office shows it. Office.addin.showAsTaskpane() is asked first; Microsoft ignores it for an
 * add-in published in its Marketplace: "As of February 23rd, 2026, the showAsTaskpane method no longer
 * applies to add-ins published in the Microsoft Marketplace. Calls to showAsTaskpane are ignored and
 * won't open the task pane." ("Show or hide the task pane of your Office Add-in",
 * learn.microsoft.com/office/dev/add-ins/develop/show-hide-add-in). The call resolves all the same, so
 * the pane's own visibility says whether it came (Office.addin.onVisibilityModeChanged); where it did
 * not, the planner is told what waits and where to click. What waits is kept in the shared runtime
 * (the spend question, the self-test's request), so the pane shows it when the planner opens it.
 * Pure: Office is behind `PaneHost` (officePaneHost in commands.ts).
 */

/** Where the pane opens, as the ribbon labels it (manifest.xml: Home tab, group, button). */
export const OPEN_PANE_WHERE = "Home → Ads Analytics → Open pane";

export interface PaneHost {
  /** Office.addin.showAsTaskpane(): may be ignored (a Marketplace add-in) and resolve all the same. */
  show(): Promise<void>;
  /** Settles true once the pane is on screen (now, or within `ms`), false if it is not by then. */
  shownWithin(ms: number): Promise<boolean>;
  /** Tells the planner, outside the pane, in these words. */
  tell(text: string): Promise<void>;
}

/** The words when the pane did not come: what waits in it, then where to click. */
export function openPaneText(what: string): string {
  return `${what} Open the pane to see it: ${OPEN_PANE_WHERE}.`;
}

/** How long the pane has to appear after showAsTaskpane before the planner is told where to click. */
const SHOW_WAIT_MS = 1500;

/**
 * Asks for the pane for `what` ("The self-test is ready to run in the Ads Analytics pane."): shown
 * if Office shows it, else the planner is told where to click. Never throws: a failed show or tell is
 * said on the console, and what waits stays in the pane.
 */
export async function requestPane(
  host: PaneHost,
  what: string,
  waitMs: number = SHOW_WAIT_MS,
): Promise<"shown" | "told"> {
  // Asked even when the pane seems shown: the page's own visibility is a guess until Office says.
  await host.show().catch((err: unknown) => console.warn("Office could not show the pane:", errorText(err)));
  if (await host.shownWithin(waitMs)) return "shown";
  await host
    .tell(openPaneText(what))
    .catch((err: unknown) => console.error(openPaneText(what), "(could not be shown:", errorText(err), ")"));
  return "told";
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));
