/** xlsx insertion: insertWorksheetsFromBase64 brings a file's sheet in, its text kept as text. */
import { strToU8, zipSync } from "fflate";
import { bytesToBase64 } from "../../writebacks/agentFileOpen";
import { check, show, type SelfTestStep } from "./step";

const NS = "http://schemas.openxmlformats.org";

/** The smallest .xlsx Excel opens: one sheet named `sheetName` with "00123" (text) in A1 and 2.5 in B1. */
function sampleXlsx(sheetName: string): string {
  const xml = (body: string) => strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`);
  const files = {
    "[Content_Types].xml": xml(
      `<Types xmlns="${NS}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    "_rels/.rels": xml(
      `<Relationships xmlns="${NS}/package/2006/relationships"><Relationship Id="rId1" Type="${NS}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    "xl/workbook.xml": xml(
      `<workbook xmlns="${NS}/spreadsheetml/2006/main" xmlns:r="${NS}/officeDocument/2006/relationships"><sheets><sheet name="${sheetName}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    "xl/_rels/workbook.xml.rels": xml(
      `<Relationships xmlns="${NS}/package/2006/relationships"><Relationship Id="rId1" Type="${NS}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    "xl/worksheets/sheet1.xml": xml(
      `<worksheet xmlns="${NS}/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>00123</t></is></c><c r="B1"><v>2.5</v></c></row></sheetData></worksheet>`,
    ),
  };
  return bytesToBase64(zipSync(files));
}

export const xlsxSteps: SelfTestStep[] = [
  {
    id: "insert-xlsx",
    family: "xlsx insertion",
    title: "insertWorksheetsFromBase64 inserts a file's sheet with its text kept as text",
    requires: "1.13",
    async run({ excel, ownSheet }) {
      const inserted = await excel.run(async (context) => {
        const names = context.workbook.insertWorksheetsFromBase64(sampleXlsx("ADS self-test xlsx"), {
          positionType: "End" as Excel.WorksheetPositionType,
        });
        await context.sync();
        return names.value;
      });
      inserted.forEach(ownSheet);
      check(inserted.length === 1, `inserted ${show(inserted)}`);
      const values = await excel.run(async (context) => {
        const range = context.workbook.worksheets.getItem(inserted[0]).getRange("A1:B1");
        range.load("values");
        await context.sync();
        return range.values[0];
      });
      check(values[0] === "00123" && values[1] === 2.5, `the inserted sheet holds ${show(values)}`);
      return `inserted "${inserted[0]}"`;
    },
  },
];
