/**
 * The Connect tab's network limits: how long a request may wait without any progress, and how long
 * it may take in all (docs/network.md). Each field's error names it; Save applies to every request
 * from then on (pane, functions, ribbon) and keeps the limits on this computer.
 */
import { useState } from "react";
import { Button, Field, Input } from "@fluentui/react-components";
import { Text } from "./Prose";
import { checkLimits, DEFAULT_LIMITS, type NetworkLimits } from "../../runtime/networkLimits";
import { getNetworkLimits, setNetworkLimits } from "../../runtime/session";
import { useKept } from "../paneMemory";

type Errors = Partial<Record<keyof NetworkLimits, string>>;

export function NetworkLimitsForm() {
  const saved = getNetworkLimits();
  const [stall, setStall] = useKept("connect.stallSeconds", String(saved.stallSeconds));
  const [deadline, setDeadline] = useKept("connect.deadlineSeconds", String(saved.deadlineSeconds));
  const [errors, setErrors] = useState<Errors>({});
  const [note, setNote] = useState("");

  function save(limits = checkLimits({ stallSeconds: stall, deadlineSeconds: deadline })) {
    if (!limits.ok) {
      setErrors(limits.errors);
      setNote("");
      return;
    }
    setErrors({});
    setNetworkLimits(limits.limits);
    setStall(String(limits.limits.stallSeconds));
    setDeadline(String(limits.limits.deadlineSeconds));
    setNote(
      `Saved: a request gives up after ${limits.limits.stallSeconds} s without progress, or ${limits.limits.deadlineSeconds} s in all.`,
    );
  }

  return (
    <section aria-labelledby="network-heading" className="about" data-testid="network-limits">
      <h3 id="network-heading">Network limits</h3>
      <Text block size={200}>
        A request that stops making progress, or takes too long in all, ends with a message instead of waiting
        for ever. The add-in never sends a report start twice by itself.
      </Text>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <SecondsField
          label="No-progress limit (seconds)"
          hint="How long to wait for an answer to start, or for more of it to arrive."
          name="stallSeconds"
          value={stall}
          error={errors.stallSeconds}
          onChange={setStall}
        />
        <SecondsField
          label="Request deadline (seconds)"
          hint="The longest one request may take, tries again included (large downloads need longer)."
          name="deadlineSeconds"
          value={deadline}
          error={errors.deadlineSeconds}
          onChange={setDeadline}
        />
        <Button type="submit">Save limits</Button>{" "}
        <Button type="button" onClick={() => save({ ok: true, limits: DEFAULT_LIMITS })}>
          Use defaults ({DEFAULT_LIMITS.stallSeconds} s, {DEFAULT_LIMITS.deadlineSeconds} s)
        </Button>
      </form>
      {/* A live region but not a status: the Connection section's status is its own connect message. */}
      <Text block size={200} aria-live="polite" data-testid="network-limits-note">
        {note}
      </Text>
    </section>
  );
}

/** One of the limits: a whole number of seconds, its error (naming the field) under it. */
function SecondsField(props: {
  label: string;
  hint: string;
  name: keyof NetworkLimits;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <Field
      label={props.label}
      hint={props.hint}
      validationMessage={props.error}
      validationState={props.error ? "error" : "none"}
    >
      <Input
        type="number"
        inputMode="numeric"
        name={props.name}
        value={props.value}
        onChange={(_, d) => props.onChange(d.value)}
      />
    </Field>
  );
}
