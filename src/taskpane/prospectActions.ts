/**
 * Add to plan from the pane (issue #48): the rows selected on a Prospects sheet become campaign plan
 * rows for the sheet's first advertiser; the outcome said in a toast and the Activity list.
 */
import { readDefinition } from "../excel/reportStore";
import { addProspectsToPlan, selectedProspects } from "../excel/prospectsToPlan";
import type { Services } from "./services";

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

export async function addSelectedProspectsToPlan(services: Services): Promise<void> {
  const id = services.activity.start("Add to plan", "The prospects selected on the Prospects sheet");
  try {
    const { sheetName, prospects } = await selectedProspects(services.excel);
    const def = await readDefinition(services.excel, sheetName);
    const advertisers = def?.kind === "prospects" ? def.params.advertisers : undefined;
    if (!Array.isArray(advertisers) || prospects.length === 0)
      throw new Error("Select one or more rows of a Prospects sheet's table first, then choose Add to plan.");
    const advertiser = String(advertisers[0]);
    const added = await addProspectsToPlan(services.excel, prospects, advertiser);
    const done = `${prospects.length} ${prospects.length === 1 ? "show" : "shows"} added to ${added.sheetName} for ${advertiser} (rows ${added.rows[0]}–${added.rows[added.rows.length - 1]}): type each flight's type, dates and price, then Check plan.`;
    services.activity.update(id, { status: "done", endedAt: Date.now(), detail: done });
    services.notify(done, "success");
  } catch (err) {
    services.activity.update(id, { status: "failed", endedAt: Date.now(), detail: errorText(err) });
    services.notify(errorText(err), "error");
  }
}
