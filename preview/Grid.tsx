/**
 * The in-memory workbook drawn as a spreadsheet: sheet tabs, a formula bar, row and column headers,
 * keyboard and mouse selection. Only the visible rows are rendered, so large report sheets stay fast.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import type { InMemoryWorkbook } from "./memory/workbook";
import { columnName } from "./memory/address";

const ROW_HEIGHT = 22;
const COL_WIDTH = 120;
const MIN_ROWS = 60;
const MIN_COLS = 12;

export function Grid({ workbook }: { workbook: InMemoryWorkbook }) {
  const host = workbook.host;
  const [version, setVersion] = useState(0);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(600);
  const viewport = useRef<HTMLDivElement>(null);
  useEffect(() => host.subscribe(() => setVersion((v) => v + 1)), [host]);
  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setHeight(el.clientHeight));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const sheets = host.sheets().filter((s) => s.visible);
  const active = sheets.find((s) => s.active) ?? sheets[0];
  const sel = host.selection();
  const selected =
    sel && sel.sheet === active?.name ? sel : { sheet: active?.name ?? "", row: 0, col: 0, rows: 1, cols: 1 };
  const inRange = (r: number, c: number) =>
    r >= selected.row &&
    r < selected.row + selected.rows &&
    c >= selected.col &&
    c < selected.col + selected.cols;
  const size = useMemo(
    () => (active ? host.usedSize(active.name) : { rows: 0, cols: 0 }),
    [host, active, version],
  );
  const rows = Math.max(MIN_ROWS, size.rows + 20);
  const cols = Math.max(MIN_COLS, size.cols + 2);
  const first = Math.floor(scrollTop / ROW_HEIGHT);
  const visible = Math.ceil(height / ROW_HEIGHT) + 2;
  const cell = active ? host.cell(active.name, selected.row, selected.col) : { value: null, text: "" };
  const [input, setInput] = useState("");
  useEffect(
    () => setInput(cell.formula ?? (cell.value === null ? "" : String(cell.value))),
    [cell.formula, cell.value, selected.row, selected.col, active?.name],
  );

  // Another sheet opens at its top-left corner, scrolled just enough to show its selected cell
  // (only when the sheet changes, so moving within a sheet keeps the scroll position).
  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    el.scrollTop = Math.max(0, (selected.row + 2) * ROW_HEIGHT - el.clientHeight);
    el.scrollLeft = Math.max(0, 48 + (selected.col + 1) * COL_WIDTH - el.clientWidth);
    setScrollTop(el.scrollTop);
  }, [active?.name]);

  if (!active) return null;
  const select = (row: number, col: number) => host.select(active.name, Math.max(0, row), Math.max(0, col));
  /** Shift+click: the range from the selected cell to this one, as in Excel. */
  const extend = (row: number, col: number) => {
    const top = Math.min(selected.row, row);
    const left = Math.min(selected.col, col);
    const bottom = Math.max(selected.row + selected.rows - 1, row);
    const right = Math.max(selected.col + selected.cols - 1, col);
    host.select(active.name, top, left, bottom - top + 1, right - left + 1);
  };
  const commit = () => {
    host.setInput(active.name, selected.row, selected.col, input);
    select(selected.row + 1, selected.col);
  };
  const onGridKey = (e: KeyboardEvent) => {
    const moves: Record<string, [number, number]> = {
      ArrowDown: [1, 0],
      ArrowUp: [-1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    const m = moves[e.key];
    if (m) {
      e.preventDefault();
      select(selected.row + m[0], selected.col + m[1]);
    }
  };

  // The in-cell drop-down of a list validation, drawn beside the formula bar.
  const list = host
    .validations(active.name)
    .find(
      (v) =>
        selected.row >= v.rect.row &&
        selected.row < v.rect.row + v.rect.rows &&
        selected.col >= v.rect.col &&
        selected.col < v.rect.col + v.rect.cols,
    );

  /** Arrow keys, Home and End move between sheet tabs, activating the sheet and keeping focus on its tab. */
  function onTabKey(e: KeyboardEvent<HTMLDivElement>): void {
    const at = sheets.findIndex((s) => s.active);
    const to =
      e.key === "ArrowRight"
        ? (at + 1) % sheets.length
        : e.key === "ArrowLeft"
          ? (at - 1 + sheets.length) % sheets.length
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? sheets.length - 1
              : -1;
    if (to < 0 || !sheets[to]) return;
    e.preventDefault();
    const name = sheets[to].name;
    host.activate(name);
    e.currentTarget.querySelector<HTMLElement>(`[data-sheet-tab="${CSS.escape(name)}"]`)?.focus();
  }

  return (
    <section className="grid-host" aria-label="Workbook">
      <div className="formula-bar">
        <label htmlFor="name-box" className="visually-hidden">
          Selected cell
        </label>
        <input
          id="name-box"
          className="name-box"
          readOnly
          value={
            `${columnName(selected.col)}${selected.row + 1}` +
            (selected.rows > 1 || selected.cols > 1
              ? `:${columnName(selected.col + selected.cols - 1)}${selected.row + selected.rows}`
              : "")
          }
        />
        <label htmlFor="formula-input" className="visually-hidden">
          Cell contents
        </label>
        <input
          id="formula-input"
          data-testid="formula-input"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              commit();
            }
          }}
          placeholder="Type a value or a formula such as =ADS.SHOWLISTENERS(1200000001), then Enter"
        />
        {list && (
          <select
            aria-label="Choose from the cell's list"
            title={list.prompt}
            value={list.list.includes(input) ? input : ""}
            onChange={(e) => {
              host.setInput(active.name, selected.row, selected.col, e.target.value);
              setInput(e.target.value);
            }}
          >
            <option value="">(list)</option>
            {list.list.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        )}
      </div>
      <div
        className="viewport"
        ref={viewport}
        tabIndex={0}
        onKeyDown={onGridKey}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        role="grid"
        id="sheet-grid"
        aria-label={`Sheet ${active.name}`}
        aria-rowcount={rows}
      >
        <div style={{ height: (rows + 1) * ROW_HEIGHT, width: 48 + cols * COL_WIDTH, position: "relative" }}>
          <div className="col-headers" style={{ top: scrollTop }}>
            <span className="corner" />
            {Array.from({ length: cols }, (_, c) => (
              <span key={c} className="col-header" style={{ width: COL_WIDTH }}>
                {columnName(c)}
              </span>
            ))}
          </div>
          {Array.from({ length: Math.min(visible, rows - first) }, (_, i) => {
            const r = first + i;
            return (
              <div key={r} className="row" role="row" style={{ top: (r + 1) * ROW_HEIGHT }}>
                <span className="row-header">{r + 1}</span>
                {Array.from({ length: cols }, (_, c) => {
                  const v = host.cell(active.name, r, c);
                  const isSel = r === selected.row && c === selected.col;
                  const ranged = !isSel && inRange(r, c);
                  const text = v.text;
                  return (
                    <span
                      key={c}
                      role="gridcell"
                      data-cell={`${columnName(c)}${r + 1}`}
                      className={`cell${isSel ? " selected" : ""}${ranged ? " in-range" : ""}${typeof v.value === "number" ? " num" : ""}${v.bold ? " bold" : ""}${v.hyperlink ? " link" : ""}`}
                      style={{ width: COL_WIDTH, background: v.fill }}
                      title={[v.formula, text, v.errorMessage].filter(Boolean).join("\n")}
                      onMouseDown={(ev) => (ev.shiftKey ? extend(r, c) : select(r, c))}
                    >
                      {text}
                    </span>
                  );
                })}
              </div>
            );
          })}
        </div>
      </div>
      {/* The sheet tabs: one tablist, the arrow keys move between sheets (Home/End to the ends). */}
      <div className="tabs" role="tablist" aria-label="Sheets" onKeyDown={onTabKey}>
        {sheets.map((s) => (
          <button
            key={s.name}
            role="tab"
            aria-selected={s.active}
            aria-controls="sheet-grid"
            tabIndex={s.active ? 0 : -1}
            data-sheet-tab={s.name}
            className={s.active ? "tab active" : "tab"}
            onClick={() => host.activate(s.name)}
          >
            {s.name}
          </button>
        ))}
      </div>
    </section>
  );
}
