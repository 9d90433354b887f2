/**
 * The stored-format fixtures open in today's in-memory workbook exactly as the old code left them:
 * what the add-in reads back through the genuine office.js client (definitions, dashboard marks,
 * holds, table column ids, cells) is what the dump holds, and a dump of the opened workbook is the
 * fixture's own.
 */
import { readCampaignPlan } from "../../src/excel/campaignPlan";
import { listDefinitions, readDefinition } from "../../src/excel/store/reportRecords";
import { readStoredDefinition } from "../../src/reports/definitionVersions";
import { FIXTURES } from "../../scripts/stored-fixtures/fixtures";
import type { InMemoryWorkbook } from "../../preview/memory/workbook";
import {
  dumpWorkbook,
  listStoredFixtures,
  openStoredFixture,
  readStoredFixture,
  workbookFromDump,
} from "./storedFixtures";
import type { DumpSheet, StoredFixture, WorkbookDump } from "./storedFixtureDump";

const names = listStoredFixtures();

/**
 * Today's dump, with what the old model had no notion of left out: a sheet's page layout (today's
 * model gives every sheet one, Portrait at 100 %, where the old one kept none).
 */
function asDumped(today: WorkbookDump, old: WorkbookDump): WorkbookDump {
  return {
    ...today,
    sheets: today.sheets.map((s, i) => {
      if (old.sheets[i]?.pageLayout || !s.pageLayout) return s;
      expect(s.pageLayout).toEqual({ orientation: "Portrait", zoom: { scale: 100 } });
      const { pageLayout: _default, ...rest } = s;
      return rest;
    }),
  };
}

function open(name: string): { wb: InMemoryWorkbook; fixture: StoredFixture } {
  const wb = openStoredFixture(name);
  // src/excel reads enums from the global Excel namespace, as it does inside Office.
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  return { wb, fixture: readStoredFixture(name) };
}

/** The JSON a sheet's AdsReport.* properties hold, joined from their parts, or null. */
function storedDefinition(s: DumpSheet): unknown {
  const props = new Map(s.properties);
  const n = props.get("AdsReport.n");
  if (n === undefined) return null;
  const parts = Array.from({ length: Number(n) }, (_, i) => props.get(`AdsReport.${i}`));
  if (parts.some((p) => p === undefined)) throw new Error(`${s.name}: a part of its definition is missing`);
  return JSON.parse(parts.join("")) as unknown;
}

test("every fixture the generator lists is here, made by its commit", () => {
  expect(names).toEqual(FIXTURES.map((f) => f.name).sort());
  for (const spec of FIXTURES) {
    const fixture = readStoredFixture(spec.name);
    expect(fixture.commit.startsWith(spec.commit)).toBe(true);
    expect(fixture.shapes).toEqual(spec.shapes);
    expect(fixture.dumpFormat).toBe(1);
  }
});

describe.each(names)("%s", (name) => {
  test("opens, and today's store reads every stored definition as the old code wrote it (migrated to today's)", async () => {
    const { wb, fixture } = open(name);
    const reports = fixture.workbook.sheets.filter((s) => storedDefinition(s) !== null);
    expect(reports.length).toBeGreaterThanOrEqual(4);
    for (const s of reports) {
      const read = readStoredDefinition(storedDefinition(s));
      const { origin, ...def } = (await readDefinition(wb.excel, s.name))!;
      if (read.state === "current") {
        // Today's version from before revisions (the last release): read as it is, revision 0.
        expect({ sheet: s.name, revision: read.def.revision }).toEqual({
          sheet: s.name,
          revision: undefined,
        });
        expect(def).toEqual({ ...read.def, sheetName: s.name });
        expect(origin).toBeUndefined();
        continue;
      }
      if (read.state !== "migrated") throw new Error(`${s.name}: read as ${read.state}`);
      expect(def).toEqual({ ...read.def, sheetName: s.name });
      expect(origin).toEqual({ from: read.from, assumptions: read.assumptions });
    }
    const listed = await listDefinitions(wb.excel);
    expect(listed.map((d) => d.sheetName).sort()).toEqual(reports.map((s) => s.name).sort());
  });

  test("through office.js: sheets in order, custom properties, cells, tables with their column ids", async () => {
    const { wb, fixture } = open(name);
    const read = await wb.excel.run(async (context) => {
      const sheets = context.workbook.worksheets;
      sheets.load("items/name,items/position");
      await context.sync();
      const perSheet = sheets.items.map((sheet) => {
        const props = sheet.customProperties.load("items/key,items/value");
        const tables = sheet.tables.load("items/name");
        const used = sheet.getUsedRangeOrNullObject();
        used.load("address,formulas,numberFormat");
        return { sheet, props, tables, used };
      });
      await context.sync();
      const columns = perSheet.flatMap((p) =>
        p.tables.items.map((t) => {
          const range = t.getRange().load("address");
          const header = t.getHeaderRowRange().load("values");
          return { name: t.name, range, header, cols: t.columns.load("items/id,items/name") };
        }),
      );
      await context.sync();
      return {
        sheets: perSheet.map((p) => ({
          name: p.sheet.name,
          position: p.sheet.position,
          properties: p.props.items.map((i): [string, string] => [i.key, String(i.value)]),
          used: p.used.isNullObject ? null : { address: p.used.address, formulas: p.used.formulas },
        })),
        tables: columns.map((c) => ({
          name: c.name,
          address: c.range.address,
          headers: c.header.values[0],
          ids: c.cols.items.map((x) => Number(x.id)),
        })),
      };
    });
    expect(read.sheets.map((s) => [s.name, s.position])).toEqual(
      fixture.workbook.sheets.map((s) => [s.name, s.position]),
    );
    for (const [i, s] of fixture.workbook.sheets.entries()) {
      expect(read.sheets[i].properties).toEqual(s.properties);
      // A formula reads as itself, a value as its value (office.js's formulas property).
      const used = read.sheets[i].used;
      for (const c of s.cells) {
        if (c.value === null && c.formula === undefined) continue;
        const m = /!\$?([A-Z]+)\$?(\d+)/.exec(used!.address)!;
        const row0 = Number(m[2]) - 1;
        const col0 = [...m[1]].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
        expect([c.row, c.col, used!.formulas[c.row - row0][c.col - col0]]).toEqual([
          c.row,
          c.col,
          c.formula ?? c.value,
        ]);
      }
    }
    const tables = fixture.workbook.sheets.flatMap((s) => s.tables);
    expect(read.tables.map((t) => t.name).sort()).toEqual(tables.map((t) => t.name).sort());
    for (const t of tables) {
      const got = read.tables.find((x) => x.name === t.name)!;
      expect({ ids: got.ids, headers: got.headers }).toEqual({ ids: t.columnIds, headers: t.headers });
    }
  });

  test("the host shows every cell as dumped: value, formula, number format, link, bold", () => {
    const { wb, fixture } = open(name);
    for (const s of fixture.workbook.sheets)
      for (const c of s.cells) {
        const v = wb.host.cell(s.name, c.row, c.col);
        expect({
          at: [s.name, c.row, c.col],
          value: v.value,
          formula: v.formula,
          format: v.numberFormat,
        }).toEqual({
          at: [s.name, c.row, c.col],
          value: c.value,
          formula: c.formula,
          format: c.numberFormat,
        });
        expect([v.hyperlink, v.bold ?? false]).toEqual([c.hyperlink, c.bold ?? false]);
      }
    for (const s of fixture.workbook.sheets) {
      expect(wb.host.freezeRows(s.name)).toBe(s.freezeRows);
      expect([...wb.host.columnWidths(s.name)]).toEqual(s.columnWidths);
      expect(wb.host.validations(s.name).map((v) => ({ rect: v.rect, list: v.list }))).toEqual(
        s.validations.map((v) => ({ rect: v.range, list: v.list })),
      );
      expect(wb.host.charts(s.name)).toHaveLength(s.charts.length);
    }
  });

  test("a dump of the opened workbook is the fixture's own (lossless round trip)", () => {
    const { wb, fixture } = open(name);
    expect(asDumped(dumpWorkbook(wb), fixture.workbook)).toEqual(fixture.workbook);
    // …and stays so when opened with today's calculation, formulas and all.
    const again = openStoredFixture(name, { recalculate: true });
    const formulas = (d: ReturnType<typeof dumpWorkbook>) =>
      d.sheets.map((s) => s.cells.filter((c) => c.formula).map((c) => [c.row, c.col, c.formula]));
    expect(formulas(dumpWorkbook(again))).toEqual(formulas(fixture.workbook));
  });

  test("the plan's holds read back through today's campaign plan code", async () => {
    const { wb, fixture } = open(name);
    const plan = fixture.workbook.sheets.find((s) => s.name === "Campaign plan");
    expect(plan).toBeDefined();
    const stored = plan!.properties
      .filter(([k]) => /^AdsHold\.[0-9a-f]{16}\.0$/.test(k))
      .map(([, v]) => JSON.parse(v));
    expect((await readCampaignPlan(wb.excel)).holds).toEqual(stored);
  });
});

test("the round trip is sensitive: a changed column id, a dropped property or a cell's format shows", () => {
  const fixture = readStoredFixture("report-chartband");
  const wb = workbookFromDump(fixture.workbook);
  const table = wb.model.tables.find((t) => t.columnIds)!;
  table.columnIds = [...table.columnIds!].reverse();
  expect(dumpWorkbook(wb)).not.toEqual(fixture.workbook);
  const wb2 = workbookFromDump(fixture.workbook);
  const withProps = wb2.model.sheets.find((s) => s.properties.size)!;
  withProps.properties.delete([...withProps.properties.keys()][0]);
  expect(dumpWorkbook(wb2)).not.toEqual(fixture.workbook);
  const wb3 = workbookFromDump(fixture.workbook);
  const cell = [...wb3.model.sheets.find((s) => s.rows.size)!.rows.values()][0].values().next().value!;
  cell.numberFormat = "0.000";
  expect(dumpWorkbook(wb3)).not.toEqual(fixture.workbook);
});

test("a dump whose table has fewer ids than columns is refused, naming the table", () => {
  const fixture = readStoredFixture("report-chartband");
  const sheet = fixture.workbook.sheets.find((s) => s.tables.length)!;
  sheet.tables[0].columnIds = sheet.tables[0].columnIds.slice(1);
  expect(() => workbookFromDump(fixture.workbook)).toThrow(new RegExp(`Table ${sheet.tables[0].name}: `));
});
