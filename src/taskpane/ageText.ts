/** How long ago, in a planner's words: "just now", "12 minutes ago", "3 hours ago", "2 days ago". Pure. */
export function ageText(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  const say = (n: number, unit: string) => `${n.toLocaleString("en-US")} ${unit}${n === 1 ? "" : "s"} ago`;
  if (minutes < 1) return "just now";
  if (minutes < 60) return say(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return say(hours, "hour");
  return say(Math.floor(hours / 24), "day");
}
