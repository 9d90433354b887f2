/**
 * Fetches a Delivery sheet's data (issue #56): one campaigns-performance report over the period, cut
 * to the flights asked for (src/reports/delivery.ts). Ids the report does not list yet are told, not
 * silently dropped.
 */
import type { AdsClient } from "../api/client";
import type { TypedTable } from "../api/table";
import { DELIVERY_PARAM_LABELS, deliveryParamsSchema, deliveryTable, idsNotFound } from "../reports/delivery";
import type { PollProgress } from "../api/polling";

/** What a run passes on: its cancel, its progress, and where notes for the planner go. */
interface DeliveryRunOptions {
  signal?: AbortSignal;
  onProgress?: (p: PollProgress) => void;
  onNote?: (note: string) => void;
}

export async function deliverySourceTable(
  client: AdsClient,
  raw: Record<string, unknown>,
  opts: DeliveryRunOptions = {},
): Promise<TypedTable> {
  const parsed = deliveryParamsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue.path[0] ?? "campaignIds");
    throw new Error(
      `Delivery, ${DELIVERY_PARAM_LABELS[field as keyof typeof DELIVERY_PARAM_LABELS] ?? field}: ${issue.message} (nothing was sent)`,
    );
  }
  const params = parsed.data;
  const run = await client.reports.run(
    "campaignsPerformance",
    {
      ...(params.startDate ? { startDate: params.startDate } : {}),
      ...(params.endDate ? { endDate: params.endDate } : {}),
    },
    opts,
  );
  const table = deliveryTable(run.table, params);
  if (!params.campaignIds && table.rows.length === 0)
    opts.onNote?.(
      `The service's campaigns-performance report lists no flight of "${params.advertiser}" in this period: check the advertiser's name as the service writes it, or the dates.`,
    );
  const missing = idsNotFound(table, params);
  if (missing.length)
    opts.onNote?.(
      `${missing.length} campaign id${missing.length > 1 ? "s are" : " is"} not in the service's campaigns-performance report for these dates (${missing.slice(0, 5).join(", ")}${missing.length > 5 ? ", …" : ""}): a campaign appears once the service has synced it and its flight falls in the period.`,
    );
  return table;
}
