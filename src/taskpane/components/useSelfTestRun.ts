/**
 * The self-test's run: loads the steps on first use, runs them with progress, and answers the
 * ribbon's Self-test button (a request made before the pane mounted, or while it is shown).
 */
import { useEffect, useRef, useState } from "react";
import type { SelfTestReport } from "../../excel/selftest";
import { subscribeSelfTestRequests, takeSelfTestRequest } from "../../runtime/selfTestRequests";
import type { ExcelHost } from "../services";

/** The steps and their runner (with fflate, for the xlsx step): loaded when the self-test first runs. */
const loadSelfTest = () => import(/* webpackChunkName: "selftest" */ "../../excel/selftest");
type SelfTestModule = Awaited<ReturnType<typeof loadSelfTest>>;

export interface SelfTestRun {
  running: boolean;
  /** Steps finished so far, of `steps` (0 until the steps are loaded). */
  done: number;
  steps: number;
  report: SelfTestReport | null;
  loadError: string | null;
  /** The loaded module, once a run has loaded it. */
  mod: SelfTestModule | null;
  run(): Promise<void>;
}

export function useSelfTestRun(excel: ExcelHost): SelfTestRun {
  const [running, setRunning] = useState(false);
  const [done, setDone] = useState(0);
  const [report, setReport] = useState<SelfTestReport | null>(null);
  const [steps, setSteps] = useState(0);
  const [loadError, setLoadError] = useState<string | null>(null);
  const mod = useRef<SelfTestModule | null>(null);
  const busy = useRef(false);

  async function run(): Promise<void> {
    if (busy.current) return;
    busy.current = true;
    setRunning(true);
    setReport(null);
    setDone(0);
    setLoadError(null);
    try {
      const m = (mod.current ??= await loadSelfTest());
      setSteps(m.SELF_TEST_STEPS.length);
      const env = m.officeEnvironment() ?? m.PREVIEW_ENVIRONMENT;
      setReport(await m.runSelfTest(excel, env, m.SELF_TEST_STEPS, { onProgress: (n) => setDone(n) }));
    } catch (err) {
      // Only loading can throw here (runSelfTest reports each step's failure in its report).
      setLoadError(`The self-test could not be loaded: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      busy.current = false;
      setRunning(false);
    }
  }

  // The ribbon's Self-test: a request made before this mounted, or while it is shown.
  useEffect(() => {
    const take = () => {
      if (takeSelfTestRequest()) void run();
    };
    take();
    return subscribeSelfTestRequests(take);
  });

  return { running, done, steps, report, loadError, mod: mod.current, run };
}
