/**
 * The name a new report sheet gets, saying what it holds: "Impressions by day, Oct", "Spend by day,
 * Aug–Oct · Acme Mattress", "Audience, last 3 months". The report's own name wins when the request
 * has one. Excel allows 31 characters: the advertiser goes first when it does not fit, then the
 * time grouping, then the period. Pure: `today` is passed in (the year is left out for the current year).
 */
import type { SheetSourceKind } from "./definition";
import { presetLabel, type DatePreset } from "./relativeDates";
import { SOURCE_LABELS } from "./statusLine";

const SHEET_CHARS = 31;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function ymdParts(s: unknown): [number, number, number] | null {
  const m = typeof s === "string" ? /^(\d{4})-(\d{2})-(\d{2})/.exec(s) : null;
  return m ? [Number(m[1]), Number(m[2]) - 1, Number(m[3])] : null;
}

/** A date range as months: "Oct", "Aug–Oct", "Dec 2025–Jan 2026", "3 Oct" for a single day. */
export function periodLabel(startDate: unknown, endDate: unknown, today: Date): string | null {
  const a = ymdParts(startDate);
  const b = ymdParts(endDate);
  if (!a && !b) return null;
  const year = today.getFullYear();
  const month = ([y, m]: [number, number, number], withYear: boolean) =>
    `${MONTHS[m]}${withYear ? ` ${y}` : ""}`;
  if (a && b && a.join() === b.join()) return `${a[2]} ${month(a, a[0] !== year)}`;
  if (a && b && a[0] === b[0] && a[1] === b[1]) return month(a, a[0] !== year);
  if (a && b && a[0] === b[0]) return `${month(a, false)}–${month(b, b[0] !== year)}`;
  if (a && b) return `${month(a, true)}–${month(b, true)}`;
  return a ? `from ${month(a, a[0] !== year)}` : `to ${month(b!, b![0] !== year)}`;
}

function advertiserOf(p: Record<string, unknown>): string | null {
  const list = Array.isArray(p.advertisers) ? p.advertisers : Array.isArray(p.advertiser) ? p.advertiser : [];
  if (typeof p.advertiser === "string" && p.advertiser.trim()) return p.advertiser.trim();
  return list.length === 1 && typeof list[0] === "string" && list[0].trim() ? list[0].trim() : null;
}

/** What the sheet holds: the report's kind, by its time grouping where it has one. */
function what(kind: SheetSourceKind, p: Record<string, unknown>): string {
  const base = SOURCE_LABELS[kind];
  if (kind === "impressions" && ["day", "week", "month"].includes(String(p.timeGrouping)))
    return `${base} by ${String(p.timeGrouping)}`;
  if (kind === "search" && typeof p.search === "string" && p.search.trim())
    return `${base} for ${p.search.trim()}`;
  if (kind === "impressionListeners" && p.episodeId !== undefined)
    return `${base}, episode ${String(p.episodeId)}`;
  if (kind === "show") return `${base} ${String(p.id)}`;
  return base;
}

export function sheetLabel(
  kind: SheetSourceKind,
  params: Record<string, unknown>,
  datePreset: DatePreset | undefined,
  today: Date = new Date(),
): string {
  if (typeof params.name === "string" && params.name.trim()) return params.name.trim();
  const head = what(kind, params);
  // A relative range rolls at each refresh: the sheet says so rather than naming months it will outgrow.
  const relative = datePreset && datePreset.kind !== "custom" && datePreset.kind !== "serviceDefault";
  const dates = datePreset?.kind === "custom" ? datePreset : params;
  const period = relative
    ? presetLabel(datePreset).toLowerCase()
    : datePreset?.kind === "serviceDefault"
      ? null
      : periodLabel(dates.startDate, dates.endDate, today);
  const who = advertiserOf(params);
  const dated = (h: string) => (period ? `${h}, ${period}` : h);
  const tries = [
    [dated(head), who].filter(Boolean).join(" · "),
    dated(head),
    dated(SOURCE_LABELS[kind]),
    head,
  ];
  return tries.find((t) => t.length <= SHEET_CHARS) ?? head;
}

/**
 * The name to offer a sheet whose request was edited: the new request's label, when the sheet still
 * bears the old request's (as the add-in named it, perhaps with a " (2)") and the two differ; none
 * when the planner named the sheet themselves or nothing in the name changed.
 */
export function renameOffer(
  sheetName: string,
  before: { kind: SheetSourceKind; params: Record<string, unknown>; datePreset?: DatePreset },
  after: { kind: SheetSourceKind; params: Record<string, unknown>; datePreset?: DatePreset },
  today: Date = new Date(),
): string | undefined {
  const old = sheetLabel(before.kind, before.params, before.datePreset, today);
  const next = sheetLabel(after.kind, after.params, after.datePreset, today);
  if (old === next) return undefined;
  // The add-in's names are cut to 31 characters and may end in " (n)": compare what fits.
  const bare = sheetName.replace(/ \(\d+\)$/, "");
  const ours = bare === old || (bare.length >= 20 && old.startsWith(bare));
  return ours ? next : undefined;
}
