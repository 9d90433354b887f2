/** Campaign creation, advertisers and invites, against the sandbox over loopback. */
import { startSandbox } from "../../test/support/sandbox";

let s: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  s = await startSandbox();
});
afterAll(() => s.close());

test("campaign creation: one id per flight, in order; advertisers by name or directory id; invites", async () => {
  const c = s.client();
  const res = await c.campaigns.create({
    name: "Spring flight test",
    advertiser: "Acme Mattress",
    publisher: "Lumen Audio",
    type: "DAI",
    externalId: "ext-1",
    flights: [
      { startDate: "2026-03-01", endDate: "2026-03-31" },
      { startDate: "2026-04-01", endDate: "2026-04-30" },
    ],
  });
  expect(res.campaigns).toHaveLength(2);
  expect(res.campaigns[0].id).not.toBe(res.campaigns[1].id);
  expect(res.campaigns.every((x) => x.externalId === "ext-1")).toBe(true);
  expect(await c.advertisers.create({ advertiserName: "Acme Mattress" })).toEqual({
    advertiserName: "Acme Mattress",
    lookupName: "acme-mattress",
  });
  const byShow = await c.advertisers.create({ itunesId: "1200000001" });
  expect(byShow.advertiserName).toBe("The Demo Show (promo)");
  expect(
    (
      await c.users.inviteAdvertiser({
        advertiserName: "Acme Mattress",
        email: "planner@example.com",
        tabs: ["ads"],
      })
    ).message,
  ).toMatch(/planner@example.com/);
  await expect(
    c.campaigns.create({
      name: "FAIL500 x",
      advertiser: "A",
      publisher: "p",
      type: "Baked-in",
      flights: [{ expectedDate: "2026-01-01" }],
    }),
  ).rejects.toMatchObject({ status: 500 });
});
