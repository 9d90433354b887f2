import { readableJsonCell } from "./jsonCells";

const airchecks = JSON.stringify([
  {
    showTitle: "Morning Brew",
    episodeTitle: "Coffee, again",
    episodeGuid: "g-1",
    episodeLength: 3600,
    adTimestamp: 1830,
    adLength: 60,
    unit: "mid",
    readBy: "Host",
    readScore: 0.92,
    transcriptUrl: "https://t.example/1",
  },
  { showTitle: "Night Shift", episodeTitle: "Ep 9", adTimestamp: 3725, adLength: 30, unit: "post" },
]);

test("airchecks read as a counted list: show, episode, where in it and how it was read", () => {
  expect(readableJsonCell("Airchecks", airchecks)).toBe(
    "2 airchecks: Morning Brew – “Coffee, again” at 30:30 (60 s, mid, read by Host, score 0.92); " +
      "Night Shift – “Ep 9” at 1:02:05 (30 s, post)",
  );
});

test("the list of ads reads as words, with its date, length, platform and placement", () => {
  const ads = JSON.stringify([
    {
      adId: 12,
      episodeId: "e1",
      episodeTitle: "Pilot",
      showTitle: "Tech Talk",
      publishedAt: "2026-10-01",
      adDuration: 60,
      startTs: 0,
      endTs: 60,
      platform: "podcast",
      placementNum: 1,
      placementPercent: 0,
      publicLink: "https://p.example/1",
    },
  ]);
  expect(readableJsonCell("Ads (JSON)", ads)).toBe(
    "1 ad: Tech Talk – “Pilot” at 0:00 (2026-10-01, 60 s, podcast, placement 1, 0 % in)",
  );
});

test("settings objects read as key: value in words, lists joined", () => {
  expect(
    readableJsonCell(
      "AutoServe Campaign Settings",
      '{"frequencyCap":3,"pacing":"even","source":null,"daypart_hours":[6,9],"geo":{"countryCode":"US"}}',
    ),
  ).toBe("frequency cap: 3; pacing: even; daypart hours: 6, 9; geo: (country code: US)");
});

test("an empty list is an empty cell; many items are counted past the tenth", () => {
  expect(readableJsonCell("Airchecks", "[]")).toBe("");
  const many = JSON.stringify(Array.from({ length: 13 }, (_, i) => ({ showTitle: `S${i}` })));
  const out = readableJsonCell("Airchecks", many);
  expect(out.startsWith("13 airchecks: S0; S1;")).toBe(true);
  expect(out.endsWith("S9; and 3 more")).toBe(true);
});

test("text that is not JSON, or JSON of another shape, is kept or read plainly, never lost", () => {
  expect(readableJsonCell("Airchecks", "none")).toBe("none");
  expect(readableJsonCell("Airchecks", "[not json")).toBe("[not json");
  // Another shape than the documented one: still words, every value kept.
  expect(readableJsonCell("Airchecks", '[{"showTitle":{"x":1}}]')).toBe("1 aircheck: show title: (x: 1)");
  expect(readableJsonCell("Airchecks", '[{"aircheckId":"a1","audioUrl":"https://a.example/1"}]')).toBe(
    "1 aircheck: aircheck id: a1; audio url: https://a.example/1",
  );
  expect(readableJsonCell("Ads (JSON)", '[{"adId":1},{"adId":2}]')).toBe("2 ads: ad id: 1; ad id: 2");
  // A documented item with a key the documentation does not name: the key is kept after its line.
  expect(readableJsonCell("Airchecks", '[{"showTitle":"S","episodeGuid":"g","sponsorNote":"thanks"}]')).toBe(
    "1 aircheck: S; sponsor note: thanks",
  );
});

test("a cell never exceeds Excel's 32,767 characters", () => {
  const long = JSON.stringify({ note: "x".repeat(40_000) });
  const out = readableJsonCell("AutoServe Targeting Profile Settings", long);
  expect(out).toHaveLength(32_767);
  expect(out.endsWith("…")).toBe(true);
});
