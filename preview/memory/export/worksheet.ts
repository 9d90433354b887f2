/**
 * One worksheet part (xl/worksheets/sheetN.xml) in the element order ECMA-376 Part 1 (18.3.1.99)
 * requires: the frozen header rows, column widths, cells, list validations with their prompt and
 * alert, hyperlinks, page setup, the drawing that holds the charts and the table parts.
 */
import { columnName, rectAddress } from "../address";
import { DEFAULT_COLUMN_WIDTH_PT, PX_PER_PT } from "../geometry";
import type { CellData, SheetData } from "../model";
import { cellXml, type CellContext } from "./cells";
import { TablePaints } from "./tableLooks";
import { el, type Rel } from "./xml";

/**
 * A width in points as the file keeps it: characters of the default font's widest digit (7 px for
 * Calibri 11), padding included (ECMA-376 Part 1, 18.3.1.13: width = px / 7, to 1/256).
 */
export function fileColumnWidth(points: number): number {
  return Math.trunc(((points * PX_PER_PT) / 7) * 256) / 256;
}

export interface SheetParts {
  /** Parts of the package this sheet refers to: `tables/tableN.xml`, `drawings/drawingN.xml`. */
  tables: string[];
  drawing?: string;
  tabSelected: boolean;
}

function sheetViews(sheet: SheetData, tabSelected: boolean): string {
  const n = sheet.freezeRows;
  const pane =
    n > 0
      ? el("pane", { ySplit: n, topLeftCell: `A${n + 1}`, activePane: "bottomLeft", state: "frozen" })
      : "";
  const selection =
    n > 0 ? el("selection", { pane: "bottomLeft", activeCell: `A${n + 1}`, sqref: `A${n + 1}` }) : "";
  return el(
    "sheetViews",
    {},
    el("sheetView", { tabSelected: tabSelected || undefined, workbookViewId: 0 }, pane, selection),
  );
}

function cols(sheet: SheetData): string {
  const widths = [...sheet.columnWidths]
    .filter(([, w]) => w !== DEFAULT_COLUMN_WIDTH_PT)
    .sort((a, b) => a[0] - b[0]);
  if (widths.length === 0) return "";
  return el(
    "cols",
    {},
    ...widths.map(([c, w]) =>
      el("col", { min: c + 1, max: c + 1, width: fileColumnWidth(w), customWidth: 1 }),
    ),
  );
}

const NO_CELL: CellData = { value: null };

/** Row `r`'s cells by column, in order: the sheet's, and the empty cells of its styled tables (tableLooks.ts). */
function rowCells(ctx: CellContext, r: number): [number, CellData][] {
  const own = ctx.sheet.rows.get(r) ?? new Map<number, CellData>();
  const painted = ctx.paints?.columnsIn(r) ?? [];
  const cols = painted.length ? new Set([...own.keys(), ...painted]) : own.keys();
  return [...cols].sort((a, b) => a - b).map((c) => [c, own.get(c) ?? NO_CELL]);
}

function sheetData(ctx: CellContext): string {
  const sheet = ctx.sheet;
  const rows = new Set([...sheet.rows.keys(), ...sheet.hiddenRows, ...(ctx.paints?.rows() ?? [])]);
  const out: string[] = [];
  for (const r of [...rows].sort((a, b) => a - b)) {
    const body = rowCells(ctx, r)
      .map(([c, cell]) => cellXml(ctx, cell, r, c))
      .join("");
    const hidden = sheet.hiddenRows.has(r) || undefined;
    if (body || hidden) out.push(el("row", { r: r + 1, hidden }, body));
  }
  return out.length ? `<sheetData>${out.join("")}</sheetData>` : "<sheetData/>";
}

const ALERT_STYLE: Record<string, string> = { Stop: "stop", Warning: "warning", Information: "information" };

function dataValidations(sheet: SheetData): string {
  if (sheet.validations.length === 0) return "";
  return el(
    "dataValidations",
    { count: sheet.validations.length },
    ...sheet.validations.map((v) =>
      el(
        "dataValidation",
        {
          type: "list",
          errorStyle: v.alert ? ALERT_STYLE[v.alert.style] : undefined,
          allowBlank: 1,
          showInputMessage: v.prompt ? 1 : undefined,
          showErrorMessage: 1,
          error: v.alert?.message || undefined,
          prompt: v.prompt || undefined,
          sqref: rectAddress(v.rect),
        },
        `<formula1>${escList(v.list)}</formula1>`,
      ),
    ),
  );
}

/** A list rule's items as the file's formula: one quoted text, items joined by commas. */
function escList(items: readonly string[]): string {
  const text = `"${items.join(",").replace(/"/g, '""')}"`;
  return text.replace(/[&<>]/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt" }[c]};`);
}

/** The sheet's hyperlinks: a link into the workbook (`#Sheet!A1`) as a location, others by relationship. */
function hyperlinks(sheet: SheetData, rels: Rel[]): string {
  const links: string[] = [];
  for (const [r, cells] of [...sheet.rows].sort((a, b) => a[0] - b[0]))
    for (const [c, cell] of [...cells].sort((a, b) => a[0] - b[0])) {
      if (!cell.hyperlink) continue;
      const ref = `${columnName(c)}${r + 1}`;
      if (cell.hyperlink.startsWith("#")) {
        links.push(el("hyperlink", { ref, location: cell.hyperlink.slice(1) }));
        continue;
      }
      const id = `rId${rels.length + 1}`;
      rels.push({ id, type: "hyperlink", target: cell.hyperlink, external: true });
      links.push(el("hyperlink", { ref, "r:id": id }));
    }
  return links.length ? el("hyperlinks", {}, ...links) : "";
}

function pageSetup(sheet: SheetData): string {
  const { orientation, zoom } = sheet.pageLayout;
  const fit = zoom.horizontalFitToPages !== undefined || zoom.verticalFitToPages !== undefined;
  return (
    el("pageMargins", { left: 0.7, right: 0.7, top: 0.75, bottom: 0.75, header: 0.3, footer: 0.3 }) +
    el("pageSetup", {
      orientation: orientation.toLowerCase(),
      scale: fit ? undefined : zoom.scale,
      fitToWidth: fit ? (zoom.horizontalFitToPages ?? 0) : undefined,
      fitToHeight: fit ? (zoom.verticalFitToPages ?? 0) : undefined,
    })
  );
}

/** The sheet's XML and the relationships it refers to (hyperlinks, then the drawing, then tables). */
export function worksheetXml(sheetCtx: CellContext, parts: SheetParts): { xml: string; rels: Rel[] } {
  const ctx = { ...sheetCtx, paints: new TablePaints(sheetCtx.model, sheetCtx.sheet) };
  const sheet = ctx.sheet;
  const rels: Rel[] = [];
  const fit =
    sheet.pageLayout.zoom.horizontalFitToPages !== undefined ||
    sheet.pageLayout.zoom.verticalFitToPages !== undefined;
  const used = ctx.model.usedRect(sheet);
  const data = sheetData(ctx);
  const links = hyperlinks(sheet, rels);
  let drawing = "";
  if (parts.drawing) {
    const id = `rId${rels.length + 1}`;
    rels.push({ id, type: "drawing", target: `../${parts.drawing}` });
    drawing = el("drawing", { "r:id": id });
  }
  const tableIds = parts.tables.map((target) => {
    const id = `rId${rels.length + 1}`;
    rels.push({ id, type: "table", target: `../${target}` });
    return id;
  });
  const xml = el(
    "worksheet",
    {
      xmlns: "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
      "xmlns:r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
    },
    fit ? el("sheetPr", {}, el("pageSetUpPr", { fitToPage: 1 })) : "",
    el("dimension", { ref: used ? rectAddress(used) : "A1" }),
    sheetViews(sheet, parts.tabSelected),
    el("sheetFormatPr", { defaultRowHeight: 15 }),
    cols(sheet),
    data,
    dataValidations(sheet),
    links,
    pageSetup(sheet),
    drawing,
    tableIds.length
      ? el("tableParts", { count: tableIds.length }, ...tableIds.map((id) => el("tablePart", { "r:id": id })))
      : "",
  );
  return { xml, rels };
}
