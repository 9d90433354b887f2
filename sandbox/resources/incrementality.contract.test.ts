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
