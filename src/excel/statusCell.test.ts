/**
 * One writer of the status line (issue #54): the line is rendered from the saved record and written
 * into its cell by statusCell.ts alone, for table, show and prospects sheets alike; its words are read
 * back only to migrate a record an earlier version stored without them.
 */
import { readFileSync } from "fs";
import path from "path";
import { productModules, SRC } from "./testing/productModules";
const WRITER = path.join(__dirname, "statusCell.ts");
const RENDERER = path.join(SRC, "reports", "statusLine.ts");

test("the status line is rendered (and so written) by its one writer only; its words are read back only to migrate an earlier version's record", () => {
  const renders = /\b(renderStatusLine|failedStatusLine|statusLine)\s*\(/;
  const elsewhere = productModules()
    .filter((f) => f !== WRITER && f !== RENDERER)
    .filter((f) => renders.test(readFileSync(f, "utf8")))
    .map((f) => path.relative(SRC, f));
  expect(elsewhere).toEqual([]);
  expect(renders.test(readFileSync(WRITER, "utf8"))).toBe(true);
  // The words of a line are never taken back from its cell (adoptedLine did, stripping "Stale:").
  const adopting = productModules().filter((f) =>
    /adoptedLine|dataParts\(first/.test(readFileSync(f, "utf8")),
  );
  expect(adopting.map((f) => path.relative(SRC, f))).toEqual([]);
});
