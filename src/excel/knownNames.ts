/**
 * The names a planner knows objects by, read from the report tables already in the workbook (no
 * request is spent): a campaign's id beside its name (an Impressions or Campaign performance
 * report), a publisher's, a show's. A lag report's rows are known only by the service's ids
 * ("cmp-1140f690-0"); its chart's legend names them with these where the workbook knows them.
 */
import type { ExcelHost } from "./host";
import { listDefinitions } from "./store/reportRecords";

/** Pairs of headers: an object's id and its name, as report tables show them. */
const PAIRS: readonly (readonly [RegExp, RegExp])[] = [
  [/^campaign id$/i, /^campaign( name)?$/i],
  [/^publisher id$/i, /^publisher( name)?$/i],
  [/^(show|series) id$/i, /^(show|series)( name| title)?$/i],
];

/** Rows read at most from one table (well under Excel's answer limit for two columns). */
const MAX_ROWS = 20_000;

/** Every id → name the workbook's report tables show (other than `except`'s), first seen wins. */
export async function knownNames(excel: ExcelHost, except?: string): Promise<Map<string, string>> {
  const defs = (await listDefinitions(excel)).filter((d) => d.tableName && d.sheetName !== except);
  if (defs.length === 0) return new Map();
  return excel.run(async (context) => {
    const tables = defs.map((d) => context.workbook.tables.getItemOrNullObject(d.tableName!));
    await context.sync();
    const found = tables.filter((t) => !t.isNullObject);
    const headers = found.map((t) => {
      const h = t.getHeaderRowRange();
      h.load("values");
      const body = t.getDataBodyRange();
      body.load("rowCount");
      return { t, h, body };
    });
    await context.sync();
    const reads = headers.flatMap(({ t, h, body }) => {
      const names = h.values[0].map(String);
      const rows = Math.min(body.rowCount, MAX_ROWS);
      return PAIRS.flatMap(([idHeader, nameHeader]) => {
        const id = names.findIndex((n) => idHeader.test(n));
        const name = names.findIndex((n) => nameHeader.test(n));
        if (id < 0 || name < 0 || rows === 0) return [];
        const column = (j: number) => {
          const r = t
            .getDataBodyRange()
            .getCell(0, j)
            .getResizedRange(rows - 1, 0);
          r.load("values");
          return r;
        };
        return [{ ids: column(id), names: column(name) }];
      });
    });
    if (reads.length) await context.sync();
    const known = new Map<string, string>();
    for (const { ids, names } of reads)
      ids.values.forEach((row, i) => {
        const id = String(row[0] ?? "");
        const name = String(names.values[i]?.[0] ?? "");
        if (id && name && id !== name && !known.has(id)) known.set(id, name);
      });
    return known;
  });
}
