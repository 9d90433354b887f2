/**
 * The form of each report kind, as data: every parameter the spec documents, with its type, the
 * documented default to show, and whether it goes in the Advanced section. The form sends only what
 * the user set.
 */
import {
  ATTRIBUTION_MODELS,
  ATTRIBUTION_PRESETS,
  GEO_GROUPINGS,
  INCREMENTAL_DISPLAY_TYPES,
  LAG_GROUP_KEYS,
  TIME_GROUPINGS,
  WEEK_STARTS,
  type ReportKind,
} from "../api/schemas";
import { IMPRESSIONS_DEFAULTS, SHARED_SETTING_DEFAULTS, type DocumentedDefault } from "../api/defaults";
import { listToText, parseListText } from "./listText";

type FieldType = "text" | "int" | "number" | "list" | "enum" | "bool" | "fields" | "mapping";

export interface FieldSpec {
  name: string;
  label: string;
  type: FieldType;
  options?: readonly string[];
  /** What the form shows for an option whose value is a service name (mediaType → Media type). */
  optionLabels?: Readonly<Record<string, string>>;
  required?: boolean;
  advanced?: boolean;
  hint?: string;
  default?: DocumentedDefault;
  /** Remember entered names for next time (advertisers). */
  recent?: boolean;
  /** A list whose documented default is not empty, so an explicit empty list means something. */
  emptyAllowed?: boolean;
}

/** A default as the form shows it: yes/no for switches, both values where the service's two versions differ. */
const shown = (v: unknown): string => (typeof v === "boolean" ? (v ? "Yes" : "No") : String(v));
export function defaultText(spec: FieldSpec): string {
  const def = spec.default;
  const said = (v: unknown) => (typeof v === "string" ? optionText(spec, v) : shown(v));
  return def === undefined
    ? ""
    : def.value !== undefined
      ? said(def.value)
      : `${said(def.v1)} or ${said(def.v2)}, depending on the service's version`;
}

/** The attribution models and incremental display types in words (the service's values are names). */
const ATTRIBUTION_MODEL_LABELS: Record<(typeof ATTRIBUTION_MODELS)[number], string> = {
  first: "First touch",
  last: "Last touch",
  multi_linear: "Multi-touch, even",
  multi_timedecay: "Multi-touch, recent counts more",
};
const DISPLAY_TYPE_LABELS: Record<(typeof INCREMENTAL_DISPLAY_TYPES)[number], string> = {
  channel: "Channel",
  campaign: "Campaign",
  auto_serve_or_channel: "Auto-serve, else channel",
  auto_serve_or_campaign: "Auto-serve, else campaign",
};

const S = SHARED_SETTING_DEFAULTS;
const bool = (name: string, label: string): FieldSpec => ({
  name,
  label,
  type: "bool",
  advanced: true,
  default: S[name],
});
const num = (name: string, label: string): FieldSpec => ({
  name,
  label,
  type: "number",
  advanced: true,
  default: S[name],
});
const list = (name: string, label: string, emptyAllowed = false): FieldSpec => ({
  name,
  label,
  type: "list",
  advanced: true,
  default: S[name],
  emptyAllowed,
});

/** The shared attribution and simulcast settings (impressions and lag). */
const SHARED: FieldSpec[] = [
  bool("ytSimulcastConv", "Alpha simulcast conversion"),
  bool("rSimulcastConv", "Beta simulcast conversion"),
  bool("svSimulcastConv", "Gamma video simulcast conversion"),
  num("ytSimulcastConvWeight", "Alpha simulcast weight"),
  num("rSimulcastConvWeight", "Beta simulcast weight"),
  num("svSimulcastConvWeight", "Gamma simulcast weight"),
  bool("includeYtSpend", "Include Alpha spend"),
  bool("spendOnPublishDate", "Spend on publish date"),
  bool("useSettingsProfiles", "Use settings profiles"),
  num("attributionWindow", "Attribution window (days)"),
  num("attributionStreamingWindow", "Streaming window (days)"),
  num("attributionSaiWindow", "SAI window (days)"),
  {
    name: "attributionModel",
    label: "Attribution model",
    type: "enum",
    options: ATTRIBUTION_MODELS,
    optionLabels: ATTRIBUTION_MODEL_LABELS,
    advanced: true,
    default: S.attributionModel,
  },
  {
    name: "attributionPreset",
    label: "Attribution preset",
    type: "enum",
    options: ATTRIBUTION_PRESETS,
    advanced: true,
    default: S.attributionPreset,
  },
  // Their defaults hold entries (5, 10 and 9): an empty list turns them off.
  list("excludeReferrers", "Exclude referrers", true),
  list("excludeUtmMediums", "Exclude UTM mediums", true),
  list("excludeUtmSources", "Exclude UTM sources", true),
  bool("excludePriorCustomers", "Exclude prior customers"),
  bool("excludePriorVisitors", "Exclude prior visitors"),
  bool("showIncrementalResults", "Show incremental results"),
  {
    name: "incrementalDisplayType",
    label: "Incremental display type",
    type: "enum",
    options: INCREMENTAL_DISPLAY_TYPES,
    optionLabels: DISPLAY_TYPE_LABELS,
    advanced: true,
    default: S.incrementalDisplayType,
  },
  bool("timeRangeConv", "Only conversions in range"),
  bool("timeRangeConvWithWindow", "…with conversion window"),
  bool("useNonPurchasesRevenue", "Non-purchase revenue"),
  list("campaignTags", "Campaign tags"),
  bool("campaignTagsExclude", "Exclude tagged campaigns"),
];

/** The lag report's groupings in a planner's words (the service's values are field names). */
const LAG_GROUP_LABELS: Record<(typeof LAG_GROUP_KEYS)[number], string> = {
  mediaType: "Media type",
  publisher: "Publisher",
  campaigns: "Campaign",
  series: "Show",
  genres: "Genre",
  country: "Country",
};

/** An option as the form shows it. */
export const optionText = (spec: FieldSpec, option: string): string => spec.optionLabels?.[option] ?? option;

/**
 * A field's message with its options in the form's words: the service's schema lists its values
 * ("must be one of mediaType, publisher, …"), the planner reads what the list shows.
 */
export function optionWords(spec: FieldSpec, message: string): string {
  if (!spec.optionLabels || !spec.options) return message;
  return message.replace(
    /must be one of .*$/,
    `must be one of ${spec.options.map((o) => optionText(spec, o)).join(", ")}`,
  );
}

const NAME: FieldSpec = {
  name: "name",
  label: "Report name",
  type: "text",
  hint: "At most 255 characters. Ignored when the service reuses an identical cached report: to apply a new name, change the request or wait for the cache to expire.",
};
const I = IMPRESSIONS_DEFAULTS;

export const REPORT_FORMS: Record<ReportKind, { dates: boolean; fields: FieldSpec[] }> = {
  impressions: {
    dates: true,
    fields: [
      { name: "advertiser", label: "Advertisers", type: "list", recent: true, default: S.advertiser },
      { name: "fields", label: "Columns", type: "fields", default: I.fields },
      {
        name: "timeGrouping",
        label: "Time grouping",
        type: "enum",
        options: TIME_GROUPINGS,
        default: I.timeGrouping,
      },
      {
        name: "geoGrouping",
        label: "Geo grouping",
        type: "enum",
        options: GEO_GROUPINGS,
        default: I.geoGrouping,
      },
      {
        name: "weekStartsOn",
        label: "Week starts on",
        type: "enum",
        options: WEEK_STARTS,
        default: I.weekStartsOn,
      },
      {
        name: "formatting.numberFormatting",
        label: "Number formatting",
        type: "bool",
        default: I["formatting.numberFormatting"],
      },
      { name: "formatting.summary", label: "Summary block", type: "bool", default: I["formatting.summary"] },
      { name: "formatting.totals", label: "Totals row", type: "bool", default: I["formatting.totals"] },
      {
        name: "fieldMapping",
        label: "Rename columns",
        type: "mapping",
        hint: "One per line: Default header = New header",
      },
      NAME,
      {
        name: "incCiCertainty",
        label: "CI certainty (%)",
        type: "int",
        advanced: true,
        default: I.incCiCertainty,
      },
      {
        name: "aggregateEpisodicBuysPerShow",
        label: "One row per show",
        type: "bool",
        advanced: true,
        default: I.aggregateEpisodicBuysPerShow,
      },
      {
        name: "skipCampaignTransliteration",
        label: "Keep Unicode campaign names",
        type: "bool",
        advanced: true,
        default: I.skipCampaignTransliteration,
      },
      {
        name: "modelPublicSpaceIps",
        label: "Model public-space IPs",
        type: "bool",
        advanced: true,
        default: I.modelPublicSpaceIps,
      },
      { name: "modelOffline", label: "Model offline", type: "bool", advanced: true, default: I.modelOffline },
      ...SHARED,
    ],
  },
  audience: {
    dates: true,
    fields: [
      {
        name: "show",
        label: "Shows",
        type: "list",
        hint: "Series ids, directory ids, Alpha channel or playlist ids.",
      },
      {
        name: "impressionGeo",
        label: "Impression countries",
        type: "list",
        hint: "Two-letter codes, e.g. US, GB.",
      },
      {
        name: "mediaType",
        label: "Media types",
        type: "list",
        hint: "Labels as in the Aud. Size tab, e.g. CTV / OTT.",
      },
      NAME,
    ],
  },
  lag: {
    dates: true,
    fields: [
      {
        name: "advertiser",
        label: "Advertisers",
        type: "list",
        required: true,
        recent: true,
        hint: "Required; give one name (some versions of the service take exactly one).",
      },
      {
        name: "groupKey",
        label: "Group by",
        type: "enum",
        options: LAG_GROUP_KEYS,
        optionLabels: LAG_GROUP_LABELS,
        required: true,
      },
      {
        name: "actions",
        label: "Actions",
        type: "list",
        hint: "e.g. purchase, visitor, signup; empty means all.",
      },
      NAME,
      ...SHARED,
    ],
  },
  campaignsPerformance: { dates: true, fields: [NAME] },
  estimatedSpendByDay: {
    dates: true,
    fields: [{ name: "advertisers", label: "Advertisers", type: "list", required: true, recent: true }, NAME],
  },
  estimatedSpendByShowByDay: {
    dates: true,
    fields: [{ name: "advertisers", label: "Advertisers", type: "list", required: true, recent: true }, NAME],
  },
  impressionListeners: {
    dates: false,
    fields: [
      { name: "episodeId", label: "Episode id", type: "text", required: true },
      { name: "week_lb", label: "Weeks back", type: "int", default: { value: "not shown", note: "" } },
      {
        name: "advertiser",
        label: "Advertiser lookup name",
        type: "text",
        hint: "Without it, only prefix listeners are included.",
      },
    ],
  },
};

export type FormValues = Record<string, string>;

/** Builds the request parameters from the form: only fields the user set; nested names (formatting.x) become objects. */
export function paramsFromForm(fields: readonly FieldSpec[], values: FormValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const set = (name: string, value: unknown) => {
    const [head, tail] = name.split(".");
    if (tail) out[head] = { ...((out[head] as Record<string, unknown>) ?? {}), [tail]: value };
    else out[head] = value;
  };
  for (const f of fields) {
    const raw = (values[f.name] ?? "").trim();
    if (raw === "") continue;
    switch (f.type) {
      case "int":
      case "number":
        set(f.name, Number(raw));
        break;
      case "bool":
        set(f.name, raw === "true");
        break;
      case "list":
        set(f.name, parseListText(raw));
        break;
      case "fields":
        set(f.name, raw.split("\n").filter(Boolean));
        break;
      case "mapping":
        set(
          f.name,
          Object.fromEntries(
            raw
              .split("\n")
              .map((line) => line.split("=").map((s) => s.trim()))
              .filter((p) => p.length === 2 && p[0] && p[1]),
          ),
        );
        break;
      default:
        set(f.name, raw);
    }
  }
  return out;
}

/** The inverse, for Edit request: a definition's parameters back into form values. */
export function formFromParams(fields: readonly FieldSpec[], params: Record<string, unknown>): FormValues {
  const values: FormValues = {};
  for (const f of fields) {
    const [head, tail] = f.name.split(".");
    const v = tail ? (params[head] as Record<string, unknown> | undefined)?.[tail] : params[head];
    if (v === undefined || v === null) continue;
    if (f.type === "list") values[f.name] = listToText(v as unknown[]);
    else if (f.type === "fields") values[f.name] = (v as unknown[]).join("\n");
    else if (f.type === "mapping")
      values[f.name] = Object.entries(v as Record<string, string>)
        .map(([a, b]) => `${a} = ${b}`)
        .join("\n");
    else values[f.name] = String(v);
  }
  return values;
}
