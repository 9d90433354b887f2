/**
 * Prospects → a new sheet (issue #48): the advertisers to find new listeners for, the seed shows,
 * how many candidates, the filters and the competitors. The requests it will send are told and asked
 * before anything is sent (reportActions.ts).
 */
import { useState } from "react";
import { Button, Field, Input } from "@fluentui/react-components";
import { prospectParamsSchema } from "../../../reports/prospects";
import { runSourceToSheet } from "../../reportActions";
import { addSelectedProspectsToPlan } from "../../prospectActions";
import { DataForm, useDataForm } from "./DataForm";
import { list, num, text } from "./formValues";

const LABELS = {
  advertisers: "Advertisers",
  seeds: "Seed shows",
  count: "Candidates",
  minListeners: "At least monthly listeners",
  maxAdLoad: "Ad load at most (%)",
  maxContentRisk: "Content risk at most",
  platforms: "Platforms",
  competitors: "Competitors",
};

const EMPTY = {
  advertisers: "",
  seeds: "",
  count: "20",
  minListeners: "",
  maxAdLoad: "",
  maxContentRisk: "",
  platforms: "",
  competitors: "",
};
type Values = typeof EMPTY;

interface FieldsProps {
  values: Values;
  onChange(patch: Partial<Values>): void;
  err: ReturnType<typeof useDataForm>["err"];
}

/** One text field of the form. */
function TextField({
  name,
  hint,
  values,
  onChange,
  err,
}: FieldsProps & { name: keyof Values; hint: string }) {
  return (
    <Field label={LABELS[name]} hint={hint} {...err(name)}>
      <Input
        name={`prospects-${name}`}
        value={values[name]}
        onChange={(_, d) => onChange({ [name]: d.value })}
      />
    </Field>
  );
}

export function ProspectsForm() {
  const form = useDataForm(LABELS);
  const [v, setV] = useState(EMPTY);
  const props = { values: v, onChange: (patch: Partial<Values>) => setV({ ...v, ...patch }), err: form.err };
  const submit = () =>
    form.send(
      prospectParamsSchema,
      {
        advertisers: list(v.advertisers),
        seeds: list(v.seeds),
        count: num(v.count),
        minListeners: num(v.minListeners),
        maxAdLoad: num(v.maxAdLoad),
        maxContentRisk: text(v.maxContentRisk),
        platforms: list(v.platforms),
        competitors: list(v.competitors),
      },
      (services, params) => runSourceToSheet(services, { kind: "prospects", params }),
    );
  return (
    <DataForm title="Prospects" form={form} onSubmit={submit}>
      <TextField
        name="advertisers"
        hint="Whose new listeners: comma-separated, at most 10 names (together they count as one)"
        {...props}
      />
      <TextField name="seeds" hint="Show ids the candidates are similar to, comma-separated" {...props} />
      <TextField name="count" hint="Shows to look at, 1 to 100: each is one request" {...props} />
      <TextField name="minListeners" hint="Leave out candidates with fewer; blank: no limit" {...props} />
      <TextField name="maxAdLoad" hint="Percent, e.g. 5; blank: no limit" {...props} />
      <TextField name="maxContentRisk" hint="minimal, low, medium, high or floor; blank: any" {...props} />
      <TextField name="platforms" hint="Comma-separated, e.g. Podcast; blank: any" {...props} />
      <TextField
        name="competitors"
        hint="Advertiser names to look for on each show, comma-separated"
        {...props}
      />
      <Button type="submit" appearance="primary" disabledFocusable={form.busy}>
        Prospects to sheet
      </Button>
      <Button
        appearance="secondary"
        title="Select rows of a Prospects sheet's table first: each becomes a campaign plan row for its first advertiser"
        onClick={() => void addSelectedProspectsToPlan(form.services)}
      >
        Add selected prospects to plan
      </Button>
    </DataForm>
  );
}
