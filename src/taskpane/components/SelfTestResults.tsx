/** The self-test's outcome: the counts, each check's result, and the report to copy for support. */
import { useState } from "react";
import { Button, MessageBar, MessageBarBody } from "@fluentui/react-components";
import { Text } from "./Prose";
import type { SelfTestReport } from "../../excel/selftest";

const MARK = { pass: "✓", fail: "✗", skip: "–" } as const;

export interface SelfTestResultsProps {
  report: SelfTestReport;
  /** The report as text, for the clipboard and the Report text section. */
  formatReport(report: SelfTestReport): string;
}

export function SelfTestResults({ report, formatReport }: SelfTestResultsProps) {
  // A new run unmounts these results (its report is null while it runs), so this starts empty again.
  const [copied, setCopied] = useState<string | null>(null);

  async function copy(): Promise<void> {
    const text = formatReport(report);
    try {
      await navigator.clipboard.writeText(text);
      setCopied("The report is on the clipboard: paste it into your support request.");
    } catch {
      setCopied("Copying was refused here: select the report below and copy it by hand.");
    }
  }

  const failed = report.results.filter((r) => r.status === "fail").length;
  const passed = report.results.filter((r) => r.status === "pass").length;
  const skipped = report.results.filter((r) => r.status === "skip").length;
  return (
    <>
      <MessageBar intent={failed || report.problems.length ? "error" : "success"} role="status">
        <MessageBarBody>
          {passed} passed, {failed} failed, {skipped} skipped · {report.env.host} · {report.env.platform} ·
          version {report.env.version}
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
  );
}
