/**
 * Numbers silently wrong or blank (issue #35): a value no number holds exactly lands as its text, in
 * a Text cell, and the planner is told how many cells were kept so. Agent files open through
 * openAgentFile, report CSVs through the client's reader (AdsClient over a scripted fetch) and the
 * pane's runSourceToSheet, all into the in-memory workbook through the genuine office.js client.
 */
import { strToU8 } from "fflate";
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import { AdsClient } from "../api/client";
import { fakeFetch, instantSleep, json, text } from "../api/testing/fakeFetch";
import { runSourceToSheet } from "../taskpane/reportActions";
import { recordingServices } from "../../test/support/paneServices";
import { describeOpened, openAgentFile } from "../writebacks/agentFileOpen";
import { workbookFileTargets } from "./agentFiles";

function workbook() {
  const wb = new InMemoryWorkbook();
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  return wb;
}

/** Opens an agent file into the workbook; returns what the pane says after opening it. */
async function openFile(wb: InMemoryWorkbook, fileName: string, fileType: string, content: string) {
  const opened = await openAgentFile(
    { fileName, fileType },
    {
      ...workbookFileTargets(wb.excel),
      download: async () => strToU8(content),
      saveAs: () => undefined,
    },
  );
  return describeOpened(opened);
}

const BASE = "https://api.example.com";
const TASK = { id: "0b7e4a7e-6f53-4c1f-9d59-0c4f0e6a8a11", status: "pending", url: null };

/**
 * Runs an impressions report whose download is `csv` into a new sheet, as the Reports tab does;
 * returns the activity entry's detail.
 */
async function runReport(wb: InMemoryWorkbook, fields: string[], csv: string): Promise<string> {
  const { fetch } = fakeFetch((call) => {
    const path = new URL(call.url).pathname;
    if (path.startsWith("/api/public/file-processor/status/"))
      return json(200, { ...TASK, status: "done", url: `${BASE}/files/r.csv` });
    if (path === "/files/r.csv") return text(200, csv);
    return json(200, TASK);
  });
  const client = new AdsClient({ baseUrl: BASE, apiKey: "k-1", fetch, sleep: instantSleep().sleep });
  const { services, entries } = recordingServices(wb.excel, client);
  const outcome = await runSourceToSheet(services, {
    kind: "impressions",
    params: { advertiser: ["Acme"], fields },
  });
  expect(outcome).toEqual({ ok: true });
  return entries.get(1)?.detail ?? "";
}

/** The sheet and header row of the table the add-in wrote last. */
const lastTable = (wb: InMemoryWorkbook) => {
  const t = wb.host.tables().at(-1)!;
  return { sheet: t.sheet, header: t.rect.row };
};

/** A cell's value and whether it is formatted as Text. */
const landed = (wb: InMemoryWorkbook, sheet: string, row: number, col: number) => {
  const cell = wb.host.cell(sheet, row, col);
  return { value: cell.value, text: cell.numberFormat === "@" };
};

test("a JSON number too large for a double (1e400) in an agent's file lands as its text, not a blank cell", async () => {
  const wb = workbook();
  const said = await openFile(
    wb,
    "sizes.json",
    "json",
    '[{"show":"A","reach":1e400,"tiny":1e-400},{"show":"B","reach":12,"tiny":0.5}]',
  );
  expect(landed(wb, "sizes", 1, 1)).toEqual({ value: "1e400", text: true });
  // So small a double holds only 0: its text too, not a 0 the file never said.
  expect(landed(wb, "sizes", 1, 2)).toEqual({ value: "1e-400", text: true });
  // The values a double holds stay numbers.
  expect(landed(wb, "sizes", 2, 1)).toEqual({ value: 12, text: false });
  expect(landed(wb, "sizes", 2, 2)).toEqual({ value: 0.5, text: false });
  expect(said).toMatch(
    /^Opened as sheet "sizes" .* 2 cells were kept as text, exactly as written, .*: reach \(1\), tiny \(1\)\.$/,
  );
});

test("an integer longer than Excel's 15 digits lands as its exact text: in a JSON file, an agent CSV and an unknown report column", async () => {
  const wb = workbook();
  const jsonSaid = await openFile(
    wb,
    "orders.json",
    "json",
    '{"data":[{"order":12345678901234567890,"units":3},{"order":-98765432109876543210,"units":4},{"order":42,"units":[12345678901234567890]}]}',
  );
  expect([1, 2, 3].map((r) => landed(wb, "orders", r, 0))).toEqual([
    { value: "12345678901234567890", text: true },
    { value: "-98765432109876543210", text: true },
    { value: 42, text: false },
  ]);
  // An array is JSON text: its long number written as the file wrote it.
  expect(landed(wb, "orders", 3, 1)).toEqual({ value: "[12345678901234567890]", text: true });
  expect(jsonSaid).toMatch(/2 cells were kept as text, .*: order \(2\)\.$/);

  const csvSaid = await openFile(wb, "ids.csv", "csv", "Show,Order\nA,12345678901234567890\nB,77\n");
  expect(landed(wb, "ids", 1, 1)).toEqual({ value: "12345678901234567890", text: true });
  expect(csvSaid).toMatch(
    /1 cell was kept as text, exactly as written, since as a number it would change .*: Order \(1\)\.$/,
  );

  // A report column the add-in does not know (a custom action's ids): inferred, never rounded.
  const reportSaid = await runReport(
    wb,
    ["Day", "Advertiser", "Order ID"],
    "Day,Advertiser,Order ID\n2024-01-02,Acme,12345678901234567890\n2024-01-03,Acme,12345678901234567891\n",
  );
  const { sheet, header } = lastTable(wb);
  expect(landed(wb, sheet, header, 2).value).toBe("Order ID");
  expect([1, 2].map((r) => landed(wb, sheet, header + r, 2))).toEqual([
    { value: "12345678901234567890", text: true },
    { value: "12345678901234567891", text: true },
  ]);
  expect(reportSaid).toMatch(/^2 rows → sheet .*\. 2 cells were kept as text, .*: Order ID \(2\)\.$/);
});

test("a value with a leading zero (08123) in a report column the add-in does not know lands as 08123, not 8123", async () => {
  const wb = workbook();
  const said = await runReport(
    wb,
    ["Day", "Advertiser", "Zip", "Tally"],
    "Day,Advertiser,Zip,Tally\n2024-01-02,Acme,08123,5\n2024-01-03,Acme,10001,007\n2024-01-04,Acme,02134,6\n",
  );
  const { sheet, header } = lastTable(wb);
  expect(landed(wb, sheet, header, 2).value).toBe("Zip");
  expect([1, 2, 3].map((r) => landed(wb, sheet, header + r, 2))).toEqual([
    { value: "08123", text: true },
    { value: "10001", text: true },
    { value: "02134", text: true },
  ]);
  expect([1, 2, 3].map((r) => landed(wb, sheet, header + r, 3))).toEqual([
    { value: "5", text: true },
    { value: "007", text: true },
    { value: "6", text: true },
  ]);
  expect(said).toMatch(/3 cells were kept as text, .*: Zip \(2\), Tally \(1\)\.$/);

  // In a JSON file a leading zero can only be a string (JSON numbers have none): its text already.
  const jsonSaid = await openFile(wb, "zips.json", "json", '[{"zip":"08123"},{"zip":"10001"}]');
  expect(landed(wb, "zips", 1, 0)).toEqual({ value: "08123", text: true });
  expect(jsonSaid).not.toMatch(/kept as text/);
});
