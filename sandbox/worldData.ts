/**
 * The fixed words and figures the generated world is made of: advertisers' industries and products,
 * their competitors, settings profiles, geo cells, and the words titles and topics are drawn from.
 */

/** What each advertiser sells and its industry (Advertiser Industry, Category, product columns). */
export const ADVERTISER_PROFILE: Record<string, { industry: string; product: string }> = {
  "Acme Mattress": { industry: "Home & Garden", product: "Mattress" },
  "Northwind Coffee": { industry: "Food & Drink", product: "Coffee subscription" },
  "Initech Software": { industry: "Technology", product: "Project software" },
  "Umbrella Health": { industry: "Health", product: "Telehealth visits" },
  "Stark Apparel": { industry: "Fashion", product: "Outerwear" },
  "Wayne Travel": { industry: "Travel", product: "Weekend trips" },
  "Globex Bank": { industry: "Finance", product: "Credit card" },
};

/**
 * Each advertiser's competitor: a brand of the same industry selling the same kind of product. It has
 * no campaigns and no access; its ads are heard only beside a campaign created through the service
 * (model/airings.ts), so a check of "a competitor in the same episode" can find something.
 */
export const COMPETITORS: Record<string, string> = {
  "Acme Mattress": "Dreamwell Beds",
  "Northwind Coffee": "Southbay Roasters",
  "Initech Software": "Hooli Software",
  "Umbrella Health": "Aperture Health",
  "Stark Apparel": "Tyrell Outfitters",
  "Wayne Travel": "Oceanic Getaways",
  "Globex Bank": "Vandelay Credit",
};

/**
 * Settings profiles (useSettingsProfiles): what an advertiser's profile sets when the request does
 * not. Only Acme Mattress has one here; the spec lets a profile override the three simulcast weights,
 * and modelPublicSpaceIps / modelOffline when exactly one advertiser is given.
 */
export const SETTINGS_PROFILES: Record<string, { ytSimulcastConvWeight?: number; modelOffline?: boolean }> = {
  "Acme Mattress": { ytSimulcastConvWeight: 0.5, modelOffline: true },
};

/** Geo cells impressions split into (shares sum to 1). */
export const GEO_CELLS = [
  {
    country: "US",
    countryName: "United States",
    region: "California",
    dma: "803",
    dmaName: "Los Angeles",
    zip: "90001",
    share: 0.34,
  },
  {
    country: "US",
    countryName: "United States",
    region: "New York",
    dma: "501",
    dmaName: "New York",
    zip: "10001",
    share: 0.31,
  },
  {
    country: "GB",
    countryName: "United Kingdom",
    region: "England",
    dma: null,
    dmaName: null,
    zip: "SW1A",
    share: 0.2,
  },
  {
    country: "CA",
    countryName: "Canada",
    region: "Ontario",
    dma: null,
    dmaName: null,
    zip: "M5V",
    share: 0.15,
  },
] as const;

/** Titles that test text handling: formula-like starts, quotes, commas, newlines, Unicode. */
export const TRICKY = [
  "=SUM(A1:A9) and other tricks",
  "+1 reasons to listen",
  "-30% off, today only",
  "@host answers",
  'The "quoted", comma episode',
  "Line one\nline two",
  "Ünïcødé & émojis ✓",
];
export const WORDS = [
  "Morning",
  "Deep",
  "Market",
  "Weekly",
  "Inside",
  "Hidden",
  "Bright",
  "Open",
  "Daily",
  "Signal",
  "Story",
  "Field",
  "Table",
  "Minute",
];
export const TOPICS = ["sleep", "coffee", "travel", "budgets", "running", "startups", "history", "recipes"];
