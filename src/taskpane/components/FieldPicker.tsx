/**
 * The impressions column picker: search, the spec's groups, an ordered selection (order is the CSV's
 * order), and the spec's column rules from the same table the request check uses: a column this
 * request cannot have is disabled with the reason, and a chosen one that became unavailable says why.
 */
import { useRef } from "react";
import { Button, Field, Input } from "@fluentui/react-components";
import { Text } from "./Prose";
import { IMPRESSIONS_DEFAULT_FIELDS } from "../../api/defaults";
import { columnProblems, type ColumnRequest } from "../../api/schemas";
import { find, useFocusAfterRender } from "../focus";
import { ChosenColumns } from "./ChosenColumns";
import { ColumnGroups } from "./ColumnGroups";
import { CustomColumnField } from "./CustomColumnField";
import { useKept } from "../paneMemory";

/** The chosen column's button that does `action`, for moving focus to it. */
const chosenButton = (field: string, action: "up" | "down" | "remove") =>
  `[data-field="${CSS.escape(field)}"] [data-action="${action}"]`;

export interface FieldPickerProps {
  value: string[];
  /** The settings of the request being built that the column rules look at. */
  request: ColumnRequest;
  /** Rewrites a rule's message in the form's labels. */
  words?: (message: string) => string;
  /** The validation message for the fields parameter, shown under the list. */
  error?: string;
  onChange(fields: string[]): void;
}

export function FieldPicker({ value, request, words = (m) => m, error, onChange }: FieldPickerProps) {
  const problems = (f: string) => columnProblems(f, request).map(words);
  const [query, setQuery] = useKept("reports.fieldSearch", "");
  const root = useRef<HTMLFieldSetElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const toggle = (f: string, on: boolean) => onChange(on ? [...value, f] : value.filter((x) => x !== f));
  const move = (i: number, by: number) => {
    const next = [...value];
    const [item] = next.splice(i, 1);
    next.splice(Math.max(0, Math.min(next.length, i + by)), 0, item);
    onChange(next);
    // Focus follows the moved column; at the top (or bottom) its other arrow, since this one disables.
    const [same, other] = by < 0 ? (["up", "down"] as const) : (["down", "up"] as const);
    focusAfterRender(find(root, chosenButton(item, same)), find(root, chosenButton(item, other)));
  };
  const remove = (i: number) => {
    const f = value[i];
    toggle(f, false);
    // The next column's ✕ (or the previous one's) takes the removed one's place.
    const neighbour = value[i + 1] ?? value[i - 1];
    focusAfterRender(
      find(root, neighbour === undefined ? ".start-default" : chosenButton(neighbour, "remove")),
      find(root, ".start-default"),
    );
  };
  return (
    <fieldset className="field-picker" ref={root}>
      <legend>
        Columns (
        {value.length ? `${value.length} chosen, in this order` : "service default: every default column"})
      </legend>
      {value.length > 0 && (
        <ChosenColumns value={value} problems={problems} onMove={move} onRemove={remove} />
      )}
      <Button
        size="small"
        className="start-default"
        onClick={() => onChange([...IMPRESSIONS_DEFAULT_FIELDS])}
      >
        Start from the default columns
      </Button>{" "}
      <Button size="small" onClick={() => onChange([])}>
        Clear
      </Button>
      {error && (
        // data-invalid and tabIndex: a form that refuses to send can put focus on this message.
        <Text role="alert" className="error" block data-invalid tabIndex={-1}>
          {error}
        </Text>
      )}
      <Field label="Find a column">
        <Input value={query} onChange={(_, d) => setQuery(d.value)} name="fieldSearch" />
      </Field>
      <CustomColumnField value={value} onChange={onChange} />
      <ColumnGroups query={query} value={value} problems={problems} onToggle={toggle} />
    </fieldset>
  );
}
