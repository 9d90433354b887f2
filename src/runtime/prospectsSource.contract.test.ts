/** A prospect search against the sandbox: the requests it sends, the ranking, and its refusals in words. */
import { AuthenticationError } from "../api/errors";
import {
  DIRECTORY_ID,
  prospectParamsSchema,
  prospectSpend,
  PROSPECT_COLUMNS,
  SERVICE_ID_STORED,
} from "../reports/prospects";
import { startSandbox } from "../../test/support/sandbox";
import { prospectsTable } from "./prospectsSource";

let s: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  s = await startSandbox();
});
afterAll(() => s.close());

const col = (name: string) => PROSPECT_COLUMNS.findIndex(([n]) => n === name);

test("requests sent equal the count confirmed: one a seed, one a candidate", async () => {
  const params = {
    advertisers: ["Acme Mattress"],
    seeds: ["1200000003", "1200000010"],
    count: 12,
    competitors: ["Globex Bank"],
  };
  const spend = prospectSpend(prospectParamsSchema.parse(params));
  const before = s.sandbox.requests("demo-pro");
  const notes: string[] = [];
  const confirmed: number[] = [];
  const table = await prospectsTable(s.client(), params, {
    onNote: (n) => notes.push(n),
    confirmSpend: (r) => {
      // Asked after the seeds answered, before any candidate was sent.
      expect(s.sandbox.requests("demo-pro") - before).toBe(spend.requests);
      confirmed.push(r.requests);
      return Promise.resolve(true);
    },
  });
  expect(spend).toMatchObject({ requests: 2, exact: true });
  expect(confirmed).toEqual([12]);
  expect(s.sandbox.requests("demo-pro") - before).toBe(spend.requests + 12);
  expect(table.rows).toHaveLength(14);
  const marked = table.rows.filter((r) => String(r[col("Marked")]).includes("Seed"));
  expect(marked).toHaveLength(2);
  // Net new listeners are listeners × net new reach.
  for (const r of table.rows) {
    const l = r[col("Monthly listeners")] as number;
    const nnr = r[col("Net new reach")] as number;
    expect(r[col("Net new listeners")]).toBe(Math.round(l * nnr));
  }
  expect(table.rows.some((r) => r[col("Competitors there")] === "Globex Bank")).toBe(true);
  expect(table.rows.some((r) => r[col("Already runs there")] === "Yes")).toBe(true);
  expect(table.rows.some((r) => r[col("Already runs there")] === "No")).toBe(true);
});

test("issue 57: a seed is listed by the directory id typed, every row by the service's own show id, each in its own column", async () => {
  const table = await prospectsTable(s.client(), {
    advertisers: ["Acme Mattress"],
    seeds: ["1200000003", "1200000010"],
    count: 4,
  });
  const names = table.columns.map((c) => c.name);
  expect(names.slice(0, 3)).toEqual(["Show", DIRECTORY_ID, SERVICE_ID_STORED]);
  const seeds = table.rows.filter((r) => String(r[col("Marked")]).startsWith("Seed"));
  expect(seeds.map((r) => r[col(DIRECTORY_ID)]).sort()).toEqual(["1200000003", "1200000010"]);
  for (const r of seeds) expect(r[col(SERVICE_ID_STORED)]).not.toBe(r[col(DIRECTORY_ID)]);
  const candidates = table.rows.filter((r) => !String(r[col("Marked")]).startsWith("Seed"));
  expect(candidates.length).toBeGreaterThan(0);
  for (const r of candidates) {
    expect(r[col(DIRECTORY_ID)]).toBeNull();
    expect(String(r[col(SERVICE_ID_STORED)])).toMatch(/^\d+$/);
  }
});

test("filters leave candidates out and say how many; seeds stay", async () => {
  const notes: string[] = [];
  const table = await prospectsTable(
    s.client(),
    {
      advertisers: ["Acme Mattress"],
      seeds: ["1200000003"],
      count: 20,
      maxContentRisk: "low",
      minListeners: 100_000,
    },
    { onNote: (n) => notes.push(n) },
  );
  expect(notes[0]).toMatch(/^\d+ of 20 candidates were left out by the filters\.$/);
  for (const r of table.rows.filter(
    (x) => x[col("Marked")] !== "Seed" && !String(x[col("Marked")]).startsWith("Seed"),
  ))
    expect(["minimal", "low"]).toContain(r[col("Content risk")]);
  expect(table.rows.some((r) => String(r[col("Marked")]).startsWith("Seed"))).toBe(true);
});

test("a seed with no similar shows, and an advertiser the key may not see, are said in words", async () => {
  await expect(
    prospectsTable(s.client(), {
      advertisers: ["Acme Mattress"],
      seeds: ["UCdemo0000000000000001"],
      count: 5,
    }),
  ).rejects.toThrow(/has no similar shows/);
  const before = s.sandbox.requests("demo-pro");
  await expect(
    prospectsTable(s.client(), { advertisers: ["Globex Bank"], seeds: ["1200000003"], count: 5 }),
  ).rejects.toBeInstanceOf(AuthenticationError);
  // Refused at the first request: no candidate was asked.
  expect(s.sandbox.requests("demo-pro") - before).toBe(1);
});

test("more than 10 advertiser names never leave the add-in", () => {
  expect(() =>
    prospectParamsSchema.parse({ advertisers: Array.from({ length: 11 }, (_, i) => `a${i}`), seeds: ["1"] }),
  ).toThrow(/at most 10 names/);
});
