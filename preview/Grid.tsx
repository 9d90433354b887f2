/**
 * The in-memory workbook drawn as Excel would draw it: columns as wide as the add-in set them (points
 * drawn at 4/3 px), frozen header rows that stay while the sheet scrolls, row numbers that stay while
 * it scrolls sideways, table styles with their filter buttons, numbers that do not fit as ####, text
 * running on over empty cells, errors centred with Excel's explanation (and the function's message)
 * in the formula bar and on hover, charts where the add-in placed them, an editable name box and
 * one line of sheet tabs. Only the visible rows are rendered, so large report sheets stay fast.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { columnName, parseAddress, type Rect } from "./memory/address";
import type { ChartView } from "./memory/chart";
import { DEFAULT_COLUMN_WIDTH_PT, PX_PER_PT, ROW_HEIGHT_PT } from "./memory/geometry";
import type { InMemoryWorkbook } from "./memory/workbook";
import { CELL_PADDING_PX, fittedNumber, textWidth } from "./grid/cellText";
import { errorNote } from "./grid/errors";
import { NameBox } from "./grid/NameBox";
import { SheetChart } from "./grid/SheetChart";
import { SheetTabs } from "./grid/SheetTabs";
import { tableLook, type TableLook } from "./grid/tableStyles";

const ROW_PX = ROW_HEIGHT_PT * PX_PER_PT;
const HEADER_PX = ROW_PX;
const ROW_HEADER_PX = 48;
const MIN_ROWS = 60;
const MIN_COLS = 12;
const MAX_COLS = 16_384;

interface SheetLayout {
  /** Width and left edge of each drawn column, in px. */
  widths: number[];
  lefts: number[];
  cols: number;
  rows: number;
  freeze: number;
  width: number;
  tables: { rect: Rect; look: TableLook | null }[];
  charts: ChartView[];
}

/** `fill`: the viewport's width, which the drawn columns cover at least. */
function layoutOf(workbook: InMemoryWorkbook, sheet: string, fill: number): SheetLayout {
  const host = workbook.host;
  const used = host.usedSize(sheet);
  const charts = host.charts(sheet);
  const set = host.columnWidths(sheet);
  const chartRight = Math.max(0, ...charts.map((c) => (c.left + c.width) * PX_PER_PT));
  const widths: number[] = [];
  const lefts: number[] = [];
  let x = 0;
  for (
    let c = 0;
    c < MAX_COLS && (c < Math.max(MIN_COLS, used.cols + 2) || x < Math.max(chartRight + 64, fill));
    c++
  ) {
    const w = (set.get(c) ?? DEFAULT_COLUMN_WIDTH_PT) * PX_PER_PT;
    lefts.push(x);
    widths.push(w);
    x += w;
  }
  const chartRows = Math.ceil(Math.max(0, ...charts.map((c) => c.top + c.height)) / ROW_HEIGHT_PT) + 2;
  return {
    widths,
    lefts,
    cols: widths.length,
    rows: Math.max(MIN_ROWS, used.rows + 20, chartRows),
    freeze: host.freezeRows(sheet),
    width: ROW_HEADER_PX + x,
    tables: host
      .tables()
      .filter((t) => t.sheet === sheet)
      .map((t) => ({ rect: t.rect, look: tableLook(host.tableStyle(t.name) ?? "") })),
    charts,
  };
}

export function Grid({ workbook }: { workbook: InMemoryWorkbook }) {
  const host = workbook.host;
  const [version, setVersion] = useState(0);
  const [scrollTop, setScrollTop] = useState(0);
  const [size, setSize] = useState({ width: 800, height: 600 });
  const viewport = useRef<HTMLDivElement>(null);
  useEffect(() => host.subscribe(() => setVersion((v) => v + 1)), [host]);
  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setSize({ width: el.clientWidth, height: el.clientHeight }));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const sheets = host.sheets().filter((s) => s.visible);
  const active = sheets.find((s) => s.active) ?? sheets[0];
  const sel = host.selection();
  const selected =
    sel && sel.sheet === active?.name ? sel : { sheet: active?.name ?? "", row: 0, col: 0, rows: 1, cols: 1 };
  const layout = useMemo(
    () => (active ? layoutOf(workbook, active.name, size.width - ROW_HEADER_PX) : null),
    [workbook, active?.name, version, size.width],
  );
  const cell = active ? host.cell(active.name, selected.row, selected.col) : { value: null, text: "" };
  const [input, setInput] = useState("");
  useEffect(
    () => setInput(cell.formula ?? (cell.value === null ? "" : String(cell.value))),
    [cell.formula, cell.value, selected.row, selected.col, active?.name],
  );

  // Another sheet opens at its top-left corner.
  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    el.scrollTop = 0;
    el.scrollLeft = 0;
    setScrollTop(0);
  }, [active?.name]);

  // The selected cell is scrolled into view (name box, arrow keys, a new sheet), clear of frozen rows.
  useEffect(() => {
    const el = viewport.current;
    if (!el || !layout) return;
    const { row, col } = selected;
    if (row >= layout.freeze) {
      const top = HEADER_PX + row * ROW_PX;
      const clear = HEADER_PX + layout.freeze * ROW_PX;
      if (top - clear < el.scrollTop) el.scrollTop = top - clear;
      else if (top + ROW_PX > el.scrollTop + el.clientHeight) el.scrollTop = top + ROW_PX - el.clientHeight;
    }
    if (col < layout.cols) {
      const left = ROW_HEADER_PX + layout.lefts[col];
      const right = left + layout.widths[col];
      if (left - ROW_HEADER_PX < el.scrollLeft) el.scrollLeft = left - ROW_HEADER_PX;
      else if (right > el.scrollLeft + el.clientWidth) el.scrollLeft = right - el.clientWidth;
    }
    setScrollTop(el.scrollTop);
  }, [active?.name, selected.row, selected.col]);

  if (!active || !layout) return null;
  const inRange = (r: number, c: number) =>
    r >= selected.row &&
    r < selected.row + selected.rows &&
    c >= selected.col &&
    c < selected.col + selected.cols;
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
    if ((e.ctrlKey && e.key.toLowerCase() === "g") || e.key === "F5") {
      e.preventDefault();
      document.getElementById("name-box")?.focus();
      return;
    }
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

  /** The name box's Enter: a reference, a table or a defined name; null when it was selected. */
  const goTo = (target: string): string | null => {
    const text = target.trim();
    const table = host.tables().find((t) => t.name.toLowerCase() === text.toLowerCase());
    const name = workbook.model.names.find((n) => n.name.toLowerCase() === text.toLowerCase());
    let place: { sheet?: string; rect: Rect };
    try {
      place = table
        ? { sheet: table.sheet, rect: table.rect }
        : parseAddress(name ? name.formula.replace(/^=/, "").replace(/\$/g, "") : text);
    } catch {
      return "Reference isn't valid.";
    }
    const sheet = sheets.find((s) => s.name.toLowerCase() === (place.sheet ?? active.name).toLowerCase());
    if (!sheet) return `Reference isn't valid: there is no visible sheet "${place.sheet}".`;
    const { row, col, rows, cols } = place.rect;
    host.select(sheet.name, row, col, rows, cols);
    viewport.current?.focus();
    return null;
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

  const tableAt = (r: number, c: number) => {
    const t = layout.tables.find(
      (x) =>
        r >= x.rect.row && r < x.rect.row + x.rect.rows && c >= x.rect.col && c < x.rect.col + x.rect.cols,
    );
    return t && { look: t.look, header: r === t.rect.row, odd: (r - t.rect.row) % 2 === 1 };
  };

  const renderCell = (r: number, c: number) => {
    const v = host.cell(active.name, r, c);
    const width = layout.widths[c];
    const t = tableAt(r, c);
    const classes = ["cell"];
    let text = v.text;
    let runOn = 0;
    if (v.error) classes.push("error");
    else if (typeof v.value === "number") {
      classes.push("num");
      text = fittedNumber(v, width);
    } else if (typeof v.value === "boolean") classes.push("bool");
    else if (text && textWidth(text) > width - CELL_PADDING_PX && !t?.header) {
      // Text runs on over the empty cells to its right, as far as it needs.
      for (let k = c + 1; k < layout.cols; k++) {
        const next = host.cell(active.name, r, k);
        if (next.value !== null || next.formula) break;
        runOn += layout.widths[k];
        if (textWidth(text) <= width + runOn - CELL_PADDING_PX) break;
      }
    }
    if (v.error && v.formula) classes.push("flagged");
    if (runOn) classes.push("run-on");
    const isSel = r === selected.row && c === selected.col;
    if (isSel) classes.push("selected");
    else if (inRange(r, c)) classes.push("in-range");
    if (v.bold || (t?.header && t.look)) classes.push("bold");
    if (v.hyperlink) classes.push("link");
    if (t?.header) classes.push("table-header");
    const look = t?.look ?? undefined;
    const fill =
      v.fill ?? (look && (t?.header ? look.headerFill : t?.odd ? (look.band ?? look.body) : look.body));
    const color = look && (t?.header ? look.headerColor : look.bodyColor);
    const note = v.error ? errorNote(v.value, v.errorMessage) : undefined;
    return (
      <span
        key={c}
        role="gridcell"
        data-cell={`${columnName(c)}${r + 1}`}
        className={classes.join(" ")}
        style={{ width, background: fill, color, borderBottomColor: look?.border }}
        title={[v.formula, note ?? v.text].filter(Boolean).join("\n") || undefined}
        onMouseDown={(ev) => (ev.shiftKey ? extend(r, c) : select(r, c))}
      >
        {runOn ? (
          <span className="run-on-text" style={{ width: width + runOn - CELL_PADDING_PX }}>
            {text}
          </span>
        ) : (
          text
        )}
      </span>
    );
  };

  // Excel outlines the spill range of the selected formula (or of the formula the selected cell shows).
  const anchor = cell.spillSize ? { row: selected.row, col: selected.col } : cell.spillAnchor;
  const anchorView = anchor && (cell.spillSize ? cell : host.cell(active.name, anchor.row, anchor.col));
  const spill =
    anchor && anchorView?.spillSize && anchor.col < layout.cols
      ? {
          left: ROW_HEADER_PX + layout.lefts[anchor.col],
          top: HEADER_PX + anchor.row * ROW_PX,
          width: layout.widths
            .slice(anchor.col, anchor.col + anchorView.spillSize.cols)
            .reduce((a, b) => a + b, 0),
          height: anchorView.spillSize.rows * ROW_PX,
          blocked: anchorView.value === "#SPILL!",
        }
      : null;

  const renderRow = (r: number, top: number) => (
    <div key={r} className="row" role="row" style={{ top, width: layout.width }}>
      <span className="row-header" role="rowheader">
        {r + 1}
      </span>
      {Array.from({ length: layout.cols }, (_, c) => renderCell(r, c))}
    </div>
  );

  const freeze = Math.min(layout.freeze, layout.rows);
  const first = Math.max(freeze, Math.floor(scrollTop / ROW_PX) - 1);
  const visible = Math.ceil(size.height / ROW_PX) + 3;
  const address =
    `${columnName(selected.col)}${selected.row + 1}` +
    (selected.rows > 1 || selected.cols > 1
      ? `:${columnName(selected.col + selected.cols - 1)}${selected.row + selected.rows}`
      : "");

  return (
    <section className="grid-host" aria-label="Workbook">
      <div className="formula-bar">
        <NameBox address={address} go={goTo} />
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
      <div className="cell-note" data-testid="cell-note" role="status">
        {cell.error ? `⚠ ${errorNote(cell.value, cell.errorMessage)}` : ""}
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
        aria-rowcount={layout.rows}
      >
        <div className="canvas" style={{ height: HEADER_PX + layout.rows * ROW_PX, width: layout.width }}>
          <div className="frozen" style={{ height: HEADER_PX + freeze * ROW_PX, width: layout.width }}>
            <div className="col-headers" role="row" style={{ width: layout.width }}>
              <span className="corner" />
              {layout.widths.map((w, c) => (
                <span key={c} className="col-header" role="columnheader" style={{ width: w }}>
                  {columnName(c)}
                </span>
              ))}
            </div>
            {Array.from({ length: freeze }, (_, r) => renderRow(r, HEADER_PX + r * ROW_PX))}
          </div>
          {Array.from({ length: Math.max(0, Math.min(visible, layout.rows - first)) }, (_, i) =>
            renderRow(first + i, HEADER_PX + (first + i) * ROW_PX),
          )}
          {spill && (
            <div
              className={spill.blocked ? "spill-range blocked" : "spill-range"}
              data-testid="spill-range"
              style={{ left: spill.left, top: spill.top, width: spill.width, height: spill.height }}
            />
          )}
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
      </div>
      <SheetTabs sheets={sheets} activate={(name) => host.activate(name)} />
    </section>
  );
}
