/** Custom properties: the report definition store's parts round-trip at the documented limits. */
import { check, show, type SelfTestStep } from "./step";

export const propertySteps: SelfTestStep[] = [
  {
    id: "custom-property-limits",
    family: "Custom properties",
    title: "A worksheet custom property round-trips a 255-character key and a 255-character value",
    requires: "1.12",
    async run({ excel, sheet }) {
      const key = `ADS.selftest.${"k".repeat(255 - 13)}`;
      const value = `${"v".repeat(254)}é`;
      const seen = await excel.run(async (context) => {
        const props = context.workbook.worksheets.getItem(sheet).customProperties;
        props.add(key, value);
        await context.sync();
        props.load("items/key,items/value");
        await context.sync();
        return props.items.find((p) => p.key.toLowerCase() === key.toLowerCase());
      });
      check(seen !== undefined, "the property was not found after it was added");
      check(
        seen.value === value,
        `the value came back as ${show(seen.value)} (${seen.value.length} characters)`,
      );
    },
  },
];
