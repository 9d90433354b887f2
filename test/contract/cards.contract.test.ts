/**
 * ADS.SHOWCARD and ADS.ADVERTISERCARD against the real sandbox: a card spends as the other functions
 * (one request per show, shared with SHOW; held until refreshed), and where this Excel cannot show
 * data types the same call answers with the title as text and the pane hears why once.
 */
import { AdsClient } from "../../src/api/client";
import { createAdsFunctions } from "../../src/functions/adsFunctions";
import { RequestCache } from "../../src/functions/requestCache";
import type { NumberShape } from "../../src/runtime/numberShape";
import { SHOW_IDS } from "../../sandbox/index";
import { startSandbox } from "../support/sandbox";

let s: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  s = await startSandbox();
});
afterAll(() => s.close());

function functions(shapeHere: NumberShape = "Double") {
  const client = new AdsClient({ baseUrl: s.url, apiKey: "demo-pro", maxRetries: 0 });
  const cache = new RequestCache({ concurrency: 4 });
  const notes: string[] = [];
  const fns = createAdsFunctions({
    client: () => client,
    cache,
    numberShape: () => shapeHere,
    cardsNotShown: () => notes.push("not shown"),
  });
  return { fns, cache, notes };
}

const sent = () => s.sandbox.requests("demo-pro");

test("a show card is the show's one request, shared with SHOW and SHOWLISTENERS, held until refreshed", async () => {
  const { fns, cache } = functions();
  const id = SHOW_IDS[5];
  const before = sent();
  const [card, listeners] = await Promise.all([
    fns.SHOWCARD(id),
    fns.SHOWLISTENERS(id),
    fns.SHOW(id, "adLoad"),
    fns.SHOWCARD(id),
  ]);
  expect(sent() - before).toBe(1);
  expect(typeof card).toBe("object");
  const entity = card as Excel.EntityCellValue;
  expect(entity.type).toBe("Entity");
  expect(entity.properties?.["Monthly listeners"]).toMatchObject({ basicValue: listeners });
  await fns.SHOWCARD(id);
  expect(sent() - before).toBe(1);
  cache.refresh();
  await fns.SHOWCARD(id);
  expect(sent() - before).toBe(2);
});

test("an advertiser card is one request of its ads, held: its shows and spend come from them", async () => {
  const { fns } = functions();
  const before = sent();
  const card = (await fns.ADVERTISERCARD("Acme Mattress")) as Excel.EntityCellValue;
  await fns.ADVERTISERCARD("Acme Mattress");
  expect(sent() - before).toBe(1);
  expect(card.text).toBe("Acme Mattress");
  expect(card.properties?.["Ads detected"]).toMatchObject({ numberFormat: "#,##0" });
  expect(card.properties?.["Top shows"]).toMatchObject({ type: "Array" });
});

test("where this Excel cannot show data types, a card is its title as text and the pane is told", async () => {
  const { fns, notes } = functions("plain");
  const id = SHOW_IDS[6];
  const card = await fns.SHOWCARD(id);
  expect(typeof card).toBe("string");
  const title = (await fns.SHOW(id, "title")) as string;
  expect(card).toBe(title);
  const before = sent();
  // The advertiser's title is the name it was given: nothing to ask the service.
  await expect(fns.ADVERTISERCARD("Acme Mattress")).resolves.toBe("Acme Mattress");
  expect(sent() - before).toBe(0);
  expect(notes.length).toBeGreaterThan(0);
});

test("a card's argument is checked before any request: #VALUE! for a bad show id", async () => {
  const { fns } = functions();
  const before = sent();
  await expect(fns.SHOWCARD("")).rejects.toMatchObject({ code: "#VALUE!" });
  await expect(fns.ADVERTISERCARD("")).rejects.toMatchObject({ code: "#VALUE!" });
  expect(sent() - before).toBe(0);
});
