/**
 * One store for every record (issue #54): no module outside src/excel/store reads or writes custom
 * properties, where the workbook keeps its records (reports, sets, Dashboards, holds, its id). Read
 * from the product's sources, so a module that reaches for them elsewhere fails here.
 */
import { readFileSync } from "fs";
import path from "path";
import { productModules, SRC } from "../testing/productModules";

const STORE = path.join(SRC, "excel", "store");

test("no module outside the store room reads or writes custom properties", () => {
  const modules = productModules();
  expect(modules.length).toBeGreaterThan(100);
  const outside = modules
    .filter((f) => !f.startsWith(STORE + path.sep))
    .filter((f) => /customProperties|properties\s*\.\s*custom\b/.test(readFileSync(f, "utf8")))
    .map((f) => path.relative(SRC, f));
  expect(outside).toEqual([]);
  // And the store does keep them: the rule is not met by nothing reading them at all.
  const inside = modules.filter(
    (f) => f.startsWith(STORE + path.sep) && /customProperties/.test(readFileSync(f, "utf8")),
  );
  expect(inside.length).toBeGreaterThanOrEqual(4);
});
