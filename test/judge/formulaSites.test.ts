/**
 * The catalogue of formulas the add-in writes (formulaSites.ts): found in the code, so that a new
 * formula is listed, and every formula writer named in WRITERS (the judge then holds each to a
 * judged workbook: judge.test.ts).
 */
import { findFormulaSites, formulaSitesIn, NOT_WRITTEN, WRITERS, writerKey } from "./formulaSites";

test("a formula in a string or a template is found; comparisons, arrows and messages are not formulas", () => {
  const sites = formulaSitesIn(
    "x.ts",
    [
      'const a = "=SUM(A1:A9)";',
      'const b = `=IFERROR(${x}/${y},"–")`;',
      'const c = s.split("=");',
      "const d = `==${x}`;",
      'const e = "=> arrow";',
      "range.formulas = [[b]];",
      "range.formulasR1C1 = rows;",
      "range.values = [[a]];",
    ].join("\n"),
  );
  expect(sites.literals.map((l) => l.text)).toEqual(["=SUM(A1:A9)", '=IFERROR(${x}/${y},"–")']);
  expect(sites.literals[1].pattern.test('=IFERROR(Sales[Spend]/Sales[Reach],"–")')).toBe(true);
  expect(sites.literals[1].pattern.test("=IFERROR(1/2)")).toBe(false);
  expect(sites.assignments.map(writerKey)).toEqual(["x.ts range.formulas", "x.ts range.formulasR1C1"]);
});

test("the add-in's formulas: every literal found, every writer named, nothing listed that is gone", () => {
  const { literals, assignments } = findFormulaSites();
  console.log(
    [
      `${literals.length} formula literals:`,
      ...literals.map((l) => `  ${l.file}:${l.line} ${l.text}`),
      `${assignments.length} formulas assignments:`,
      ...assignments.map((a) => `  ${a.file}:${a.line} ${a.text.slice(0, 100)}`),
    ].join("\n"),
  );
  expect(literals.length).toBeGreaterThanOrEqual(10);
  expect(assignments.map(writerKey).filter((k) => !WRITERS[k])).toEqual([]);
  expect(Object.keys(WRITERS).filter((k) => !assignments.some((a) => writerKey(a) === k))).toEqual([]);
  expect(NOT_WRITTEN.filter((n) => !literals.some((l) => l.file === n.file && l.text === n.text))).toEqual(
    [],
  );
});
