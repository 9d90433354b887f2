/** One form field of a spec: a labelled input of the right kind, the documented default, and its validation message. */
import { Field, Input, Select, Textarea } from "@fluentui/react-components";
import { defaultText, optionText, type FieldSpec } from "../reportForms";
import { EMPTY_LIST } from "../listText";
import { recentNames } from "../../runtime/recentNames";
import { dateHint } from "../dateFormat";

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

/** A date picker whose hint names the order the picker shows (dateFormat.ts); its value is YYYY-MM-DD. */
export function DateField({ label, name, value, onChange, whenEmpty, error }: DateFieldProps) {
  return (
    <Field
      label={label}
      hint={dateHint(whenEmpty)}
      validationMessage={error}
      validationState={error ? "error" : "none"}
    >
      <Input name={name} type="date" value={value} onChange={(_, d) => onChange(d.value)} />
    </Field>
  );
}
