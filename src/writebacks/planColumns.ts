/**
 * The columns of a campaign plan table: one row per flight, one column per field of
 * POST /api/public/campaign, then the output columns the add-in writes back.
 * Each column has its key (the service's field name, which the plan's code and plans written before
 * labels use) and its label, the header a planner reads ("Start date", "iTunes or YouTube id"). The
 * planner's inputs come first, in the order a flight is filled in; the add-in's result columns follow
 * them. Columns are found by header, never by place: a plan with the result columns after Advertiser
 * (as made before 28 Nov 2026), or with the keys as headers, is read all the same (docs/stored-formats.md).
 */
import { CAMPAIGN_TYPES, CURRENCIES, GEOS, MEDIA_TYPES } from "../api/schemas";
import { platformLabel } from "../api/platformWords";

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
  /** The service's field name (or the result's name): what the code, and plans written before labels, use. */
  header: string;
  /** The header the plan shows. */
  label: string;
  level: PlanLevel;
  kind: PlanCellKind;
  /** Values offered as an in-cell drop-down. */
  choices?: readonly string[];
  /**
   * The service's values of `choices`, where the drop-down shows words instead ("OTT / CTV" for
   * ott_ctv): a cell holding either is sent as the value.
   */
  serviceValues?: readonly string[];
  /** True when the spec says further values exist, so the drop-down only warns. */
  openChoices?: boolean;
  /** Shown as the data-validation prompt. */
  hint?: string;
}

export const PLAN_COLUMNS: readonly PlanColumn[] = [
  {
    header: "name",
    label: "Campaign name",
    level: "campaign",
    kind: "text",
    hint: "Campaign name (required)",
  },
  {
    header: "advertiser",
    label: "Advertiser",
    level: "campaign",
    kind: "text",
    hint: "Advertiser (required)",
  },
  {
    header: "publisher",
    label: "Publisher",
    level: "campaign",
    kind: "text",
    hint: "Publisher lookup name; optional when the iTunes or YouTube id is given",
  },
  { header: "type", label: "Type", level: "campaign", kind: "text", choices: CAMPAIGN_TYPES },
  {
    header: "startDate",
    label: "Start date",
    level: "flight",
    kind: "date",
    hint: "DAI flights: start date",
  },
  { header: "endDate", label: "End date", level: "flight", kind: "date", hint: "DAI flights: end date" },
  {
    header: "expectedDate",
    label: "Expected air date",
    level: "flight",
    kind: "date",
    hint: "Baked-in flights: expected air date",
  },
  { header: "totalCost", label: "Total cost", level: "flight", kind: "number" },
  { header: "cpm", label: "CPM", level: "flight", kind: "number" },
  { header: "currency", label: "Currency", level: "flight", kind: "text", choices: CURRENCIES },
  { header: "expectedImpressions", label: "Expected impressions", level: "flight", kind: "number" },
  { header: "externalId", label: "External id", level: "campaign", kind: "text" },
  {
    header: "itunesOrYtId",
    label: "iTunes or YouTube id",
    level: "campaign",
    kind: "text",
    hint: "Directory id, Alpha channel id or Alpha playlist id",
  },
  { header: "geo", label: "Geo", level: "campaign", kind: "text", choices: GEOS, openChoices: true },
  {
    header: "expectedUnits",
    label: "Expected ad units",
    level: "campaign",
    kind: "units",
    hint: "position:seconds pairs, e.g. pre:30, mid:60",
  },
  { header: "promo", label: "Promo", level: "campaign", kind: "text" },
  { header: "expectedLandingUrl", label: "Expected landing URL", level: "campaign", kind: "text" },
  { header: "product", label: "Product", level: "campaign", kind: "text" },
  { header: "initiative", label: "Initiative", level: "campaign", kind: "text" },
  {
    header: "expectedTalkingPoints",
    label: "Expected talking points",
    level: "campaign",
    kind: "list",
    hint: "Comma-separated",
  },
  {
    header: "disallowedTalkingPoints",
    label: "Disallowed talking points",
    level: "campaign",
    kind: "list",
    hint: "Comma-separated",
  },
  {
    header: "mediaType",
    label: "Media type",
    level: "campaign",
    kind: "text",
    choices: MEDIA_TYPES.map(platformLabel),
    serviceValues: MEDIA_TYPES,
    openChoices: true,
  },
  { header: "tags", label: "Tags", level: "campaign", kind: "list", hint: "Comma-separated" },
  { header: "scriptUrl", label: "Script URL", level: "campaign", kind: "text" },
  { header: "teamMembers", label: "Team members", level: "campaign", kind: "list", hint: "Comma-separated" },
  { header: "creativeIds", label: "Creative ids", level: "campaign", kind: "list", hint: "Comma-separated" },
  {
    header: "billToPublisher",
    label: "Bill to publisher",
    level: "campaign",
    kind: "boolean",
    choices: ["TRUE", "FALSE"],
  },
  // The add-in's result columns, after every column the planner fills in (a plan made before
  // 28 Nov 2026 has them after Advertiser: read all the same, by header).
  { header: "status", label: "Status", level: "output", kind: "text" },
  { header: "id", label: "Campaign id", level: "output", kind: "text" },
  { header: "createdExternalId", label: "Created external id", level: "output", kind: "text" },
  { header: "createdAt", label: "Created", level: "output", kind: "date" },
  { header: "validation", label: "Problems", level: "output", kind: "text" },
];

export const PLAN_HEADERS: readonly string[] = PLAN_COLUMNS.map((c) => c.header);

/** The headers a new plan shows, in its columns' order. */
export const PLAN_LABELS: readonly string[] = PLAN_COLUMNS.map((c) => c.label);

const BY_TEXT = new Map<string, PlanColumn>(
  PLAN_COLUMNS.flatMap((c) => [
    [c.label.toLowerCase(), c],
    [c.header.toLowerCase(), c],
  ]),
);

/** The column a header cell names, by its label or (a plan written before labels) its key; case aside. */
export function planColumnOf(text: unknown): PlanColumn | undefined {
  return BY_TEXT.get(String(text).trim().toLowerCase());
}

/** A column's label from its key ("startDate" → "Start date"); an unknown key as it is. */
export function planLabel(key: string): string {
  return PLAN_COLUMNS.find((c) => c.header === key)?.label ?? key;
}

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
