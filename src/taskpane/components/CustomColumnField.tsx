/**
 * The field picker's custom column: custom action columns ("<action>" and "<action> Modeled") are
 * named by the advertiser's setup, so no list can hold them: they are typed.
 */
import { useRef } from "react";
import { Button, Field, Input } from "@fluentui/react-components";
import { useFocusAfterRender } from "../focus";
import { useKept } from "../paneMemory";

export interface CustomColumnFieldProps {
  value: string[];
  onChange(fields: string[]): void;
}

export function CustomColumnField({ value, onChange }: CustomColumnFieldProps) {
  const [custom, setCustom] = useKept("reports.customColumn", "");
  const customRef = useRef<HTMLInputElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const addCustom = () => {
    const name = custom.trim();
    if (name && !value.includes(name)) onChange([...value, name]);
    setCustom("");
    // Add column disables itself once the field is empty: the next name is typed in the field.
    focusAfterRender(() => customRef.current);
  };
  return (
    <>
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
    </>
  );
}
