/**
 * The campaign performance report's JSON cells (Airchecks, the list of ads, AutoServe's settings)
 * as a line a planner reads: "2 airchecks: Show – Episode at 12:30 (60 s, mid, read by Host,
 * score 0.92); …". The service's own objects are not shown: a cell is not a place to read JSON.
 * The catalogue gives these columns the kind "json". A cell that is not JSON keeps its text; JSON of
 * another shape than the documented one is still read as words, every value kept; only the ids and
 * links the documentation names (LEFT_OUT) and items past the tenth are not shown.
 */
import { z } from "zod";

/** Items listed in one cell; the rest are counted ("and 4 more"). */
const LISTED = 10;
/** Excel's limit on the characters of a cell. */
const CELL_CHARS = 32_767;

/**
 * The documented keys a line leaves out (ids, links, lengths of the episode): they are in the
 * service. Any key not documented is kept, read as words after the line.
 */
const LEFT_OUT = new Set([
  "episodeGuid",
  "episodeLength",
  "transcriptUrl",
  "adId",
  "episodeId",
  "endTs",
  "episodeDuration",
  "episodeUrlInFeed",
  "publicLink",
  "transcriptLink",
]);

const text = z.union([z.string(), z.number()]).nullish();
const seconds = z.number().nullish();
const aircheck = z.object({
  showTitle: text,
  episodeTitle: text,
  adTimestamp: seconds,
  adLength: seconds,
  unit: text,
  readBy: text,
  readScore: z.number().nullish(),
});
const ad = z.object({
  showTitle: text,
  episodeTitle: text,
  publishedAt: text,
  startTs: seconds,
  adDuration: seconds,
  platform: text,
  placementNum: z.number().nullish(),
  placementPercent: z.number().nullish(),
});

/** Seconds as h:mm:ss or m:ss, as a player shows a position in an episode. */
function clock(s: number): string {
  const whole = Math.max(0, Math.round(s));
  const [h, m, sec] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const two = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

const present = (v: unknown): v is string | number => v !== null && v !== undefined && v !== "";
const join = (parts: unknown[], sep: string) => parts.filter(present).join(sep);

function where(show: unknown, episode: unknown): string {
  return join([show, present(episode) ? `“${String(episode)}”` : null], " – ") || "an episode";
}

function aircheckLine(a: z.infer<typeof aircheck>): string {
  const details = join(
    [
      present(a.adLength) ? `${a.adLength} s` : null,
      a.unit,
      present(a.readBy) ? `read by ${a.readBy}` : null,
      present(a.readScore) ? `score ${a.readScore}` : null,
    ],
    ", ",
  );
  const at = present(a.adTimestamp) ? ` at ${clock(a.adTimestamp)}` : "";
  return `${where(a.showTitle, a.episodeTitle)}${at}${details ? ` (${details})` : ""}`;
}

function adLine(a: z.infer<typeof ad>): string {
  const details = join(
    [
      a.publishedAt,
      present(a.adDuration) ? `${a.adDuration} s` : null,
      a.platform,
      present(a.placementNum) ? `placement ${a.placementNum}` : null,
      present(a.placementPercent) ? `${a.placementPercent} % in` : null,
    ],
    ", ",
  );
  const at = present(a.startTs) ? ` at ${clock(a.startTs)}` : "";
  return `${where(a.showTitle, a.episodeTitle)}${at}${details ? ` (${details})` : ""}`;
}

/** "frequencyCap" → "frequency cap". */
const words = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase();

/** An object, or a list holding one: in brackets inside another, so its "; " stay its own. */
const nested = (x: unknown): boolean =>
  x !== null &&
  typeof x === "object" &&
  (!Array.isArray(x) || x.some((y) => y !== null && typeof y === "object"));

/** Any JSON value as words: objects as "key: value; …", lists joined by commas. */
function plain(v: unknown): string {
  if (Array.isArray(v)) return v.map(plain).join(", ");
  if (v !== null && typeof v === "object")
    return Object.entries(v)
      .filter(([, x]) => x !== null && x !== undefined && x !== "")
      .map(([k, x]) => `${words(k)}: ${nested(x) ? `(${plain(x)})` : plain(x)}`)
      .join("; ");
  return v === null || v === undefined ? "" : String(v);
}

function listed(items: string[], noun: [string, string]): string {
  if (items.length === 0) return "";
  const shown = items.slice(0, LISTED).join("; ");
  const more = items.length > LISTED ? `; and ${items.length - LISTED} more` : "";
  return `${items.length} ${items.length === 1 ? noun[0] : noun[1]}: ${shown}${more}`;
}

function parsed(cell: string): unknown {
  const t = cell.trim();
  if (!/^[[{]/.test(t)) return undefined;
  try {
    return JSON.parse(t) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * One item of a documented list as its line, with any key the documentation does not name read as
 * words after it; an item holding none of the keys its line shows is read plainly, every value kept.
 */
function itemLine<T extends z.ZodObject>(shape: T, line: (x: z.infer<T>) => string, item: unknown): string {
  const read = shape.safeParse(item);
  const keys = Object.keys(shape.shape);
  const record = item as Record<string, unknown>;
  if (!read.success || !keys.some((k) => present(record[k]))) return plain(item);
  const rest = Object.fromEntries(
    Object.entries(record).filter(([k]) => !keys.includes(k) && !LEFT_OUT.has(k)),
  );
  const more = plain(rest);
  return more ? `${line(read.data)}; ${more}` : line(read.data);
}

/** The cell under the CSV header `header` as a planner reads it; other text is returned as it is. */
export function readableJsonCell(header: string, cell: string): string {
  const value = parsed(cell);
  if (value === undefined) return cell;
  let out: string;
  const list = Array.isArray(value) ? (value as unknown[]) : null;
  if (header === "Airchecks" && list)
    out = listed(
      list.map((x) => itemLine(aircheck, aircheckLine, x)),
      ["aircheck", "airchecks"],
    );
  else if (header === "Ads (JSON)" && list)
    out = listed(
      list.map((x) => itemLine(ad, adLine, x)),
      ["ad", "ads"],
    );
  else if (list) out = listed(list.map(plain), ["item", "items"]);
  else out = plain(value);
  return out.length > CELL_CHARS ? `${out.slice(0, CELL_CHARS - 1)}…` : out;
}
