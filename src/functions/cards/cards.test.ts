/** The show and advertiser cards: Excel's entity values, as office.js's own classes make them. */
import { showInfoSchema, individualAdsResponseSchema } from "../../api/schemas";
import { genuineCustomFunctions } from "../../../preview/memory/officeJs";
import { showCard, SHOW_CARD_SECTIONS } from "./showCard";
import { advertiserCard } from "./advertiserCard";

const show = showInfoSchema.parse({
  serviceSeriesId: 4242,
  title: "The Daily Grind",
  platform: "Podcast",
  monthlyListeners: 125000,
  monthlyDownloads: 480000,
  avgDownloadsPerEpisode: 21000,
  podcastMonthlyDownloads: 400000,
  ytMonthlyDownloads: 80000,
  directRes: 62.5,
  hostRead: 1.1,
  countAds: 1830,
  renewalRate: 40,
  adLoad: 12.25,
  topAdvertisers: ["Acme", "Globex", "Initech"],
  gammaVideoOptInDate: "2026-03-15T10:00:00Z",
  isServicePrefixPlaced: true,
  socialA: "https://social-a.example/grind",
  monthlyListenersExtra: 1,
  numSocialAFans: null,
});

/** office.js's CustomFunctions classes, typed for what these tests call. */
interface CustomFunctionsValues {
  Entity: new (text: string, properties: unknown) => { toJSON(): Record<string, unknown> };
  FormattedNumber: new (value: number, format: string) => { toJSON(): Record<string, unknown> };
}
const cf = () => genuineCustomFunctions() as unknown as CustomFunctionsValues;

test("a show card shows its title, holds each field with its format, and leaves out what was not sent", () => {
  const card = showCard(show, "Double", "1900", "1200000001");
  expect(card.type).toBe("Entity");
  expect(card.text).toBe("The Daily Grind");
  const p = card.properties!;
  expect(p["Monthly listeners"]).toEqual({ type: "Double", basicValue: 125000, numberFormat: "#,##0" });
  // Percentages: the service's points as fractions, the decimal point moved (1.1 % is 0.011 exactly).
  expect(p["Host read"]).toEqual({ type: "Double", basicValue: 0.011, numberFormat: "0.00%" });
  expect(p["Ad load"]).toMatchObject({ basicValue: 0.1225 });
  // 15 March 2026 is serial 46096 in the 1900 system.
  expect(p["Gamma video opt-in"]).toEqual({ type: "Double", basicValue: 46096, numberFormat: "m/d/yyyy" });
  expect(p["Service prefix placed"]).toEqual({ type: "Boolean", basicValue: true });
  expect(p["Top advertisers"]).toEqual({
    type: "Array",
    elements: [
      [{ type: "String", basicValue: "Acme" }],
      [{ type: "String", basicValue: "Globex" }],
      [{ type: "String", basicValue: "Initech" }],
    ],
  });
  expect(p["Social A followers"]).toBeUndefined();
  expect(p["Gamma monthly views"]).toBeUndefined();
});

test("the card's sections list only the fields it has, in order; the title field is the card's title", () => {
  const card = showCard(show, "Double", "1900", "1200000001");
  const sections = card.layouts!.card!.sections!;
  expect(sections.map((s) => s.title)).toEqual(["Audience", "Ads", "About"]);
  for (const s of sections) for (const name of s.properties) expect(card.properties).toHaveProperty([name]);
  expect(sections[0].properties).toEqual(
    SHOW_CARD_SECTIONS[0].properties.filter((n) => n in card.properties!),
  );
  expect(card.layouts!.card!.title).toEqual({ property: "Title" });
  expect(card.layouts!.compact!.icon).toBe("Headphones");
});

test("in a 1904 workbook a card's dates are that system's serials; before ExcelApi 1.19 numbers are FormattedNumber", () => {
  const card = showCard(show, "FormattedNumber", "1904", "1200000001");
  expect(card.properties!["Gamma video opt-in"]).toEqual({
    type: "FormattedNumber",
    basicValue: 46096 - 1462,
    numberFormat: "m/d/yyyy",
  });
  expect(card.properties!["Monthly listeners"]).toMatchObject({ type: "FormattedNumber" });
});

test("office.js's own CustomFunctions.Entity and FormattedNumber make the same values", () => {
  const card = showCard(show, "FormattedNumber", "1900", "1200000001");
  const genuine = new (cf().Entity)(card.text!, card.properties).toJSON();
  expect(JSON.parse(JSON.stringify(genuine))).toMatchObject(
    JSON.parse(JSON.stringify({ type: card.type, text: card.text, properties: card.properties })),
  );
  const listeners = card.properties!["Monthly listeners"] as Excel.FormattedNumberCellValue;
  expect(new (cf().FormattedNumber)(listeners.basicValue, listeners.numberFormat).toJSON()).toEqual(
    listeners,
  );
});

const ads = individualAdsResponseSchema.parse({
  headers: [],
  data: [
    {
      podcast_title: "Show B",
      published_at: "2026-02-01",
      media_type: "podcast",
      read_type: "Host read",
      estimated_spend: 120.5,
      estimated_impressions: 1000,
    },
    {
      podcast_title: "Show A",
      published_at: "2026-01-05",
      media_type: "podcast",
      read_type: "Producer read",
      estimated_spend: 80,
      estimated_impressions: 500,
    },
    {
      podcast_title: "Show B",
      published_at: "2026-03-09",
      media_type: "alpha",
      read_type: "Host read",
      estimated_spend: null,
    },
  ],
  pagination: { limit: 1000, offset: 0, total: 5321 },
});

test("an advertiser card counts every detected ad and sums the page's spend, its shows most ads first", () => {
  const card = advertiserCard("Acme", ads, "Double", "1900");
  expect(card.text).toBe("Acme");
  const p = card.properties!;
  expect(p["Ads detected"]).toMatchObject({ basicValue: 5321, numberFormat: "#,##0" });
  expect(p["Ads read"]).toMatchObject({ basicValue: 3 });
  expect(p["Estimated spend"]).toEqual({ type: "Double", basicValue: 200.5, numberFormat: "$#,##0" });
  expect(p["Host-read share"]).toMatchObject({ basicValue: 2 / 3, numberFormat: "0.00%" });
  expect(p["First ad"]).toMatchObject({ basicValue: 46027 });
  expect(p["Platforms"]).toEqual({ type: "String", basicValue: "podcast, alpha" });
  const top = p["Top shows"] as Excel.ArrayCellValue;
  expect(top.elements.map((r) => (r[0] as Excel.StringCellValue).basicValue)).toEqual([
    "Show",
    "Show B",
    "Show A",
  ]);
  expect(card.layouts!.card!.title).toEqual({ property: "Name" });
});

test("an advertiser with no ads read has no spend, shows or dates: those fields are absent", () => {
  const empty = individualAdsResponseSchema.parse({
    headers: [],
    data: [],
    pagination: { limit: 1000, offset: 0, total: 0 },
  });
  const p = advertiserCard("Nobody", empty, "Double", "1900").properties!;
  expect(Object.keys(p).sort()).toEqual(["Ads detected", "Ads read", "Name"]);
});

test("issue 47: a show card labels the service's id beside the id asked for, and shows four-digit years", () => {
  const p = showCard(show, "Double", "1900", "1200000001").properties!;
  expect(p["Show ID"]).toEqual({ type: "String", basicValue: "1200000001" });
  expect(p["Service show ID"]).toEqual({ type: "Double", basicValue: 4242, numberFormat: "0" });
  expect(p["Gamma video opt-in"]).toMatchObject({ numberFormat: "m/d/yyyy" });
});

test("issue 47: an advertiser card's dates show four-digit years", () => {
  const p = advertiserCard("Acme", ads, "Double", "1900").properties!;
  expect(p["First ad"]).toMatchObject({ basicValue: 46027, numberFormat: "m/d/yyyy" });
});
