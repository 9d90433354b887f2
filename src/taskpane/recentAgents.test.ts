import {
  knownParamNames,
  namesForAgent,
  recentAgentLabel,
  recentAgents,
  rememberAgent,
  type RecentAgent,
} from "./recentAgents";

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

test("a picked agent fills in its names; names filled so follow the id, typed names and values stay", () => {
  const recent: RecentAgent[] = [
    { id: 1, params: ["topic"], lastRun: "2026-11-20T00:00:00Z" },
    { id: 12, params: ["region", "month"], lastRun: "2026-11-21T00:00:00Z" },
  ];
  const blank = [{ name: "", value: "" }];
  const one = namesForAgent("1", recent, blank, null)!;
  expect(one).toEqual({ pairs: [{ name: "topic", value: "" }], names: ["topic"] });
  // Typing on to 12: agent 1's names were filled, not typed, so 12's take their place.
  expect(namesForAgent("12", recent, one.pairs, one.names)).toEqual({
    pairs: [
      { name: "region", value: "" },
      { name: "month", value: "" },
    ],
    names: ["region", "month"],
  });
  // An id nobody ran: the filled names go.
  expect(namesForAgent("7", recent, one.pairs, one.names)).toEqual({ pairs: blank, names: null });
  // Typed names, or any value typed: left alone.
  expect(namesForAgent("12", recent, [{ name: "topic", value: "" }], null)).toBeNull();
  expect(namesForAgent("12", recent, [{ name: "topic", value: "sleep" }], ["topic"])).toBeNull();
  expect(namesForAgent("7", recent, blank, null)).toBeNull();
});

test("issue 49: every parameter name used with any agent is offered, once each, most recent first — to a new agent too", () => {
  const recent = [
    { id: 12, params: ["topic", "region"], lastRun: "2026-11-20T00:00:00Z" },
    { id: 3, params: ["region", "budget"], lastRun: "2026-11-01T00:00:00Z" },
  ];
  expect(knownParamNames(recent)).toEqual(["topic", "region", "budget"]);
  expect(knownParamNames([])).toEqual([]);
});
