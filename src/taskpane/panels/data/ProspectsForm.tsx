/**
 * Prospects → a new sheet (issue #48): the advertisers to find new listeners for, the seed shows,
 * how many candidates, the filters and the competitors, each typed or taken from cells ("Parameters
 * from cells", read again at every refresh); seed shows can also be taken once from a report sheet's
 * Show ID column. The seeds are sent first; the candidates' exact count is asked before any of them is
 * sent (reportActions.ts). State: prospectsFormState.ts.
 */
import { Button, Field, Input } from "@fluentui/react-components";
import { prospectParamsSchema } from "../../../reports/prospects";
import { runSourceToSheet } from "../../reportActions";
import { ADD_TO_PLAN_BUTTON, addSelectedProspectsToPlan } from "../../prospectActions";
import { CellParams, type TakenCell } from "../reports/CellParams";
import { DataForm, useDataForm } from "./DataForm";
import { SeedsFromSheet } from "./SeedsFromSheet";
import {
  EMPTY_PROSPECTS,
  PROSPECT_LABELS,
  PROSPECT_PARAMS,
  prospectRequest,
  withCell,
  type ProspectValues,
} from "./prospectsFormState";
import { useKept } from "../../paneMemory";

interface FieldsProps {
  values: ProspectValues;
  cells: Readonly<Record<string, TakenCell>>;
  onChange(patch: Partial<ProspectValues>): void;
  err: ReturnType<typeof useDataForm>["err"];
}

/** One text field of the form; a parameter taken from cells says so and is not typed. */
function TextField({
  name,
  hint,
  values,
  cells,
  onChange,
  err,
}: FieldsProps & { name: keyof ProspectValues; hint: string }) {
  const taken = cells[name];
  return (
    <Field
      label={PROSPECT_LABELS[name]}
      hint={taken ? `From ${taken.address} (see Parameters from cells)` : hint}
      {...err(name)}
    >
      <Input
        name={`prospects-${name}`}
        value={values[name]}
        disabled={Boolean(taken)}
        onChange={(_, d) => onChange({ [name]: d.value })}
      />
    </Field>
  );
}

/** The form's fields, in order. */
function ProspectFields(props: FieldsProps) {
  return (
    <>
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
    </>
  );
}

/** Add to plan: the selected rows of a Prospects sheet, for the sheet's advertiser or the one named. */
function AddToPlan({
  planFor,
  setPlanFor,
  services,
}: {
  planFor: string;
  setPlanFor(v: string): void;
  services: ReturnType<typeof useDataForm>["services"];
}) {
  return (
    <fieldset className="add-to-plan">
      <legend>Add to plan</legend>
      <Field label="Plan rows for" hint="One of the sheet's advertisers; blank: the sheet's only one">
        <Input name="prospects-planFor" value={planFor} onChange={(_, d) => setPlanFor(d.value)} />
      </Field>
      <Button
        appearance="secondary"
        title="Select rows of a Prospects sheet's table first: each becomes a campaign plan row"
        onClick={() => void addSelectedProspectsToPlan(services, planFor)}
      >
        {ADD_TO_PLAN_BUTTON}
      </Button>
    </fieldset>
  );
}

export function ProspectsForm() {
  const form = useDataForm(PROSPECT_LABELS);
  const [v, setV] = useKept("data.prospects", EMPTY_PROSPECTS);
  const [cells, setCells] = useKept<Record<string, TakenCell>>("data.prospects.cells", {});
  const [planFor, setPlanFor] = useKept("data.prospects.planFor", "");
  const onChange = (patch: Partial<ProspectValues>) => setV((old) => ({ ...old, ...patch }));
  const submit = () => {
    const req = prospectRequest(v, cells);
    form.send(
      prospectParamsSchema,
      req.params,
      (services, params) => runSourceToSheet(services, { kind: "prospects", params, cells: req.cells }),
      req.bound,
    );
  };
  return (
    <DataForm title="Prospects" form={form} onSubmit={submit}>
      <ProspectFields values={v} cells={cells} onChange={onChange} err={form.err} />
      <SeedsFromSheet
        onSeeds={(pick) => {
          setV(pick.values);
          setCells(pick.cells);
          form.setNote({ intent: "info", text: pick.note });
        }}
        current={{ values: v, cells }}
      />
      <CellParams
        kind="prospects"
        params={PROSPECT_PARAMS}
        labels={PROSPECT_LABELS}
        cells={cells}
        setCell={(param, taken) => setCells((old) => withCell(old, param, taken))}
      />
      <Button type="submit" appearance="primary" disabledFocusable={form.busy}>
        Prospects to sheet
      </Button>
      <AddToPlan planFor={planFor} setPlanFor={setPlanFor} services={form.services} />
    </DataForm>
  );
}
