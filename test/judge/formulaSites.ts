/**
 * Every formula the add-in writes, found in its code: each string or template literal of `src/`
 * (tests and test helpers aside) that reads as a formula (`=` then a function, a name or a
 * bracket), and each assignment to a range's `formulas` or `formulasR1C1`. The judge's test holds
 * each literal to a formula cell of a judged workbook that it wrote, and each assignment to the
 * workbooks that run it (WRITERS), so no formula the add-in writes escapes LibreOffice.
 */
import { readdirSync, readFileSync } from "fs";
import path from "path";
import ts from "typescript";

const ROOT = path.join(__dirname, "..", "..");

interface FormulaLiteral {
  /** The file, from the repository's root. */
  file: string;
  line: number;
  /** The literal as written, `${…}` parts included. */
  text: string;
  /** Matches a formula that this literal wrote (its `${…}` parts as wildcards). */
  pattern: RegExp;
}

export interface FormulaAssignment {
  file: string;
  line: number;
  /** The assignment as written, on one line (`body.formulas = plan.labels.map(…)`). */
  text: string;
}

/** The product's source files: src/, without tests and the helpers only tests use. */
function sourceFiles(dir = path.join(ROOT, "src")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "testing" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts") ? [full] : [];
  });
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A formula's text: "=" then a letter, a digit, an underscore, a bracket, a quote or a minus (not "=" alone, "==" or "=>"). */
const FORMULA_START = /^=[A-Za-z0-9_(['"-]/;

function literalOf(node: ts.Node): { text: string; pattern: RegExp } | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
    return FORMULA_START.test(node.text)
      ? { text: node.text, pattern: new RegExp(`^${escape(node.text)}$`) }
      : null;
  }
  if (ts.isTemplateExpression(node)) {
    const head = node.head.text;
    if (!FORMULA_START.test(head) && !(head === "=" && node.templateSpans.length > 0)) return null;
    const parts = [head, ...node.templateSpans.map((s) => s.literal.text)];
    const text =
      head + node.templateSpans.map((s) => `\${${s.expression.getText()}}${s.literal.text}`).join("");
    return { text, pattern: new RegExp(`^${parts.map(escape).join(".+?")}$`, "s") };
  }
  return null;
}

export interface FormulaSites {
  literals: FormulaLiteral[];
  assignments: FormulaAssignment[];
}

/** The formula literals and `formulas` assignments of one file's text. */
export function formulaSitesIn(
  file: string,
  text: string,
  into: FormulaSites = { literals: [], assignments: [] },
): FormulaSites {
  const { literals, assignments } = into;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const line = (n: ts.Node) => source.getLineAndCharacterOfPosition(n.getStart()).line + 1;
  const visit = (node: ts.Node): void => {
    const lit = literalOf(node);
    if (lit) literals.push({ file, line: line(node), ...lit });
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left) &&
      /^formulas(R1C1)?$/.test(node.left.name.text)
    )
      assignments.push({ file, line: line(node), text: node.getText().replace(/\s+/g, " ") });
    // A template's spans are visited for nested literals, its own parts are not literals.
    ts.forEachChild(node, visit);
  };
  visit(source);
  return into;
}

/** Formula literals and `formulas` assignments of the add-in's code (src/, tests and test helpers aside). */
export function findFormulaSites(): FormulaSites {
  const sites: FormulaSites = { literals: [], assignments: [] };
  for (const full of sourceFiles())
    formulaSitesIn(path.relative(ROOT, full).split(path.sep).join("/"), readFileSync(full, "utf8"), sites);
  return sites;
}

/** Literals that read as formulas but are never written as one, each with the reason. */
export const NOT_WRITTEN: readonly { file: string; text: string; why: string }[] = [
  {
    file: "src/excel/selftest/calculation.ts",
    text: "=A1*2 shows ${show(seen.after)} after recalculating (A1 is 5)",
    why: "a failure message of the self-test",
  },
  {
    file: "src/excel/selftest/functions.ts",
    text: "=ADS.SELFTEST(3,2) shows ${show(spilled)}",
    why: "a failure message of the self-test",
  },
  {
    file: "src/excel/selftest/functions.ts",
    text: '=ADS.SELFTEST(1,1,"card")',
    why: "the self-test's card step, on a sheet the runner removes: a data type and its dot references, which LibreOffice has no counterpart of (no entity values); proven against office.js's own types in preview/memory/entities.test.ts and in Excel by the self-test itself",
  },
  {
    file: "src/excel/selftest/functions.ts",
    text: "=A1.[${SELF_TEST_CARD.field}]",
    why: "the self-test's card step, on a sheet the runner removes: a data type and its dot references, which LibreOffice has no counterpart of (no entity values); proven against office.js's own types in preview/memory/entities.test.ts and in Excel by the self-test itself",
  },
  {
    file: "src/excel/selftest/functions.ts",
    text: "=A1.[No such field]",
    why: "the self-test's card step, on a sheet the runner removes: a data type and its dot references, which LibreOffice has no counterpart of (no entity values); proven against office.js's own types in preview/memory/entities.test.ts and in Excel by the self-test itself",
  },
  {
    file: "src/excel/selftest/functions.ts",
    text: "=A1.[${SELF_TEST_CARD.field}] shows ${show(field.value)} as ${show(field.text)}, not ${SELF_TEST_CARD.shown}",
    why: "a failure message of the self-test",
  },
];

/**
 * Each assignment to a range's formulas (by its file and left-hand side), the judged workbooks whose
 * building runs it, and a formula it writes there.
 */
export const WRITERS: Readonly<
  Record<string, { workbooks: string[]; writes: RegExp; what: string; asText?: boolean }>
> = {
  "src/excel/dashboardMake.ts body.formulas": {
    workbooks: ["dashboard", "dashboard-1904"],
    writes: /^=IFERROR\(SUM\(/,
    what: "the Dashboard's KPI formulas (src/reports/dashboard.ts)",
  },
  "src/excel/prospectsSheet.ts score.getDataBodyRange().formulas": {
    workbooks: ["prospects"],
    writes: /^=\[@\[Net new listeners\]\]\*\$B\$3\+/,
    what: "the Prospects sheet's Score column: each weighed column of the row times its weight's cell",
  },
  "src/excel/delivery/deliverySheet.ts body.formulas": {
    workbooks: ["delivery"],
    writes: /^=IF\(OR\(NOT\(ISNUMBER\(\[@\[Start date\]\]\)\)/,
    what: "the Delivery sheet's pacing columns: formulas over each flight's row (src/reports/delivery.ts)",
  },
  "src/excel/insertFormula.ts cell.formulas": {
    workbooks: ["functions"],
    writes: /^=ADS\.SHOW\(/,
    what: "a function the Data tab inserts at the selection",
  },
  "src/excel/refresh/content.ts range.formulasR1C1": {
    workbooks: ["refreshed-twice"],
    writes: /^=IFERROR\(\[@/,
    what: "a planner's calculated column, filled into the rows a refresh adds",
  },
  "src/excel/refresh/snapshot.ts r.formulas": {
    workbooks: ["refreshed-twice"],
    writes: /^=IFERROR\(\[@/,
    what: "the planner's formulas put back when a refresh fails part-way (the workbook's last refresh fails so)",
  },
  "src/excel/refresh/content.ts target.formulasR1C1": {
    workbooks: ["refreshed-twice"],
    writes: /^=ROUND\(\[@/,
    what: "a planner's formula with a link, written again after its link (the link's display text replaces the content)",
  },
  "src/excel/refresh/snapshot.ts cell.formulas": {
    workbooks: ["refreshed-twice"],
    writes: /^=ROUND\(\[@/,
    what: "a planner's formula with a link, put back after its link when a refresh fails part-way",
  },
  'src/excel/selftest/calculation.ts ws.getRange("B1").formulas': {
    workbooks: ["self-test"],
    writes: /^=A1\*2$/,
    what: "the recalculate-after-suspended-sync step",
  },
  "src/excel/selftest/formats.ts range.formulas": {
    workbooks: ["self-test"],
    writes: /^=DATE\(2026,1,1\)$/,
    what: "the date-system step",
  },
  'src/excel/selftest/functions.ts context.workbook.worksheets.getItem(sheet).getRange("A1").formulas': {
    workbooks: ["self-test"],
    writes: /^=ADS\.SELFTEST\(/,
    what: "the custom-function steps",
  },
  'src/excel/selftest/functions.ts context.workbook.worksheets.getItem(sheet).getRange("A1:C1").formulas': {
    // No judged workbook: LibreOffice has no data types (see NOT_WRITTEN's card entries).
    workbooks: [],
    writes: /^=A1\.\[/,
    what: "the custom-function-card step: a card and its dot references, which LibreOffice cannot hold",
  },
  'src/excel/selftest/tables.ts ws.getRange("D1").formulas': {
    workbooks: ["self-test"],
    writes: /^=SUM\(ADS_SelfTest_Resize.*\[Amount\]\)$/,
    what: "the resize-keeps-references step",
  },
  "src/excel/selftest/text.ts range.formulas": {
    workbooks: ["self-test"],
    writes: /^=1\+1$/,
    asText: true,
    what: "the formula-in-text-cell step: its =1+1 stays text in a Text cell (judged as that text)",
  },
};

/** An assignment's key in WRITERS: its file and left-hand side. */
export const writerKey = (a: FormulaAssignment) => `${a.file} ${a.text.slice(0, a.text.indexOf(" = "))}`;
