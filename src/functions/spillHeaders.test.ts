/** Spilled headers are a planner's words: no API field name (camelCase, snake_case) reaches a header. */
import { fieldLabel } from "../api/fieldLabels";
import { INDIVIDUAL_AD_COLUMNS } from "../api/schemas/ads";
import type { ShowInfo } from "../api/schemas";
import { adsGrid, episodesGrid, EPISODE_FIELDS, SHOW_FIELDS, SIMILAR_COLUMNS, similarGrid } from "./shapes";

const API_NAME = /_|[a-z][A-Z]|^[a-z]/;

test.each([
  ...EPISODE_FIELDS,
  ...SIMILAR_COLUMNS,
  ...SHOW_FIELDS,
  ...INDIVIDUAL_AD_COLUMNS.map(([key]) => key),
])("%s has a label in words", (name) => {
  const label = fieldLabel(name);
  // The spec's platform names (SocialA … SocialD) are names, written as the spec writes them.
  const apiLike = API_NAME.test(label.replace(/\bSocial[A-D]\b/g, "Social"));
  expect({ name, label, apiLike }).toEqual({ name, label, apiLike: false });
});

test("labels are distinct within each spill, so no two columns read the same", () => {
  for (const names of [EPISODE_FIELDS, SIMILAR_COLUMNS, INDIVIDUAL_AD_COLUMNS.map(([key]) => key)]) {
    const labels = names.map(fieldLabel);
    expect(new Set(labels).size).toBe(labels.length);
  }
});

test("a field the table does not know is spelt out from its name", () => {
  expect(fieldLabel("monthlyListeners")).toBe("Monthly listeners");
  expect(fieldLabel("ytAvgDownloadsRenamed")).toBe("YT avg downloads renamed");
  expect(fieldLabel("new_custom_column")).toBe("New custom column");
  expect(fieldLabel("constructor")).toBe("Constructor");
});

test("the spills' header rows are those labels, never the API's names", () => {
  const show = {
    serviceSeriesId: 1,
    episodes: [{ title: "A" }],
    similarShows: [{ seriesId: 2 }],
  } as unknown as ShowInfo;
  const keys = INDIVIDUAL_AD_COLUMNS.map(([key]) => key);
  const headers = [
    episodesGrid(show, 1, EPISODE_FIELDS)[0],
    similarGrid(show, 1)[0],
    adsGrid([
      {
        headers: keys.map((id) => ({ id, name: id })),
        data: [],
        pagination: { limit: 1, offset: 0, total: 0 },
      },
    ])[0],
  ];
  for (const row of headers)
    for (const h of row) expect({ h, apiLike: API_NAME.test(String(h)) }).toEqual({ h, apiLike: false });
});
