/** One form field of a spec: a labelled input of the right kind, the documented default, and its validation message. */
import { useEffect, useRef, useState } from "react";
import { Button, Field, Input, Select, Textarea } from "@fluentui/react-components";
import { defaultText, optionText, type FieldSpec } from "../reportForms";
import { EMPTY_LIST } from "../listText";
import { recentNames } from "../../runtime/recentNames";
import { dateHint, readTypedDate } from "../dateFormat";

export interface FormFieldProps {
  spec: FieldSpec;
  value: string;
  error?: string;
  /** The cell the parameter is taken from (Take from cell): the box is not needed, and says so. */
  fromCell?: string;
  onChange(value: string): void;
}

/** What the box says under it: where a cell gives it, or its hints, default and the default's note. */
function fieldHint(spec: FieldSpec, def: string, fromCell: string | undefined): string | undefined {
  if (fromCell) return `Taken from ${fromCell}, read again at every refresh (Parameters from cells, below)`;
  const listHint =
    spec.type === "list"
      ? `Comma-separated; quote a name that holds a comma ("Acme, Inc.")${spec.emptyAllowed ? `; ${EMPTY_LIST} sends an empty list` : ""}.`
      : undefined;
  return (
    [spec.hint, listHint, def && `Default: ${def}`, spec.default?.note].filter(Boolean).join(" · ") ||
    undefined
  );
}

export function FormField({ spec, value, error, fromCell, onChange }: FormFieldProps) {
  const def = defaultText(spec);
  const hint = fieldHint(spec, def, fromCell);
  const id = `field-${spec.name.replace(/\W/g, "-")}`;
  const common = {
    validationMessage: error,
    validationState: error ? ("error" as const) : ("none" as const),
    hint,
    required: spec.required && !fromCell,
  };
  switch (spec.type) {
    case "enum":
      return (
        <Field label={spec.label} {...common}>
          <Select
            id={id}
            name={spec.name}
            value={value}
            disabled={!!fromCell}
            onChange={(_, d) => onChange(d.value)}
          >
            <option value="">
              {spec.required ? "Choose…" : `(service default${def ? `: ${def}` : ""})`}
            </option>
            {spec.options?.map((o) => (
              <option key={o} value={o}>
                {optionText(spec, o)}
              </option>
            ))}
          </Select>
        </Field>
      );
    case "bool":
      return (
        <Field label={spec.label} {...common}>
          <Select
            id={id}
            name={spec.name}
            value={value}
            disabled={!!fromCell}
            onChange={(_, d) => onChange(d.value)}
          >
            <option value="">{`(service default${def ? `: ${def}` : ""})`}</option>
            <option value="true">Yes</option>
            <option value="false">No</option>
          </Select>
        </Field>
      );
    case "mapping":
    case "fields":
      return (
        <Field label={spec.label} {...common}>
          <Textarea
            id={id}
            name={spec.name}
            value={value}
            disabled={!!fromCell}
            onChange={(_, d) => onChange(d.value)}
            resize="vertical"
          />
        </Field>
      );
    default:
      return (
        <Field label={spec.label} {...common}>
          <Input
            id={id}
            name={spec.name}
            value={value}
            type={spec.type === "int" || spec.type === "number" ? "number" : "text"}
            disabled={!!fromCell}
            list={spec.recent ? "recent-names" : undefined}
            onChange={(_, d) => onChange(d.value)}
          />
        </Field>
      );
  }
}

/** The datalist of recently used advertiser names, rendered once per form. */
export function RecentNames() {
  return (
    <datalist id="recent-names">
      {recentNames().map((n) => (
        <option key={n} value={n} />
      ))}
    </datalist>
  );
}

export interface DateFieldProps {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  /** What an empty field means, e.g. "3 months ago (the service's default)". */
  whenEmpty: string;
  error?: string;
}

/** A calendar drawn in the text's colour (no icon font: an emoji has no glyph in every browser). */
function CalendarGlyph() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <rect x="2" y="3" width="12" height="11" rx="1" fill="none" stroke="currentColor" />
      <path d="M2 6.5h12M5 1.5v3M11 1.5v3" stroke="currentColor" />
    </svg>
  );
}

/**
 * A date box: one text box, one Tab stop (the browser's date input takes one per segment), that takes
 * a typed date (yyyy-mm-dd, or the locale's order: dateFormat.ts) and shows it as yyyy-mm-dd once
 * left; a calendar button inside it, out of the Tab order, opens the browser's picker. Its value is
 * YYYY-MM-DD; text that is no date is passed on as typed (the form refuses it) and said under the box
 * when it is left, naming the field.
 */
export function DateField({ label, name, value, onChange, whenEmpty, error }: DateFieldProps) {
  const [text, setText] = useState(value);
  const [typedError, setTypedError] = useState<string>();
  const picker = useRef<HTMLInputElement>(null);
  const read = (t: string) => readTypedDate(t, label);
  // A value set from outside (Edit request, a preset) replaces the text unless it is what the text says.
  useEffect(() => {
    setText((t) => {
      const r = readTypedDate(t, label);
      return (r.ok ? r.value : t.trim()) === value ? t : value;
    });
  }, [value, label]);
  const take = (t: string) => {
    setText(t);
    setTypedError(undefined);
    const r = read(t);
    onChange(r.ok ? r.value : t.trim());
  };
  const shown = error ?? typedError;
  const now = read(text);
  const picked = now.ok ? now.value : "";
  return (
    <Field
      label={label}
      hint={dateHint(whenEmpty)}
      validationMessage={shown}
      validationState={shown ? "error" : "none"}
    >
      <Input
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="yyyy-mm-dd"
        value={text}
        onChange={(_, d) => take(d.value)}
        onBlur={() => {
          const r = read(text);
          if (r.ok) setText(r.value);
          else setTypedError(r.error);
        }}
        contentAfter={
          <>
            <Button
              appearance="transparent"
              size="small"
              tabIndex={-1}
              // Not the field's label: "Start date" names the box alone (getByLabel, screen readers).
              aria-label="Pick from a calendar"
              title="Pick from a calendar"
              onClick={() => picker.current?.showPicker?.()}
            >
              <CalendarGlyph />
            </Button>
            <input
              ref={picker}
              type="date"
              tabIndex={-1}
              aria-hidden="true"
              // Hidden from assistive technology (the text box is the field, named by its label alone);
              // named all the same.
              aria-label="Calendar"
              className="date-picker-proxy"
              value={picked}
              onChange={(e) => take(e.target.value)}
            />
          </>
        }
      />
    </Field>
  );
}
