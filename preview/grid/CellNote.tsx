/**
 * The line under the formula bar: why the last entry was not written, or what the keys of a KeyTips
 * sequence under way do (the grid's own word first), else the selected cell's error, explained as
 * Excel does.
 */
import type { CellView } from "../memory/workbook";
import { errorNote } from "./errors";

export function CellNote({
  problem,
  hint,
  cell,
}: {
  problem: string | null;
  hint: string | null;
  cell: CellView;
}) {
  const error = cell.error ? errorNote(cell.value, cell.errorMessage) : null;
  const text = problem ? `⚠ ${problem}` : hint ? `⌨ ${hint}` : error ? `⚠ ${error}` : "";
  return (
    <div className="cell-note" data-testid="cell-note" role="status">
      {text}
    </div>
  );
}
