/**
 * The chart gallery for the eye: every report kind's chart (test/support/chartGallery.ts) at five
 * ranges (rows: a day, 30 days, 3 months, 12 months, 3 years) and three sizes (columns: 1, 8 and 50
 * campaigns, read types, episodes or rows), drawn by the preview's own SheetChart at the size the
 * add-in made it, one picture per kind in Chromium: `chart-gallery-<kind>.png`. Each is looked at and
 * given a verdict in docs/screenshots.md; src/excel/chartGallery.test.ts checks the same charts' model.
 */
import { mkdirSync } from "fs";
import path from "path";
import { renderToStaticMarkup } from "react-dom/server";
import { PX_PER_PT } from "../../preview/memory/geometry";
import { SheetChart } from "../../preview/grid/SheetChart";
import { chartGallery, GALLERY_KINDS, RANGES, SIZES } from "../support/chartGallery";
import { ARTIFACTS, launchBrowser } from "./support";

jest.setTimeout(240_000);

test("every kind's chart at every range and size, drawn as the preview draws it", async () => {
  const gallery = await chartGallery();
  mkdirSync(ARTIFACTS, { recursive: true });
  const browser = await launchBrowser();
  try {
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    for (const kind of GALLERY_KINDS) {
      const rows = RANGES.map((r) => {
        const cells = SIZES.map((size) => {
          const g = gallery.find((x) => x.kind === kind && x.range === r.name && x.size === size)!;
          const svg = renderToStaticMarkup(
            <SheetChart
              chart={g.chart}
              width={g.chart.width * PX_PER_PT}
              height={g.chart.height * PX_PER_PT}
            />,
          );
          return `<td><div class="cap">${kind} · ${r.name} · ${size}</div>${svg}</td>`;
        });
        return `<tr>${cells.join("")}</tr>`;
      });
      await page.setContent(
        `<html><body style="margin:8px;font-family:sans-serif;background:#f3f3f3"><style>td{padding:4px;vertical-align:top}.cap{font-size:12px;color:#333}</style><table>${rows.join("")}</table></body></html>`,
      );
      const size = await page.evaluate(() => ({
        width: document.body.scrollWidth + 16,
        height: document.body.scrollHeight + 16,
      }));
      await page.setViewportSize(size);
      const file = path.join(ARTIFACTS, `chart-gallery-${kind}.png`);
      await page.screenshot({ path: file, fullPage: true });
      expect(await page.locator("svg").count()).toBe(RANGES.length * SIZES.length);
    }
  } finally {
    await browser.close();
  }
});
