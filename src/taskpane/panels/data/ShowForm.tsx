/** Show → a show sheet (with net new reach and episode paging); Insert formula writes =ADS.SHOW at the selected cell. */
import { useState } from "react";
import { Button, Field, Input, Select } from "@fluentui/react-components";
import { showInfoQuerySchema } from "../../../api/schemas";
import { SHOW_FIELDS } from "../../../functions/shapes";
import { insertFormulaAtSelection, openShowSheet } from "../../reportActions";
import { DataForm, useDataForm } from "./DataForm";
import { list, num } from "./formValues";

const LABELS = {
  id: "Show id",
  netNewReachAdvertisers: "Net new reach against advertisers",
  months: "Net new reach window (months)",
  episodesPageIndex: "Episodes page",
  episodesPageSize: "Episodes per page",
};

export function ShowForm() {
  const form = useDataForm(LABELS);
  const [showId, setShowId] = useState("1200000001");
  const [showField, setShowField] = useState<string>("monthlyListeners");
  const [nnr, setNnr] = useState({ advertisers: "", months: "" });
  const [episodesPage, setEpisodesPage] = useState({ index: "", size: "" });
  const submit = () =>
    form.send(
      showInfoQuerySchema,
      {
        id: showId.trim(),
        netNewReachAdvertisers: list(nnr.advertisers),
        months: num(nnr.months),
        episodesPageIndex: num(episodesPage.index),
        episodesPageSize: num(episodesPage.size),
      },
      (services, { id, ...query }) => openShowSheet(services, String(id), query),
    );

  return (
    <DataForm title="Show" form={form} onSubmit={submit}>
      <Field
        label="Show id"
        hint="Directory id, Alpha channel id or Alpha playlist id"
        required
        {...form.err("id")}
      >
        <Input name="showId" value={showId} onChange={(_, d) => setShowId(d.value)} />
      </Field>
      <Field
        label="Net new reach against advertisers"
        hint="Optional, comma-separated lookup names (1 to 10)"
        {...form.err("netNewReachAdvertisers")}
      >
        <Input
          name="nnrAdvertisers"
          value={nnr.advertisers}
          list="recent-names"
          onChange={(_, d) => setNnr({ ...nnr, advertisers: d.value })}
        />
      </Field>
      <Field
        label="Net new reach window (months)"
        hint="1 to 3; default 1. Applies only with net new reach advertisers: not sent without them"
        {...form.err("months")}
      >
        <Input
          name="nnrMonths"
          type="number"
          value={nnr.months}
          onChange={(_, d) => setNnr({ ...nnr, months: d.value })}
        />
      </Field>
      <Field
        label="Episodes page"
        hint="Zero-based; the service pages the 1,000 most recent episodes (default: the show's usual list)"
        {...form.err("episodesPageIndex")}
      >
        <Input
          name="episodesPageIndex"
          type="number"
          value={episodesPage.index}
          onChange={(_, d) => setEpisodesPage({ ...episodesPage, index: d.value })}
        />
      </Field>
      <Field
        label="Episodes per page"
        hint="1 to 100; 25 when only the page is given"
        {...form.err("episodesPageSize")}
      >
        <Input
          name="episodesPageSize"
          type="number"
          value={episodesPage.size}
          onChange={(_, d) => setEpisodesPage({ ...episodesPage, size: d.value })}
        />
      </Field>
      <Button type="submit" appearance="primary" disabledFocusable={form.busy}>
        Open show sheet
      </Button>
      <Field label="Field for a formula">
        <Select name="showField" value={showField} onChange={(_, d) => setShowField(d.value)}>
          {SHOW_FIELDS.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </Select>
      </Field>
      <Button
        onClick={() => {
          void insertFormulaAtSelection(
            form.services,
            `=ADS.SHOW("${showId.trim().replace(/"/g, '""')}","${showField}")`,
          ).then((text) => form.setNote({ intent: "info", text }));
        }}
      >
        Insert formula
      </Button>
    </DataForm>
  );
}
