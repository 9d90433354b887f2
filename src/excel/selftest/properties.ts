/** Custom properties: the report definition store's parts round-trip at the documented limits. */
import { roundTripProperty } from "../store/propertyProbe";
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
      const seen = await roundTripProperty(excel, sheet, key, value);
      check(seen !== undefined, "the property was not found after it was added");
      check(
        seen.value === value,
        `the value came back as ${show(seen.value)} (${seen.value.length} characters)`,
      );
    },
  },
];
