/**
 * The bar above the grid: the name box, the selected cell's contents (editKeys.ts: Enter or Tab
 * writes them and moves, Escape puts them back), and the in-cell drop-down of a list validation on
 * the selected cell.
 */
import { useEffect, useState, type KeyboardEvent } from "react";
import type { Rect } from "../memory/address";
import type { CellView, InMemoryWorkbook } from "../memory/workbook";
import { NameBox } from "./NameBox";

/** A list validation's choices and its prompt, as the drop-down shows them. */
export interface CellList {
  list: string[];
  prompt?: string;
}

/** The contents box's text: the selected cell's formula or its value's editing text, again whenever the cell or the selection changes. */
export function useCellInput(
  cell: Pick<CellView, "formula" | "editText">,
  selected: Rect,
  sheet: string | undefined,
): [string, (text: string) => void] {
  const [input, setInput] = useState("");
  useEffect(
    () => setInput(cell.formula ?? cell.editText),
    [cell.formula, cell.editText, selected.row, selected.col, sheet],
  );
  return [input, setInput];
}

/** The list validation on the selected cell (its in-cell drop-down is drawn beside the formula bar). */
export function listAt(host: InMemoryWorkbook["host"], sheet: string, selected: Rect): CellList | undefined {
  return host
    .validations(sheet)
    .find(
      (v) =>
        selected.row >= v.rect.row &&
        selected.row < v.rect.row + v.rect.rows &&
        selected.col >= v.rect.col &&
        selected.col < v.rect.col + v.rect.cols,
    );
}

/** The contents box's handlers (editKeys.ts, cellEditing). */
export interface ContentsBox {
  /** The planner typed in the box. */
  type: (text: string) => void;
  /** Enter, Tab, Escape, and the arrows while typing over a cell. */
  onKey: (e: KeyboardEvent<HTMLInputElement>) => void;
  /** Focus left the box (a click on another cell): what was typed is written. */
  onBlur: () => void;
}

export interface FormulaBarProps {
  address: string;
  go: (target: string) => string | null;
  input: string;
  box: ContentsBox;
  /** The selected cell's list validation, if it has one. */
  list: CellList | undefined;
  /** A choice from the list: written to the cell at once. */
  choose: (value: string) => void;
}

export function FormulaBar({ address, go, input, box, list, choose }: FormulaBarProps) {
  return (
    <div className="formula-bar">
      <NameBox address={address} go={go} />
      <label htmlFor="formula-input" className="visually-hidden">
        Cell contents
      </label>
      <input
        id="formula-input"
        data-testid="formula-input"
        value={input}
        onChange={(e) => box.type(e.target.value)}
        onKeyDown={box.onKey}
        onBlur={box.onBlur}
        placeholder="Type a value or a formula such as =ADS.SHOWLISTENERS(1200000001), then Enter"
      />
      {list && (
        <select
          aria-label="Choose from the cell's list"
          title={list.prompt}
          value={list.list.includes(input) ? input : ""}
          onChange={(e) => choose(e.target.value)}
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
  );
}
