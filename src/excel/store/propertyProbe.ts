/**
 * The self-test's look at the store's own ground (selftest/properties.ts): whether this Excel keeps a
 * worksheet custom property at the documented limits, a 255-character key and value, as the store's
 * parts need. The store's module, as every custom property the add-in touches is.
 */
import type { ExcelHost } from "../host";

/** Adds `key` = `value` on `sheet`, reads the sheet's properties back, and gives what came back under that key. */
export async function roundTripProperty(
  excel: ExcelHost,
  sheet: string,
  key: string,
  value: string,
): Promise<{ key: string; value: string } | undefined> {
  return excel.run(async (context) => {
    const props = context.workbook.worksheets.getItem(sheet).customProperties;
    props.add(key, value);
    await context.sync();
    props.load("items/key,items/value");
    await context.sync();
    const seen = props.items.find((p) => p.key.toLowerCase() === key.toLowerCase());
    return seen && { key: seen.key, value: seen.value };
  });
}
