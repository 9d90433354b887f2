/** The generated world: the same seed gives the same world, and the documented fixtures exist. */
import { PLATFORMS } from "../src/api/schemas";
import { SHOW_IDS } from "./index";
import { hash, rng, uuid } from "./random";
import { ACCESSIBLE_ADVERTISERS, DEMO_ALPHA_CHANNEL, DEMO_SHOW_ID, World } from "./world";

test("the PRNG and hash are deterministic and spread over [0, 1)", () => {
  const a = rng(42);
  const b = rng(42);
  const xs = Array.from({ length: 1000 }, () => a());
  expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
  expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  expect(new Set(xs).size).toBeGreaterThan(990);
  expect(hash("abc")).toBe(hash("abc"));
  expect(hash("abc")).not.toBe(hash("abd"));
  expect(uuid(rng(1))).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});

test("two worlds built with the same scale are identical, shows and episodes alike", () => {
  const one = new World(1);
  const two = new World(1);
  expect(two.shows).toEqual(one.shows);
  expect(two.campaigns).toEqual(one.campaigns);
  for (const i of [0, 1, 57, 149]) expect(two.episodes(two.shows[i])).toEqual(one.episodes(one.shows[i]));
});

test("episodes do not depend on which shows were generated first", () => {
  const one = new World(1);
  const two = new World(1);
  one.episodes(one.shows[3]);
  expect(two.episodes(two.shows[9])).toEqual(one.episodes(one.shows[9]));
});

test("the fixture show has ≥ 200 episodes, newest first, with ads", () => {
  const world = new World();
  const show = world.findShow(DEMO_SHOW_ID)!;
  expect(show.platform).toBe("Podcast");
  const eps = world.episodes(show);
  expect(eps.length).toBeGreaterThanOrEqual(200);
  const times = eps.map((e) => Date.parse(e.uploadedAt));
  expect([...times].sort((a, b) => b - a)).toEqual(times);
  expect(eps.some((e) => e.ads.length > 0)).toBe(true);
  expect(eps.flatMap((e) => e.ads.map((a) => a.advertiser))).toEqual(
    expect.arrayContaining(["Acme Mattress", "Northwind Coffee"]),
  );
});

test("the Alpha channel id resolves to an Alpha show; every exported show id resolves to a distinct podcast", () => {
  const world = new World();
  expect(world.findShow(DEMO_ALPHA_CHANNEL)?.platform).toBe("Alpha");
  expect(SHOW_IDS.length).toBeGreaterThanOrEqual(100);
  const found = SHOW_IDS.map((id) => world.findShow(id));
  expect(found.every((s) => s !== undefined)).toBe(true);
  expect(new Set(found.map((s) => s!.index)).size).toBe(SHOW_IDS.length);
});

test("shows cover every listed platform and some titles carry text that tests writers", () => {
  const world = new World();
  const platforms = new Set(world.shows.map((s) => s.platform));
  for (const p of PLATFORMS) expect(platforms).toContain(p);
  const titles = [
    ...world.shows.map((s) => s.title),
    ...world.shows.slice(0, 30).flatMap((s) => world.episodes(s).map((e) => e.title)),
  ];
  for (const start of ["=", "+", "-", "@"]) expect(titles.some((t) => t.startsWith(start))).toBe(true);
  expect(titles.some((t) => t.includes("\n"))).toBe(true);
  expect(titles.some((t) => t.includes('"') && t.includes(","))).toBe(true);
  expect(titles.some((t) => [...t].some((ch) => ch.charCodeAt(0) > 127))).toBe(true);
});

test("scale multiplies shows and the campaigns that run through the year (plus one spring flight each)", () => {
  const small = new World(1);
  const big = new World(4);
  expect(big.shows.length).toBe(4 * small.shows.length);
  const yearLong = (w: World) => w.campaigns.filter((c) => c.end === Date.UTC(2026, 11, 31)).length;
  expect(yearLong(big)).toBe(4 * yearLong(small));
  expect(big.campaigns.length - yearLong(big)).toBe(small.campaigns.length - yearLong(small));
  for (const a of ACCESSIBLE_ADVERTISERS) expect(small.campaignsOf([a]).length).toBeGreaterThan(0);
  expect(small.campaignsOf(undefined).every((c) => ACCESSIBLE_ADVERTISERS.includes(c.advertiser))).toBe(true);
});
