/** Show → a show sheet (with net new reach and episode paging); Insert formula writes =ADS.SHOW at the selected cell. */
import { Button, Field, Input, Select } from "@fluentui/react-components";
import { showInfoQuerySchema } from "../../../api/schemas";
import { SHOW_FIELDS } from "../../../functions/shapes";
import { fieldLabel } from "../../../api/fieldLabels";
import { insertFormulaAtSelection, openShowSheet } from "../../reportActions";
import { DataForm, useDataForm } from "./DataForm";
import { list, num } from "./formValues";
import { useKept } from "../../paneMemory";

const LABELS = {
  id: "Show id",
  netNewReachAdvertisers: "Net new reach against advertisers",
  months: "Net new reach window (months)",
  episodesPageIndex: "Episodes page",
  episodesPageSize: "Episodes per page",
};

interface EpisodesPage {
  index: string;
  size: string;
}

interface EpisodesPageFieldsProps {
  page: EpisodesPage;
  onChange(page: EpisodesPage): void;
  err: ReturnType<typeof useDataForm>["err"];
}

/** Which page of the show's episodes, and how many a page. */
function EpisodesPageFields({ page, onChange, err }: EpisodesPageFieldsProps) {
  return (
    <>
      <Field
        label="Episodes page"
        hint="Zero-based; the service pages the 1,000 most recent episodes (default: the show's usual list)"
        {...err("episodesPageIndex")}
      >
        <Input
          name="episodesPageIndex"
          type="number"
          value={page.index}
          onChange={(_, d) => onChange({ ...page, index: d.value })}
        />
      </Field>
      <Field
        label="Episodes per page"
        hint="1 to 100; 25 when only the page is given"
        {...err("episodesPageSize")}
      >
        <Input
          name="episodesPageSize"
          type="number"
          value={page.size}
          onChange={(_, d) => onChange({ ...page, size: d.value })}
        />
      </Field>
    </>
  );
}

interface InsertShowFormulaProps {
  showId: string;
  form: Pick<ReturnType<typeof useDataForm>, "services" | "setNote">;
}

/** Insert formula: =ADS.SHOW of the show id and a chosen field, at the selected cell. */
function InsertShowFormula({ showId, form }: InsertShowFormulaProps) {
  const [showField, setShowField] = useKept<string>("data.show.formulaField", "monthlyListeners");
  return (
    <>
      <Field label="Field for a formula">
        <Select name="showField" value={showField} onChange={(_, d) => setShowField(d.value)}>
          {SHOW_FIELDS.map((f) => (
            // The field in words; the formula asks for it by the name ADS.SHOW takes.
            <option key={f} value={f}>
              {fieldLabel(f)}
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
    </>
  );
}

export function ShowForm() {
  const form = useDataForm(LABELS);
  const [showId, setShowId] = useKept("data.show.id", "1200000001");
  const [nnr, setNnr] = useKept("data.show.netNewReach", { advertisers: "", months: "" });
  const [episodesPage, setEpisodesPage] = useKept("data.show.episodesPage", { index: "", size: "" });
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
      <EpisodesPageFields page={episodesPage} onChange={setEpisodesPage} err={form.err} />
      <Button type="submit" appearance="primary" disabledFocusable={form.busy}>
        Open show sheet
      </Button>
      <InsertShowFormula showId={showId} form={form} />
    </DataForm>
  );
}
