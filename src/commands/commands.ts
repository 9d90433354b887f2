/**
 * Ribbon commands, in the shared runtime: Refresh sheet (the active report sheet), Refresh all (every
 * report sheet and the ADS.* functions, counted first and asked for once over the planner's limit:
 * guardedRefresh.ts), Self-test (in the pane), and refresh-on-open at start-up. Open pane is a
 * ShowTaskpane action in the manifest; the Self-test and a question of the spend guard ask for the
 * pane (paneRequest.ts), and where Office does not show it the planner is told where to click. Messages go to the task pane's activity list when it is open, and always
 * to the console. The commands are registered with the page's first load; the refresh machinery
 * (report sheets, the report sources) is loaded when a refresh first runs, and for refresh on open
 * once the page has loaded and its first ADS call has its answer (the cells' code and request come
 * first on a slow link: issue #46).
 */
import type { SheetFetcher } from "../excel/reportSheets";
import { firstCallAnswered } from "../functions/excelCalls";
import { requestSelfTest } from "../runtime/selfTestRequests";
import { getConnection } from "../runtime/session";
import { spendQuestions, subscribeSpendQuestions } from "../runtime/spendGuard";
import { requestPane, type PaneHost } from "./paneRequest";

/** The report-sheet refreshes and a fetcher for them, loaded on first use. */
async function refresher() {
  const [sheets, { fetchSheetData }, { serviceClient }] = await Promise.all([
    import("../excel/reportSheets"),
    import("../runtime/reportSources"),
    import("../runtime/serviceClient"),
  ]);
  const fetcher: SheetFetcher = (source, signal) => {
    const connection = getConnection();
    if (!connection) throw new Error("Not connected: open the Ads Analytics pane and connect first");
    return fetchSheetData(serviceClient(connection), source, {
      signal,
    });
  };
  return { ...sheets, fetcher };
}

async function refreshActiveSheet(event: Office.AddinCommands.Event): Promise<void> {
  try {
    const name = await Excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getActiveWorksheet();
      sheet.load("name");
      await context.sync();
      return sheet.name;
    });
    const { refreshReport, fetcher } = await refresher();
    await refreshReport(Excel, name, fetcher, { origin: "ribbon" });
  } catch (err) {
    console.error("Refresh sheet failed:", err instanceof Error ? err.message : err);
  } finally {
    event.completed();
  }
}

async function refreshEverything(event: Office.AddinCommands.Event): Promise<void> {
  ribbonRunning += 1;
  try {
    const [{ fetcher }, guarded] = await Promise.all([refresher(), import("./guardedRefresh")]);
    const result = await guarded.refreshEverything(Excel, fetcher, { origin: "ribbon" });
    if (result.declined) console.info("Refresh all: not sent (Not now in the pane)", result.counted);
    if (result.failed.length) console.error("Refresh all:", result.failed);
  } catch (err) {
    console.error("Refresh all failed:", err instanceof Error ? err.message : err);
  } finally {
    ribbonRunning -= 1;
    event.completed();
  }
}

/**
 * Self-test: asks for the pane, whose Connect tab runs the checks and shows the report. The request
 * waits in the shared runtime until the pane's self-test takes it, so a pane opened later runs it.
 */
async function selfTest(event: Office.AddinCommands.Event): Promise<void> {
  try {
    requestSelfTest();
    await requestPane(officePaneHost, "The self-test waits in the Ads Analytics pane, on its Connect tab.");
  } finally {
    event.completed();
  }
}

/** The pane on screen, as Office last said (onVisibilityModeChanged); before it says, as the page is shown. */
let paneShown = typeof document !== "undefined" && document.visibilityState === "visible";
const paneShownWaiters = new Set<() => void>();

function notePaneShown(shown: boolean): void {
  paneShown = shown;
  if (shown) for (const wake of [...paneShownWaiters]) wake();
}

function watchPaneVisibility(): void {
  document.addEventListener("visibilitychange", () => notePaneShown(document.visibilityState === "visible"));
  Promise.resolve()
    .then(() =>
      Office.addin.onVisibilityModeChanged((args) =>
        notePaneShown(args.visibilityMode === Office.VisibilityMode.taskpane),
      ),
    )
    .catch((err: unknown) =>
      console.warn("The pane's visibility cannot be followed:", err instanceof Error ? err.message : err),
    );
}

/** Tells the planner in a small dialog: the support page's "When the add-in asks for its pane". */
function tellInDialog(text: string): Promise<void> {
  console.info(text);
  const page = new URL("help.html#open-pane", window.location.href).href;
  return new Promise((resolve, reject) =>
    Office.context.ui.displayDialogAsync(page, { height: 40, width: 30, displayInIframe: true }, (r) =>
      r.status === Office.AsyncResultStatus.Succeeded ? resolve() : reject(new Error(r.error.message)),
    ),
  );
}

/** Office's side of asking for the pane (paneRequest.ts). */
const officePaneHost: PaneHost = {
  show: () => Office.addin.showAsTaskpane(),
  shownWithin: (ms) =>
    new Promise((resolve) => {
      if (paneShown || ms <= 0) return resolve(paneShown);
      const settle = (shown: boolean) => {
        clearTimeout(timer);
        paneShownWaiters.delete(wake);
        resolve(shown);
      };
      const wake = () => settle(true);
      const timer = setTimeout(() => settle(false), ms);
      paneShownWaiters.add(wake);
    }),
  tell: tellInDialog,
};

/** Settles once the page's own files, and the code its head fetches, have arrived (its load event). */
function pageLoaded(): Promise<void> {
  if (document.readyState === "complete") return Promise.resolve();
  return new Promise((resolve) => window.addEventListener("load", () => resolve(), { once: true }));
}

/** Ribbon commands running now: a question one of them asks is told outside the pane if it stays hidden. */
let ribbonRunning = 0;

/**
 * The spend guard asks in the pane: a question that comes while the pane is closed asks for it. Asked
 * by a ribbon command, the planner is told where to click if the pane does not come; asked by the
 * cells' recalculation, the cells themselves say it (functionKit.ts, WAITING_FOR_PANE).
 */
function showPaneForQuestions(): void {
  let shown = 0;
  subscribeSpendQuestions(() => {
    const waiting = spendQuestions().length;
    if (waiting > shown) {
      const question = spendQuestions().at(-1);
      const what = `${question?.action ?? "An action"} waits for your answer in the Ads Analytics pane.`;
      if (ribbonRunning > 0) void requestPane(officePaneHost, what);
      else
        officePaneHost
          .show()
          .catch((err: unknown) =>
            console.error(
              "The pane could not open for a question:",
              err instanceof Error ? err.message : err,
            ),
          );
    }
    shown = waiting;
  });
}

Office.onReady(() => {
  watchPaneVisibility();
  showPaneForQuestions();
  Office.actions.associate("refreshSheet", refreshActiveSheet);
  Office.actions.associate("selfTest", selfTest);
  Office.actions.associate("refreshAll", refreshEverything);
  // Sheets marked "refresh when the workbook opens": the pane sets the add-in to load with the
  // document (Office.addin.setStartupBehavior) when such a sheet exists; a key must be available.
  if (getConnection())
    void pageLoaded()
      .then(() => firstCallAnswered())
      .then(() => Promise.all([refresher(), import("./guardedRefresh")]))
      .then(([{ fetcher }, guarded]) => guarded.refreshOnOpenGuarded(Excel, fetcher))
      .catch((err: unknown) =>
        console.error("Refresh on open failed:", err instanceof Error ? err.message : err),
      );
});
