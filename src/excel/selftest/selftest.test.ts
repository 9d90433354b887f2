/**
 * Every self-test step runs here against the in-memory workbook and must pass: the fake is held to
 * the same assertions real Excel is when a person runs Self-test. The runner's promises are proven
 * too: the planner's sheets untouched, a failing step never stops the others, the scratch sheet
 * always removed.
 */
import { attachAdsFunctions } from "../../../preview/functionsHost";
import { InMemoryWorkbook } from "../../../preview/memory/workbook";
import { createAdsFunctions } from "../../functions/adsFunctions";
import { RequestCache } from "../../functions/requestCache";
import { dateSystemOf } from "../dateSystem";
import { formatReport, PREVIEW_ENVIRONMENT, runSelfTest, SELF_TEST_STEPS } from "./index";
import type { NumberShape } from "../../runtime/numberShape";
import { SelfTestFailure, type SelfTestStep } from "./step";

/**
 * A workbook with the ADS functions attached and no connection (any request would fail); the
 * functions hand formatted numbers over as the preview's Excel on the web takes them, unless told.
 */
function workbook(shape: NumberShape = PREVIEW_ENVIRONMENT.numberShape, date1904 = false): InMemoryWorkbook {
  const wb = new InMemoryWorkbook({ sheets: ["Plan", "Report"] });
  wb.model.date1904 = date1904;
  attachAdsFunctions(
    wb,
    createAdsFunctions({
      client: () => null,
      cache: new RequestCache({ concurrency: 4 }),
      numberShape: () => shape,
      dateSystem: () => dateSystemOf(wb.excel),
    }),
  );
  return wb;
}

const fast = { pollMs: 5, waitMs: 2000 };

test.each(SELF_TEST_STEPS.map((s) => [s.id, s] as const))(
  "self-test step %s passes in the in-memory workbook",
  async (_id, step) => {
    const wb = workbook();
    const report = await runSelfTest(wb.excel, PREVIEW_ENVIRONMENT, [step], fast);
    expect(report.problems).toEqual([]);
    expect(report.results).toEqual([expect.objectContaining({ id: step.id, status: "pass" })]);
  },
  60_000,
);

test.each(["percent-and-date-formats", "custom-function-formatted-spill", "date-system"])(
  "self-test step %s passes in a workbook on the 1904 date system",
  async (id) => {
    const step = SELF_TEST_STEPS.find((s) => s.id === id)!;
    const report = await runSelfTest(workbook(undefined, true).excel, PREVIEW_ENVIRONMENT, [step], fast);
    expect(report.results).toEqual([expect.objectContaining({ id, status: "pass" })]);
  },
  60_000,
);

const VALUE_STEPS = [
  "custom-function-plain-numbers",
  "custom-function-formatted-number",
  "custom-function-formatted-spill",
  "custom-function-card",
];

// An Excel of ExcelApi 1.16–1.18 (FormattedNumberCellValue) and one without data types from functions
// (CustomFunctionsRuntime before 1.4): the value steps expect what those hosts show.
test.each(
  (["FormattedNumber", "plain"] as const).flatMap((shape) => VALUE_STEPS.map((id) => [id, shape] as const)),
)("self-test step %s passes for a host taking %s numbers from functions", async (id, shape) => {
  const step = SELF_TEST_STEPS.find((s) => s.id === id)!;
  const report = await runSelfTest(
    workbook(shape).excel,
    { ...PREVIEW_ENVIRONMENT, numberShape: shape },
    [step],
    fast,
  );
  expect(report.results).toEqual([expect.objectContaining({ id, status: "pass" })]);
});

test("the whole run: every step passes, the planner's sheets are untouched, every scratch sheet is gone", async () => {
  const wb = workbook();
  wb.host.setInput("Plan", 0, 0, "00123");
  wb.host.setInput("Plan", 1, 1, "=1+1");
  wb.host.select("Plan", 1, 1);
  const before = JSON.stringify([
    wb.host.sheets(),
    wb.host.cell("Plan", 0, 0),
    wb.host.cell("Plan", 1, 1),
    wb.host.tables(),
  ]);
  const report = await runSelfTest(wb.excel, PREVIEW_ENVIRONMENT, SELF_TEST_STEPS, fast);
  expect(report.results.filter((r) => r.status !== "pass")).toEqual([]);
  expect(report.results).toHaveLength(SELF_TEST_STEPS.length);
  expect(
    JSON.stringify([
      wb.host.sheets(),
      wb.host.cell("Plan", 0, 0),
      wb.host.cell("Plan", 1, 1),
      wb.host.tables(),
    ]),
  ).toBe(before);
  expect(wb.host.selection()).toEqual({ sheet: "Plan", row: 1, col: 1, rows: 1, cols: 1 });
  expect(wb.model.names).toEqual([]);
  const text = formatReport(report);
  expect(text).toContain("Preview");
  expect(text).toContain(`${SELF_TEST_STEPS.length} passed, 0 failed, 0 skipped`);
}, 120_000);

test("a failing or throwing step is reported and the others still run; the scratch sheet goes even then", async () => {
  const wb = workbook();
  const failing: SelfTestStep = {
    id: "fails",
    family: "Test",
    title: "fails on purpose",
    run: async ({ excel, sheet, ownSheet }) => {
      await excel.run(async (context) => {
        context.workbook.worksheets.add("Extra sheet");
        context.workbook.worksheets.getItem(sheet).getRange("A1").values = [["x"]];
        await context.sync();
      });
      ownSheet("Extra sheet");
      throw new SelfTestFailure("expected A1 to be y");
    },
  };
  const throwing: SelfTestStep = {
    id: "throws",
    family: "Test",
    title: "throws",
    run: () => Promise.reject(new TypeError("boom")),
  };
  const hanging: SelfTestStep = {
    id: "hangs",
    family: "Test",
    title: "hangs",
    run: () => new Promise(() => undefined),
  };
  const report = await runSelfTest(
    wb.excel,
    PREVIEW_ENVIRONMENT,
    [failing, throwing, hanging, SELF_TEST_STEPS[0]],
    {
      ...fast,
      stepTimeoutMs: 200,
    },
  );
  expect(report.results.map((r) => [r.id, r.status])).toEqual([
    ["fails", "fail"],
    ["throws", "fail"],
    ["hangs", "fail"],
    [SELF_TEST_STEPS[0].id, "pass"],
  ]);
  expect(report.results[0].detail).toBe("expected A1 to be y");
  expect(report.results[1].detail).toBe("boom");
  expect(report.results[2].detail).toMatch(/did not finish/);
  expect(wb.host.sheets().map((s) => s.name)).toEqual(["Plan", "Report"]);
});

test("web-only limits and missing requirement sets are skipped with the reason", async () => {
  const wb = workbook();
  const desktop = {
    ...PREVIEW_ENVIRONMENT,
    platform: "PC",
    webLimits: false,
    requirementSets: ["1.1", "1.12"],
  };
  const steps = SELF_TEST_STEPS.filter((s) =>
    ["request-over-limit", "insert-xlsx", "custom-property-limits"].includes(s.id),
  );
  const report = await runSelfTest(wb.excel, desktop, steps, fast);
  expect(report.results.map((r) => [r.id, r.status])).toEqual([
    ["request-over-limit", "skip"],
    ["custom-property-limits", "pass"],
    ["insert-xlsx", "skip"],
  ]);
  expect(report.results[2].detail).toContain("ExcelApi 1.13");
});
