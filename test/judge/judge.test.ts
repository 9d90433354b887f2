/**
 * The judge: LibreOffice Calc recalculates every workbook the add-in builds (workbooks.ts) from
 * the .xlsx the preview downloads, and every formula cell's value and every cell's shown text must
 * agree with the preview's, or be a known departure of LibreOffice from Excel (known.ts, each with
 * its reason and citation in docs/excel-fidelity.md). One soffice run recalculates them all.
 */
import { strFromU8, unzipSync } from "fflate";
import { exportXlsx } from "../../preview/memory/export/exportXlsx";
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import { startSandbox } from "../support/sandbox";
import { compareWorkbook, type Disagreement } from "./compare";
import { readFods } from "./fods";
import { recalculate } from "./libreoffice";
import { findFormulaSites, NOT_WRITTEN, WRITERS, writerKey } from "./formulaSites";
import { explain, KNOWN_DEPARTURES } from "./known";
import { JUDGED_WORKBOOKS } from "./workbooks";
import { nativeFunctions } from "../../preview/memory/nativeFunctions";

const KEY = "demo-pro";
const asValue = (formula: string) => /\bADS\.[A-Z]+\(/i.test(formula);

let built: Map<string, InMemoryWorkbook>;
let results: Map<string, ReturnType<typeof compareWorkbook>>;
let soffice = 0;
let exported: Map<string, Uint8Array>;
let canary: ReturnType<typeof readFods>;

/**
 * A workbook whose file carries a wrong saved value (LibreOffice must show the one it calculates),
 * a sum where LibreOffice's compensated SUM and an in-order sum part (known.ts, lo-sum-order), and
 * five never-written cells beside rows that hold something (known.ts, lo-countblank).
 */
function canaryFile(): Uint8Array {
  const wb = new InMemoryWorkbook();
  wb.host.setInput("Sheet1", 0, 0, "5");
  wb.host.setInput("Sheet1", 0, 1, "=A1*2");
  wb.model.cell(wb.model.sheets[0], 0, 1)!.value = 999;
  wb.host.setInput("Sheet1", 1, 0, "=SUM(0.52,8796093022207,-8796093022207)");
  wb.host.setInput("Sheet1", 2, 0, "=0.52+8796093022207-8796093022207");
  expect([wb.host.cell("Sheet1", 1, 0).value, wb.host.cell("Sheet1", 2, 0).value]).toEqual([
    0.51953125, 0.51953125,
  ]);
  wb.host.setInput("Sheet1", 3, 0, "=COUNTBLANK(D1:D5)");
  wb.host.setInput("Sheet1", 4, 0, '=COUNTIF(D1:D5,"")');
  expect([wb.host.cell("Sheet1", 3, 0).value, wb.host.cell("Sheet1", 4, 0).value]).toEqual([5, 5]);
  return exportXlsx(wb.model);
}

beforeAll(async () => {
  const s = await startSandbox();
  try {
    built = new Map();
    for (const w of JUDGED_WORKBOOKS) built.set(w.name, await w.build(s.client(KEY)));
  } finally {
    await s.close();
  }
  const files = new Map([...built].map(([name, wb]) => [name, exportXlsx(wb.model, { asValue })]));
  exported = files;
  files.set("canary", canaryFile());
  const { fods, ms } = await recalculate(files);
  soffice = ms;
  canary = readFods(fods.get("canary")!);
  results = new Map(
    [...built].map(([name, wb]) => [
      name,
      compareWorkbook(name, wb.model, readFods(fods.get(name)!, wb.model.date1904), { asValue }),
    ]),
  );
}, 300_000);

test("no file holds the key the workbooks were made with", () => {
  for (const [name, bytes] of exported) {
    const text = Object.values(unzipSync(bytes))
      .map((f) => strFromU8(f))
      .join("\n");
    expect([name, text.includes(KEY)]).toEqual([name, false]);
  }
});

test("LibreOffice recalculates every formula, whatever value the file saved", () => {
  expect(canary[0].cells.get("0,1")).toMatchObject({ value: 10, text: "10", formula: "of:=[.A1]*2" });
});

test("LibreOffice's SUM compensates where adding in order (the preview, Excel's +) loses 0.52's low bits", () => {
  expect([canary[0].cells.get("1,0")?.value, canary[0].cells.get("2,0")?.value]).toEqual([0.52, 0.51953125]);
});

test('LibreOffice\'s COUNTBLANK leaves out empty cells in rows that hold something, where its COUNTIF with "" counts them all', () => {
  const [blank, countif] = [canary[0].cells.get("3,0")?.value, canary[0].cells.get("4,0")?.value];
  expect(countif).toBe(5);
  expect(Number(blank)).toBeLessThan(5);
});

const line = (d: Disagreement) =>
  `${d.workbook} ${d.sheet}!${d.address} ${d.kind}: preview ${d.preview} | LibreOffice ${d.libre}` +
  (d.formula ? ` (${d.formula})` : "") +
  (d.numberFormat ? ` [${d.numberFormat}]` : "");

test("every workbook agrees with LibreOffice, but where LibreOffice is known to depart from Excel", () => {
  const all = [...results.values()].flatMap((r) => r.disagreements);
  const formulas = [...results.values()].reduce((n, r) => n + r.formulas.length, 0);
  const explained = all.filter((d) => explain(d));
  const cells = [...results.values()].reduce((n, r) => n + r.cells, 0);
  console.log(
    [
      `${built.size} workbooks, ${cells} cells' shown text and ${formulas} formula cells' values compared, soffice ${soffice} ms, ${all.length} disagreements, ${explained.length} explained by known departures:`,
      ...[...results].map(
        ([name, r]) =>
          `  ${name}: ${r.cells} cells, ${r.formulas.length} formulas, ${r.disagreements.length} disagreements`,
      ),
      ...explained.map((d) => `  ${explain(d)!.id}: ${line(d)}`),
    ].join("\n"),
  );
  expect(all.filter((d) => !explain(d)).map(line)).toEqual([]);
});

/** Every formula cell of the judged workbooks (custom functions too, which LibreOffice gets as values). */
function formulaCells(): { workbook: string; formula: string; value: unknown }[] {
  return [...built].flatMap(([workbook, wb]) =>
    wb.model.sheets.flatMap((s) =>
      [...s.rows.values()].flatMap((cells) =>
        [...cells.values()]
          .filter((c) => c.formula !== undefined || typeof c.value === "string")
          .map((c) => ({ workbook, formula: c.formula ?? "", value: c.value })),
      ),
    ),
  );
}

test("every formula the add-in's code writes is in a judged workbook", () => {
  const cells = formulaCells();
  const { literals, assignments } = findFormulaSites();
  const missing = literals
    .filter((l) => !NOT_WRITTEN.some((n) => n.file === l.file && n.text === l.text))
    .filter((l) => !cells.some((c) => l.pattern.test(c.formula)))
    .map((l) => `${l.file}:${l.line} ${l.text}`);
  expect(missing).toEqual([]);
  const unjudged = assignments.flatMap((a) => {
    const w = WRITERS[writerKey(a)];
    if (!w) return [`${a.file}:${a.line} ${a.text} (not in WRITERS)`];
    return w.workbooks
      .filter(
        (name) =>
          !cells.some((c) => c.workbook === name && w.writes.test(w.asText ? String(c.value) : c.formula)),
      )
      .map((name) => `${writerKey(a)}: no ${w.writes} in ${name}`);
  });
  expect(unjudged).toEqual([]);
});

test("the preview's own functions are only those a judged workbook calls (each judged against LibreOffice)", () => {
  const called = formulaCells().map((c) => c.formula.toUpperCase());
  const own = Object.keys(nativeFunctions(new InMemoryWorkbook().model));
  const unjudged = own.filter(
    (name) => !called.some((f) => new RegExp(`(^|[^A-Z0-9._])${name.replace(".", "\\.")}\\(`).test(f)),
  );
  expect(unjudged).toEqual([]);
});

test("every known departure explains a disagreement of this run (the list stays true)", () => {
  const all = [...results.values()].flatMap((r) => r.disagreements);
  expect(KNOWN_DEPARTURES.filter((k) => !all.some((d) => k.matches(d))).map((k) => k.id)).toEqual([]);
});
