/**
 * Series colours a client tells apart, colour-blind readers too (pure): the Okabe–Ito palette
 * (Okabe & Ito, "Color Universal Design", 2008), whose hues stay distinct under the three common
 * colour-vision deficiencies, in place of Office's theme, whose first accents are three similar blues
 * once a chart has more than six series. "Other" is grey: the rest, not one more campaign.
 */
const SERIES_COLORS = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#000000"];
const OTHER_COLOR = "#8C8C8C";

/** The colour of series `i` named `name`: grey for the summed rest ("Other (n campaigns)"). */
export function seriesColor(i: number, name: string): string {
  return /^Other\b/.test(name) ? OTHER_COLOR : SERIES_COLORS[i % SERIES_COLORS.length];
}
