/** Recently used advertiser names, remembered in the add-in's local storage (never in the workbook). */
const KEY = "ads-analytics.recentNames";
const MAX = 20;

export function recentNames(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

export function rememberNames(names: readonly string[]): void {
  try {
    const merged = [...names, ...recentNames().filter((n) => !names.includes(n))].slice(0, MAX);
    localStorage.setItem(KEY, JSON.stringify(merged));
  } catch {
    /* storage unavailable: nothing to remember */
  }
}
