/**
 * Add to plan from the pane (issue #48): the rows selected on a Prospects sheet become campaign plan
 * rows for one advertiser: the sheet's only one, or the one the planner names when the sheet has
 * several (a campaign is one advertiser's; the sheet's names together only measure net new reach).
 * The outcome said in a toast and the Activity list.
 */
import { readDefinition } from "../excel/store/reportRecords";
import { addProspectsToPlan, selectedProspects, type Prospect } from "../excel/prospectsToPlan";
import type { Services } from "./services";

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The Prospects form's button (ProspectsForm.tsx shows this label), and the Campaigns tab's check, as labelled. */
export const ADD_TO_PLAN_BUTTON = "Add selected prospects to plan";
const VALIDATE_BUTTON = "Validate";

/**
 * The advertiser the plan rows are for: `chosen` when it is one of the sheet's (any case), else the
 * sheet's only one; several and none chosen, or one not on the sheet, is refused in words.
 */
export function planAdvertiser(sheetAdvertisers: readonly string[], chosen = ""): string {
  const pick = chosen.trim();
  const listed = sheetAdvertisers.join(", ");
  if (pick) {
    const found = sheetAdvertisers.find((a) => a.toLowerCase() === pick.toLowerCase());
    if (!found)
      throw new Error(`${pick} is not one of this sheet's advertisers (${listed}): nothing was added.`);
    return found;
  }
  if (sheetAdvertisers.length === 1) return sheetAdvertisers[0];
  throw new Error(
    `This sheet is for ${listed}: type which one the plan rows are for in "Plan rows for", then choose ${ADD_TO_PLAN_BUTTON} again. Nothing was added.`,
  );
}

/** The plan's column a seed's directory id goes into (planColumns.ts itunesOrYtId), as labelled. */
const SHOW_ID_COLUMN = "iTunes or YouTube id";

/**
 * What Add to plan says once the rows are in the plan: where, for whom, which ids went where, and what
 * to do next. A seed's directory id went into iTunes or YouTube id; only a similar show, which has
 * none, leaves the planner its publisher (or directory id) to type, and only then is that said.
 */
export function addedText(
  prospects: readonly Pick<Prospect, "directoryId">[],
  added: { sheetName: string; rows: readonly number[] },
  advertiser: string,
): string {
  const count = prospects.length;
  const known = prospects.filter((p) => p.directoryId).length;
  const rows =
    count === 1 ? `row ${added.rows[0]}` : `rows ${added.rows[0]}–${added.rows[added.rows.length - 1]}`;
  const ids = count === 1 ? "its service show id is" : "their service show ids are";
  const directory =
    known === count
      ? `, ${count === 1 ? "its directory id" : "their directory ids"} in ${SHOW_ID_COLUMN}`
      : known === 0
        ? ` (no directory id is known for a similar show)`
        : `, the ${known === 1 ? "seed's directory id" : `${known} seeds' directory ids`} in ${SHOW_ID_COLUMN} (no directory id is known for a similar show)`;
  const next =
    known === count
      ? "type each flight's type, dates and price"
      : known === 0
        ? "type each flight's type, dates, price and publisher (or the show's directory id)"
        : "type each flight's type, dates and price, and a similar show's publisher (or its directory id)";
  return `${count} ${count === 1 ? "show" : "shows"} added to ${added.sheetName} for ${advertiser} (${rows}): ${ids} in the plan's Service show id column${directory}: ${next}, then choose ${VALIDATE_BUTTON} on the Campaigns tab.`;
}

export async function addSelectedProspectsToPlan(services: Services, chosen = ""): Promise<void> {
  const id = services.activity.start("Add to plan", "The prospects selected on the Prospects sheet");
  try {
    const { sheetName, prospects } = await selectedProspects(services.excel);
    const def = await readDefinition(services.excel, sheetName);
    const advertisers = def?.kind === "prospects" ? def.params.advertisers : undefined;
    if (!Array.isArray(advertisers) || prospects.length === 0)
      throw new Error(
        `Select one or more rows of a Prospects sheet's table first, then choose ${ADD_TO_PLAN_BUTTON}.`,
      );
    const advertiser = planAdvertiser(advertisers.map(String), chosen);
    const added = await addProspectsToPlan(services.excel, prospects, advertiser);
    const done = addedText(prospects, added, advertiser);
    services.activity.update(id, { status: "done", endedAt: Date.now(), detail: done });
    services.notify(done, "success");
  } catch (err) {
    services.activity.update(id, { status: "failed", endedAt: Date.now(), detail: errorText(err) });
    services.notify(errorText(err), "error");
  }
}
