/** Incrementality → a new sheet, with every documented field. */
import { Button, Field, Input, Switch } from "@fluentui/react-components";
import { incrementalityRequestSchema } from "../../../api/schemas";
import { OTHER_DEFAULTS } from "../../../api/defaults";
import { DateField } from "../../components/FormField";
import { runSourceToSheet } from "../../reportActions";
import { DataForm, useDataForm } from "./DataForm";
import { num, text } from "./formValues";
import { useKept } from "../../paneMemory";

const LABELS = {
  advertiser: "Advertisers",
  aggregationLevel: "Aggregation level",
  channelType: "Channel types",
  action: "Actions",
  startDate: "Start date",
  endDate: "End date",
  incCiCertainty: "CI certainty (%)",
};
const D = OTHER_DEFAULTS.incrementality;

interface IncrementalityBreakdown {
  aggregationLevel: string;
  channelType: string;
  action: string;
}

interface BreakdownFieldsProps {
  values: IncrementalityBreakdown;
  onChange(patch: Partial<IncrementalityBreakdown>): void;
  err: ReturnType<typeof useDataForm>["err"];
}

/** What the results are broken down by: the aggregation level, the channel types and the actions. */
function IncrementalityBreakdownFields({ values, onChange, err }: BreakdownFieldsProps) {
  return (
    <>
      <Field
        label="Aggregation level"
        hint="e.g. channel, publisher, show campaign (sent as the service spells it)"
        {...err("aggregationLevel")}
      >
        <Input
          name="incLevel"
          value={values.aggregationLevel}
          onChange={(_, d) => onChange({ aggregationLevel: d.value })}
        />
      </Field>
      <Field
        label="Channel types"
        hint="e.g. podcast. Applies only with aggregation level channel: not sent with another level"
        {...err("channelType")}
      >
        <Input
          name="incChannel"
          value={values.channelType}
          onChange={(_, d) => onChange({ channelType: d.value })}
        />
      </Field>
      <Field label="Actions" hint="Comma-separated; default all" {...err("action")}>
        <Input name="incAction" value={values.action} onChange={(_, d) => onChange({ action: d.value })} />
      </Field>
    </>
  );
}

interface ResultOptions {
  incCiCertainty: string;
  includeErrors: boolean;
}

interface ResultOptionsProps {
  values: ResultOptions;
  onChange(patch: Partial<ResultOptions>): void;
  err: ReturnType<typeof useDataForm>["err"];
}

/** How sure the confidence interval is, and whether results with errors are included. */
function IncrementalityResultOptions({ values, onChange, err }: ResultOptionsProps) {
  return (
    <>
      <Field
        label="CI certainty (%)"
        hint={`${D.incCiCertainty.note} Default ${D.incCiCertainty.value}`}
        {...err("incCiCertainty")}
      >
        <Input
          name="incCi"
          type="number"
          value={values.incCiCertainty}
          onChange={(_, d) => onChange({ incCiCertainty: d.value })}
        />
      </Field>
      <Switch
        label="Include results with errors"
        checked={values.includeErrors}
        onChange={(_, d) => onChange({ includeErrors: d.checked })}
      />
    </>
  );
}

export function IncrementalityForm() {
  const form = useDataForm(LABELS);
  const [inc, setInc] = useKept("data.incrementality", {
    advertiser: "",
    aggregationLevel: "channel",
    channelType: "",
    action: "",
    startDate: "",
    endDate: "",
    incCiCertainty: "",
    includeErrors: false,
  });
  const submit = () =>
    form.send(
      incrementalityRequestSchema,
      {
        advertiser: text(inc.advertiser),
        // A level typed in words ("show campaign") is sent as the service spells it (show_campaign).
        aggregationLevel: text(inc.aggregationLevel)?.trim().replace(/\s+/g, "_"),
        channelType: text(inc.channelType),
        action: text(inc.action),
        startDate: text(inc.startDate),
        endDate: text(inc.endDate),
        incCiCertainty: num(inc.incCiCertainty),
        includeErrors: inc.includeErrors || undefined,
      },
      (services, params) => runSourceToSheet(services, { kind: "incrementality", params }),
    );

  return (
    <DataForm title="Incrementality" form={form} onSubmit={submit}>
      <Field
        label="Advertisers"
        hint="Comma-separated names; empty: not sent, and the service decides whether it needs them"
        {...form.err("advertiser")}
      >
        <Input
          name="incAdvertiser"
          value={inc.advertiser}
          list="recent-names"
          onChange={(_, d) => setInc({ ...inc, advertiser: d.value })}
        />
      </Field>
      <IncrementalityBreakdownFields
        values={inc}
        onChange={(patch) => setInc({ ...inc, ...patch })}
        err={form.err}
      />
      <DateField
        label="Start date"
        name="incStart"
        value={inc.startDate}
        onChange={(v) => setInc({ ...inc, startDate: v })}
        whenEmpty={D.startDate.value}
        error={form.err("startDate").validationMessage}
      />
      <DateField
        label="End date"
        name="incEnd"
        value={inc.endDate}
        onChange={(v) => setInc({ ...inc, endDate: v })}
        whenEmpty={D.endDate.value}
        error={form.err("endDate").validationMessage}
      />
      <IncrementalityResultOptions
        values={inc}
        onChange={(patch) => setInc({ ...inc, ...patch })}
        err={form.err}
      />
      <Button type="submit" appearance="primary" disabledFocusable={form.busy}>
        Incrementality to sheet
      </Button>
    </DataForm>
  );
}
