/**
 * The Connect tab's spending: this month's requests by kind, this workbook's and every workbook's on
 * this computer (counted as the service counts them: spendLedger.ts), what is left of the allowance
 * when the planner entered it, and the planner's settings: the most one action may spend without
 * asking, the allowance, and how old a function answer may grow before it is fetched again.
 */
import { useEffect, useState } from "react";
import { Button, Field, Input } from "@fluentui/react-components";
import { Text } from "./Prose";
import { getSpendSettings, setSpendSettings, spendThisMonth, subscribe } from "../../runtime/session";
import { SPEND_KINDS, type SpendKind, type SpendTotals } from "../../runtime/spendLedger";
import { checkSpendSettings, type SpendSettings } from "../../runtime/spendSettings";
import { useKept } from "../paneMemory";

const KIND_LABELS: Record<SpendKind, string> = {
  functions: "ADS functions",
  reports: "Reports and data sheets",
  writebacks: "Write-backs and agent runs",
  checks: "Key checks (Connect)",
};

const n = (x: number) => x.toLocaleString("en-US");

function useSpend(): SpendTotals {
  const [totals, setTotals] = useState(spendThisMonth);
  useEffect(() => subscribe(() => setTotals(spendThisMonth())), []);
  return totals;
}

export function SpendView() {
  const totals = useSpend();
  const { allowance } = getSpendSettings();
  const month = new Date().toLocaleString("en-US", { month: "long", year: "numeric" });
  return (
    <section aria-labelledby="spend-heading" className="about" data-testid="spend-view">
      <h3 id="spend-heading">Requests this month</h3>
      <table className="spend-table">
        <caption className="visually-hidden">Requests spent in {month}, by kind</caption>
        <thead>
          <tr>
            <th scope="col">{month}</th>
            <th scope="col">This workbook</th>
            <th scope="col">All workbooks</th>
          </tr>
        </thead>
        <tbody>
          {SPEND_KINDS.map((k) => (
            <tr key={k}>
              <th scope="row">{KIND_LABELS[k]}</th>
              <td>{n(totals.workbook[k])}</td>
              <td>{n(totals.all[k])}</td>
            </tr>
          ))}
          {totals.earlier > 0 && (
            <tr>
              <th scope="row">Counted by an earlier version</th>
              <td />
              <td>{n(totals.earlier)}</td>
            </tr>
          )}
          <tr className="spend-total">
            <th scope="row">Total</th>
            <td data-testid="workbook-request-count">{totals.workbookTotal}</td>
            <td data-testid="request-count">{totals.allTotal}</td>
          </tr>
        </tbody>
      </table>
      <Text block size={200} aria-live="polite" data-testid="allowance-left" style={{ marginTop: 6 }}>
        {allowance === null
          ? "The service does not say how large your monthly allowance is: enter it below to see what is left."
          : `${n(Math.max(0, allowance - totals.allTotal))} of your ${n(allowance)} requests left this month (as this computer counted them).`}
      </Text>
      <Text block size={200} style={{ marginTop: 4 }}>
        Every request sent with your key counts against the monthly allowance, as the service counts them: a
        request it refused before charging (a key it does not know, access off, the limit already reached)
        does not. All workbooks: every pane of this add-in on this computer, added together.
      </Text>
      <SpendSettingsForm />
    </section>
  );
}

type Errors = Partial<Record<keyof SpendSettings, string>>;
const text = (v: number | null) => (v === null ? "" : String(v));

function SpendSettingsForm() {
  const saved = getSpendSettings();
  const [limit, setLimit] = useKept("connect.limit", String(saved.limit));
  const [allowance, setAllowance] = useKept("connect.allowance", text(saved.allowance));
  const [freshness, setFreshness] = useKept("connect.freshnessHours", text(saved.freshnessHours));
  const [errors, setErrors] = useState<Errors>({});
  const [note, setNote] = useState("");

  function save() {
    const checked = checkSpendSettings({ limit, allowance, freshnessHours: freshness });
    if (!checked.ok) {
      setErrors(checked.errors);
      setNote("");
      return;
    }
    const s = checked.settings;
    setErrors({});
    setSpendSettings(s);
    setLimit(String(s.limit));
    setAllowance(text(s.allowance));
    setFreshness(text(s.freshnessHours));
    setNote(
      `Saved: an action that would spend more than ${n(s.limit)} requests asks first; function answers are ${
        s.freshnessHours === null
          ? "kept until you refresh them"
          : `fetched again after ${s.freshnessHours} hours`
      }.`,
    );
  }

  return (
    <form
      noValidate
      aria-label="Spending"
      style={{ marginTop: 8 }}
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <NumberField
        label="Ask before one action spends more than (requests)"
        hint="A recalculation of the ADS functions, Refresh all, or a report of many pages asks in the pane first."
        name="limit"
        value={limit}
        error={errors.limit}
        onChange={setLimit}
      />
      <NumberField
        label="Monthly allowance (requests)"
        hint="Optional: the service does not publish its size. Entered once, the pane says what is left."
        name="allowance"
        value={allowance}
        error={errors.allowance}
        onChange={setAllowance}
      />
      <NumberField
        label="Fetch function answers again after (hours)"
        hint="Optional: blank keeps answers until you refresh them (Sheets tab or the ribbon's Refresh all)."
        name="freshnessHours"
        value={freshness}
        error={errors.freshnessHours}
        onChange={setFreshness}
      />
      <Button type="submit">Save spending</Button>
      <Text block size={200} aria-live="polite" data-testid="spend-settings-note">
        {note}
      </Text>
    </form>
  );
}

function NumberField(props: {
  label: string;
  hint: string;
  name: keyof SpendSettings;
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
        inputMode="numeric"
        name={props.name}
        value={props.value}
        onChange={(_, d) => props.onChange(d.value)}
      />
    </Field>
  );
}
