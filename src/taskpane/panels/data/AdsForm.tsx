/** Individual ads (Pro) → a new sheet: advertiser, dates, rows per request, offset and the most rows to fetch. */
import { useState } from "react";
import { Button, Field, Input } from "@fluentui/react-components";
import { individualAdsRequestSchema } from "../../../api/schemas";
import { OTHER_DEFAULTS } from "../../../api/defaults";
import { DateField } from "../../components/FormField";
import { rememberNames } from "../../recentNames";
import { runSourceToSheet } from "../../reportActions";
import { definedOnly } from "../../validation";
import { DataForm, useDataForm } from "./DataForm";
import { num, text } from "./formValues";

const LABELS = {
  advertiser: "Advertiser",
  startDate: "Start date",
  endDate: "End date",
  maxRows: "Most rows",
  limit: "Rows per request (limit)",
  offset: "Skip the first rows (offset)",
};
const D = OTHER_DEFAULTS.individualAds;

export function AdsForm() {
  const form = useDataForm(LABELS);
  const [ads, setAds] = useState({
    advertiser: "",
    startDate: "",
    endDate: "",
    maxRows: "1000",
    limit: "",
    offset: "",
  });
  const submit = () => {
    // Most rows is the pane's own setting (how many pages to fetch), not a request field.
    const maxRows = num(ads.maxRows);
    if (maxRows !== undefined && !(Number.isInteger(maxRows) && maxRows >= 1))
      return form.refuse({ maxRows: "Most rows must be a whole number, 1 or more" });
    form.send(
      individualAdsRequestSchema,
      {
        advertiser: ads.advertiser.trim(),
        startDate: text(ads.startDate),
        endDate: text(ads.endDate),
        limit: num(ads.limit),
        offset: num(ads.offset),
      },
      (services, params) => {
        rememberNames([String(params.advertiser)]);
        return runSourceToSheet(services, {
          kind: "individualAds",
          params: definedOnly({ ...params, maxRows }),
        });
      },
    );
  };

  return (
    <DataForm title="Individual ads (Pro)" form={form} onSubmit={submit}>
      <Field label="Advertiser" required {...form.err("advertiser")}>
        <Input
          name="adsAdvertiser"
          value={ads.advertiser}
          list="recent-names"
          onChange={(_, d) => setAds({ ...ads, advertiser: d.value })}
        />
      </Field>
      <DateField
        label="Start date"
        name="adsStart"
        value={ads.startDate}
        onChange={(v) => setAds({ ...ads, startDate: v })}
        whenEmpty={D.startDate.value}
        error={form.err("startDate").validationMessage}
      />
      <DateField
        label="End date"
        name="adsEnd"
        value={ads.endDate}
        onChange={(v) => setAds({ ...ads, endDate: v })}
        whenEmpty={D.endDate.value}
        error={form.err("endDate").validationMessage}
      />
      <Field label="Most rows" hint="All pages up to this many rows" {...form.err("maxRows")}>
        <Input
          name="adsMaxRows"
          type="number"
          value={ads.maxRows}
          onChange={(_, d) => setAds({ ...ads, maxRows: d.value })}
        />
      </Field>
      <Field
        label="Rows per request (limit)"
        hint={`${D.limit.note} Empty: 1,000 a request (the service's own default is ${D.limit.value})`}
        {...form.err("limit")}
      >
        <Input
          name="adsLimit"
          type="number"
          value={ads.limit}
          onChange={(_, d) => setAds({ ...ads, limit: d.value })}
        />
      </Field>
      <Field label="Skip the first rows (offset)" hint="0 or more; default 0" {...form.err("offset")}>
        <Input
          name="adsOffset"
          type="number"
          value={ads.offset}
          onChange={(_, d) => setAds({ ...ads, offset: d.value })}
        />
      </Field>
      <Button type="submit" appearance="primary" disabledFocusable={form.busy}>
        Ads to sheet
      </Button>
    </DataForm>
  );
}
