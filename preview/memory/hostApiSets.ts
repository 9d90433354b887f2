/**
 * The requirement sets the in-memory Excel answers to, as `Office.context.requirements` does in
 * Excel: Excel on the web today (docs/excel-fidelity.md, "API sets"). Tests set an older Excel with
 * `setHostApiSets` to prove what the add-in does there.
 */

type ApiSets = Record<string, string>;

/** Excel on the web as the host models it: ExcelApi 1.19 (DoubleCellValue.numberFormat), custom functions runtime 1.5. */
const EXCEL_ON_THE_WEB: ApiSets = {
  ExcelApi: "1.19",
  CustomFunctionsRuntime: "1.5",
  SharedRuntime: "1.1",
  RibbonApi: "1.1",
  DialogApi: "1.2",
};

let sets: ApiSets = EXCEL_ON_THE_WEB;

function versionParts(v: string): number[] {
  return v.split(".").map((p) => Number(p) || 0);
}

/**
 * Answers already given, for the sets they were given for: office.js asks before every API call it
 * builds (a workbook property asks millions of times).
 */
const answers = new Map<string, boolean>();
let answersFor: ApiSets = sets;

/** `Office.context.requirements.isSetSupported`: a set the host has, at this version or newer. */
export function isSetSupported(name: string, version?: string | number): boolean {
  if (answersFor !== sets) {
    answers.clear();
    answersFor = sets;
  }
  const key = `${String(name)}\u0000${String(version ?? "")}`;
  let answer = answers.get(key);
  if (answer === undefined) answers.set(key, (answer = supported(name, version)));
  return answer;
}

function supported(name: string, version?: string | number): boolean {
  const have = Object.entries(sets).find(([n]) => n.toLowerCase() === String(name).toLowerCase())?.[1];
  if (have === undefined) return false;
  const want = versionParts(String(version ?? "1.1"));
  const got = versionParts(have);
  for (let i = 0; i < Math.max(want.length, got.length); i++) {
    const d = (got[i] ?? 0) - (want[i] ?? 0);
    if (d !== 0) return d > 0;
  }
  return true;
}
