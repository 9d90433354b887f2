/**
 * A range's borders (`range.format.borders`, ExcelApi 1.1): `getItem(side)` gives one RangeBorder,
 * whose style, colour and weight are read and written over the cells' own edges (model.CellData.borders).
 *
 * Excel draws one line between two cells: a border written on one side of it is read from either
 * cell (A1's bottom is A2's top), and writing it from either cell replaces the line. The host keeps
 * a written edge on the cell it was written on (as a file keeps it in that cell's format), takes the
 * neighbour's edge on the same line away, and reads a cell's edge from itself, else its neighbour.
 */
import {
  acrossLine,
  BORDER_STYLES,
  BORDER_WEIGHTS,
  NO_EDGE,
  type BorderStyle,
  type BorderWeight,
  type CellEdge,
  type CellSide,
  type SheetData,
} from "../../model";
import type { Batch } from "../batch";
import { apiNotFound, defineClass, hostObject, htmlColor, invalidArgument } from "../hostClass";
import { rangeSheet, type RangeData } from "./lookup";

/** Excel.BorderIndex, in office.js's order. */
const BORDER_INDEXES = [
  "EdgeTop",
  "EdgeBottom",
  "EdgeLeft",
  "EdgeRight",
  "InsideVertical",
  "InsideHorizontal",
  "DiagonalDown",
  "DiagonalUp",
] as const;
type BorderIndex = (typeof BORDER_INDEXES)[number];

interface BorderRef {
  range: RangeData;
  side: BorderIndex;
}

/** One line a border of the range is made of: a cell and its side. */
interface Segment {
  row: number;
  col: number;
  side: CellSide;
}

/**
 * The cell sides a border of the range covers: an edge, the cells along it; an inside border, every
 * line between two of the range's cells (none in a range one cell deep: XlBordersIndex, "except
 * borders on the outside of the range").
 */
function segments(ref: BorderRef): Segment[] {
  const { row, col, rows, cols } = ref.range.rect;
  const out: Segment[] = [];
  const along = (r: number, side: CellSide) => {
    for (let c = col; c < col + cols; c++) out.push({ row: r, col: c, side });
  };
  const down = (c: number, side: CellSide) => {
    for (let r = row; r < row + rows; r++) out.push({ row: r, col: c, side });
  };
  switch (ref.side) {
    case "EdgeTop":
      along(row, "top");
      break;
    case "EdgeBottom":
      along(row + rows - 1, "bottom");
      break;
    case "EdgeLeft":
      down(col, "left");
      break;
    case "EdgeRight":
      down(col + cols - 1, "right");
      break;
    case "InsideHorizontal":
      for (let r = row; r < row + rows - 1; r++) along(r, "bottom");
      break;
    case "InsideVertical":
      for (let c = col; c < col + cols - 1; c++) down(c, "right");
      break;
    default:
      break; // Diagonals: none can be written (see below), so every cell reads as having none.
  }
  return out;
}

function setEdge(
  b: Batch,
  sheet: SheetData,
  at: { row: number; col: number; side: CellSide },
  e: CellEdge | null,
) {
  if (e) {
    const cell = b.model.touch(sheet, at.row, at.col);
    cell.borders = { ...cell.borders, [at.side]: e };
    return;
  }
  const cell = b.model.cell(sheet, at.row, at.col);
  if (!cell?.borders?.[at.side]) return;
  const { [at.side]: _gone, ...rest } = cell.borders;
  cell.borders = Object.keys(rest).length ? rest : undefined;
}

/** A border's property over its lines: their common value, or null where they differ (as a range's mixed formats read). */
function read<K extends keyof CellEdge>(b: Batch, ref: BorderRef, key: K): CellEdge[K] | null {
  const sheet = rangeSheet(b, ref.range);
  const all = segments(ref);
  if (!all.length) return NO_EDGE[key];
  const first = b.model.edge(sheet, all[0].row, all[0].col, all[0].side)[key];
  return all.every((s) => b.model.edge(sheet, s.row, s.col, s.side)[key] === first) ? first : null;
}

/**
 * Writes one property on every line of the border. The line becomes the range's cell's own edge, and
 * the cell across it loses its edge on the same line (one line, the last written). Style None takes
 * the line away (its colour and weight with it); a colour or weight written on no line is kept for
 * when a style draws it, but draws nothing by itself (the stricter reading: the documentation is silent).
 */
function write(b: Batch, ref: BorderRef, change: Partial<CellEdge>): void {
  if (ref.side === "DiagonalDown" || ref.side === "DiagonalUp")
    throw invalidArgument(`${ref.side} borders are not modelled by the in-memory Excel host`);
  const sheet = rangeSheet(b, ref.range);
  for (const s of segments(ref)) {
    const next =
      change.style === "None" ? NO_EDGE : { ...b.model.edge(sheet, s.row, s.col, s.side), ...change };
    const none =
      next.style === NO_EDGE.style && next.color === NO_EDGE.color && next.weight === NO_EDGE.weight;
    const other = acrossLine(s.row, s.col, s.side);
    if (other) setEdge(b, sheet, other, null);
    setEdge(b, sheet, s, none ? null : next);
  }
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], what: string): T {
  if (typeof value !== "string" || !(allowed as readonly string[]).includes(value))
    throw invalidArgument(`"${String(value)}" is not a ${what} (${allowed.join(", ")})`);
  return value as T;
}

defineClass<RangeData>("RangeBorderCollection", {
  indexer: (range, key) =>
    hostObject(RangeBorder, { range, side: oneOf(key, BORDER_INDEXES, "BorderIndex") }),
  // The collection's items, count and tintAndShade are not modelled: loading them answers ApiNotFound.
  items: () => {
    throw apiNotFound("RangeBorderCollection", "Items");
  },
});

const RangeBorder = defineClass<BorderRef>("RangeBorder", {
  props: {
    SideIndex: { get: (ref) => ref.side },
    Style: {
      get: (ref, b) => read(b, ref, "style"),
      set: (ref, v, b) => write(b, ref, { style: oneOf<BorderStyle>(v, BORDER_STYLES, "BorderLineStyle") }),
    },
    Color: {
      get: (ref, b) => read(b, ref, "color"),
      set: (ref, v, b) => write(b, ref, { color: htmlColor(v) }),
    },
    Weight: {
      get: (ref, b) => read(b, ref, "weight"),
      set: (ref, v, b) => write(b, ref, { weight: oneOf<BorderWeight>(v, BORDER_WEIGHTS, "BorderWeight") }),
    },
  },
});
