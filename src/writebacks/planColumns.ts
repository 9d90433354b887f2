/**
 * The columns of a campaign plan table: one row per flight, one column per field of
 * POST /api/public/campaign, then the output columns the add-in writes back.
 * Headers are the service's field names so a plan reads like the request it becomes.
 */
import { CAMPAIGN_TYPES, CURRENCIES, GEOS, MEDIA_TYPES } from "../api/schemas";

/** How a cell is read. */
export type PlanCellKind =
  | "text"
  | "number"
  | "date"
  | "list" // comma-separated strings
  | "units" // "pre:30, mid:60"
  | "boolean";

/** campaign: shared by all flights of a campaign; flight: one value per row; output: written by the add-in. */
type PlanLevel = "campaign" | "flight" | "output";

export interface PlanColumn {
  header: string;
  level: PlanLevel;
  kind: PlanCellKind;
  /** Values offered as an in-cell drop-down. */
  choices?: readonly string[];
  /** True when the spec says further values exist, so the drop-down only warns. */
  openChoices?: boolean;
  /** Shown as the data-validation prompt. */
  hint?: string;
}

export const PLAN_COLUMNS: readonly PlanColumn[] = [
  { header: "name", level: "campaign", kind: "text", hint: "Campaign name (required)" },
  { header: "advertiser", level: "campaign", kind: "text", hint: "Advertiser (required)" },
  {
    header: "publisher",
    level: "campaign",
    kind: "text",
    hint: "Publisher lookup name; optional when itunesOrYtId is given",
  },
  { header: "type", level: "campaign", kind: "text", choices: CAMPAIGN_TYPES },
  { header: "startDate", level: "flight", kind: "date", hint: "DAI flights: start date" },
  { header: "endDate", level: "flight", kind: "date", hint: "DAI flights: end date" },
  { header: "expectedDate", level: "flight", kind: "date", hint: "Baked-in flights: expected air date" },
  { header: "totalCost", level: "flight", kind: "number" },
  { header: "cpm", level: "flight", kind: "number" },
  { header: "currency", level: "flight", kind: "text", choices: CURRENCIES },
  { header: "expectedImpressions", level: "flight", kind: "number" },
  { header: "externalId", level: "campaign", kind: "text" },
  {
    header: "itunesOrYtId",
    level: "campaign",
    kind: "text",
    hint: "Directory id, Alpha channel id or Alpha playlist id",
  },
  { header: "geo", level: "campaign", kind: "text", choices: GEOS, openChoices: true },
  {
    header: "expectedUnits",
    level: "campaign",
    kind: "units",
    hint: "position:seconds pairs, e.g. pre:30, mid:60",
  },
  { header: "promo", level: "campaign", kind: "text" },
  { header: "expectedLandingUrl", level: "campaign", kind: "text" },
  { header: "product", level: "campaign", kind: "text" },
  { header: "initiative", level: "campaign", kind: "text" },
  { header: "expectedTalkingPoints", level: "campaign", kind: "list", hint: "Comma-separated" },
  { header: "disallowedTalkingPoints", level: "campaign", kind: "list", hint: "Comma-separated" },
  { header: "mediaType", level: "campaign", kind: "text", choices: MEDIA_TYPES, openChoices: true },
  { header: "tags", level: "campaign", kind: "list", hint: "Comma-separated" },
  { header: "scriptUrl", level: "campaign", kind: "text" },
  { header: "teamMembers", level: "campaign", kind: "list", hint: "Comma-separated" },
  { header: "creativeIds", level: "campaign", kind: "list", hint: "Comma-separated" },
  { header: "billToPublisher", level: "campaign", kind: "boolean", choices: ["TRUE", "FALSE"] },
  { header: "status", level: "output", kind: "text" },
  { header: "id", level: "output", kind: "text" },
  { header: "createdExternalId", level: "output", kind: "text" },
  { header: "createdAt", level: "output", kind: "date" },
  { header: "validation", level: "output", kind: "text" },
];

export const PLAN_HEADERS: readonly string[] = PLAN_COLUMNS.map((c) => c.header);

/** Headers of the columns the planner fills in (not the ones the add-in writes back). */
export const INPUT_HEADERS: ReadonlySet<string> = new Set(
  PLAN_COLUMNS.filter((c) => c.level !== "output").map((c) => c.header),
);

/**
 * A status starting with this marks a row whose campaign may or may not exist on the service (a
 * timeout, a lost connection, a 5xx, an answer without its id). Such rows are held: never sent
 * again until the planner has checked the service and cleared the status.
 */
export const HOLD_PREFIX = "Check:";
