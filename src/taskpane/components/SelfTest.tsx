/**
 * Self-test (Connect tab, About): proves in seconds, in whatever Excel this is, the Excel rules the
 * add-in relies on (docs/excel-fidelity.md), on a scratch sheet it removes afterwards. No request
 * to the service, the key is never read. The result can be copied for a support request.
 */
import { useEffect, useRef, useState } from "react";
import { Button, MessageBar, MessageBarBody, ProgressBar, Text } from "@fluentui/react-components";
import type { SelfTestReport } from "../../excel/selftest";
import { subscribeSelfTestRequests, takeSelfTestRequest } from "../../runtime/selfTestRequests";
import { useServices } from "../services";

const MARK = { pass: "✓", fail: "✗", skip: "–" } as const;

/** The steps and their runner (with fflate, for the xlsx step): loaded when the self-test first runs. */
const loadSelfTest = () => import(/* webpackChunkName: "selftest" */ "../../excel/selftest");
type SelfTestModule = Awaited<ReturnType<typeof loadSelfTest>>;

export function SelfTest() {
  const { excel } = useServices();
  const [running, setRunning] = useState(false);
  const [done, setDone] = useState(0);
  const [report, setReport] = useState<SelfTestReport | null>(null);
  const [steps, setSteps] = useState(0);
  const [loadError, setLoadError] = useState<string | null>(null);
  const mod = useRef<SelfTestModule | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const runRef = useRef<HTMLButtonElement>(null);
  const busy = useRef(false);

  async function run(): Promise<void> {
    if (busy.current) return;
    busy.current = true;
    setRunning(true);
    setReport(null);
    setCopied(null);
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

  async function copy(): Promise<void> {
    if (!report || !mod.current) return;
    const text = mod.current.formatReport(report);
    try {
      await navigator.clipboard.writeText(text);
      setCopied("The report is on the clipboard: paste it into your support request.");
    } catch {
      setCopied("Copying was refused here: select the report below and copy it by hand.");
    }
  }

  const failed = report?.results.filter((r) => r.status === "fail").length ?? 0;
  const passed = report?.results.filter((r) => r.status === "pass").length ?? 0;
  const skipped = report?.results.filter((r) => r.status === "skip").length ?? 0;
  return (
    <section aria-label="Self-test" className="selftest">
      <Text weight="semibold">Self-test</Text>
      <Text size={200}>
        Checks, on a scratch sheet it removes afterwards, the Excel rules this add-in relies on. It never
        touches your sheets and sends nothing to the service.
      </Text>
      <Button
        ref={runRef}
        onClick={() => void run()}
        disabledFocusable={running}
        aria-describedby="selftest-progress"
      >
        {running ? "Running self-test…" : "Run self-test"}
      </Button>
      <div id="selftest-progress" aria-live="polite">
        {running && (
          <>
            <ProgressBar value={steps ? done / steps : undefined} />
            <Text size={200}>
              {steps ? `Check ${Math.min(done + 1, steps)} of ${steps}…` : "Loading the checks…"}
            </Text>
          </>
        )}
      </div>
      {loadError && (
        <MessageBar intent="error" role="status">
          <MessageBarBody>{loadError}</MessageBarBody>
        </MessageBar>
      )}
      {report && mod.current && (
        <>
          <MessageBar intent={failed || report.problems.length ? "error" : "success"} role="status">
            <MessageBarBody>
              {passed} passed, {failed} failed, {skipped} skipped · {report.env.host} · {report.env.platform}{" "}
              · version {report.env.version}
            </MessageBarBody>
          </MessageBar>
          <ul className="selftest-results" aria-label="Self-test results">
            {report.results.map((r) => (
              <li key={r.id} data-status={r.status} title={r.detail}>
                <span aria-hidden="true">{MARK[r.status]}</span> <strong>{r.status}</strong> {r.title}
                {r.status !== "pass" && <Text size={200}> — {r.detail}</Text>}
              </li>
            ))}
            {report.problems.map((p) => (
              <li key={p} data-status="fail">
                {p}
              </li>
            ))}
          </ul>
          <Button onClick={() => void copy()}>Copy report</Button>
          {copied && <Text size={200}>{copied}</Text>}
          <details>
            <summary>Report text</summary>
            <pre className="selftest-report">{mod.current.formatReport(report)}</pre>
          </details>
        </>
      )}
    </section>
  );
}
