/** Individual ads (Pro) → a new sheet: advertiser, dates, rows per request, offset and the most rows to fetch. */
import { Button, Field, Input } from "@fluentui/react-components";
import { individualAdsRequestSchema } from "../../../api/schemas";
import { OTHER_DEFAULTS } from "../../../api/defaults";
import { DateField } from "../../components/FormField";
import { rememberNames } from "../../../runtime/recentNames";
import { runSourceToSheet } from "../../reportActions";
import { definedOnly } from "../../validation";
import { DataForm, useDataForm } from "./DataForm";
import { num, text } from "./formValues";
import { useKept } from "../../paneMemory";

const LABELS = {
  advertiser: "Advertiser",
  startDate: "Start date",
  endDate: "End date",
  maxRows: "Most rows",
  limit: "Rows per request (limit)",
  offset: "Skip the first rows (offset)",
};
const D = OTHER_DEFAULTS.individualAds;

interface AdsPaging {
  maxRows: string;
  limit: string;
  offset: string;
}

interface AdsPagingFieldsProps {
  paging: AdsPaging;
  onChange(patch: Partial<AdsPaging>): void;
  err: ReturnType<typeof useDataForm>["err"];
}

/** How many rows: the most to fetch in all (the pane's own setting), per request, and how many to skip. */
function AdsPagingFields({ paging, onChange, err }: AdsPagingFieldsProps) {
  return (
    <>
      <Field label="Most rows" hint="All pages up to this many rows" {...err("maxRows")}>
        <Input
          name="adsMaxRows"
          type="number"
          value={paging.maxRows}
          onChange={(_, d) => onChange({ maxRows: d.value })}
        />
      </Field>
      <Field
        label="Rows per request (limit)"
        hint={`${D.limit.note} Empty: 1,000 a request (the service's own default is ${D.limit.value})`}
        {...err("limit")}
      >
        <Input
          name="adsLimit"
          type="number"
          value={paging.limit}
          onChange={(_, d) => onChange({ limit: d.value })}
        />
      </Field>
      <Field label="Skip the first rows (offset)" hint="0 or more; default 0" {...err("offset")}>
        <Input
          name="adsOffset"
          type="number"
          value={paging.offset}
          onChange={(_, d) => onChange({ offset: d.value })}
        />
      </Field>
    </>
  );
}

export function AdsForm() {
  const form = useDataForm(LABELS);
  const [ads, setAds] = useKept("data.ads", {
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
      async (services, params) => {
        const outcome = await runSourceToSheet(services, {
          kind: "individualAds",
          params: definedOnly({ ...params, maxRows }),
        });
        // A name the service took is remembered (a refused one is never offered as a close name).
        if (outcome.ok) rememberNames([String(params.advertiser)]);
        return outcome;
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
      <AdsPagingFields paging={ads} onChange={(patch) => setAds({ ...ads, ...patch })} err={form.err} />
      <Button type="submit" appearance="primary" disabledFocusable={form.busy}>
        Ads to sheet
      </Button>
    </DataForm>
  );
}
