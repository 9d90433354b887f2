/**
 * The line under the formula bar: why the last entry was not written or what a key sequence under
 * way does (the grid's own word first), else the selected cell's error, explained as Excel does.
 */
import type { CellView } from "../memory/workbook";
import { errorNote } from "./errors";

export function CellNote({ note, cell }: { note: string | null; cell: CellView }) {
  const text = note ?? (cell.error ? errorNote(cell.value, cell.errorMessage) : null);
  return (
    <div className="cell-note" data-testid="cell-note" role="status">
      {text ? `⚠ ${text}` : ""}
    </div>
  );
}
