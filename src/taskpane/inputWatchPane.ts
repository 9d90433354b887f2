/**
 * The pane's side of live staleness (issue #46): one input watch for the pane's workbook, started when
 * the pane opens (loaded then, never in the first load), read again when the Sheets tab reads the
 * workbook (reports or sets may have been made or bound meanwhile), and told nothing where this Excel
 * has no change events (the Sheets tab's reading is then how staleness is seen).
 */
import type { ExcelHost } from "../excel/host";
import type { InputWatch } from "../excel/inputWatch";

let watch: Promise<InputWatch | null> | undefined;

/** Starts watching the workbook's inputs (once a pane). */
export function startInputWatch(excel: ExcelHost): void {
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
