/**
 * Self-test (Connect tab, About): proves in seconds, in whatever Excel this is, the Excel rules the
 * add-in relies on (docs/excel-fidelity.md), on a scratch sheet it removes afterwards. No request
 * to the service, the key is never read. The result can be copied for a support request.
 */
import { useEffect, useRef, useState } from "react";
import { Button, MessageBar, MessageBarBody, ProgressBar, Text } from "@fluentui/react-components";
import {
  formatReport,
  officeEnvironment,
  PREVIEW_ENVIRONMENT,
  runSelfTest,
  SELF_TEST_STEPS,
  type SelfTestReport,
} from "../../excel/selftest";
import { subscribeSelfTestRequests, takeSelfTestRequest } from "../../runtime/selfTestRequests";
import { useServices } from "../services";

const MARK = { pass: "✓", fail: "✗", skip: "–" } as const;

export function SelfTest() {
  const { excel } = useServices();
  const [running, setRunning] = useState(false);
  const [done, setDone] = useState(0);
  const [report, setReport] = useState<SelfTestReport | null>(null);
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
    try {
      const env = officeEnvironment() ?? PREVIEW_ENVIRONMENT;
      setReport(await runSelfTest(excel, env, SELF_TEST_STEPS, { onProgress: (n) => setDone(n) }));
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
    if (!report) return;
    const text = formatReport(report);
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
            <ProgressBar value={done / SELF_TEST_STEPS.length} />
            <Text size={200}>
              Check {Math.min(done + 1, SELF_TEST_STEPS.length)} of {SELF_TEST_STEPS.length}…
            </Text>
          </>
        )}
      </div>
      {report && (
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
            <pre className="selftest-report">{formatReport(report)}</pre>
          </details>
        </>
      )}
    </section>
  );
}
