/** Incrementality: every body field, against the sandbox over loopback. */
import { startSandbox } from "../../test/support/sandbox";

let s: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  s = await startSandbox();
});
afterAll(() => s.close());

test("incrementality: documented field names, errors on request, wider CI at higher certainty", async () => {
  const c = s.client();
  const at95 = await c.incrementality.get({
    advertiser: "Acme Mattress",
    aggregationLevel: "channel",
    channelType: "podcast",
  });
  const at99 = await c.incrementality.get({
    advertiser: "Acme Mattress",
    aggregationLevel: "channel",
    channelType: "podcast",
    incCiCertainty: 99,
  });
  const width = (r: (typeof at95)[number]) => Number(r.liftCiUpper) - Number(r.liftCiLower);
  expect(width(at99[0])).toBeGreaterThan(width(at95[0]));
  expect(Object.keys(at95[0])).toEqual(
    expect.arrayContaining(["controlActions", "testActions", "lift", "incrementalPercent", "errorReason"]),
  );
  const withErrors = await c.incrementality.get({
    advertiser: "Acme Mattress",
    aggregationLevel: "publisher",
    includeErrors: true,
  });
  expect(withErrors.some((r) => r.errorReason)).toBe(true);
});

describe("every body field changes the answer", () => {
  const get = (body: Parameters<ReturnType<typeof s.client>["incrementality"]["get"]>[0]) =>
    s.client().incrementality.get(body);
  const ciWidth = (rows: Awaited<ReturnType<typeof get>>) =>
    rows
      .filter((r) => r.errorReason === null)
      .reduce((n, r) => n + Number(r.incrementalCiUpper) - Number(r.incrementalCiLower), 0);
  test("advertiser: its rows only; an inaccessible one is Forbidden; without it every advertiser of the key", async () => {
    const two = await get({ advertiser: "Acme Mattress, Wayne Travel" });
    expect(new Set(two.map((r) => r.advertiser))).toEqual(new Set(["Acme Mattress", "Wayne Travel"]));
    await expect(get({ advertiser: "Globex Bank" })).rejects.toMatchObject({
      status: 403,
      message: "Forbidden",
    });
    expect(new Set((await get({})).map((r) => r.advertiser)).size).toBe(6);
  });
  test("aggregationLevel: results per channel, publisher or show and campaign", async () => {
    const byPublisher = await get({ advertiser: "Acme Mattress", aggregationLevel: "publisher" });
    expect(
      byPublisher.every((r) => r.aggregationLevel === "publisher" && typeof r.publisher === "string"),
    ).toBe(true);
    const byCampaign = await get({ advertiser: "Acme Mattress", aggregationLevel: "show_campaign" });
    expect(byCampaign.every((r) => / \/ /.test(String(r.campaign)))).toBe(true);
  });
  test("channelType: only those channels; action: only those actions", async () => {
    const rows = await get({
      advertiser: "Acme Mattress",
      aggregationLevel: "channel",
      channelType: "streaming",
      action: "purchase",
    });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.channelType === "streaming" && r.action === "purchase")).toBe(true);
  });
  test("startDate/endDate: the period measured; a longer one gives narrower intervals", async () => {
    const body = { advertiser: "Acme Mattress", aggregationLevel: "channel", action: "visitor" };
    const month = await get({ ...body, startDate: "2026-10-01", endDate: "2026-10-31" });
    expect(month[0]).toMatchObject({ startDate: "2026-10-01", endDate: "2026-10-31" });
    const quarter = await get({ ...body, startDate: "2026-08-01", endDate: "2026-10-31" });
    expect(ciWidth(quarter)).toBeLessThan(ciWidth(month));
  });
  test("includeErrors: results that could not be calculated come too, with their reason", async () => {
    const body = {
      advertiser: "Acme Mattress",
      aggregationLevel: "show_campaign",
      startDate: "2026-10-01",
      endDate: "2026-10-07",
    };
    const plain = await get(body);
    const withErrors = await get({ ...body, includeErrors: true });
    expect(withErrors.length).toBeGreaterThan(plain.length);
    expect(plain.every((r) => r.errorReason === null)).toBe(true);
    expect(withErrors.some((r) => typeof r.errorReason === "string" && r.lift === null)).toBe(true);
  });
  test("incCiCertainty: higher is wider", async () => {
    const body = { advertiser: "Acme Mattress", aggregationLevel: "channel" };
    expect(ciWidth(await get({ ...body, incCiCertainty: 99 }))).toBeGreaterThan(
      ciWidth(await get({ ...body, incCiCertainty: 80 })),
    );
  });
});
