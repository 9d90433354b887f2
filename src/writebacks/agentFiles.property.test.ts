/** Property tests for the parsers agent files go through: JSON flattening, and CSV/TSV read losslessly. */
import fc from "fast-check";
import { agentCell, agentFileText, agentGrid, landsAs } from "../excel/testing/agentCells";
import { jsonToTable } from "./agentFiles";
import { agentDelimitedTable } from "./agentTables";

const key = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/);
const scalar = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
);

/**
 * A value as its cell holds it: what JSON.parse reads, but a number whose integer part has more than
 * 15 significant digits (JSON.stringify writes 1.2345678901234568e20 as 123456789012345680000) is the
 * text the file wrote.
 */
function cellOf(v: unknown): unknown {
  const text = JSON.stringify(v);
  if (typeof v === "number" && !/e/i.test(text)) {
    const [int, frac = ""] = text.replace(/^-/, "").split(".");
    const digits = /[1-9]/.test(frac) ? int.replace(/^0+/, "") : int.replace(/^0+/, "").replace(/0+$/, "");
    if (digits.length > 15) return text;
  }
  return JSON.parse(text);
}

test("flat JSON records: every value lands in its own column and row, nothing lost or moved", () => {
  fc.assert(
    fc.property(
      fc.array(fc.dictionary(key, scalar, { maxKeys: 6 }), { minLength: 1, maxLength: 20 }),
      (records) => {
        const t = jsonToTable(JSON.stringify(records));
        const names = t.columns.map((c) => c.name);
        expect(t.rows).toHaveLength(records.length);
        records.forEach((r, i) => {
          for (const [k, v] of Object.entries(r)) expect(t.rows[i][names.indexOf(k)]).toEqual(cellOf(v));
          // Keys a record lacks are empty cells.
          names.forEach((n, j) => {
            if (!(n in r)) expect(t.rows[i][j]).toBeNull();
          });
        });
      },
    ),
    { numRuns: 300 },
  );
});

const tsvCell = agentCell.filter((s) => !/[\t\r\n]/.test(s));
/** A file whose only line is empty is refused as empty. */
const notEmpty = (rows: string[][]) => rows[0].some((c) => c !== "") || rows[0].length > 1;

test.each([
  ["tsv", tsvCell],
  ["csv", agentCell],
] as const)(
  "%s: what was in the file is what the table holds, as text or as the number it unambiguously is",
  (fileType, cell) => {
    fc.assert(
      fc.property(agentGrid(cell), (rows) => {
        fc.pre(notEmpty(rows));
        const { table } = agentDelimitedTable(fileType, agentFileText(fileType, rows));
        expect(table.columns.map((c) => c.name)).toEqual(rows[0]);
        expect(table.rows).toHaveLength(rows.length - 1);
        rows.slice(1).forEach((r, i) => r.forEach((c, j) => expect(landsAs(table.rows[i][j], c)).toBe(true)));
      }),
      { numRuns: 1000 },
    );
  },
);
