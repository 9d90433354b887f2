/** Incrementality → a new sheet, with every documented field. */
import { useState } from "react";
import { Button, Field, Input, Switch } from "@fluentui/react-components";
import { incrementalityRequestSchema } from "../../../api/schemas";
import { OTHER_DEFAULTS } from "../../../api/defaults";
import { DateField } from "../../components/FormField";
import { runSourceToSheet } from "../../reportActions";
import { DataForm, useDataForm } from "./DataForm";
import { num, text } from "./formValues";

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

export function IncrementalityForm() {
  const form = useDataForm(LABELS);
  const [inc, setInc] = useState({
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
        aggregationLevel: text(inc.aggregationLevel),
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
      <Field
        label="Aggregation level"
        hint="e.g. channel, publisher, show_campaign"
        {...form.err("aggregationLevel")}
      >
        <Input
          name="incLevel"
          value={inc.aggregationLevel}
          onChange={(_, d) => setInc({ ...inc, aggregationLevel: d.value })}
        />
      </Field>
      <Field
        label="Channel types"
        hint="e.g. podcast. Applies only with aggregation level channel: not sent with another level"
        {...form.err("channelType")}
      >
        <Input
          name="incChannel"
          value={inc.channelType}
          onChange={(_, d) => setInc({ ...inc, channelType: d.value })}
        />
      </Field>
      <Field label="Actions" hint="Comma-separated; default all" {...form.err("action")}>
        <Input name="incAction" value={inc.action} onChange={(_, d) => setInc({ ...inc, action: d.value })} />
      </Field>
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
      <Field
        label="CI certainty (%)"
        hint={`${D.incCiCertainty.note} Default ${D.incCiCertainty.value}`}
        {...form.err("incCiCertainty")}
      >
        <Input
          name="incCi"
          type="number"
          value={inc.incCiCertainty}
          onChange={(_, d) => setInc({ ...inc, incCiCertainty: d.value })}
        />
      </Field>
      <Switch
        label="Include results with errors"
        checked={inc.includeErrors}
        onChange={(_, d) => setInc({ ...inc, includeErrors: d.checked })}
      />
      <Button type="submit" appearance="primary" disabledFocusable={form.busy}>
        Incrementality to sheet
      </Button>
    </DataForm>
  );
}
