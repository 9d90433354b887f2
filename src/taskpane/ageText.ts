/**
 * How long ago, in a planner's words ("just now", "12 minutes ago", "3 hours ago", "2 days ago"), and
 * what the Sheets tab says of the ADS functions' held answers. Pure.
 */
import type { HeldSummary } from "../functions/requestCache";

export function ageText(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  const say = (n: number, unit: string) => `${n.toLocaleString("en-US")} ${unit}${n === 1 ? "" : "s"} ago`;
  if (minutes < 1) return "just now";
  if (minutes < 60) return say(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return say(hours, "hour");
  return say(Math.floor(hours / 24), "day");
}

/** "100 function answers held for this workbook, fetched between 5 minutes ago and 3 days ago; kept until you refresh them." */
export function heldAnswersText(
  held: HeldSummary | null,
  now: number,
  freshnessHours: number | null,
): string {
  const kept =
    freshnessHours === null
      ? "kept until you refresh them"
      : `fetched again when older than ${freshnessHours} ${freshnessHours === 1 ? "hour" : "hours"}, or when you refresh them`;
  if (!held || held.count === 0)
    return `No function answers held for this workbook yet. Answers are ${kept}.`;
  const age =
    held.count === 1 || now - held.oldest! < 60_000
      ? `fetched ${ageText(now - held.newest!)}`
      : `fetched between ${ageText(now - held.newest!)} and ${ageText(now - held.oldest!)}`;
  return `${held.count.toLocaleString("en-US")} function ${held.count === 1 ? "answer" : "answers"} held for this workbook, ${age}; ${kept}.`;
}
