/**
 * Agents run from this computer, for the Agents tab to offer: the service lists no agents (its
 * documentation shows only an agent's integer id), so the pane remembers the ones that started a
 * run here, newest first, with the parameter names used last time. Kept in the add-in's local
 * storage, never in the workbook.
 */
import { z } from "zod";

const KEY = "ads-analytics.recentAgents";
const MAX = 10;

const recentAgentSchema = z.object({
  id: z.number().int().positive(),
  /** The parameter names of the last run, in order. */
  params: z.array(z.string()),
  /** When it last started a run (ISO). */
  lastRun: z.string(),
});
export type RecentAgent = z.infer<typeof recentAgentSchema>;

type Store = Pick<Storage, "getItem" | "setItem">;
const local = (): Store | undefined => (typeof localStorage === "undefined" ? undefined : localStorage);

export function recentAgents(store: Store | undefined = local()): RecentAgent[] {
  try {
    const parsed = z.array(recentAgentSchema).safeParse(JSON.parse(store?.getItem(KEY) ?? "[]"));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** Called when a run started: the agent goes to the top of the list with these parameter names. */
export function rememberAgent(
  id: number,
  params: readonly string[],
  now: Date = new Date(),
  store: Store | undefined = local(),
): void {
  const entry: RecentAgent = { id, params: [...params], lastRun: now.toISOString() };
  const list = [entry, ...recentAgents(store).filter((a) => a.id !== id)].slice(0, MAX);
  try {
    store?.setItem(KEY, JSON.stringify(list));
  } catch {
    /* storage unavailable or full: nothing to remember */
  }
}

/**
 * Every parameter name used with any agent here, most recent first, once each: what every Name box
 * offers, so a new agent (or one not run from this computer yet) is offered names too.
 */
export function knownParamNames(recent: readonly RecentAgent[]): string[] {
  return [...new Set(recent.flatMap((a) => a.params))];
}

/** "last run 2026-11-20 · topic, region": what the suggestion under the id says. */
export function recentAgentLabel(a: RecentAgent): string {
  const day = a.lastRun.slice(0, 10);
  return `last run ${day}${a.params.length ? ` · ${a.params.join(", ")}` : " · no parameters"}`;
}

/**
 * The parameter rows when the Agent id reads `text`: a remembered agent's names from last time,
 * while no value is typed and the names there were filled in so (`filled`), not typed (typing "1"
 * on the way to "12" fills 1's names, then 12's). Null: leave the rows as they are.
 */
export function namesForAgent(
  text: string,
  recent: readonly RecentAgent[],
  pairs: readonly { name: string; value: string }[],
  filled: readonly string[] | null,
): { pairs: { name: string; value: string }[]; names: string[] | null } | null {
  const names = pairs.map((p) => p.name.trim()).filter(Boolean);
  const ours = filled !== null && names.join("\n") === filled.join("\n");
  if (pairs.some((p) => p.value.trim() !== "") || (names.length > 0 && !ours)) return null;
  const next = recent.find((a) => String(a.id) === text.trim())?.params ?? [];
  if (next.length === 0 && names.length === 0) return null;
  return {
    pairs: next.length ? next.map((name) => ({ name, value: "" })) : [{ name: "", value: "" }],
    names: next.length ? [...next] : null,
  };
}
