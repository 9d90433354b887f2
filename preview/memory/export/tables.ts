/**
 * A table part (xl/tables/tableN.xml, ECMA-376 Part 1, 18.5.1.2): the table's name, its range,
 * its columns by id and header, the filter shown on its header row with the values it keeps, the
 * formula of a calculated column (every body cell the same formula), and its style with row bands.
 */
import { rectAddress } from "../address";
import type { TableData, WorkbookModel } from "../model";
import { fileFormula } from "./fileFormula";
import { el, esc, NS, ooxmlText, XML_HEAD } from "./xml";

/** A header as a table column's name: line breaks as `_x000a_`, as Excel writes them. */
const columnNameText = (header: string) =>
  ooxmlText(header).replace(/\n/g, "_x000a_").replace(/\r/g, "_x000d_");

/** The formula every body cell of column `j` holds, when they all hold the same one. */
function calculatedFormula(model: WorkbookModel, table: TableData, j: number): string | undefined {
  const sheet = model.sheetById(table.sheetId)!;
  let formula: string | undefined;
  for (let r = table.rect.row + 1; r < table.rect.row + table.rect.rows; r++) {
    const f = model.cell(sheet, r, table.rect.col + j)?.formula;
    if (
      !f ||
      (formula !== undefined && f !== formula) ||
      /\$?[A-Z]{1,3}\$?\d/.test(f.replace(/\[[^\]]*\]|"[^"]*"/g, ""))
    )
      return undefined;
    formula = f;
  }
  return formula;
}

export function tableXml(model: WorkbookModel, table: TableData, id: number): string {
  const sheet = model.sheetById(table.sheetId)!;
  const ref = rectAddress(table.rect);
  const ids = table.columnIds ?? Array.from({ length: table.rect.cols }, (_, j) => j + 1);
  const columns = ids.map((colId, j) => {
    const header = model.cell(sheet, table.rect.row, table.rect.col + j)?.value;
    const formula = table.rect.rows > 1 ? calculatedFormula(model, table, j) : undefined;
    const text =
      formula && fileFormula(formula, { tableByName: (n) => model.tableByName(n), ownTable: table });
    return el(
      "tableColumn",
      { id: colId, name: columnNameText(String(header ?? `Column${j + 1}`)) },
      text ? `<calculatedColumnFormula>${esc(ooxmlText(text))}</calculatedColumnFormula>` : "",
    );
  });
  const filters = [...(table.filters ?? new Map<number, string[]>())]
    .sort((a, b) => a[0] - b[0])
    .map(([colId, values]) =>
      el("filterColumn", { colId }, el("filters", {}, ...values.map((val) => el("filter", { val })))),
    );
  return (
    XML_HEAD +
    el(
      "table",
      {
        xmlns: NS.main,
        id,
        name: table.name,
        displayName: table.name,
        ref,
        totalsRowShown: 0,
      },
      el("autoFilter", { ref }, ...filters),
      el("tableColumns", { count: columns.length }, ...columns),
      el("tableStyleInfo", {
        name: table.style,
        showFirstColumn: 0,
        showLastColumn: 0,
        showRowStripes: 1,
        showColumnStripes: 0,
      }),
    )
  );
}
