/**
 * The pane's side of live staleness (issue #46): one input watch for the pane's workbook, started when
 * the pane opens (loaded then, never in the first load), read again when the Sheets tab reads the
 * workbook (reports or sets may have been made or bound meanwhile), and told nothing where this Excel
 * has no change events (the Sheets tab's reading is then how staleness is seen). It also answers
 * whether something said stale still is (the banner's check: it goes once the state it reports has).
 */
import type { ExcelHost } from "../excel/host";
import type { InputWatch } from "../excel/inputWatch";
import type { StaleTarget } from "../excel/staleListeners";

let watch: Promise<InputWatch | null> | undefined;
let watched: ExcelHost | undefined;

/** Starts watching the workbook's inputs (once a pane). */
export function startInputWatch(excel: ExcelHost): void {
  watched ??= excel;
  watch ??= Promise.all([
    import("../excel/inputWatch"),
    import(/* webpackChunkName: "ads-functions" */ "../functions/runtime"),
  ])
    .then(([{ watchInputs }, { supportsSet }]) => watchInputs(excel, supportsSet))
    .catch(() => null);
}

/** Reads again which cells are watched (the Sheets tab, after reading the workbook). */
export function refreshInputWatch(): void {
  void watch?.then((w) => w?.refresh()).catch(() => undefined);
}

/**
 * Whether `target` is stale now, its cells read again (no request): a report while its bound cells
 * give other values than its data was fetched with, or cannot give one; a set while its range gives
 * other values than its last run took in (reportSets.ts `setStaleNow`). A report or set gone since
 * is not. Where the workbook cannot be read (no watch started, a read that fails) it is taken as still
 * stale: the banner then stays until the Sheets tab is opened, as before.
 */
export async function stillStale(target: StaleTarget): Promise<boolean> {
  const excel = watched;
  if (!excel) return true;
  try {
    if (target.kind === "set") {
      const { setStaleNow } = await import("../excel/reportSets");
      return await setStaleNow(excel, target.id);
    }
    const [{ readDefinition }, { boundStatus }] = await Promise.all([
      import("../excel/reportSheets"),
      import("../excel/reportBindings"),
    ]);
    const def = await readDefinition(excel, target.sheetName);
    const status = def ? await boundStatus(excel, def) : null;
    return status !== null && (status.changed.length > 0 || status.problems.length > 0);
  } catch {
    return true;
  }
}
