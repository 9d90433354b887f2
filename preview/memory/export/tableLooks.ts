/**
 * A table's style written as its cells' own formatting too, so every spreadsheet draws the look the
 * preview draws (preview/grid/tableStyles.ts `tableLook`, painted as GridRow.tsx `tablePaint` paints
 * it): the header's fill, bold text and text colour, the banded rows' fills (the first body row
 * banded, as Excel's row stripes start), the body's text colour, the coloured line under each row of
 * the Light 15–21 styles. The table part still names its style (`tableStyleInfo`).
 *
 * Why both: LibreOffice (7.4) reads a table as a database range and draws no OOXML table style by
 * name, built-in or defined in the styles part; it draws the cells' own formats. Excel draws a
 * cell's own font and fill over its table style's (docs/excel-fidelity.md, "A cell's own font and
 * fill are drawn over its table style's"), so there the written fills cover the style's with the
 * same look, not a second one: the preview's approximation of each built-in style's Office-theme
 * colours (Medium 2's band #DAE3F3 where Excel's is #D9E1F2). What Excel then does not do for these
 * cells is re-band them: a table style "will re-display appropriately when cells are added,
 * removed, hidden, and shown" (VBA TableStyles object, learn.microsoft.com/office/vba/api/
 * excel.tablestyles); formats written on the cells move with their rows when sorted.
 *
 * A cell's own fill, text colour, bold and bottom line win over its table's, as the preview draws them.
 */
import { tableLook, type TableLook } from "../../grid/tableStyles";
import type { Rect } from "../address";
import type { CellEdge, SheetData, WorkbookModel } from "../model";
import type { CellLook } from "./styles";

interface StyledTable {
  rect: Rect;
  look: TableLook;
}

/** What a table's style paints on one of its cells. */
type Paint = Pick<CellLook, "fill" | "color" | "bold"> & { bottom?: CellEdge };

function paintOf(t: StyledTable, row: number): Paint {
  const { look, rect } = t;
  const bottom: CellEdge | undefined = look.border
    ? { style: "Continuous", weight: "Thin", color: look.border }
    : undefined;
  if (row === rect.row) return { fill: look.headerFill, color: look.headerColor, bold: true, bottom };
  const odd = (row - rect.row) % 2 === 1;
  return { fill: odd ? (look.band ?? look.body) : look.body, color: look.bodyColor, bottom };
}

/** The styled tables of one sheet, and what they paint on their cells. */
export class TablePaints {
  private readonly tables: StyledTable[];

  constructor(model: WorkbookModel, sheet: SheetData) {
    this.tables = model.tables.flatMap((t) => {
      const look = t.sheetId === sheet.id ? tableLook(t.style) : null;
      return look ? [{ rect: t.rect, look }] : [];
    });
  }

  private tableAt(row: number, col: number): StyledTable | undefined {
    return this.tables.find(
      ({ rect: r }) => row >= r.row && row < r.row + r.rows && col >= r.col && col < r.col + r.cols,
    );
  }

  /** A cell's look with its table's style under it: the cell's own fill, colour, bold and bottom line first. */
  over(own: CellLook, row: number, col: number): CellLook {
    const t = this.tables.length ? this.tableAt(row, col) : undefined;
    if (!t) return own;
    const paint = paintOf(t, row);
    const bottom = own.borders?.bottom ?? paint.bottom;
    return {
      ...own,
      fill: own.fill ?? paint.fill,
      color: own.color ?? paint.color,
      bold: own.bold || paint.bold,
      borders: bottom ? { ...own.borders, bottom } : own.borders,
    };
  }

  /** The rows styled tables cover: their cells are written even where the sheet holds nothing. */
  rows(): number[] {
    const rows = new Set<number>();
    for (const { rect } of this.tables) for (let r = rect.row; r < rect.row + rect.rows; r++) rows.add(r);
    return [...rows];
  }

  /** The columns of row `row` a styled table covers. */
  columnsIn(row: number): number[] {
    const cols: number[] = [];
    for (const { rect } of this.tables)
      if (row >= rect.row && row < rect.row + rect.rows)
        for (let c = rect.col; c < rect.col + rect.cols; c++) cols.push(c);
    return cols;
  }
}
