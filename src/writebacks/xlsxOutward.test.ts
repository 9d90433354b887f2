/** Formulas in agent xlsx files that call out of the workbook: found, replaced by saved values, or refused. */
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import {
  DDE_LINK_PART,
  EXTERNAL_BOOK,
  formulaXlsx,
  hostileXlsx,
  type XlsxCell,
} from "../../sandbox/resources/hostileXlsx";
import { outwardCalls } from "./outwardCalls";
import { checkOutward, type OutwardCheck } from "./xlsxOutward";

const parts = (bytes: Uint8Array): Record<string, string> =>
  Object.fromEntries(Object.entries(unzipSync(bytes)).map(([k, v]) => [k, strFromU8(v)]));

function cleaned(check: OutwardCheck): { notes: string[]; files: Record<string, string> } {
  if (check.kind !== "cleaned") throw new Error(`expected a cleaned file, got ${JSON.stringify(check)}`);
  return { notes: check.notes, files: parts(check.bytes) };
}

/** The `<c>` element of one cell in the cleaned sheet. */
const cell = (files: Record<string, string>, ref: string, sheet = "xl/worksheets/sheet1.xml") =>
  new RegExp(`<c r="${ref}"[^>]*?(?:/>|>[\\s\\S]*?</c>)`).exec(files[sheet])?.[0];

describe("outwardCalls: what a formula calls outside the workbook", () => {
  test.each([
    ['WEBSERVICE("https://x.example")', ["WEBSERVICE"]],
    ['webservice("https://x.example")', ["WEBSERVICE"]],
    ['_xlfn.WEBSERVICE("https://x.example")', ["WEBSERVICE"]],
    ['_xlfn.FILTERXML(_xlfn.WEBSERVICE("https://x.example"),"//a")', ["WEBSERVICE"]],
    ['RTD("srv",,"topic")', ["RTD"]],
    ['CALL("kernel32","WinExec","JCJ","calc",0)', ["CALL"]],
    ['REGISTER("lib","fn")+REGISTER.ID("lib","fn")', ["REGISTER", "REGISTER.ID"]],
    ['_xlfn.IMAGE("https://x.example/p.png")', ["IMAGE"]],
    ['_xlfn.STOCKHISTORY("MSFT",A1)', ["STOCKHISTORY"]],
    ['DDE("cmd","/c calc","A0")+DDEAUTO("x")', ["DDE", "DDEAUTO"]],
    ["cmd|' /c calc'!A0", ["DDE"]],
    ['_xll.BDP("IBM US Equity","PX_LAST")', ["add-in function BDP"]],
    ["[1]Sheet1!A1", ["link to another workbook"]],
    ["SUM([2]Data!A1:A3)*2", ["link to another workbook"]],
    ["'[1]My Sheet'!A1", ["link to another workbook"]],
    ["[1]!Total", ["link to another workbook"]],
    ["'C:\\path\\[book.xlsx]Sheet'!A1", ["link to another workbook"]],
    ["[book.xlsx]Sheet1!A1", ["link to another workbook"]],
    ["\\\\server\\share\\[b.xlsx]S!A1", ["link to another workbook"]],
    ["'https://host.example/x/[b.xlsx]S'!$A$1", ["link to another workbook"]],
  ])("%s calls out: %j", (formula, calls) => {
    expect(outwardCalls(formula)).toEqual(calls);
  });

  test.each([
    '"WEBSERVICE(""https://x.example"")"',
    'IF(A1="webservice(1)","a","b")',
    '"[1]Sheet1!A1 and cmd|x!A0"',
    'FILTERXML(A1,"//rate")',
    'HYPERLINK("file://server/share/x.xlsx","open")',
    "SUM(Sales[Spend])",
    "Table1[[#This Row],[Price]]*2",
    "[@Price]*2",
    "Table1[1]",
    "'Sheet 1'!A1+'It''s'!B2+'a|b'!C3",
    "WEBSERVICE_RATE+MYWEBSERVICE(1)",
    "1.5E+3*A1",
  ])("%s stays in the workbook", (formula) => {
    expect(outwardCalls(formula)).toEqual([]);
  });

  test("names that call out make every formula using them call out, matched without case", () => {
    const names = new Map([["RATES", ["WEBSERVICE"]]]);
    expect(outwardCalls("rates*2", names)).toEqual(["WEBSERVICE"]);
    expect(outwardCalls("Rates!A1", names)).toEqual([]); // a sheet called Rates
    expect(outwardCalls('"Rates"', names)).toEqual([]);
  });
});

describe("checkOutward on the hostile files", () => {
  test("WEBSERVICE with a saved value: the cell keeps the value, loses the formula; local formulas and the rest stay", () => {
    const { notes, files } = cleaned(checkOutward(hostileXlsx("webservice")));
    expect(notes).toEqual([
      "1 cell on Data that called out of the workbook (WEBSERVICE) now holds its saved value.",
    ]);
    expect(cell(files, "B2")).toBe('<c r="B2" t="str"><v>1.23</v></c>');
    expect(cell(files, "C2")).toBe('<c r="C2"><f>B2*2</f><v>2.46</v></c>');
    expect(files["xl/worksheets/sheet1.xml"]).not.toMatch(/WEBSERVICE/i);
    // The calculation chain listed the formula: dropped with its relationship and content type.
    expect(files["xl/calcChain.xml"]).toBeUndefined();
    expect(files["xl/_rels/workbook.xml.rels"]).not.toMatch(/calcChain/);
    expect(files["[Content_Types].xml"]).not.toMatch(/calcChain/);
    expect(files["xl/worksheets/sheet1.xml"]).toMatch(
      /<c r="A2" t="inlineStr"><is><t>Show 1<\/t><\/is><\/c>/,
    );
  });

  test("WEBSERVICE without a saved value: the file is refused, naming the sheet and cells", () => {
    expect(checkOutward(hostileXlsx("webserviceNoValue"))).toEqual({
      kind: "refused",
      message:
        "Data!B2, B3 call out of the workbook (WEBSERVICE) and have no saved value: the file was not inserted.",
    });
  });

  test("FILTERXML over WEBSERVICE is replaced by its saved value", () => {
    const { notes, files } = cleaned(checkOutward(hostileXlsx("filterxmlOverWebservice")));
    expect(notes).toEqual([
      "1 cell on Data that called out of the workbook (WEBSERVICE) now holds its saved value.",
    ]);
    expect(cell(files, "B2")).toBe('<c r="B2"><v>42</v></c>');
  });

  test("a link to another workbook: value kept; the externalLink part, its rels, content type, reference and name dropped", () => {
    const original = parts(hostileXlsx("externalLink"));
    expect(Object.keys(original)).toContain("xl/externalLinks/externalLink1.xml");
    const { notes, files } = cleaned(checkOutward(hostileXlsx("externalLink")));
    expect(notes).toEqual([
      "1 cell on Data that called out of the workbook (link to another workbook) now holds its saved value.",
      "The name Remote, which called out of the workbook, was removed.",
      "1 link to another workbook was removed.",
    ]);
    expect(cell(files, "B2")).toBe('<c r="B2"><v>7</v></c>');
    expect(Object.keys(files).filter((k) => /externalLink/i.test(k))).toEqual([]);
    expect(files["xl/_rels/workbook.xml.rels"]).not.toMatch(/externalLink/);
    expect(files["xl/_rels/workbook.xml.rels"]).toMatch(/worksheets\/sheet1\.xml/);
    expect(files["[Content_Types].xml"]).not.toMatch(/externalLink/);
    expect(files["[Content_Types].xml"]).toMatch(/worksheets\/sheet1\.xml/);
    expect(files["xl/workbook.xml"]).not.toMatch(/externalReference|definedName|Remote/);
    expect(files["xl/workbook.xml"]).toMatch(/<sheet name="Data"/);
  });

  test("DDE: the cell keeps its value and the DDE link part goes", () => {
    const { notes, files } = cleaned(checkOutward(hostileXlsx("dde")));
    expect(notes).toEqual([
      "1 cell on Data that called out of the workbook (DDE) now holds its saved value.",
      "1 DDE link was removed.",
    ]);
    expect(cell(files, "B2")).toBe('<c r="B2"><v>0</v></c>');
    expect(Object.keys(files).some((k) => k.includes("externalLinks"))).toBe(false);
  });

  test("a shared formula whose master calls out: master and dependents keep their values; a local group stays shared", () => {
    const { notes, files } = cleaned(checkOutward(hostileXlsx("sharedFormula")));
    expect(notes).toEqual([
      "3 cells on Data that called out of the workbook (WEBSERVICE) now hold their saved values.",
    ]);
    expect([2, 3, 4].map((r) => cell(files, `B${r}`))).toEqual([
      '<c r="B2" t="str"><v>10</v></c>',
      '<c r="B3" t="str"><v>20</v></c>',
      '<c r="B4" t="str"><v>30</v></c>',
    ]);
    expect(cell(files, "C2")).toBe(
      '<c r="C2" t="str"><f t="shared" ref="C2:C4" si="1">A2&amp;&quot;!&quot;</f><v>Show 1!</v></c>',
    );
    expect(cell(files, "C4")).toBe('<c r="C4" t="str"><f t="shared" si="1"/><v>Show 3!</v></c>');
  });

  test('"WEBSERVICE" inside string literals and text cells: the file is left as it is', () => {
    expect(checkOutward(hostileXlsx("stringLiteral"))).toEqual({ kind: "unchanged" });
  });
});

describe("checkOutward: shared formulas, names, rules and package details", () => {
  const header: XlsxCell[] = [{ ref: "A1", value: "x" }];

  test("a shared group's dependent with no saved value refuses the file, though its master has one", () => {
    const check = checkOutward(
      formulaXlsx({
        sheetName: "My Rates",
        cells: [
          ...header,
          { ref: "B2", formula: "WEBSERVICE(A2)", f: { t: "shared", ref: "B2:B4", si: "0" }, value: "1" },
          { ref: "B3", f: { t: "shared", si: "0" } },
          { ref: "B4", f: { t: "shared", si: "0" }, value: "3" },
        ],
      }),
    );
    expect(check).toEqual({
      kind: "refused",
      message:
        "'My Rates'!B3 calls out of the workbook (WEBSERVICE) and has no saved value: the file was not inserted.",
    });
  });

  test("names that call out (directly or through another name) go, and so do the formulas using them; local names stay", () => {
    const { notes, files } = cleaned(
      checkOutward(
        formulaXlsx({
          cells: [
            ...header,
            { ref: "B2", formula: "rate*2", value: 2.5 },
            { ref: "B3", formula: "SUM(Local)", value: 1 },
          ],
          definedNames: [
            { name: "Feed", formula: '_xlfn.WEBSERVICE("https://x.example")' },
            { name: "Rate", formula: '_xlfn.FILTERXML(Feed,"//rate")' },
            { name: "Local", formula: "Data!$A$1:$A$3" },
          ],
        }),
      ),
    );
    expect(notes).toEqual([
      "1 cell on Data that called out of the workbook (WEBSERVICE) now holds its saved value.",
      "The names Feed and Rate, which called out of the workbook, were removed.",
    ]);
    expect(cell(files, "B2")).toBe('<c r="B2"><v>2.5</v></c>');
    expect(cell(files, "B3")).toBe('<c r="B3"><f>SUM(Local)</f><v>1</v></c>');
    expect(files["xl/workbook.xml"]).toMatch(
      /<definedNames><definedName name="Local">Data!\$A\$1:\$A\$3<\/definedName><\/definedNames>/,
    );
  });

  test("an outward name used by no cell still goes; the definedNames element goes when empty", () => {
    const { notes, files } = cleaned(
      checkOutward(
        formulaXlsx({ cells: header, definedNames: [{ name: "Ping", formula: 'RTD("srv",,"t")' }] }),
      ),
    );
    expect(notes).toEqual(["The name Ping, which called out of the workbook, was removed."]);
    expect(files["xl/workbook.xml"]).not.toMatch(/definedName/);
  });

  test("an array formula's master keeps its saved value; the cells it spilled into already hold theirs", () => {
    const { files } = cleaned(
      checkOutward(
        formulaXlsx({
          cells: [
            ...header,
            {
              ref: "B2",
              formula: '_xlfn.STOCKHISTORY("MSFT",A1)',
              f: { t: "array", ref: "B2:B3" },
              value: 10,
            },
            { ref: "B3", value: 11 },
          ],
        }),
      ),
    );
    expect(cell(files, "B2")).toBe('<c r="B2"><v>10</v></c>');
    expect(cell(files, "B3")).toBe('<c r="B3"><v>11</v></c>');
  });

  test("a conditional format or data validation calling out has no saved value: refused", () => {
    const dv =
      '<dataValidations count="1"><dataValidation type="list" sqref="A2:A9"><formula1>[1]Sheet1!$A$1:$A$5</formula1></dataValidation></dataValidations>';
    expect(
      checkOutward(formulaXlsx({ cells: header, afterSheetData: dv, externalLinks: [EXTERNAL_BOOK] })),
    ).toEqual({
      kind: "refused",
      message:
        "a conditional format or data validation rule on Data calls out of the workbook (link to another workbook): the file was not inserted.",
    });
    const cf =
      '<conditionalFormatting sqref="A1"><cfRule type="expression" priority="1"><formula>LEN(_xlfn.WEBSERVICE("https://x.example"))&gt;0</formula></cfRule></conditionalFormatting>';
    expect(checkOutward(formulaXlsx({ cells: header, afterSheetData: cf }))).toMatchObject({
      kind: "refused",
      message: expect.stringContaining("(WEBSERVICE)"),
    });
  });

  test("a linked OLE object is refused (its link part cannot stay)", () => {
    const ole =
      '<oleObjects><oleObject progId="Package" link="[1]!\'\'" oleUpdate="OLEUPDATE_ALWAYS" shapeId="1025"/></oleObjects>';
    expect(
      checkOutward(formulaXlsx({ cells: header, afterSheetData: ole, externalLinks: [DDE_LINK_PART] })),
    ).toEqual({
      kind: "refused",
      message: "Data has a linked (OLE) object: the file was not inserted.",
    });
  });

  test("a refusal lists 20 cells and counts the rest", () => {
    const cells = Array.from({ length: 25 }, (_, i) => ({ ref: `B${i + 2}`, formula: `RTD("s",,"${i}")` }));
    const check = checkOutward(formulaXlsx({ cells }));
    expect(check).toEqual({
      kind: "refused",
      message: `Data!${cells
        .slice(0, 20)
        .map((c) => c.ref)
        .join(
          ", ",
        )} and 5 more call out of the workbook (RTD) and have no saved value: the file was not inserted.`,
    });
  });

  test("an error saved by the formula is its saved value; rich-value and array metadata links go with the formula", () => {
    const bytes = formulaXlsx({
      cells: [{ ref: "B2", formula: '_xlfn.IMAGE("https://x.example/p.png")', error: "#VALUE!" }],
    });
    const files = unzipSync(bytes);
    files["xl/worksheets/sheet1.xml"] = strToU8(
      strFromU8(files["xl/worksheets/sheet1.xml"]).replace(
        '<c r="B2" t="e">',
        '<c r="B2" t="e" vm="1" cm="1">',
      ),
    );
    const { files: out } = cleaned(checkOutward(zipSync(files)));
    expect(cell(out, "B2")).toBe('<c r="B2" t="e"><v>#VALUE!</v></c>');
  });

  test("prefixed elements, entities and cells without addresses, as other writers make them", () => {
    const sheet =
      '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>' +
      '<x:row><x:c><x:v>1</x:v></x:c><x:c t="str"><x:f>IF(A1&gt;0,_xlfn.WEBSERVICE(&quot;https://x.example&quot;),&quot;&quot;)</x:f><x:v>ok</x:v></x:c></x:row>' +
      '<x:row><x:c/><x:c><x:f>"WEBSERVICE"&amp;A1</x:f><x:v>0</x:v></x:c><x:c><x:f>webservice(A1)</x:f></x:c></x:row>' +
      "</x:sheetData></x:worksheet>";
    const bytes = zipSync({
      "_rels/.rels": strToU8(
        '<Relationships><Relationship Id="r1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="/xl/book.xml"/></Relationships>',
      ),
      "xl/book.xml": strToU8(
        '<x:workbook xmlns:x="m" xmlns:rel="r"><x:sheets><x:sheet name="Feed" sheetId="1" rel:id="s1"/></x:sheets></x:workbook>',
      ),
      "xl/_rels/book.xml.rels": strToU8(
        '<Relationships><Relationship Id="s1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="sheets/one.xml"/></Relationships>',
      ),
      "xl/sheets/one.xml": strToU8(sheet),
    });
    expect(checkOutward(bytes)).toEqual({
      kind: "refused",
      message:
        "Feed!C2 calls out of the workbook (WEBSERVICE) and has no saved value: the file was not inserted.",
    });
    const fixed = zipSync({
      ...unzipSync(bytes),
      "xl/sheets/one.xml": strToU8(
        sheet.replace("<x:f>webservice(A1)</x:f>", "<x:f>webservice(A1)</x:f><x:v>5</x:v>"),
      ),
    });
    const { notes, files } = cleaned(checkOutward(fixed));
    expect(notes).toEqual([
      "2 cells on Feed that called out of the workbook (WEBSERVICE) now hold their saved values.",
    ]);
    expect(files["xl/sheets/one.xml"]).toBe(
      sheet
        .replace(/<x:f>IF[^<]*<\/x:f>/, "")
        .replace("<x:c><x:f>webservice(A1)</x:f></x:c>", "<x:c><x:v>5</x:v></x:c>"),
    );
  });

  test("bytes that are not a package, and a package without formulas, are left alone", () => {
    expect(checkOutward(new Uint8Array([80, 75, 3, 4, 255]))).toEqual({ kind: "unchanged" });
    expect(checkOutward(formulaXlsx({ cells: [{ ref: "A1", value: "=WEBSERVICE(1)" }] }))).toEqual({
      kind: "unchanged",
    });
  });
});
