/**
 * Refreshing report sheets (reportSheets.ts) against the in-memory workbook: a failure at any sync
 * restores the previous sheet exactly (hyperlinks included) and records the error on the definition;
 * refresh all keeps going past failures; refresh on open runs only the flagged sheets; the key is never
 * stored. Creation, date resolution and the show sheet are in reportSheets.test.ts.
 */
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import { dataParts } from "../reports/statusLine";
import { ServerError } from "../api/errors";
import type { TypedTable } from "../api/table";
import type { ResolvedSource } from "../reports/definition";
import {
  createReportSheet,
  listDefinitions,
  readDefinition,
  refreshAll,
  refreshOnOpen,
  refreshReport,
  removeDefinition,
  setRefreshOnOpenFlag,
  type SheetData,
  type SheetFetcher,
} from "./reportSheets";
import { writeNewTable } from "./newTableSheet";
import { allStoredText } from "../../test/support/storedText";

const SECRET = "demo-pro-SECRET-KEY-123";

const table = (n: number, tag: string): TypedTable => ({
  columns: [
    { name: "Day", kind: "date" },
    { name: "Campaign", kind: "text" },
    { name: "Spend", kind: "currency" },
    { name: "Link", kind: "url" },
  ],
  rows: Array.from({ length: n }, (_, i) => [
    45292 + i,
    `${tag} ${i}`,
    i * 1.5,
    `https://x.test/${tag}/${i}`,
  ]),
});

/** A fetcher answering every source with a table (what the pane builds from the client). */
const answer =
  (make: (source: ResolvedSource) => TypedTable): SheetFetcher =>
  async (source): Promise<SheetData> => ({ type: "table", table: make(source) });

/** Every cell, table and size; without the status lines (row 1) when a failed refresh may rewrite them. */
function dump(wb: InMemoryWorkbook, statusLines = true): string {
  const parts: string[] = [JSON.stringify(wb.host.sheets()), JSON.stringify(wb.host.tables())];
  for (const s of wb.model.sheets) {
    for (const [r, cols] of [...s.rows.entries()].sort((a, b) => a[0] - b[0]))
      for (const [c, cell] of [...cols.entries()].sort((a, b) => a[0] - b[0])) {
        const json = JSON.stringify(cell);
        // An empty cell with no format is the same as no cell at all.
        if (!statusLines && r === 0) continue;
        if (json !== '{"value":null}') parts.push(`${s.name}!${r},${c}=${json}`);
      }
    parts.push(`${s.name} used ${JSON.stringify(wb.host.usedSize(s.name))}`);
  }
  return parts.join("\n");
}

async function setup(rows = 200) {
  const wb = new InMemoryWorkbook();
  await createReportSheet(
    wb.excel,
    {
      kind: "impressions",
      params: { advertiser: ["Acme"], fields: ["Day", "Campaign", "Spend", "Link"] },
      datePreset: { kind: "previousMonth" },
      label: "Impressions",
    },
    { type: "table", table: table(rows, "v1") },
    new Date(2026, 10, 22),
  );
  // A formula elsewhere that references the table by name.
  wb.host.setInput("Sheet1", 0, 0, "=ROWS(Impressions)");
  return wb;
}

// Count the syncs of a successful refresh so the failure sweep covers every one of them.
async function syncsOfRefresh(): Promise<number> {
  const wb = await setup();
  let start = 0;
  await refreshReport(
    wb.excel,
    "Impressions",
    answer(() => {
      start = wb.syncLog.length;
      return table(320, "v3");
    }),
  );
  return wb.syncLog.length - start;
}

test("a failure at any sync of the refresh leaves the previous data exactly as it was and records the error", async () => {
  const total = await syncsOfRefresh();
  expect(total).toBeGreaterThan(2);
  const failures: [string, (sync: number, op: number, n: number) => boolean, string][] = [
    ["thrown error at the first call", (s, op, n) => s === n && op === 0, "GeneralException"],
    ["thrown error mid-batch", (s, op, n) => s === n && op === 3, "GeneralException"],
    ["payload limit rejection", (s, op, n) => s === n && op === 0, "RequestPayloadSizeLimitExceeded"],
  ];
  let checked = 0;
  for (let n = 1; n <= total; n++) {
    for (const [label, when, code] of failures) {
      const wb = await setup();
      const before = dump(wb, false);
      let start = 0;
      const fetch = answer(() => {
        start = wb.syncLog.length;
        wb.faultHook = ({ sync, op }) => {
          if (when(sync - start, op, n)) throw Object.assign(new Error(`${label} at sync ${n}`), { code });
        };
        return table(320, "v3");
      });
      const outcome = await refreshReport(wb.excel, "Impressions", fetch).then(
        () => "ok",
        (e: Error) => e.message,
      );
      wb.faultHook = undefined;
      if (outcome === "ok") {
        // The fault point was never reached (e.g. op 3 of a short batch, or the definition save).
        continue;
      }
      checked++;
      // The data exactly as it was; the status line may say the refresh failed (tested below).
      expect(dump(wb, false)).toBe(before);
      const def = await readDefinition(wb.excel, "Impressions");
      // The updated definition commits in the data's last sync, so a failure anywhere records the error.
      expect(def).toMatchObject({ status: "error", rowCount: 200 });
      expect(def!.lastError).toContain(label);
    }
  }
  expect(checked).toBeGreaterThan(total);
}, 120_000);

test("a failing request touches nothing and records the error; refresh all keeps going past it", async () => {
  const wb = await setup();
  // Not a report: refresh all leaves it alone.
  await writeNewTable(wb.excel, table(5, "other"), { sheetName: "Other", tableName: "Other" });
  await createReportSheet(
    wb.excel,
    { kind: "search", params: { query: '=HYPERLINK("x")' }, label: "Search" },
    { type: "table", table: table(3, "s1") },
  );
  const before = dump(wb, false);
  const progress: string[] = [];
  const result = await refreshAll(
    wb.excel,
    answer((source) => {
      if (source.kind === "impressions") throw new Error("Monthly request limit exceeded");
      return table(4, "s2");
    }),
    { onProgress: (p) => progress.push(`${p.done}/${p.total} ${p.sheetName}${p.error ? " !" : ""}`) },
  );
  expect(result.refreshed).toEqual(["Search"]);
  expect(result.failed).toEqual([
    { sheetName: "Impressions", error: "Impressions: Monthly request limit exceeded" },
  ]);
  expect(progress).toEqual(["1/2 Impressions !", "2/2 Search"]);
  const lines = (text: string, sheet: string) => text.split("\n").filter((l) => l.startsWith(`${sheet}!`));
  expect(lines(dump(wb, false), "Impressions")).toEqual(lines(before, "Impressions"));
  expect(lines(dump(wb, false), "Other")).toEqual(lines(before, "Other"));
  expect(String(wb.host.cell("Impressions", 0, 0).value)).toMatch(
    /^Refresh failed \S+ \S+: Monthly request limit exceeded; the data is from /,
  );
  expect(wb.host.cell("Search", 2 + 4, 1).value).toBe("s2 3"); // under the status line and a blank row
  expect(await readDefinition(wb.excel, "Impressions")).toMatchObject({
    status: "error",
    lastError: "Monthly request limit exceeded",
  });
  expect((await readDefinition(wb.excel, "Search"))!.params).toEqual({ query: '=HYPERLINK("x")' });
  expect((await listDefinitions(wb.excel)).map((d) => d.sheetName)).toEqual(["Impressions", "Search"]);
});

test("refresh on open runs only the flagged sheets; removing a definition keeps the data", async () => {
  const wb = await setup();
  await createReportSheet(
    wb.excel,
    { kind: "search", params: { query: "q" }, label: "Search" },
    { type: "table", table: table(3, "s1") },
  );
  await setRefreshOnOpenFlag(wb.excel, "Search", true);
  const seen: string[] = [];
  const r = await refreshOnOpen(
    wb.excel,
    answer((source) => {
      seen.push(source.kind);
      return table(2, "s3");
    }),
  );
  expect(seen).toEqual(["search"]);
  expect(r.refreshed).toEqual(["Search"]);
  await removeDefinition(wb.excel, "Search");
  expect((await listDefinitions(wb.excel)).map((d) => d.sheetName)).toEqual(["Impressions"]);
  expect(wb.host.cell("Search", 2 + 1, 1).value).toBe("s3 0");
});

test("the API key is never stored: every property and cell scanned after a refresh and a failed one", async () => {
  const wb = await setup();
  // The fetcher holds the key, as the pane's client does; nothing of it may reach the workbook.
  const withKey = (apiKey: string, fail: boolean): SheetFetcher =>
    answer(() => {
      if (fail) throw new Error(apiKey ? "401 Unauthorized" : "no key");
      return table(10, "v4");
    });
  await refreshReport(wb.excel, "Impressions", withKey(SECRET, false));
  await refreshReport(wb.excel, "Impressions", withKey(SECRET, true)).catch(() => undefined);
  expect((await readDefinition(wb.excel, "Impressions"))!.lastError).toBe("401 Unauthorized");
  expect(allStoredText(wb)).not.toContain(SECRET);
  expect(allStoredText(wb).toLowerCase()).not.toContain("apikey");
});

test("a refresh that meets a 5xx says what failed and what to do, in its error, the definition and the sheet's status line", async () => {
  const wb = await setup();
  const statusCell = () =>
    wb.model.sheets
      .find((s) => s.name === "Impressions")!
      .rows.get(0)
      ?.get(0)?.value;
  const before = String(statusCell());
  expect(before).toMatch(/^Impressions · .* · Last refreshed (\S+ \S+) · /);
  const refreshedAt = /Last refreshed (\S+ \S+)/.exec(before)![1];
  const failing = answer(() => {
    throw new ServerError("Injected fault", "GET /files/{name}.csv", 500);
  });
  const err = (await refreshReport(wb.excel, "Impressions", failing).catch((e: unknown) => e)) as Error;
  const said = "The service failed while downloading the report. Try again in a few minutes.";
  expect(err.message).toContain(said);
  expect((await readDefinition(wb.excel, "Impressions"))!.lastError).toBe(said);
  // The line on the sheet says it failed, and when the data (untouched) is from; the rest stays.
  const line = String(statusCell());
  expect(line).toMatch(
    new RegExp(
      `^Refresh failed \\S+ \\S+: The service failed while downloading the report\\. Try again in a few minutes; the data is from ${refreshedAt} · `,
    ),
  );
  expect(line.endsWith(` · ${dataParts(before).join(" · ")}`)).toBe(true);
  // A later refresh that works writes the usual line again (the failed one is still the add-in's).
  await refreshReport(
    wb.excel,
    "Impressions",
    answer(() => table(3, "v9")),
  );
  expect(String(statusCell())).toMatch(/^Impressions · .* · Last refreshed .* · 3 rows$/);
});

test("a report larger than the sheet is refused whole, on creation and on refresh, and the old data stays", async () => {
  // The status line and a blank row sit above the header: 1,048,573 data rows fit, one more does not.
  const tooBig: TypedTable = { ...table(1, "big"), rows: new Array(1_048_574).fill([45292, "big", 1, null]) };
  const fresh = new InMemoryWorkbook();
  await expect(
    createReportSheet(
      fresh.excel,
      { kind: "impressions", params: {}, label: "Big" },
      { type: "table", table: tooBig },
    ),
  ).rejects.toThrow("The result has 1,048,574 rows; this sheet holds at most 1,048,573");
  expect(fresh.host.sheets().map((s) => s.name)).toEqual(["Sheet1"]);
  expect(fresh.syncLog.every((s) => s.payloadBytes < 10_000)).toBe(true);

  const wb = await setup();
  const before = dump(wb, false);
  await expect(
    refreshReport(
      wb.excel,
      "Impressions",
      answer(() => tooBig),
    ),
  ).rejects.toThrow(
    // The sheet made by setup keeps rows for its chart above the table: fewer rows fit under it.
    "Impressions: The result has 1,048,574 rows; this sheet holds at most 1,048,559 (1,048,576 rows less the header and the 16 rows above it)",
  );
  // Nothing changed but the status line, which says the refresh failed and why.
  expect(dump(wb, false)).toBe(before);
  expect(wb.host.cell("Impressions", 0, 0).value).toMatch(
    /^Refresh failed .*1,048,574 rows.*; the data is from /,
  );
  const def = await readDefinition(wb.excel, "Impressions");
  expect(def).toMatchObject({ status: "error", rowCount: 200 });
  expect(def!.lastError).toContain("1,048,574 rows");
});
