/**
 * ADS.PACING and ADS.DELIVERY (issue #56) against the practice service: a created flight's pacing
 * as the Delivery sheet's formulas give it on the day the answer was fetched, its fields, one request
 * for every cell of a period, and refusals that name the argument before anything is sent.
 */
import { utcToSerial } from "../api/excelDates";
import { pacingOf } from "../reports/delivery";
import { startSandbox, worldNow } from "../../test/support/sandbox";
import { createAdsFunctions } from "./adsFunctions";
import { RequestCache } from "./requestCache";

let s: Awaited<ReturnType<typeof startSandbox>>;
const ids: string[] = [];
beforeAll(async () => {
  s = await startSandbox();
  for (const [i, show] of ["1200000003", "1200000004"].entries())
    ids.push(
      (
        await s.client().campaigns.create({
          name: `Pacing ${i + 1}`,
          advertiser: "Acme Mattress",
          itunesOrYtId: show,
          type: "DAI",
          flights: [{ startDate: "2026-11-01", endDate: "2026-12-10", cpm: 25, expectedImpressions: 90_000 }],
          expectedUnits: [{ position: "pre", length: 30 }],
        })
      ).campaigns[0].id,
    );
});
afterAll(() => s.close());

function functions() {
  const sent: string[] = [];
  const client = s.client("demo-pro", { onRequest: (e) => sent.push(e) });
  const fns = createAdsFunctions({
    client: () => client,
    cache: new RequestCache({ concurrency: 4 }),
    now: worldNow,
  });
  return { fns, sent };
}

const START = "2026-10-01";
const END = "2026-12-31";

test("PACING is the flight's delivered share over its elapsed share on the answer's day; every cell of the period shares one request", async () => {
  const { fns, sent } = functions();
  const [a, b] = await Promise.all(ids.map((id) => fns.PACING(id, START, END)));
  expect(sent.filter((e) => /campaigns-performance/.test(e))).toHaveLength(1);
  const impressions = await fns.DELIVERY(ids[0], "Impressions", START, END);
  const booked = await fns.DELIVERY(ids[0], "booked impressions", START, END);
  expect(booked).toBe(90_000);
  const day = Math.floor(utcToSerial(worldNow()));
  const start = Math.floor(utcToSerial(Date.UTC(2026, 10, 1)));
  const end = Math.floor(utcToSerial(Date.UTC(2026, 11, 10)));
  const p = pacingOf({ start, end, booked: 90_000, impressions: impressions as number }, day);
  expect(a).toBeCloseTo(p.pacing!, 9);
  expect(typeof b).toBe("number");
  expect(await fns.DELIVERY(ids[0], "Pace", START, END)).toBe(p.words);
  expect(await fns.DELIVERY(ids[0], "Owed impressions", START, END)).toBe(p.owed);
  expect(sent.filter((e) => /campaigns-performance/.test(e))).toHaveLength(1);
});

test("an unknown field is #VALUE! naming it, and a campaign the period does not hold is #N/A saying why; nothing sent for the field", async () => {
  const { fns, sent } = functions();
  const colour = fns.DELIVERY(ids[0], "Colour", START, END);
  await expect(colour).rejects.toMatchObject({ code: "#VALUE!" });
  await expect(colour).rejects.toThrow(
    /Field: "Colour" is not a delivery field \(one of Campaign id, .*Pace\)/,
  );
  expect(sent).toEqual([]);
  const missing = fns.PACING("cmp-nowhere", START, END);
  await expect(missing).rejects.toMatchObject({ code: "#N/A" });
  await expect(missing).rejects.toThrow(
    /Campaign cmp-nowhere is not in the service's campaigns-performance report for 2026-10-01 to 2026-12-31/,
  );
  const blank = fns.PACING("", START, END);
  await expect(blank).rejects.toMatchObject({ code: "#VALUE!" });
  await expect(blank).rejects.toThrow(/Campaign id: is required/);
});

test("in a 1904 workbook, date cells given as the period are read in its date system", async () => {
  const client = s.client();
  const fns = createAdsFunctions({
    client: () => client,
    cache: new RequestCache({ concurrency: 2 }),
    now: worldNow,
    dateSystem: async () => "1904",
  });
  // 2026-10-01 and 2026-12-31 as a 1904 workbook's date cells hold them (1,462 days less).
  const start = Math.floor(utcToSerial(Date.UTC(2026, 9, 1))) - 1462;
  const end = Math.floor(utcToSerial(Date.UTC(2026, 11, 31))) - 1462;
  await expect(fns.PACING("cmp-nowhere", start, end)).rejects.toThrow(/report for 2026-10-01 to 2026-12-31/);
});

test("a recalculation (the same cells asked again, as after a structural edit or Calculate) sends nothing", async () => {
  const { fns, sent } = functions();
  await fns.PACING(ids[0], START, END);
  const before = sent.length;
  await Promise.all([fns.PACING(ids[0], START, END), fns.DELIVERY(ids[1], "Pace", START, END)]);
  expect(sent.length).toBe(before);
});

test("a stalled campaigns-performance answer ends PACING as #N/A within the no-progress limit, sent once", async () => {
  const stalled = await startSandbox({ faults: { stallRate: 1, faultPaths: "/campaigns-performance$" } });
  try {
    const client = stalled.client("demo-pro", { stallMs: 1_000, deadlineMs: 8_000, maxRetries: 2 });
    const fns = createAdsFunctions({
      client: () => client,
      cache: new RequestCache({ concurrency: 2 }),
      now: worldNow,
    });
    const began = Date.now();
    const outcome = await fns.PACING("cmp-any", START, END).then(
      () => "computed",
      (e: unknown) => e,
    );
    expect(outcome).toMatchObject({ code: "#N/A" });
    expect((outcome as Error).message).toMatch(/stopped answering.*nothing came for 1 s/);
    expect(Date.now() - began).toBeLessThan(6_000);
    // Starting a report counts: it is never sent again by itself.
    expect(stalled.sandbox.requests("demo-pro")).toBe(1);
  } finally {
    await stalled.close();
  }
});
