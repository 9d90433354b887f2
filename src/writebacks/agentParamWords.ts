/**
 * An agent's parameter names in a planner's words (issue #49): the service takes any template
 * parameter name (api-spec.md: "a map from string to string of template parameters"), so the names
 * the Agents tab offers are those of earlier runs, spelt as the agent's author wrote them
 * (`client_name`, `startDate`, `showIds`). The pane shows them as words ("Client name", "Start date",
 * "Show ids") beside the name, and sends the name as it is. Pure.
 */

/** Words that read better than their spelling out. */
const KNOWN: Readonly<Record<string, string>> = {
  id: "Id",
  ids: "Ids",
  geo: "Country or region",
  cpm: "CPM",
  kpi: "KPI",
  url: "Web address",
  urls: "Web addresses",
  q: "Question",
};

/** A name's words: camelCase, snake_case and kebab-case split, the first word capitalised, "id" kept lower. */
export function paramWords(name: string): string {
  const n = name.trim();
  if (n === "") return "";
  const key = n.toLowerCase();
  if (Object.hasOwn(KNOWN, key)) return KNOWN[key];
  const words = n
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[\s_\-.]+/)
    .filter(Boolean)
    .map((w) => (/^[A-Z0-9]+$/.test(w) && w.length > 1 ? w : w.toLowerCase()));
  const text = words
    .map((w) => (Object.hasOwn(KNOWN, w) && w !== "id" && w !== "ids" ? KNOWN[w] : w))
    .join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What a Name box says under it: the name's words, and that the name itself is what is sent; null when they are the same. */
export function paramNameNote(name: string): string | null {
  const n = name.trim();
  const words = paramWords(n);
  return n === "" || words === n ? null : `${words} (sent as ${n})`;
}
