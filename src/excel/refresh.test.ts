import { InMemoryWorkbook } from "../../preview/workbook";
import type { TypedTable } from "../api/table";
import { createReportSheet } from "./reportSheets";
import { listReports, removeReport, readReport } from "./reportRegistry";
import { refreshAll, refreshOnOpen, refreshSheet, type ReportRunner } from "./refresh";
import { setRefreshOnOpenFlag } from "./reportSheets";
import { writeTable } from "./tableWriter";

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

function dump(wb: InMemoryWorkbook): string {
  const parts: string[] = [JSON.stringify(wb.host.sheets()), JSON.stringify(wb.host.tables())];
  for (const s of wb.model.sheets) {
    for (const [r, cols] of [...s.rows.entries()].sort((a, b) => a[0] - b[0]))
      for (const [c, cell] of [...cols.entries()].sort((a, b) => a[0] - b[0])) {
        const json = JSON.stringify(cell);
        // An empty cell with no format is the same as no cell at all.
        if (json !== '{"value":null}') parts.push(`${s.name}!${r},${c}=${json}`);
      }
    parts.push(`${s.name} used ${JSON.stringify(wb.host.usedSize(s.name))}`);
  }
  return parts.join("\n");
}

function allStoredText(wb: InMemoryWorkbook): string {
  const parts: string[] = [];
  for (const s of wb.model.sheets) {
    parts.push(s.name, ...s.properties.keys(), ...s.properties.values());
    for (const cols of s.rows.values())
      for (const c of cols.values()) parts.push(String(c.value), c.formula ?? "");
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

test("the runner gets the definition with dates resolved for today; the table is rewritten in place, resized", async () => {
  const wb = await setup();
  let seen: Record<string, unknown> = {};
  const runner: ReportRunner = async (def) => {
    seen = def.params;
    expect(def.kind).toBe("impressions");
    expect(def.tableName).toBe("Impressions");
    return table(50, "v2");
  };
  const def = await refreshSheet(wb.excel, "Impressions", runner, { now: () => new Date(2027, 0, 10) });
  expect(seen).toMatchObject({ startDate: "2026-12-01", endDate: "2026-12-31", advertiser: ["Acme"] });
  expect(def).toMatchObject({ status: "ok", rowCount: 50 });
  expect(wb.host.tables()).toEqual([
    { name: "Impressions", sheet: "Impressions", rect: { row: 0, col: 0, rows: 51, cols: 4 } },
  ]);
  expect(wb.host.cell("Impressions", 50, 1).value).toBe("v2 49");
  expect(wb.host.cell("Impressions", 51, 1).value).toBeNull();
  expect(wb.host.cell("Sheet1", 0, 0).formula).toBe("=ROWS(Impressions)");
});

// Count the syncs of a successful refresh so the failure sweep covers every one of them.
async function syncsOfRefresh(): Promise<number> {
  const wb = await setup();
  let start = 0;
  await refreshSheet(wb.excel, "Impressions", async () => {
    start = wb.syncLog.length;
    return table(320, "v3");
  });
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
      const before = dump(wb);
      let start = 0;
      const runner: ReportRunner = async () => {
        start = wb.syncLog.length;
        wb.faultHook = ({ sync, op }) => {
          if (when(sync - start, op, n)) throw Object.assign(new Error(`${label} at sync ${n}`), { code });
        };
        return table(320, "v3");
      };
      const outcome = await refreshSheet(wb.excel, "Impressions", runner).then(
        () => "ok",
        (e: Error) => e.message,
      );
      wb.faultHook = undefined;
      if (outcome === "ok") {
        // The fault point was never reached (e.g. op 3 of a short batch, or the definition save).
        continue;
      }
      checked++;
      expect(dump(wb)).toBe(before);
      const def = await readReport(wb.excel, "Impressions");
      // The updated definition commits in the data's last sync, so a failure anywhere records the error.
      expect(def).toMatchObject({ status: "error", rowCount: 200 });
      expect(def!.lastError).toContain(label);
    }
  }
  expect(checked).toBeGreaterThan(total);
}, 120_000);

test("a failing runner touches nothing and records the error; refresh all keeps going", async () => {
  const wb = await setup();
  await writeTable(wb.excel, table(5, "other"), { sheetName: "Other" }); // not a report
  await createReportSheet(
    wb.excel,
    { kind: "search", params: { query: '=HYPERLINK("x")' }, label: "Search" },
    { type: "table", table: table(3, "s1") },
  );
  const before = dump(wb);
  const progress: string[] = [];
  const result = await refreshAll(
    wb.excel,
    async (def) => {
      if (def.kind === "impressions") throw new Error("Monthly request limit exceeded");
      return table(4, "s2");
    },
    (p) => progress.push(`${p.done}/${p.total} ${p.sheetName}${p.error ? " !" : ""}`),
  );
  expect(result.refreshed).toEqual(["Search"]);
  expect(result.failed).toHaveLength(1);
  expect(progress).toEqual(["1/2 Impressions !", "2/2 Search"]);
  expect(
    dump(wb)
      .split("\n")
      .filter((l) => l.startsWith("Impressions!")),
  ).toEqual(before.split("\n").filter((l) => l.startsWith("Impressions!")));
  expect(await readReport(wb.excel, "Impressions")).toMatchObject({
    status: "error",
    lastError: "Monthly request limit exceeded",
  });
  expect((await listReports(wb.excel)).map((d) => d.sheetName)).toEqual(["Impressions", "Search"]);
});

test("refresh on open runs only the flagged sheets; removeReport forgets the definition, keeps the data", async () => {
  const wb = await setup();
  await createReportSheet(
    wb.excel,
    { kind: "search", params: { query: "q" }, label: "Search" },
    {
      type: "table",
      table: table(3, "s1"),
    },
  );
  await setRefreshOnOpenFlag(wb.excel, "Search", true);
  const seen: string[] = [];
  const r = await refreshOnOpen(wb.excel, async (def) => {
    seen.push(def.sheetName);
    return table(2, "s3");
  });
  expect(seen).toEqual(["Search"]);
  expect(r.refreshed).toEqual(["Search"]);
  await removeReport(wb.excel, "Search");
  expect((await listReports(wb.excel)).map((d) => d.sheetName)).toEqual(["Impressions"]);
  expect(wb.host.cell("Search", 1, 1).value).toBe("s3 0");
});

test("the API key is never stored: every property and cell scanned", async () => {
  const wb = await setup();
  await refreshSheet(wb.excel, "Impressions", async () => table(10, "v4"));
  await refreshSheet(wb.excel, "Impressions", async () => {
    throw new Error("401 Unauthorized");
  }).catch(() => undefined);
  expect(allStoredText(wb)).not.toContain(SECRET);
  expect(allStoredText(wb).toLowerCase()).not.toContain("apikey");
});

test("writeTable: unique readable names, and target writes into an existing table", async () => {
  const wb = new InMemoryWorkbook();
  const a = await writeTable(wb.excel, table(3, "a"), { sheetName: "Spend by day" });
  const b = await writeTable(wb.excel, table(3, "b"), { sheetName: "Spend by day" });
  expect(a.sheetName).not.toBe(b.sheetName);
  expect(a.tableName).not.toBe(b.tableName);
  expect(a.tableName).toMatch(/^[A-Za-z_][A-Za-z0-9_.]*$/);
  const c = await writeTable(wb.excel, table(7, "c"), { target: a.tableName });
  expect(c).toMatchObject({ sheetName: a.sheetName, tableName: a.tableName, rows: 7 });
  expect(wb.host.cell(a.sheetName, 7, 1).value).toBe("c 6");
  await expect(writeTable(wb.excel, table(1, "d"), { target: "NoSuchTable" })).rejects.toThrow(/NoSuchTable/);
});
