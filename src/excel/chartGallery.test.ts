/**
 * The chart gallery (test/support/chartGallery.ts): every report kind with a chart, at a day, 30
 * days, 3 months, 12 months and 3 years, with 1, 8 and 50 campaigns (read types, episodes, rows),
 * checked in the chart's own model as the preview draws it at the size the add-in made it: at most 60
 * points a series and 8 series, a date axis for time, every axis label whole (categoryAxis.ts: drawn
 * in full, no wider than its room), every bar labelled.
 */
import { PX_PER_PT } from "../../preview/memory/geometry";
import { chartFrame } from "../../preview/grid/chartFrame";
import { chartGallery, TIME_KINDS, type GalleryChart } from "../../test/support/chartGallery";

let gallery: GalleryChart[];
beforeAll(async () => {
  gallery = await chartGallery();
}, 120_000);

const cases = () => gallery.map((g) => [`${g.kind}, ${g.range}, ${g.size}`, g] as const);

test("the gallery has every kind at every range and size", () => {
  expect(gallery).toHaveLength(6 * 5 * 3);
});

test("at most 8 series and 60 points a series; time over a date axis", () => {
  const wrong = cases().flatMap(([name, g]) => {
    const c = g.chart;
    const problems = [
      c.series.length > 8 && `${c.series.length} series`,
      ...c.series.map((s) => s.values.length > 60 && `${s.name}: ${s.values.length} points`),
      TIME_KINDS.has(g.kind) && !c.categoryAxis.date && "a text axis for time",
    ].filter(Boolean);
    return problems.length ? [`${name}: ${problems.join(", ")}`] : [];
  });
  expect(wrong).toEqual([]);
});

test("no axis label is cut, at the size the chart was made", () => {
  const cut = cases().flatMap(([name, g]) => {
    const frame = chartFrame(g.chart, g.chart.width * PX_PER_PT, g.chart.height * PX_PER_PT);
    return frame.labels
      .filter((l) => l.cut)
      .map(
        (l) => `${name}: "${l.text}" drawn "${l.drawn}", ${Math.round(l.width)} px in ${Math.round(l.room)}`,
      );
  });
  expect(cut).toEqual([]);
});

test("every bar is labelled: its category up the side, its value at its end when it is the only series", () => {
  const wrong = cases().flatMap(([name, g]) => {
    const c = g.chart;
    if (!c.type.startsWith("Bar")) return [];
    const frame = chartFrame(c, c.width * PX_PER_PT, c.height * PX_PER_PT);
    const n = c.series[0].values.length;
    return [
      frame.labels.length !== n && `${frame.labels.length} labels for ${n} bars`,
      c.series.length === 1 && !c.series[0].dataLabels && "no values on the bars",
    ]
      .filter(Boolean)
      .map((p) => `${name}: ${p}`);
  });
  expect(wrong).toEqual([]);
});

test("time labels say the date as a client reads it: 'Nov 27' by day and week, 'Nov 2026' by month", () => {
  const formats = gallery
    .filter((g) => TIME_KINDS.has(g.kind) && g.size === 8)
    .map((g) => [g.kind, g.range, g.chart.categoryAxis.format, g.chart.series[0].values.length]);
  expect(formats).toEqual(
    expect.arrayContaining([
      ["impressions", "1 day", "mmm d", 1],
      ["impressions", "30 days", "mmm d", 30],
      ["impressions", "3 months", "mmm d", 14],
      ["impressions", "12 months", "mmm yyyy", 13],
      ["impressions", "3 years", "mmm yyyy", 37],
    ]),
  );
});
