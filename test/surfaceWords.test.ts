/**
 * Words, not codes, on every surface a planner reads (issue 49): every label, hint and option of the
 * Data tab, every header and written value of the search, show, ads and incrementality sheets, and the
 * campaign plan's headers, drop-downs and prompts. A code-like value fails: the service's words of
 * test/plannerWords.test.ts (camelCase, snake_case, paths), a service value where a word exists
 * (`sociala`, `radio_show`), a list of the service's lowercase values, or a field name merely spelt out
 * ("Social a", "Num social a fans", "Is service prefix placed", "opt in date", "YT avg").
 */
import { readdirSync, readFileSync } from "fs";
import { join } from "path";
import * as ts from "typescript";
import { InMemoryWorkbook } from "../preview/memory/workbook";
import { AdsClient } from "../src/api/client";
import { fakeFetch, instantSleep, json } from "../src/api/testing/fakeFetch";
import { INCREMENTALITY_FIELDS, MEDIA_TYPES, type ShowInfo } from "../src/api/schemas";
import { fieldLabel } from "../src/api/fieldLabels";
import { platformLabel, platformValue, SEARCH_MEDIA_TYPES } from "../src/api/platformWords";
import { SHOW_FIELDS } from "../src/functions/shapes";
import { individualAdsTable, incrementalityTable, searchTable } from "../src/runtime/jsonSourceTables";
import { writeShowSheet } from "../src/excel/showLayout";
import { PLAN_COLUMNS, PLAN_LABELS } from "../src/writebacks/planColumns";
import { checkPlan, problemsCell } from "../src/writebacks/planValidate";
import { daiRow, planSheet } from "../src/writebacks/testing/planFixtures";
import { MEDIA_TYPES_HINT } from "../src/taskpane/panels/data/SearchForm";
import { serviceWordsIn } from "./support/serviceWords";

/** The service's values that read differently in words (podcast → Podcast is only a capital away). */
const SERVICE_VALUES = [
  ...new Set([...SEARCH_MEDIA_TYPES, ...MEDIA_TYPES, "sociala", "socialb", "socialc", "sociald", "gamma"]),
];
const LOWER_VALUE = new RegExp(`^(${SERVICE_VALUES.join("|")})$`);
const VALUE_LIST = new RegExp(`\\b(${SERVICE_VALUES.join("|")}), (${SERVICE_VALUES.join("|")})\\b`);
const SPELT_OUT: readonly [string, RegExp][] = [
  ["a platform code", /\b(sociala|socialb|socialc|sociald|radio_show|ott_ctv|display_video)\b/],
  ["a spelt-out platform", /\bSocial [a-d]\b/],
  ["a spelt-out count", /\bNum\b/],
  ["a spelt-out flag", /^Is [a-z]/],
  ["a spelt-out date", /\bopt in date\b/i],
  ["an abbreviation of the service's", /\b(YT|res)\b/],
];

function codesIn(text: string): string[] {
  const found = serviceWordsIn(text);
  if (LOWER_VALUE.test(text.trim())) found.push(`the service's value (${text})`);
  if (VALUE_LIST.test(text)) found.push(`a list of the service's values (${VALUE_LIST.exec(text)?.[0]})`);
  for (const [what, re] of SPELT_OUT) {
    const m = re.exec(text);
    if (m) found.push(`${what} (${m[0]})`);
  }
  return found;
}

function expectWords(texts: readonly [string, string][], atLeast: number): void {
  expect(texts.length).toBeGreaterThanOrEqual(atLeast);
  const wrong = texts.flatMap(([where, text]) => {
    const found = codesIn(text);
    return found.length ? [`${where}: ${found.join(", ")} in "${text}"`] : [];
  });
  expect(wrong).toEqual([]);
}

test("the detector catches each code the issue found, and passes the words that replace them", () => {
  for (const bad of [
    "sociala",
    "radio_show",
    "Comma-separated: all, podcast, alpha, radio, radio_show, beta",
    "Social a",
    "Num social a fans",
    "Gamma video opt in date",
    "Is service prefix placed",
    "YT monthly downloads",
  ])
    expect({ bad, found: codesIn(bad).length > 0 }).toEqual({ bad, found: true });
  for (const good of [
    "SocialA",
    "Radio show",
    "SocialA followers",
    "Gamma video opt-in date",
    "Service prefix placed",
  ])
    expect(codesIn(good)).toEqual([]);
});

test("platform words: every listed value has its word, and a word typed back is sent as the service's value", () => {
  expect(SEARCH_MEDIA_TYPES.map(platformLabel)).toEqual([
    "All platforms",
    "Podcast",
    "Alpha",
    "Radio",
    "Radio show",
    "Beta",
  ]);
  expect(platformLabel("sociala")).toBe("SocialA");
  expect(platformLabel("ott_ctv")).toBe("OTT / CTV");
  expect(platformValue("Radio show", SEARCH_MEDIA_TYPES)).toBe("radio_show");
  expect(platformValue("radio_show", SEARCH_MEDIA_TYPES)).toBe("radio_show");
  expect(platformValue("All platforms", SEARCH_MEDIA_TYPES)).toBe("all");
  expect(platformValue("something new", SEARCH_MEDIA_TYPES)).toBe("something new");
});

/** Every label, hint, placeholder and text of the Data tab's forms, as written in their source. */
function dataTabTexts(): [string, string][] {
  const dir = join(__dirname, "../src/taskpane/panels/data");
  const out: [string, string][] = [];
  for (const f of readdirSync(dir).filter((n) => n.endsWith(".tsx"))) {
    const source = ts.createSourceFile(f, readFileSync(join(dir, f), "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isJsxAttribute(node) && /^(label|hint|placeholder|title)$/.test(node.name.getText())) {
        const init = node.initializer;
        if (init && ts.isStringLiteral(init)) out.push([`${f} ${node.name.getText()}`, init.text]);
        if (
          init &&
          ts.isJsxExpression(init) &&
          init.expression &&
          ts.isNoSubstitutionTemplateLiteral(init.expression)
        )
          out.push([`${f} ${node.name.getText()}`, init.expression.text]);
      }
      if (ts.isJsxText(node) && node.text.trim()) out.push([`${f} text`, node.text.trim()]);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}

test("the Data tab: every label, hint and option a planner reads is in words", () => {
  const texts = dataTabTexts();
  texts.push(["search media types hint", MEDIA_TYPES_HINT]);
  for (const f of SHOW_FIELDS) texts.push([`show field option ${f}`, fieldLabel(f)]);
  expectWords(texts, 60);
});

const client = (body: unknown) =>
  new AdsClient({
    apiKey: "k",
    baseUrl: "https://api.example.com",
    fetch: fakeFetch(() => json(200, body)).fetch,
    sleep: instantSleep().sleep,
  });

/** A typed table's headers and every text value. */
function tableTexts(
  name: string,
  table: { columns: { name: string }[]; rows: unknown[][] },
): [string, string][] {
  return [
    ...table.columns.map((c): [string, string] => [`${name} header`, c.name]),
    ...table.rows.flatMap((r) =>
      r.flatMap((v, i): [string, string][] =>
        typeof v === "string" ? [[`${name} ${table.columns[i].name}`, v]] : [],
      ),
    ),
  ];
}

test("the search sheet: its Platform column shows platforms in words (SocialA, Beta, Radio show), never sociala", async () => {
  const hit = (seriesPlatform: string, id: number) => ({
    score: 1,
    podcast: {
      id: String(id),
      title: "An episode",
      seriesId: id,
      seriesTitle: "A show",
      seriesPlatform,
      uploadedAt: "2026-11-01T00:00:00Z",
    },
    highlights: { title: ["An <em>episode</em>"] },
  });
  const platforms = ["sociala", "sociald", "beta", "podcast", "radio_show", "alpha"];
  const table = await searchTable(client({ data: platforms.map(hit) }), { search: "coffee" }, {});
  const at = table.columns.findIndex((c) => c.name === "Platform");
  expect(table.rows.map((r) => r[at])).toEqual([
    "SocialA",
    "SocialD",
    "Beta",
    "Podcast",
    "Radio show",
    "Alpha",
  ]);
  expectWords(tableTexts("search", table), 20);
});

test("the ads sheet: headers and its Platform column in words", async () => {
  const ad = {
    published_at: "2026-11-01",
    media_type: "radio_show",
    podcast_title: "A show",
    episode_title: "An episode",
    read_type: "Host read",
    position: "pre",
  };
  const body = {
    headers: Object.keys(ad).map((k) => ({ id: k, name: k })),
    data: [ad, { ...ad, media_type: "sociala" }],
    pagination: { total: 2, offset: 0, limit: 1000 },
  };
  const table = await individualAdsTable(client(body), { advertiser: "Acme" }, {});
  const at = table.columns.findIndex((c) => c.name === "Platform");
  expect(table.rows.map((r) => r[at])).toEqual(["Radio show", "SocialA"]);
  expectWords(tableTexts("ads", table), 20);
});

test("the incrementality sheet: every header in words", async () => {
  const row = Object.fromEntries(
    INCREMENTALITY_FIELDS.map(([k, , kind]) => [k, kind === "text" ? "Acme" : 1]),
  );
  const table = await incrementalityTable(client([row]), { advertisers: ["Acme"] } as never, {});
  expectWords(tableTexts("incrementality", table), INCREMENTALITY_FIELDS.length);
});

test("the show sheet: every line and header in words, its platform too", async () => {
  const show: ShowInfo = {
    serviceSeriesId: 77,
    title: "A show",
    platform: "sociala",
    monthlyDownloads: 120_000,
    isServicePrefixPlaced: true,
    gammaVideoOptInDate: "2026-01-02T00:00:00Z",
    socialA: "https://social-a.example/show",
    numSocialAFans: 1234,
    similarShows: [{ seriesId: 2, title: "Other", contentSimilarity: 0.5 }],
    episodes: [
      {
        title: "Ep",
        serviceEpisodeId: 1,
        downloads: 10,
        ads: [{ adId: 1, advertiser: "Acme", startTs: 1, endTs: 2 }],
      },
    ],
  };
  const wb = new InMemoryWorkbook();
  await writeShowSheet(wb.excel, show, { sheetName: "A show", prefix: "Show" });
  const texts: [string, string][] = [];
  for (const cols of wb.model.sheetByName("A show")!.rows.values())
    for (const c of cols.values()) if (typeof c.value === "string") texts.push(["show sheet", c.value]);
  expect(texts.some(([, t]) => t.startsWith("SocialA ·"))).toBe(true);
  expectWords(texts, 20);
});

test("the campaign plan: headers, drop-down values, prompts and Problems in words", () => {
  const texts: [string, string][] = PLAN_LABELS.map((l) => ["plan header", l]);
  for (const c of PLAN_COLUMNS) {
    for (const choice of c.choices ?? []) texts.push([`plan ${c.label} drop-down`, choice]);
    if (c.hint) texts.push([`plan ${c.label} prompt`, c.hint]);
  }
  expect(texts).toContainEqual(["plan Media type drop-down", "OTT / CTV"]);
  const { rows } = checkPlan(
    planSheet([daiRow({ endDate: "2025-02-01", totalCost: -5, currency: "JPY", mediaType: "Radio show" })]),
    "2025-01-01",
  );
  texts.push(["plan Problems cell", problemsCell(rows[0].errors)]);
  expectWords(texts, 40);
  // The word the drop-down shows is sent as the service's value.
  const ok = checkPlan(planSheet([daiRow({ mediaType: "Radio show" })]), "2025-01-01");
  expect(ok.rows[0].campaign?.mediaType).toBe("radio_show");
});
