/**
 * Edit request against the in-memory workbook: a refresh the planner's work blocks keeps the sheet's
 * old request and data, reports the reason first (never the request's parameters), and says so to
 * the form, which keeps the edit for a retry.
 */
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import type { AdsClient } from "../api/client";
import type { TypedTable } from "../api/table";
import { createReportSheet, readDefinition } from "../excel/reportSheets";
import { runSourceToSheet } from "./reportActions";
import type { ActivityEntry, Intent, Services } from "./services";

const table = (days: number[]): TypedTable => ({
  columns: [
    { name: "Day", kind: "date" },
    { name: "Advertiser", kind: "text" },
    { name: "Estimated Spend", kind: "currency" },
  ],
  rows: days.map((d) => [46000 + d, "Northwind Coffee", 100 + d]),
});

function services(wb: InMemoryWorkbook, answer: TypedTable) {
  const toasts: { text: string; intent?: Intent }[] = [];
  const entries = new Map<number, Partial<ActivityEntry>>();
  // Only what the report path uses: reports.run answers with the table.
  const client = { reports: { run: async () => ({ table: answer }) } } as unknown as AdsClient;
  const s: Services = {
    client,
    excel: wb.excel,
    notify: (text, intent) => void toasts.push({ text, intent }),
    activity: {
      start(label, request) {
        entries.set(entries.size + 1, { label, request });
        return entries.size;
      },
      update(id, patch) {
        entries.set(id, { ...entries.get(id), ...patch });
      },
    },
    editReport: () => undefined,
  };
  return { s, toasts, entries };
}

test("an edit the planner's work blocks keeps the old request and data, and leads with the reason", async () => {
  const wb = new InMemoryWorkbook({ sheets: ["Plan"] });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  const params = { advertisers: ["Northwind Coffee"], formatting: { numberFormatting: true } };
  const def = await createReportSheet(
    wb.excel,
    { kind: "estimatedSpendByDay", params, label: "Spend by day" },
    { type: "table", table: table([0, 1, 2]) },
  );
  // The planner types a note just under the table: Excel adds that row to the table.
  const rect = wb.host.tables().find((t) => t.sheet === def.sheetName)!.rect;
  wb.host.setInput(def.sheetName, rect.row + rect.rows, 1, "ask about the holiday flight");
  const before = JSON.stringify(wb.host.range(`'${def.sheetName}'!A1:C8`));

  const edited = { advertisers: ["Northwind Coffee", "Acme Mattress"] };
  const { s, toasts, entries } = services(wb, table([0, 1, 2, 3]));
  const outcome = await runSourceToSheet(s, {
    kind: "estimatedSpendByDay",
    params: edited,
    sheetName: def.sheetName,
  });

  expect(outcome).toMatchObject({ ok: false, cancelled: false });
  const reason = outcome.ok ? "" : outcome.reason;
  expect(reason).toMatch(
    /^The refresh would lose the planner's work: the table has 1 row\(s\) the report did not write/,
  );
  expect(toasts).toHaveLength(1);
  expect(toasts[0].intent).toBe("error");
  expect(toasts[0].text.startsWith(reason)).toBe(true);
  expect(toasts[0].text).not.toMatch(/advertisers=|formatting=/);
  // The activity entry keeps what was asked.
  expect(entries.get(1)).toMatchObject({
    status: "failed",
    request: expect.stringContaining("Acme Mattress"),
  });
  // Nothing changed on the sheet, and it keeps its old request.
  expect(JSON.stringify(wb.host.range(`'${def.sheetName}'!A1:C8`))).toBe(before);
  expect((await readDefinition(wb.excel, def.sheetName))!.params).toEqual(params);
});
