/** Property tests for the parsers agent files go through: JSON flattening and TSV → CSV. */
import fc from "fast-check";
import Papa from "papaparse";
import { tsvToCsv } from "./agentFileOpen";
import { jsonToTable } from "./agentFiles";

const key = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/);
const scalar = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
);

test("flat JSON records: every value lands in its own column and row, nothing lost or moved", () => {
  fc.assert(
    fc.property(
      fc.array(fc.dictionary(key, scalar, { maxKeys: 6 }), { minLength: 1, maxLength: 20 }),
      (records) => {
        const t = jsonToTable(JSON.stringify(records));
        const names = t.columns.map((c) => c.name);
        expect(t.rows).toHaveLength(records.length);
        records.forEach((r, i) => {
          for (const [k, v] of Object.entries(r))
            expect(t.rows[i][names.indexOf(k)]).toEqual(JSON.parse(JSON.stringify(v)));
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

test("TSV → CSV keeps every cell, commas and quotes included", () => {
  const cellText = fc.string().filter((s) => !/[\t\r\n]/.test(s));
  fc.assert(
    fc.property(
      fc
        .integer({ min: 1, max: 5 })
        .chain((w) =>
          fc.array(fc.array(cellText, { minLength: w, maxLength: w }), { minLength: 1, maxLength: 10 }),
        ),
      (rows) => {
        // Rows that are wholly empty are skipped by both readers; keep the property to real rows.
        const kept = rows.filter((r) => r.some((c) => c !== ""));
        fc.pre(kept.length > 0 && !kept.some((r) => r.some((c) => c.includes('"'))));
        const csv = tsvToCsv(kept.map((r) => r.join("\t")).join("\n"));
        const back = Papa.parse<string[]>(csv, { skipEmptyLines: true, delimiter: "," }).data;
        expect(back).toEqual(kept);
      },
    ),
    { numRuns: 300 },
  );
});
