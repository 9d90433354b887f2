/**
 * The in-memory workbook as a .xlsx file (Office Open XML, ECMA-376), zipped with fflate: every
 * sheet with its values, formulas in the file's syntax and their last values, number formats and
 * cell looks, tables, column widths, frozen rows, hyperlinks, list validations, page setup, the
 * defined names and print areas, the date system, and the charts. Excel recalculates it on opening
 * (`fullCalcOnLoad`). What the workbook does not hold (the service's key lives in the pane's
 * runtime only) cannot be in the file.
 */
import { zipSync, strToU8 } from "fflate";
import type { WorkbookModel } from "../model";
import { chartParts } from "./charts";
import { SharedStrings, textElement } from "./cells";
import { StyleSheet } from "./styles";
import { tableXml } from "./tables";
import { worksheetXml } from "./worksheet";
import { el, esc, NS, relsXml, XML_HEAD, type Rel } from "./xml";

export interface ExportOptions {
  /** Formulas to write as their last value (the judge: custom functions no other engine has). */
  asValue?: (formula: string) => boolean;
}

const CT = "application/vnd.openxmlformats-officedocument";

/** The dynamic-array cell metadata ([MS-XLSX] 2.3.8 and 2.6.x): `cm="1"` marks a spilling formula. */
const METADATA =
  XML_HEAD +
  `<metadata xmlns="${NS.main}" xmlns:xda="http://schemas.microsoft.com/office/spreadsheetml/2017/dynamicarray">` +
  '<metadataTypes count="1"><metadataType name="XLDAPR" minSupportedVersion="120000" copy="1" pasteAll="1" pasteValues="1" merge="1" splitFirst="1" rowColShift="1" clearFormats="1" clearComments="1" assign="1" coerce="1" cellMeta="1"/></metadataTypes>' +
  '<futureMetadata name="XLDAPR" count="1"><bk><extLst><ext uri="{bdbb8cdc-fa1e-496e-a857-3c3f30c029c3}"><xda:dynamicArrayProperties fDynamic="1" fCollapsed="0"/></ext></extLst></bk></futureMetadata>' +
  '<cellMetadata count="1"><bk><rc t="1" v="0"/></bk></cellMetadata></metadata>';

function definedNames(model: WorkbookModel): string {
  const names = model.names.map((n) => el("definedName", { name: n.name }, esc(n.formula.replace(/^=/, ""))));
  model.sheets.forEach((s, i) => {
    const area = s.pageLayout.printArea;
    if (!area) return;
    const quoted = `'${s.name.replace(/'/g, "''")}'`;
    const ref = area
      .replace(/^.*!/, "")
      .split(",")
      .map((a) => `${quoted}!${a.replace(/([A-Z]+)(\d+)/g, "$$$1$$$2")}`)
      .join(",");
    names.push(el("definedName", { name: "_xlnm.Print_Area", localSheetId: i }, esc(ref)));
  });
  return names.length ? el("definedNames", {}, ...names) : "";
}

function workbookXml(model: WorkbookModel, active: number): string {
  return (
    XML_HEAD +
    el(
      "workbook",
      { xmlns: NS.main, "xmlns:r": NS.rel },
      el("workbookPr", { date1904: model.date1904 || undefined }),
      el("bookViews", {}, el("workbookView", { activeTab: active })),
      el(
        "sheets",
        {},
        ...model.sheets.map((s, i) =>
          el("sheet", {
            name: s.name,
            sheetId: i + 1,
            state:
              s.visibility === "Visible" ? undefined : s.visibility === "Hidden" ? "hidden" : "veryHidden",
            "r:id": `rId${i + 1}`,
          }),
        ),
      ),
      definedNames(model),
      el("calcPr", { calcId: 191029, fullCalcOnLoad: 1 }),
    )
  );
}

function contentTypes(parts: Map<string, string>): string {
  return (
    XML_HEAD +
    el(
      "Types",
      { xmlns: NS.types },
      el("Default", {
        Extension: "rels",
        ContentType: "application/vnd.openxmlformats-package.relationships+xml",
      }),
      el("Default", { Extension: "xml", ContentType: "application/xml" }),
      ...[...parts].map(([name, type]) => el("Override", { PartName: `/${name}`, ContentType: type })),
    )
  );
}

/** The parts of the package as they are made, with their content types. */
class Package {
  readonly files: Record<string, Uint8Array> = {};
  readonly types = new Map<string, string>();

  put(name: string, xml: string, type?: string): void {
    this.files[name] = strToU8(xml);
    if (type) this.types.set(name, type);
  }

  /** The zip, the content types first (as Excel writes them). */
  zip(): Uint8Array {
    return zipSync({ "[Content_Types].xml": strToU8(contentTypes(this.types)), ...this.files }, { level: 6 });
  }
}

/** The sheet Excel opens on: the active one, else the first visible one. */
function activeIndex(model: WorkbookModel): number {
  const active = model.sheets.findIndex((s) => s.id === model.activeSheetId && s.visibility === "Visible");
  return active >= 0
    ? active
    : Math.max(
        0,
        model.sheets.findIndex((s) => s.visibility === "Visible"),
      );
}

/** Every worksheet with its tables and drawing; whether any holds a spilled (dynamic array) formula. */
function putSheets(
  pkg: Package,
  model: WorkbookModel,
  options: ExportOptions,
  styles: StyleSheet,
  strings: SharedStrings,
): boolean {
  const active = activeIndex(model);
  const charts = chartParts(model);
  let tableCount = 0;
  let dynamic = false;
  model.sheets.forEach((sheet, i) => {
    const tables = model.tables
      .filter((t) => t.sheetId === sheet.id)
      .map((t) => {
        const name = `xl/tables/table${++tableCount}.xml`;
        pkg.put(name, tableXml(model, t, tableCount), `${CT}.spreadsheetml.table+xml`);
        return name.slice(3);
      });
    const { xml, rels } = worksheetXml(
      { model, sheet, styles, strings, asValue: options.asValue },
      { tables, drawing: charts.drawingOf(sheet.id), tabSelected: i === active },
    );
    for (const cells of sheet.rows.values())
      for (const c of cells.values()) if (c.spill && c.formula && !c.error) dynamic = true;
    pkg.put(`xl/worksheets/sheet${i + 1}.xml`, XML_HEAD + xml, `${CT}.spreadsheetml.worksheet+xml`);
    if (rels.length) pkg.put(`xl/worksheets/_rels/sheet${i + 1}.xml.rels`, relsXml(rels));
  });
  for (const part of charts.parts) pkg.put(part.name, part.xml, part.type);
  return dynamic;
}

/** The package's own parts: its relationships and the application that wrote it. */
function putDocument(pkg: Package): void {
  pkg.put(
    "docProps/app.xml",
    XML_HEAD +
      el(
        "Properties",
        { xmlns: "http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" },
        el("Application", {}, "Ads Analytics for Excel (browser preview)"),
      ),
    `${CT}.extended-properties+xml`,
  );
  pkg.put(
    "_rels/.rels",
    relsXml([
      { id: "rId1", type: "officeDocument", target: "xl/workbook.xml" },
      {
        id: "rId2",
        type: "http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties",
        target: "docProps/app.xml",
      },
    ]),
  );
}

/** The workbook as the bytes of a .xlsx file. */
export function exportXlsx(model: WorkbookModel, options: ExportOptions = {}): Uint8Array {
  const pkg = new Package();
  const styles = new StyleSheet();
  const strings = new SharedStrings();
  const dynamic = putSheets(pkg, model, options, styles, strings);
  pkg.put(
    "xl/sharedStrings.xml",
    XML_HEAD +
      el(
        "sst",
        { xmlns: NS.main, count: strings.count, uniqueCount: strings.unique.length },
        ...strings.unique.map((t) => `<si>${textElement(t)}</si>`),
      ),
    `${CT}.spreadsheetml.sharedStrings+xml`,
  );
  pkg.put("xl/styles.xml", styles.xml(), `${CT}.spreadsheetml.styles+xml`);
  const n = model.sheets.length;
  const bookRels: Rel[] = model.sheets.map((_, i) => ({
    id: `rId${i + 1}`,
    type: "worksheet",
    target: `worksheets/sheet${i + 1}.xml`,
  }));
  bookRels.push({ id: `rId${n + 1}`, type: "styles", target: "styles.xml" });
  bookRels.push({ id: `rId${n + 2}`, type: "sharedStrings", target: "sharedStrings.xml" });
  if (dynamic) {
    pkg.put("xl/metadata.xml", METADATA, `${CT}.spreadsheetml.sheetMetadata+xml`);
    bookRels.push({ id: `rId${n + 3}`, type: "sheetMetadata", target: "metadata.xml" });
  }
  pkg.put("xl/workbook.xml", workbookXml(model, activeIndex(model)), `${CT}.spreadsheetml.sheet.main+xml`);
  pkg.put("xl/_rels/workbook.xml.rels", relsXml(bookRels));
  putDocument(pkg);
  return pkg.zip();
}
