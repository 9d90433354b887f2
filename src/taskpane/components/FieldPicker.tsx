/**
 * The impressions column picker: search, the spec's groups, an ordered selection (order is the CSV's
 * order), and the spec's column rules from the same table the request check uses: a column this
 * request cannot have is disabled with the reason, and a chosen one that became unavailable says why.
 */
import { useMemo, useRef, useState } from "react";
import { Button, Checkbox, Field, Input, Text } from "@fluentui/react-components";
import { IMPRESSIONS_DEFAULT_FIELDS, IMPRESSIONS_FIELD_GROUPS } from "../../api/defaults";
import { columnNotes, columnProblems, type ColumnRequest } from "../../api/schemas";
import { find, useFocusAfterRender } from "../focus";

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
  const [query, setQuery] = useState("");
  const [custom, setCustom] = useState("");
  const root = useRef<HTMLFieldSetElement>(null);
  const customRef = useRef<HTMLInputElement>(null);
  const focusAfterRender = useFocusAfterRender();
  // Custom action columns ("<action>" and "<action> Modeled") are named by the advertiser's setup,
  // so no list can hold them: they are typed.
  const addCustom = () => {
    const name = custom.trim();
    if (name && !value.includes(name)) onChange([...value, name]);
    setCustom("");
    // Add column disables itself once the field is empty: the next name is typed in the field.
    focusAfterRender(() => customRef.current);
  };
  const groups = useMemo(() => {
    const q = query.trim().toLowerCase();
    return IMPRESSIONS_FIELD_GROUPS.map((g) => ({
      ...g,
      fields: g.fields.filter((f) => !q || f.toLowerCase().includes(q)),
    })).filter((g) => g.fields.length);
  }, [query]);
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
        <ol aria-label="Chosen columns" className="chosen">
          {value.map((f, i) => (
            <li key={f} data-field={f}>
              <span>{f}</span>
              <Button
                size="small"
                aria-label={`Move ${f} up`}
                data-action="up"
                disabled={i === 0}
                onClick={() => move(i, -1)}
              >
                ↑
              </Button>
              <Button
                size="small"
                aria-label={`Move ${f} down`}
                data-action="down"
                disabled={i === value.length - 1}
                onClick={() => move(i, 1)}
              >
                ↓
              </Button>
              <Button size="small" aria-label={`Remove ${f}`} data-action="remove" onClick={() => remove(i)}>
                ✕
              </Button>
              {problems(f).map((r) => (
                <Text key={r} size={100} block className="rule unmet">
                  {r}
                </Text>
              ))}
              {columnNotes(f).map((r) => (
                <Text key={r} size={100} block className="rule">
                  {r}
                </Text>
              ))}
            </li>
          ))}
        </ol>
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
      <Field
        label="Add a custom action column"
        hint='Your action as named in the service, e.g. "Signup" or "Signup Modeled".'
      >
        <Input
          value={custom}
          name="customField"
          ref={customRef}
          onChange={(_, d) => setCustom(d.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              addCustom();
            }
          }}
        />
      </Field>
      <Button size="small" onClick={addCustom} disabled={!custom.trim()}>
        Add column
      </Button>
      <div className="field-groups">
        {groups.map((g) => (
          <details key={g.label} open={Boolean(query)}>
            <summary>
              {g.label} ({g.fields.length})
            </summary>
            {g.fields.map((f) => {
              const chosen = value.includes(f);
              // A chosen column stays clickable, so it can be removed whatever the settings are.
              const why = chosen ? [] : problems(f);
              return (
                <div key={`${g.label}-${f}`}>
                  <Checkbox
                    label={f}
                    checked={chosen}
                    disabled={why.length > 0}
                    onChange={(_, d) => toggle(f, Boolean(d.checked))}
                  />
                  {why.map((r) => (
                    <Text key={r} size={100} block className="rule">
                      {r}
                    </Text>
                  ))}
                </div>
              );
            })}
          </details>
        ))}
      </div>
    </fieldset>
  );
}
