/**
 * Delivery → a Delivery sheet (issue #56): the flights a plan created (their campaign ids, taken from
 * the plan with one click) or an advertiser's, bought beside delivered, with pacing as formulas.
 */
import { Button, Field, Input } from "@fluentui/react-components";
import { REPORT_DATE_DEFAULTS } from "../../../api/defaults";
import { DELIVERY_PARAM_LABELS, deliveryParamsSchema } from "../../../reports/delivery";
import { DateField } from "../../components/FormField";
import { runSourceToSheet } from "../../reportActions";
import { DataForm, useDataForm } from "./DataForm";
import { text } from "./formValues";
import { useKept } from "../../paneMemory";

/** The campaigns-performance report's own defaults: the Delivery sheet sends its dates as it would. */
const DATES = REPORT_DATE_DEFAULTS.campaignsPerformance!;
const said = (v: unknown) => (typeof v === "string" ? v : "the service's default");

type DeliveryFields = { campaignIds: string; advertiser: string; startDate: string; endDate: string };

/** Take ids from the campaign plan: its created campaigns and their period into the fields, or why not. */
function useTakeFromPlan(
  form: ReturnType<typeof useDataForm>,
  d: DeliveryFields,
  setD: (d: DeliveryFields) => void,
) {
  return async () => {
    try {
      const [{ readCampaignPlan }, { deliveryParamsFromPlan }] = await Promise.all([
        import("../../../excel/campaignPlan"),
        import("../../../writebacks/planDelivery"),
      ]);
      const found = deliveryParamsFromPlan((await readCampaignPlan(form.services.excel)).sheet);
      if ("none" in found) return form.setNote({ intent: "warning", text: found.none });
      setD({ ...d, advertiser: "", ...found });
      form.setNote({
        intent: "info",
        text: `${found.campaignIds.split(",").length} campaign ids taken from the plan, with the period its flights cover.`,
      });
    } catch (err) {
      form.setNote({
        intent: "warning",
        text: `No campaign plan found to take ids from (${err instanceof Error ? err.message : String(err)}): insert one on the Campaigns tab.`,
      });
    }
  };
}

export function DeliveryForm() {
  const form = useDataForm(DELIVERY_PARAM_LABELS);
  const [d, setD] = useKept<DeliveryFields>("data.delivery", {
    campaignIds: "",
    advertiser: "",
    startDate: "",
    endDate: "",
  });
  const fromPlan = useTakeFromPlan(form, d, setD);

  const submit = () =>
    form.send(
      deliveryParamsSchema,
      {
        campaignIds: text(d.campaignIds),
        advertiser: text(d.advertiser),
        startDate: text(d.startDate),
        endDate: text(d.endDate),
      },
      (services, params) => runSourceToSheet(services, { kind: "delivery", params }),
    );

  return (
    <DataForm title="Delivery" form={form} onSubmit={submit}>
      <Field
        label={DELIVERY_PARAM_LABELS.campaignIds}
        hint="The ids a plan's Create returned (its Campaign id column), comma-separated; or leave empty and give an advertiser"
        {...form.err("campaignIds")}
      >
        <Input
          name="deliveryIds"
          value={d.campaignIds}
          onChange={(_, v) => setD({ ...d, campaignIds: v.value })}
        />
      </Field>
      <Button onClick={() => void fromPlan()}>Take ids from the campaign plan</Button>
      <Field
        label={DELIVERY_PARAM_LABELS.advertiser}
        hint="An advertiser's name: every flight of it in the period"
        {...form.err("advertiser")}
      >
        <Input
          name="deliveryAdvertiser"
          value={d.advertiser}
          list="recent-names"
          onChange={(_, v) => setD({ ...d, advertiser: v.value })}
        />
      </Field>
      <DateField
        label="Start date"
        name="deliveryStart"
        value={d.startDate}
        onChange={(v) => setD({ ...d, startDate: v })}
        whenEmpty={said(DATES.startDate.value)}
        error={form.err("startDate").validationMessage}
      />
      <DateField
        label="End date"
        name="deliveryEnd"
        value={d.endDate}
        onChange={(v) => setD({ ...d, endDate: v })}
        whenEmpty={said(DATES.endDate.value)}
        error={form.err("endDate").validationMessage}
      />
      <Button type="submit" appearance="primary" disabledFocusable={form.busy}>
        Delivery to sheet
      </Button>
    </DataForm>
  );
}
