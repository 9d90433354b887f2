/** The files an agent run makes: one of each kind the add-in opens, inserts or downloads. */
import { strToU8, zipSync } from "fflate";
import type { RunRecord } from "../context";

export interface AgentFileData {
  fileId: string;
  fileName: string;
  fileType: string;
  mime: string;
  bytes: Uint8Array;
}

export function xlsx(rows: (string | number)[][]): Uint8Array {
  const esc = (s: string) =>
    s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  const col = (i: number) => String.fromCharCode(65 + i);
  const sheet = rows
    .map(
      (r, i) =>
        `<row r="${i + 1}">${r.map((v, j) => (typeof v === "number" ? `<c r="${col(j)}${i + 1}"><v>${v}</v></c>` : `<c r="${col(j)}${i + 1}" t="inlineStr"><is><t>${esc(v)}</t></is></c>`)).join("")}</row>`,
    )
    .join("");
  return zipSync({
    "[Content_Types].xml": strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    "_rels/.rels": strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    "xl/workbook.xml": strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Agent result" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    "xl/_rels/workbook.xml.rels": strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    "xl/worksheets/sheet1.xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheet}</sheetData></worksheet>`,
    ),
  });
}

export function agentFiles(run: RunRecord): AgentFileData[] {
  const rows: (string | number)[][] = [
    ["Show", "Downloads", "Note"],
    ...Array.from({ length: 12 }, (_, i) => [
      `Show ${i + 1}`,
      1000 * (12 - i),
      i === 3 ? "=not a formula" : `rank ${i + 1}`,
    ]),
  ];
  const csv = rows
    .map((r) =>
      r
        .map((v) => (typeof v === "string" && /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : String(v)))
        .join(","),
    )
    .join("\r\n");
  const json = JSON.stringify(
    rows.slice(1).map(([show, downloads, note]) => ({ show, downloads, meta: { note, run: run.runId } })),
  );
  const tsv = rows.map((r) => r.join("\t")).join("\n");
  const summary = `Shortlist for ${JSON.stringify(run.params)}\nTop show: Show 1\n=SUM(1,2) stays text\n`;
  const html = `<html><body><h1>Shortlist</h1><p>${rows.length - 1} shows</p></body></html>`;
  return [
    {
      fileId: `${run.runId}-csv`,
      fileName: "shortlist.csv",
      fileType: "csv",
      mime: "text/csv",
      bytes: strToU8(csv),
    },
    {
      fileId: `${run.runId}-json`,
      fileName: "shortlist.json",
      fileType: "json",
      mime: "application/json",
      bytes: strToU8(json),
    },
    {
      fileId: `${run.runId}-xlsx`,
      fileName: "shortlist.xlsx",
      fileType: "xlsx",
      mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      bytes: xlsx(rows),
    },
    {
      fileId: `${run.runId}-tsv`,
      fileName: "shortlist.tsv",
      fileType: "tsv",
      mime: "text/tab-separated-values",
      bytes: strToU8(tsv),
    },
    {
      fileId: `${run.runId}-txt`,
      fileName: "summary.txt",
      fileType: "txt",
      mime: "text/plain",
      bytes: strToU8(summary),
    },
    {
      fileId: `${run.runId}-html`,
      fileName: "shortlist.html",
      fileType: "html",
      mime: "text/html",
      bytes: strToU8(html),
    },
  ];
}
