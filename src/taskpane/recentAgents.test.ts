import { recentAgentLabel, recentAgents, rememberAgent } from "./recentAgents";

function memoryStore() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
}

test("agents that started a run are offered newest first, each once, with last time's parameter names", () => {
  const s = memoryStore();
  rememberAgent(3, ["topic"], new Date("2026-11-20T10:00:00Z"), s);
  rememberAgent(7, [], new Date("2026-11-21T10:00:00Z"), s);
  rememberAgent(3, ["topic", "region"], new Date("2026-11-22T10:00:00Z"), s);
  const list = recentAgents(s);
  expect(list.map((a) => a.id)).toEqual([3, 7]);
  expect(list.map(recentAgentLabel)).toEqual([
    "last run 2026-11-22 · topic, region",
    "last run 2026-11-21 · no parameters",
  ]);
});

test("at most ten are kept; a damaged or foreign entry gives an empty list, never an error", () => {
  const s = memoryStore();
  for (let i = 1; i <= 12; i++) rememberAgent(i, [], new Date(Date.UTC(2026, 10, i)), s);
  expect(recentAgents(s).map((a) => a.id)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
  s.m.set("ads-analytics.recentAgents", "{not json");
  expect(recentAgents(s)).toEqual([]);
  s.m.set("ads-analytics.recentAgents", JSON.stringify([{ id: "x" }]));
  expect(recentAgents(s)).toEqual([]);
  expect(recentAgents(undefined)).toEqual([]);
});
