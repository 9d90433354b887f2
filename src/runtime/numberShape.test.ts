import { numberShape } from "./numberShape";

/** A host with these sets at these versions (others absent), as Office.context.requirements answers. */
const host =
  (sets: Record<string, number>) =>
  (name: string, version: string): boolean =>
    (sets[name] ?? 0) >= Number(version);

test.each([
  [
    "Excel on the web, Microsoft 365 since 2504: ExcelApi 1.19",
    { CustomFunctionsRuntime: 1.5, ExcelApi: 1.19 },
    "Double",
  ],
  [
    "Microsoft 365 2208–2503: ExcelApi 1.16–1.18",
    { CustomFunctionsRuntime: 1.4, ExcelApi: 1.18 },
    "FormattedNumber",
  ],
  ["ExcelApi 1.16 exactly", { CustomFunctionsRuntime: 1.4, ExcelApi: 1.16 }, "FormattedNumber"],
  ["Office 2021 (CustomFunctionsRuntime 1.3)", { CustomFunctionsRuntime: 1.3, ExcelApi: 1.14 }, "plain"],
  [
    "Office 2024 (ExcelApi 1.17 without data types for functions)",
    { CustomFunctionsRuntime: 1.3, ExcelApi: 1.17 },
    "plain",
  ],
  ["no custom functions runtime at all", { ExcelApi: 1.19 }, "plain"],
])("%s", (_label, sets, expected) => {
  expect(numberShape(host(sets))).toBe(expected);
});
