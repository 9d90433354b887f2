/**
 * The in-memory workbook drawn as Excel would draw it: columns as wide as the add-in set them (points
 * drawn at 4/3 px), frozen header rows that stay while the sheet scrolls, row numbers that stay while
 * it scrolls sideways, table styles with their filter buttons, numbers that do not fit as ####, text
 * running on over empty cells, errors centred with Excel's explanation (and the function's message)
 * in the formula bar and on hover, charts where the add-in placed them, an editable name box and
 * one line of sheet tabs. Only the visible rows are rendered, so large report sheets stay fast.
 * Column widths follow Excel (grid/columnResize.ts): a header's edge drags and double-click
 * autofits; Tab moves between cells and never leaves the grid (F6 does), and a key typed on the
 * grid's sheet tabs goes into the selected cell, as in Excel, so nothing typed is lost.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import type { CellView, InMemoryWorkbook } from "./memory/workbook";
import { useColumnResize, widenAfterEntry } from "./grid/columnResize";
import { cellEditing, newEditState, typingIn, type EditState } from "./grid/editKeys";
import { GridKeysHelp, typedOnSheetTabs, useKeyTips } from "./grid/gridKeys";
import { CellNote } from "./grid/CellNote";
import { FormulaBar, listAt, useCellInput } from "./grid/FormulaBar";
import type { RowContext } from "./grid/GridRow";
import { layoutOf, ROW_HEADER_PX, withColumnWidth, type SheetLayout } from "./grid/layout";
import type { Rect } from "./memory/address";
import { extendedSelection, goToTarget, selectionAddress, selectionOn } from "./grid/selection";
import { SheetCanvas } from "./grid/SheetCanvas";
import { SheetTabs } from "./grid/SheetTabs";
import { DownloadButton } from "./grid/DownloadButton";
import { spillOutline } from "./grid/spillOutline";
import { useScrollFollow, useViewportSize } from "./grid/viewport";
import { useCardState } from "./grid/useCardState";

/** What the bars show before a sheet is drawn. */
const NO_CELL: CellView = { value: null, text: "", editText: "" };

export function Grid({ workbook }: { workbook: InMemoryWorkbook }) {
  const host = workbook.host;
  const [version, redraw] = useVersion(host);
  const { viewport, size } = useViewportSize();
  const sheets = host.sheets().filter((s) => s.visible);
  const active = sheets.find((s) => s.active) ?? sheets[0];
  const selected = selectionOn(host, active?.name);
  const resize = useColumnResize(workbook, active?.name);
  const layout = useSheetLayout(workbook, active?.name, version, size.width, resize.dragging);
  const cell = active ? host.cell(active.name, selected.row, selected.col) : NO_CELL;
  const [input, setInput] = useCellInput(cell, selected, active?.name);
  const state = useRef<EditState>(newEditState());
  const [scrollTop, setScrollTop] = useScrollFollow(viewport, layout, active?.name, selected);
  const cards = useCardState(workbook, active?.name, viewport, size.width);
  const keys = useKeyTips(resize, selected, (p) => (state.current.problem = p), redraw);
  if (!active || !layout) return null;
  const select = (row: number, col: number) => host.select(active.name, Math.max(0, row), Math.max(0, col));
  const rowContext: RowContext = {
    host,
    sheet: active.name,
    layout,
    selected,
    pick: (row, col, extend) => pick(host, active.name, selected, row, col, extend),
    typing: typingIn(state.current, active.name),
    ...cards,
  };
  const editing = cellEditing({
    host,
    sheet: active.name,
    selected,
    cell,
    input,
    setInput,
    select,
    viewport,
    state,
    redraw,
    entered: (sheet, row, col) => widenAfterEntry(workbook, sheet, row, col),
  });

  return (
    <section
      className="grid-host"
      aria-label="Workbook"
      onKeyDown={(e) => typedOnSheetTabs(e, editing.onGridKey)}
    >
      <FormulaBar
        address={selectionAddress(selected)}
        go={(target) => goToTarget(workbook, sheets, active.name, target, viewport.current)}
        input={input}
        box={editing.box}
        list={listAt(host, active.name, selected)}
        choose={editing.choose}
      />
      <CellNote problem={state.current.problem} hint={keys.hint} cell={cell} />
      <GridKeysHelp id="grid-keys" />
      <div
        className="viewport"
        ref={viewport}
        tabIndex={0}
        aria-describedby="grid-keys"
        onKeyDown={(e) => keys.keyDown(e) || cards.cardKey(e, selected) || editing.onGridKey(e)}
        onKeyUp={keys.keyUp}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        role="grid"
        id="sheet-grid"
        aria-label={`Sheet ${active.name}`}
        aria-rowcount={layout.rows}
      >
        <SheetCanvas
          ctx={rowContext}
          resize={resize}
          scrollTop={scrollTop}
          height={size.height}
          spill={spillOutline(host, active.name, layout, cell, selected)}
        />
      </div>
      <SheetTabs sheets={sheets} activate={host.activate} end={<DownloadButton workbook={workbook} />} />
    </section>
  );
}

/** Draws again when the workbook changes, or when asked (`redraw`). */
function useVersion(host: InMemoryWorkbook["host"]): [number, () => void] {
  const [version, setVersion] = useState(0);
  useEffect(() => host.subscribe(() => setVersion((v) => v + 1)), [host]);
  return [version, () => setVersion((v) => v + 1)];
}

/** The active sheet's layout; a column being dragged is drawn at its new width before it is set. */
function useSheetLayout(
  workbook: InMemoryWorkbook,
  sheet: string | undefined,
  version: number,
  width: number,
  dragging: { col: number; px: number } | null,
): SheetLayout | null {
  const set = useMemo(
    () => (sheet ? layoutOf(workbook, sheet, width - ROW_HEADER_PX) : null),
    [workbook, sheet, version, width],
  );
  return set && dragging ? withColumnWidth(set, dragging.col, dragging.px) : set;
}

/** A click selects the cell; Shift+click extends the selection to it. */
function pick(
  host: InMemoryWorkbook["host"],
  sheet: string,
  selected: Rect,
  row: number,
  col: number,
  extend: boolean,
): void {
  if (!extend) return host.select(sheet, Math.max(0, row), Math.max(0, col));
  const to = extendedSelection(selected, row, col);
  host.select(sheet, to.row, to.col, to.rows, to.cols);
}
