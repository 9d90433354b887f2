/**
 * One drawn row of the grid and its cells: numbers that do not fit as ####, text running on over
 * empty cells, errors flagged with Excel's explanation on hover, table styles, the selection.
 */
import { columnName, type Rect } from "../memory/address";
import type { CellEdge } from "../memory/model";
import type { CellView, InMemoryWorkbook } from "../memory/workbook";
import { CELL_PADDING_PX, fittedNumber, textWidth } from "./cellText";
import { errorNote } from "./errors";
import { CardIcon } from "./EntityCard";
import { tableAt, type SheetLayout, type TablePlace } from "./layout";

/** What every cell of the drawn sheet needs: where it is drawn, what is selected, and what a click does. */
export interface RowContext {
  host: InMemoryWorkbook["host"];
  sheet: string;
  layout: SheetLayout;
  selected: Rect;
  /** A click: select the cell, or (Shift) extend the selection to it. */
  pick: (row: number, col: number, extend: boolean) => void;
  /** The cell being typed into and what is typed so far: the cell shows it, as Excel's does. */
  typing?: { row: number; col: number; text: string } | null;
  /** The card open on the sheet (a cell holding an entity value), and what opens or closes one. */
  card?: { row: number; col: number } | null;
  openCard?: (row: number, col: number) => void;
  closeCard?: () => void;
  /** The grid's visible width in px (an open card keeps within it) and the workbook's date system. */
  viewWidth?: number;
  date1904?: boolean;
}

export function GridRow({ ctx, r, top }: { ctx: RowContext; r: number; top: number }) {
  return (
    <div className="row" role="row" style={{ top, width: ctx.layout.width }}>
      <span className="row-header" role="rowheader">
        {r + 1}
      </span>
      {Array.from({ length: ctx.layout.cols }, (_, c) => renderCell(ctx, r, c))}
    </div>
  );
}

function renderCell(ctx: RowContext, r: number, c: number) {
  const v = ctx.host.cell(ctx.sheet, r, c);
  const width = ctx.layout.widths[c];
  const t = tableAt(ctx.layout, r, c);
  const typed = ctx.typing && ctx.typing.row === r && ctx.typing.col === c ? ctx.typing.text : null;
  const { text, runOn } = typed === null ? shownText(ctx, v, t, r, c) : { text: typed, runOn: 0 };
  const note = v.error ? errorNote(v.value, v.errorMessage) : undefined;
  return (
    <span
      key={c}
      role="gridcell"
      data-cell={`${columnName(c)}${r + 1}`}
      className={cellClasses(v, t, runOn, selectionMark(ctx.selected, r, c))}
      style={{ width, ...tablePaint(v, t, { row: r === 0, col: c === 0 }) }}
      title={[v.formula, note ?? v.text].filter(Boolean).join("\n") || undefined}
      onMouseDown={(ev) => ctx.pick(r, c, ev.shiftKey)}
    >
      {v.entity && (
        <button
          type="button"
          className="card-icon"
          aria-label={`Open the card of ${v.text}`}
          aria-haspopup="dialog"
          data-testid="card-icon"
          onMouseDown={(ev) => ev.stopPropagation()}
          onClick={() => ctx.openCard?.(r, c)}
        >
          <CardIcon icon={v.entity.layouts?.compact?.icon} />
        </button>
      )}
      {runOn ? (
        <span className="run-on-text" style={{ width: width + runOn - CELL_PADDING_PX }}>
          {text}
        </span>
      ) : (
        text
      )}
    </span>
  );
}

/** The text a cell shows (a number fitted to its width) and how far, in px, it runs on to the right. */
function shownText(
  ctx: RowContext,
  v: CellView,
  t: TablePlace | undefined,
  r: number,
  c: number,
): { text: string; runOn: number } {
  const width = ctx.layout.widths[c];
  if (v.error || typeof v.value === "boolean") return { text: v.text, runOn: 0 };
  if (typeof v.value === "number") return { text: fittedNumber(v, width), runOn: 0 };
  if (v.text && textWidth(v.text) > width - CELL_PADDING_PX && !t?.header)
    return { text: v.text, runOn: runOnWidth(ctx, v.text, r, c) };
  return { text: v.text, runOn: 0 };
}

/** Text runs on over the empty cells to its right, as far as it needs. */
function runOnWidth(ctx: RowContext, text: string, r: number, c: number): number {
  const { layout } = ctx;
  let runOn = 0;
  for (let k = c + 1; k < layout.cols; k++) {
    const next = ctx.host.cell(ctx.sheet, r, k);
    if (next.value !== null || next.formula) break;
    runOn += layout.widths[k];
    if (textWidth(text) <= layout.widths[c] + runOn - CELL_PADDING_PX) break;
  }
  return runOn;
}

function selectionMark(selected: Rect, r: number, c: number): "selected" | "in-range" | null {
  if (r === selected.row && c === selected.col) return "selected";
  const inRange =
    r >= selected.row &&
    r < selected.row + selected.rows &&
    c >= selected.col &&
    c < selected.col + selected.cols;
  return inRange ? "in-range" : null;
}

function cellClasses(
  v: CellView,
  t: TablePlace | undefined,
  runOn: number,
  mark: "selected" | "in-range" | null,
): string {
  const classes = ["cell"];
  if (v.error) classes.push("error");
  else if (typeof v.value === "number") classes.push("num");
  else if (typeof v.value === "boolean") classes.push("bool");
  if (v.error && v.formula) classes.push("flagged");
  if (runOn) classes.push("run-on");
  if (mark) classes.push(mark);
  if (v.bold || (t?.header && t.look)) classes.push("bold");
  if (v.hyperlink) classes.push("link");
  if (v.entity) classes.push("entity");
  if (v.align) classes.push(`align-${v.align.toLowerCase()}`);
  if (t?.header) classes.push("table-header");
  return classes.join(" ");
}

type LineStyle = "none" | "solid" | "dashed" | "dotted" | "double";

/** A cell's drawn lines, as CSS: each side's width, style and colour. */
export interface CellLines {
  borderTopWidth?: number;
  borderTopStyle?: LineStyle;
  borderTopColor?: string;
  borderBottomWidth?: number;
  borderBottomStyle?: LineStyle;
  borderBottomColor?: string;
  borderLeftWidth?: number;
  borderLeftStyle?: LineStyle;
  borderLeftColor?: string;
  borderRightWidth?: number;
  borderRightStyle?: LineStyle;
  borderRightColor?: string;
}

/** Excel's border weights and styles in CSS: a double line needs 3 px to show as two. */
const LINE_PX: Record<CellEdge["weight"], number> = { Hairline: 1, Thin: 1, Medium: 2, Thick: 3 };
const LINE_CSS: Record<CellEdge["style"], LineStyle> = {
  None: "none",
  Continuous: "solid",
  Dash: "dashed",
  DashDot: "dashed",
  DashDotDot: "dashed",
  SlantDashDot: "dashed",
  Dot: "dotted",
  Double: "double",
};

/**
 * A cell's border lines (model.CellEdge, its own or its neighbour's on the same line), drawn as Excel
 * draws them: each line once. A cell draws the lines below and to its right in place of the
 * gridlines; the first row and column also draw the lines above and to their left.
 */
export function cellLines(v: CellView, first: { row: boolean; col: boolean } = { row: false, col: false }) {
  const out: CellLines = {};
  const draw = (side: "Top" | "Bottom" | "Left" | "Right", e: CellEdge | undefined) => {
    if (!e || e.style === "None") return;
    out[`border${side}Width`] = e.style === "Double" ? 3 : LINE_PX[e.weight];
    out[`border${side}Style`] = LINE_CSS[e.style];
    out[`border${side}Color`] = e.color;
  };
  draw("Bottom", v.borders?.bottom);
  draw("Right", v.borders?.right);
  if (first.row) draw("Top", v.borders?.top);
  if (first.col) draw("Left", v.borders?.left);
  return out;
}

/**
 * The cell's fill and text colour (its own, else its table's header, band or body: a cell's own format
 * is drawn over its table style's, as Excel does), the table's border, and the cell's own lines over it.
 */
export function tablePaint(
  v: CellView,
  t: TablePlace | undefined,
  first?: { row: boolean; col: boolean },
): { background: string | undefined; color: string | undefined } & CellLines {
  const look = t?.look ?? undefined;
  const fill =
    v.fill ?? (look && (t?.header ? look.headerFill : t?.odd ? (look.band ?? look.body) : look.body));
  const color = v.color ?? (look && (t?.header ? look.headerColor : look.bodyColor));
  return { background: fill, color, borderBottomColor: look?.border, ...cellLines(v, first) };
}
