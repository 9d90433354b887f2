/**
 * The drawn sheet inside the scrolling viewport: column headers and frozen rows that stay while it
 * scrolls, only the visible rows below them (so large report sheets stay fast), the outline of the
 * selected spill range, and the charts where the add-in placed them. A column header's right edge
 * drags to set its width and double-clicked autofits it (columnResize.ts).
 */
import { columnName } from "../memory/address";
import { pxToCharacters } from "../memory/columnWidths";
import { PX_PER_PT } from "../memory/geometry";
import type { ColumnResize } from "./columnResize";
import { GridRow, type RowContext } from "./GridRow";
import { columnLabels, HEADER_PX, ROW_HEADER_PX, ROW_PX } from "./layout";
import { SheetChart } from "./SheetChart";
import { CARD_PX, EntityCard } from "./EntityCard";
import type { SpillOutline } from "./spillOutline";

export interface SheetCanvasProps {
  ctx: RowContext;
  /** The viewport's scroll position and height, in px: which rows are drawn. */
  scrollTop: number;
  height: number;
  spill: SpillOutline | null;
  resize?: ColumnResize;
}

/** The grab area at a header's right edge, in px (inside the header: its box clips what is outside). */
const EDGE_PX = 6;

export function SheetCanvas({ ctx, scrollTop, height, spill, resize }: SheetCanvasProps) {
  const { layout } = ctx;
  const freeze = Math.min(layout.freeze, layout.rows);
  const first = Math.max(freeze, Math.floor(scrollTop / ROW_PX) - 1);
  const visible = Math.ceil(height / ROW_PX) + 3;
  const labels = columnLabels(
    layout,
    Math.max(freeze, Math.floor(scrollTop / ROW_PX)),
    ctx.selected,
    (r, c) => ctx.host.cell(ctx.sheet, r, c).text,
  );
  return (
    <div className="canvas" style={{ height: HEADER_PX + layout.rows * ROW_PX, width: layout.width }}>
      <div className="frozen" style={{ height: HEADER_PX + freeze * ROW_PX, width: layout.width }}>
        <div className="col-headers" role="row" style={{ width: layout.width }}>
          <span className="corner" />
          {layout.widths.map((w, c) => (
            <span
              key={c}
              className={labels[c].tableHeader ? "col-header table-header" : "col-header"}
              role="columnheader"
              style={{ width: w, position: "relative" }}
            >
              {labels[c].text}
              {resize && (
                <span
                  aria-hidden="true"
                  data-col-edge={columnName(c)}
                  title="Drag to set the column's width; double-click to AutoFit it"
                  style={{
                    position: "absolute",
                    top: 0,
                    right: 0,
                    width: EDGE_PX,
                    height: "100%",
                    cursor: "col-resize",
                    touchAction: "none",
                  }}
                  {...resize.edge(c, w)}
                />
              )}
            </span>
          ))}
        </div>
        {resize?.dragging &&
          dragTip(layout.lefts[resize.dragging.col] + resize.dragging.px, resize.dragging.px)}
        {Array.from({ length: freeze }, (_, r) => (
          <GridRow key={r} ctx={ctx} r={r} top={HEADER_PX + r * ROW_PX} />
        ))}
      </div>
      {Array.from({ length: Math.max(0, Math.min(visible, layout.rows - first)) }, (_, i) => (
        <GridRow key={first + i} ctx={ctx} r={first + i} top={HEADER_PX + (first + i) * ROW_PX} />
      ))}
      {spill && (
        <div
          className={spill.blocked ? "spill-range blocked" : "spill-range"}
          data-testid="spill-range"
          style={{ left: spill.left, top: spill.top, width: spill.width, height: spill.height }}
        />
      )}
      {openCard(ctx)}
      {layout.charts.map((c, i) => (
        <div
          key={i}
          className="sheet-chart"
          data-chart={c.name}
          style={{
            left: ROW_HEADER_PX + c.left * PX_PER_PT,
            top: HEADER_PX + c.top * PX_PER_PT,
            width: c.width * PX_PER_PT,
            height: c.height * PX_PER_PT,
          }}
        >
          <SheetChart chart={c} width={c.width * PX_PER_PT} height={c.height * PX_PER_PT} />
        </div>
      ))}
    </div>
  );
}

/** Excel's tip while a column's edge is dragged: its width in characters and in pixels. */
function dragTip(right: number, px: number) {
  return (
    <div
      data-testid="column-width-tip"
      style={{
        position: "absolute",
        left: ROW_HEADER_PX + right + 6,
        top: 2,
        zIndex: 5,
        padding: "1px 6px",
        background: "#ffffe1",
        border: "1px solid #767676",
        whiteSpace: "nowrap",
        pointerEvents: "none",
      }}
    >
      Width: {pxToCharacters(px).toFixed(2)} ({px} pixels)
    </div>
  );
}

/** The open card, under its cell, kept within the grid's visible width. */
function openCard(ctx: RowContext) {
  const at = ctx.card;
  const entity = at ? ctx.host.cell(ctx.sheet, at.row, at.col).entity : undefined;
  if (!at || !entity) return null;
  const view = ctx.viewWidth ?? ctx.layout.width;
  const width = Math.min(CARD_PX, view - 16);
  const cellLeft = ROW_HEADER_PX + ctx.layout.widths.slice(0, at.col).reduce((a, b) => a + b, 0);
  const left = Math.max(4, Math.min(cellLeft, view - width - 8));
  return (
    <EntityCard
      entity={entity}
      left={left}
      top={HEADER_PX + (at.row + 1) * ROW_PX + 2}
      width={width}
      date1904={ctx.date1904 ?? false}
      close={() => ctx.closeCard?.()}
    />
  );
}
