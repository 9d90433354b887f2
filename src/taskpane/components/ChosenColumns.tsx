/** The field picker's chosen columns, in the CSV's order, each with its move and remove buttons and its rules. */
import { Button } from "@fluentui/react-components";
import { Text } from "./Prose";
import { columnNotes } from "../../api/schemas";

export interface ChosenColumnsProps {
  value: string[];
  /** Why a column cannot be had with the request's settings, in the form's words. */
  problems(field: string): string[];
  onMove(index: number, by: number): void;
  onRemove(index: number): void;
}

/** The column's rules: unmet ones first, then the notes that always apply. */
function ColumnRules({ unmet, notes }: { unmet: string[]; notes: string[] }) {
  return (
    <>
      {unmet.map((r) => (
        <Text key={r} size={100} block className="rule unmet">
          {r}
        </Text>
      ))}
      {notes.map((r) => (
        <Text key={r} size={100} block className="rule">
          {r}
        </Text>
      ))}
    </>
  );
}

export function ChosenColumns({ value, problems, onMove, onRemove }: ChosenColumnsProps) {
  return (
    <ol aria-label="Chosen columns" className="chosen">
      {value.map((f, i) => (
        <li key={f} data-field={f}>
          <span>{f}</span>
          <Button
            size="small"
            aria-label={`Move ${f} up`}
            data-action="up"
            disabled={i === 0}
            onClick={() => onMove(i, -1)}
          >
            ↑
          </Button>
          <Button
            size="small"
            aria-label={`Move ${f} down`}
            data-action="down"
            disabled={i === value.length - 1}
            onClick={() => onMove(i, 1)}
          >
            ↓
          </Button>
          <Button size="small" aria-label={`Remove ${f}`} data-action="remove" onClick={() => onRemove(i)}>
            ✕
          </Button>
          <ColumnRules unmet={problems(f)} notes={columnNotes(f)} />
        </li>
      ))}
    </ol>
  );
}
