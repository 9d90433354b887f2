/**
 * Ribbon commands, in the shared runtime: Refresh sheet (the active report sheet), Refresh all (every
 * report sheet and the ADS.* functions, counted first and asked for once over the planner's limit:
 * guardedRefresh.ts), Self-test (in the pane), and refresh-on-open at start-up. Open pane is a
 * ShowTaskpane action in the manifest; the pane also opens by itself when the spend guard has a
 * question for the planner. Messages go to the task pane's activity list when it is open, and always
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
  try {
    const [{ fetcher }, guarded] = await Promise.all([refresher(), import("./guardedRefresh")]);
    const result = await guarded.refreshEverything(Excel, fetcher, { origin: "ribbon" });
    if (result.declined) console.info("Refresh all: not sent (Not now in the pane)", result.counted);
    if (result.failed.length) console.error("Refresh all:", result.failed);
  } catch (err) {
    console.error("Refresh all failed:", err instanceof Error ? err.message : err);
  } finally {
    event.completed();
  }
}

/** Self-test: shows the pane, whose Connect tab runs the checks and shows the report. */
async function selfTest(event: Office.AddinCommands.Event): Promise<void> {
  try {
    await Office.addin.showAsTaskpane();
    requestSelfTest();
  } catch (err) {
    console.error("Self-test could not start:", err instanceof Error ? err.message : err);
  } finally {
    event.completed();
  }
}

/** Settles once the page's own files, and the code its head fetches, have arrived (its load event). */
function pageLoaded(): Promise<void> {
  if (document.readyState === "complete") return Promise.resolve();
  return new Promise((resolve) => window.addEventListener("load", () => resolve(), { once: true }));
}

/** The spend guard asks in the pane: a question that comes while the pane is closed opens it. */
function showPaneForQuestions(): void {
  let shown = 0;
  subscribeSpendQuestions(() => {
    const waiting = spendQuestions().length;
    if (waiting > shown)
      Promise.resolve()
        .then(() => Office.addin.showAsTaskpane())
        .catch((err: unknown) =>
          console.error("The pane could not open for a question:", err instanceof Error ? err.message : err),
        );
    shown = waiting;
  });
}

Office.onReady(() => {
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
