/**
 * Platforms and media types in a planner's words: what a sheet, a list or a hint shows for the
 * service's value (`sociala` → "SocialA", `radio_show` → "Radio show", `ott_ctv` → "OTT / CTV"). The
 * service's value is still what is sent and stored (api-spec.md); these are only what a planner reads,
 * and a planner's word typed back (a form, a plan's drop-down) is taken as its value.
 */

/** The spec's platform names (its naming tokens), and its media types' values, in words. */
const WORDS: Readonly<Record<string, string>> = {
  all: "All platforms",
  podcast: "Podcast",
  radio: "Radio",
  radio_show: "Radio show",
  alpha: "Alpha",
  beta: "Beta",
  gamma: "Gamma",
  sociala: "SocialA",
  socialb: "SocialB",
  socialc: "SocialC",
  sociald: "SocialD",
  simulcast: "Simulcast",
  streaming: "Streaming",
  sai: "SAI",
  ott_ctv: "OTT / CTV",
  display: "Display",
  video: "Video",
  display_video: "Display and video",
};

/** A platform or media type as a planner reads it; an unknown value is spelt out ("new_thing" → "New thing"). */
export function platformLabel(value: string): string {
  const key = value.trim().toLowerCase();
  if (Object.hasOwn(WORDS, key)) return WORDS[key];
  const words = value.trim().replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A planner's word (or the service's own value) back to the value the service takes, among `values`. */
export function platformValue(text: string, values: readonly string[]): string {
  const t = text.trim().toLowerCase();
  return values.find((v) => v.toLowerCase() === t || platformLabel(v).toLowerCase() === t) ?? text.trim();
}

/** A cell's platform: words for a string, anything else as it is. */
export function platformCell<T>(value: T): T | string {
  return typeof value === "string" && value !== "" ? platformLabel(value) : value;
}

/** The search's media types the spec lists (`all` means no filter). */
export const SEARCH_MEDIA_TYPES = ["all", "podcast", "alpha", "radio", "radio_show", "beta"] as const;
