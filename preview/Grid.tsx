/**
 * The in-memory workbook drawn as Excel would draw it: columns as wide as the add-in set them (points
 * drawn at 4/3 px), frozen header rows that stay while the sheet scrolls, row numbers that stay while
 * it scrolls sideways, table styles with their filter buttons, numbers that do not fit as ####, text
 * running on over empty cells, errors centred with Excel's explanation (and the function's message)
 * in the formula bar and on hover, charts where the add-in placed them, an editable name box and
 * one line of sheet tabs. Only the visible rows are rendered, so large report sheets stay fast.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import type { CellView, InMemoryWorkbook } from "./memory/workbook";
import { cellEditing, typingIn, type EditState } from "./grid/editKeys";
import { errorNote } from "./grid/errors";
import { FormulaBar, listAt, useCellInput } from "./grid/FormulaBar";
import type { RowContext } from "./grid/GridRow";
import { layoutOf, ROW_HEADER_PX } from "./grid/layout";
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
  const [version, setVersion] = useState(0);
  useEffect(() => host.subscribe(() => setVersion((v) => v + 1)), [host]);
  const { viewport, size } = useViewportSize();
  const sheets = host.sheets().filter((s) => s.visible);
  const active = sheets.find((s) => s.active) ?? sheets[0];
  const selected = selectionOn(host, active?.name);
  const layout = useMemo(
    () => (active ? layoutOf(workbook, active.name, size.width - ROW_HEADER_PX) : null),
    [workbook, active?.name, version, size.width],
  );
  const cell = active ? host.cell(active.name, selected.row, selected.col) : NO_CELL;
  const [input, setInput] = useCellInput(cell, selected, active?.name);
  const state = useRef<EditState>({ pending: null, target: null, typed: "", anchor: null });
  const [scrollTop, setScrollTop] = useScrollFollow(viewport, layout, active?.name, selected);
  const cards = useCardState(workbook, active?.name, viewport, size.width);
  if (!active || !layout) return null;
  const select = (row: number, col: number) => host.select(active.name, Math.max(0, row), Math.max(0, col));
  const rowContext: RowContext = {
    host,
    sheet: active.name,
    layout,
    selected,
    pick: (row, col, extend) => {
      if (!extend) return select(row, col);
      const to = extendedSelection(selected, row, col);
      host.select(active.name, to.row, to.col, to.rows, to.cols);
    },
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
    redraw: () => setVersion((v) => v + 1),
  });

  return (
    <section className="grid-host" aria-label="Workbook">
      <FormulaBar
        address={selectionAddress(selected)}
        go={(target) => goToTarget(workbook, sheets, active.name, target, viewport.current)}
        input={input}
        box={editing.box}
        list={listAt(host, active.name, selected)}
        choose={editing.choose}
      />
      <div className="cell-note" data-testid="cell-note" role="status">
        {cell.error ? `⚠ ${errorNote(cell.value, cell.errorMessage)}` : ""}
      </div>
      <div
        className="viewport"
        ref={viewport}
        tabIndex={0}
        onKeyDown={(e) => cards.cardKey(e, selected) || editing.onGridKey(e)}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        role="grid"
        id="sheet-grid"
        aria-label={`Sheet ${active.name}`}
        aria-rowcount={layout.rows}
      >
        <SheetCanvas
          ctx={rowContext}
          scrollTop={scrollTop}
          height={size.height}
          spill={spillOutline(host, active.name, layout, cell, selected)}
        />
      </div>
      <SheetTabs sheets={sheets} activate={host.activate} end={<DownloadButton workbook={workbook} />} />
    </section>
  );
}
