/**
 * Every ADS formula the README and docs/functions.md show, typed into the preview as a planner would
 * (its cells A2:A5, B2:B3 and C2:C3 filled as docs/functions.md says), against the sandbox: each shows
 * what docs/functions.md says it shows, with its format (a percentage as a percentage, a date as a
 * date), and none is an error. A formula added to either page without a check here fails the test.
 */
import { readFileSync } from "fs";
import path from "path";
import type { Page } from "playwright-core";
import { ARTIFACTS, ensureConnected, openSheetTab, typeInto, usePreview } from "./support";

const e = usePreview();

const root = path.join(__dirname, "..", "..");
/** The pages whose tables show example formulas: the README's short list and the functions page. */
const PAGES = ["README.md", "docs/functions.md"].map((f) => readFileSync(path.join(root, f), "utf8"));
/** Every `=ADS.…` in a table cell of those pages, once. */
const FORMULAS = [
  ...new Set(PAGES.flatMap((text) => [...text.matchAll(/\| `(=ADS\.[^`]+)`/g)].map((m) => m[1]))),
];

interface View {
  value: unknown;
  text: string;
  error?: boolean;
  errorMessage?: string;
  spillSize?: { rows: number; cols: number };
  entity?: { text?: string; properties?: Record<string, unknown> };
}

/** The anchor cell D2 and the grid it spilled into, as the preview's workbook holds them. */
function readAnswer(page: Page, sheet: string) {
  return page.evaluate((name) => {
    const host = (
      window as unknown as {
        __workbook: { host: { cell(s: string, r: number, c: number): View } };
      }
    ).__workbook.host;
    const anchor = host.cell(name, 1, 3);
    const size = anchor.spillSize ?? { rows: 1, cols: 1 };
    const grid = Array.from({ length: size.rows }, (_, r) =>
      Array.from({ length: size.cols }, (_, c) => host.cell(name, 1 + r, 3 + c)),
    );
    return { anchor, grid };
  }, sheet);
}

type Answer = Awaited<ReturnType<typeof readAnswer>>;
const texts = (a: Answer) => a.grid.map((r) => r.map((c) => c.text));

/** What each example formula must show (the "Shows" column of docs/functions.md, as checks). */
const CHECKS: Record<string, (a: Answer) => void> = {
  "=ADS.SHOWLISTENERS(1200000001)": (a) => expect(a.anchor).toMatchObject({ value: 753621, text: "753621" }),
  '=ADS.SHOW(A2, "monthlyDownloads")': (a) =>
    expect(a.anchor).toMatchObject({ value: 2271361, text: "2271361" }),
  '=ADS.SHOW(1200000001, "adLoad")': (a) => expect(a.anchor).toMatchObject({ value: 0.0499, text: "4.99%" }),
  '=ADS.SHOW(1200000001, "gammaVideoOptInDate")': (a) =>
    expect(a.anchor).toMatchObject({ value: 45809, text: "6/1/25" }),
  '=ADS.EPISODES(1200000001, 50, "title,downloads,ads")': (a) => {
    expect(texts(a)[0]).toEqual(["Title", "Downloads", "Ads"]);
    expect(a.grid).toHaveLength(51);
    expect(typeof a.grid[1][1].value).toBe("number");
  },
  "=ADS.SIMILAR(1200000001, 10)": (a) => {
    expect(a.grid).toHaveLength(11);
    expect(a.grid[0].every((c) => typeof c.value === "string" && c.value.length > 0)).toBe(true);
    // The audience overlap columns are percentages.
    expect(texts(a)[1].some((t) => /%$/.test(t))).toBe(true);
  },
  '=ADS.TOPADVERTISERS("UCdemo0000000000000001")': (a) => {
    expect(a.grid.length).toBeGreaterThanOrEqual(2);
    expect(a.grid.map((r) => r[0].text)).toContain("Acme Mattress");
  },
  "=ADS.NETNEWREACH(1200000001, B2:B3, 2)": (a) => {
    expect(typeof a.anchor.value).toBe("number");
    expect(a.anchor.text).toMatch(/^\d{1,3}\.\d{2}%$/);
  },
  '=ADS.PROSPECTS("Acme Mattress", "1200000003", 10)': (a) => {
    const t = texts(a);
    expect(t[0][0]).toBe("Show");
    expect(t[0]).toContain("Net new listeners");
    expect(t[0][t[0].length - 1]).toBe("Score");
    expect(t).toHaveLength(12);
    expect(t.filter((r) => r.some((c) => c.startsWith("Seed")))).toHaveLength(1);
    const scores = a.grid.slice(1).map((r) => r[r.length - 1].value as number);
    expect([...scores].sort((x, y) => y - x)).toEqual(scores);
  },
  '=ADS.PACING("cmp-1140f690-0")': (a) => {
    expect(typeof a.anchor.value).toBe("number");
    expect(a.anchor.text).toMatch(/^\d{1,3}\.\d{2}%$/);
  },
  '=ADS.DELIVERY("cmp-1140f690-0", "Pace")': (a) =>
    expect(a.anchor.text).toMatch(
      /^(on track|behind by \d+%|ahead by \d+%|ended, delivered|ended short by [\d,]+ impressions)$/,
    ),
  '=ADS.SEARCH("mattress", 90, "podcast", TRUE, FALSE, FALSE, C2:C3)': (a) => {
    expect(a.grid.length).toBeGreaterThanOrEqual(2);
    const showId = texts(a)[0].indexOf("Show ID");
    expect(
      new Set(
        texts(a)
          .slice(1)
          .map((r) => r[showId]),
      ),
    ).toEqual(new Set(["50000", "50002"]));
  },
  '=ADS.ADS("Acme Mattress", DATE(2026,1,1))': (a) => {
    expect(a.grid.length).toBeGreaterThanOrEqual(2);
    expect(texts(a)[0][0]).toBe("Published");
    const published = texts(a)
      .slice(1)
      .map((r) => r[0]);
    expect(published).toHaveLength(1000);
    // m/d/yy: a date that fits a default-width column (2026-01-01 and later).
    expect(published.every((t) => /^\d{1,2}\/\d{1,2}\/2[6-9]$/.test(t))).toBe(true);
  },
  '=ADS.INCREMENTALITY("Acme Mattress", "channel", , , , , TRUE, 90)': (a) => {
    expect(a.grid.length).toBeGreaterThanOrEqual(2);
    expect(a.grid[0].every((c) => typeof c.value === "string")).toBe(true);
  },
  "=ADS.SHOWCARD(1200000001)": (a) => {
    expect(a.anchor.text).toBe("The Demo Show");
    expect(a.anchor.entity?.properties?.["Monthly listeners"]).toMatchObject({ basicValue: 753621 });
  },
  '=ADS.ADVERTISERCARD("Acme Mattress")': (a) => {
    expect(a.anchor.text).toBe("Acme Mattress");
    expect(a.anchor.entity?.properties?.["Ads detected"]).toMatchObject({ numberFormat: "#,##0" });
  },
  "=ADS.SELFTEST(3, 2)": (a) =>
    expect(texts(a)).toEqual([
      ["r1c1", "r1c2"],
      ["r2c1", "r2c2"],
      ["r3c1", "r3c2"],
    ]),
};

test("the examples in the README and docs/functions.md are all checked here", () => {
  expect(FORMULAS.length).toBeGreaterThanOrEqual(12);
  expect(FORMULAS.filter((f) => !CHECKS[f])).toEqual([]);
});

test.each(FORMULAS.map((f, i) => [f, i] as const))(
  "%s, typed into a cell, shows what docs/functions.md says",
  async (formula, i) => {
    const { page } = e;
    await ensureConnected(page);
    const sheet = `Example ${i + 1}`;
    await page.evaluate(async (name) => {
      const excel = (globalThis as unknown as { Excel: typeof Excel }).Excel;
      await excel.run(async (context) => {
        context.workbook.worksheets.add(name);
        await context.sync();
      });
    }, sheet);
    await openSheetTab(page, sheet);
    for (const [address, input] of [
      ["A2", "1200000001"],
      ["A3", "1200000002"],
      ["A4", "1200000003"],
      ["A5", "1200000004"],
      ["B2", "Acme Mattress"],
      ["B3", "Northwind Coffee"],
      ["C2", "50000"],
      ["C3", "50002"],
    ])
      await typeInto(page, address, input);
    await typeInto(page, "D2", formula);
    const deadline = Date.now() + 30_000;
    let answer = await readAnswer(page, sheet);
    while (answer.anchor.value === "#BUSY!" && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      answer = await readAnswer(page, sheet);
    }
    expect({
      error: answer.anchor.error,
      message: answer.anchor.errorMessage,
      value: answer.anchor.value,
    }).toEqual({
      error: undefined,
      message: undefined,
      value: expect.anything(),
    });
    CHECKS[formula](answer);
    // In columns of Excel's default width, as a planner types it: no cell of the grid shows #######.
    const hashes = await page
      .locator("[data-cell]")
      .evaluateAll((cells) =>
        cells.flatMap((c) =>
          /^#{3,}$/.test((c.textContent ?? "").trim()) ? [c.getAttribute("data-cell")] : [],
        ),
      );
    expect(hashes).toEqual([]);
    await page.screenshot({ path: path.join(ARTIFACTS, `readme-formula-${i + 1}.png`) });
  },
);
