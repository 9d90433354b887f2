/**
 * Blocks of text lines a refresh rewrites (a report's status line and summary, a show sheet's
 * title and key metrics): each owns the cells the add-in wrote there last time and nothing else.
 * A block may grow into empty cells; where the planner wrote something in its way, it stops there
 * and its last line says how many lines were left out.
 */
import type { DateSystem } from "../../api/excelDates";
import { isDateFormat, toWorkbookSerial } from "../dateSystem";
import { a1, queueTextLines, type LineCell } from "../tableWriter";
import type { Snapshot } from "./snapshot";
import type { Box } from "./structure";

export interface LinesBlock {
  row: number;
  col: number;
  /** Rows the block may use at most; longer content ends with a line saying how many were left out. */
  room: number;
  lines: LineCell[][];
  /** Rows (within the block) whose first cell is a bold label. */
  boldRows?: number[];
  /**
   * The cells the add-in wrote there last time, the block's own. "leading", for a sheet made before
   * blocks were recorded: the old lines' cells from `col` up to their first gap.
   */
  owned: Box | "leading";
  /**
   * Whether the block's first cell still holds what the add-in wrote there (a status line the planner
   * typed a title over is theirs): when it does not, the block owns nothing and writes only where empty.
   */
  stillOurs?: (first: unknown) => boolean;
}

const isEmptyCell = (v: unknown): boolean => v === "" || v === null || v === undefined;

/** Lines that fit `room` rows: all, or what fits and a last line saying how many were left out. */
function fitLines(lines: LineCell[][], room: number): LineCell[][] {
  if (lines.length <= room) return lines;
  if (room <= 0) return [];
  const shown = lines.slice(0, room - 1);
  return [...shown, [`… ${lines.length - shown.length} more lines not shown`]];
}

/** How many cells of a row, from its start, are filled before the first empty one. */
function leadingWidth(row: readonly unknown[]): number {
  const gap = row.findIndex(isEmptyCell);
  return gap < 0 ? row.length : gap;
}

const width = (lines: readonly LineCell[][]) => Math.max(0, ...lines.map((l) => l.length));

/** The area a block may touch, old and new: what the snapshot must cover. */
export function blockArea(l: LinesBlock): Box {
  const owned = l.owned === "leading" ? null : l.owned;
  return {
    row: l.row,
    col: l.col,
    rows: Math.max(l.room, owned ? owned.row + owned.rows - l.row : 0, 1),
    cols: Math.max(
      width(l.lines),
      owned ? owned.col + owned.cols - l.col : 0,
      l.owned === "leading" ? 64 : 0,
      1,
    ),
  };
}

const inside = (b: Box, r: number, c: number) =>
  r >= b.row && r < b.row + b.rows && c >= b.col && c < b.col + b.cols;

/** The block's own cells now: as recorded, or (sheets made before) its old leading cells. */
export function ownedBy(l: LinesBlock, snap: Snapshot): Box {
  if (l.stillOurs && !l.stillOurs(snap.formulas[l.row - snap.row]?.[l.col - snap.col]))
    return { row: l.row, col: l.col, rows: 0, cols: 0 };
  if (l.owned !== "leading") return l.owned;
  let w = 0;
  for (let r = l.row; r < l.row + l.room; r++)
    w = Math.max(w, leadingWidth((snap.formulas[r - snap.row] ?? []).slice(l.col - snap.col)));
  return { row: l.row, col: l.col, rows: l.room, cols: w };
}

/** The lines the block writes: as many rows as are the block's or empty, across each line's cells. */
export function fittedLines(l: LinesBlock, snap: Snapshot, owned: Box): LineCell[][] {
  const at = (r: number, c: number) => snap.formulas[r - snap.row]?.[c - snap.col];
  let room = 0;
  for (; room < l.room; room++) {
    const cells = Math.max(l.lines[room]?.length ?? 0, 1);
    let free = true;
    for (let c = l.col; c < l.col + cells && free; c++)
      free = inside(owned, l.row + room, c) || isEmptyCell(at(l.row + room, c));
    if (!free) break;
  }
  return fitLines(l.lines, room);
}

/** Queues the block: its own cells cleared, the fitted lines written, the labels bold. Returns the cells it now owns. */
export function queueBlock(sheet: Excel.Worksheet, l: LinesBlock, owned: Box, shown: LineCell[][]): Box {
  if (owned.rows > 0 && owned.cols > 0) {
    const region = sheet.getRange(a1(owned.row, owned.col, owned.rows, owned.cols));
    region.clear("Contents");
    region.clear("Hyperlinks");
    if (l.boldRows?.length) region.format.font.bold = false;
  }
  queueTextLines(sheet, l.row, shown, l.col);
  for (const r of l.boldRows ?? [])
    if (r < shown.length) sheet.getRange(a1(l.row + r, l.col)).format.font.bold = true;
  return { row: l.row, col: l.col, rows: shown.length, cols: width(shown) };
}

/** A line cell with a date format, in the workbook's system. */
function lineCellInSystem(cell: LineCell, system: DateSystem): LineCell {
  return system === "1904" && typeof cell === "object" && cell !== null && isDateFormat(cell.format)
    ? { ...cell, value: toWorkbookSerial(cell.value, system) }
    : cell;
}

/** Blocks of lines with their date cells in the workbook's system. */
export function blocksInSystem(blocks: LinesBlock[], system: DateSystem): LinesBlock[] {
  if (system === "1900") return blocks;
  return blocks.map((b) => ({
    ...b,
    lines: b.lines.map((line) => line.map((c) => lineCellInSystem(c, system))),
  }));
}
