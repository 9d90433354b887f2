/** Every self-test step, one family per file, in the order of docs/excel-fidelity.md. */
import { calculationSteps } from "./calculation";
import { cellSteps } from "./cells";
import { chartSteps } from "./charts";
import { formatSteps } from "./formats";
import { functionSteps } from "./functions";
import { nameSteps } from "./names";
import { payloadSteps } from "./payload";
import { propertySteps } from "./properties";
import type { SelfTestStep } from "./step";
import { tableSteps } from "./tables";
import { textSteps } from "./text";
import { xlsxSteps } from "./xlsx";

export const SELF_TEST_STEPS: readonly SelfTestStep[] = [
  ...textSteps,
  ...payloadSteps,
  ...cellSteps,
  ...formatSteps,
  ...functionSteps,
  ...calculationSteps,
  ...tableSteps,
  ...chartSteps,
  ...nameSteps,
  ...propertySteps,
  ...xlsxSteps,
];

export { formatReport, runSelfTest, type SelfTestReport, type StepResult } from "./run";
export { officeEnvironment, PREVIEW_ENVIRONMENT } from "./environment";
