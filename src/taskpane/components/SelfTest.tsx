/**
 * Self-test (Connect tab, About): proves in seconds, in whatever Excel this is, the Excel rules the
 * add-in relies on (docs/excel-fidelity.md), on a scratch sheet it removes afterwards. No request
 * to the service, the key is never read. The result can be copied for a support request.
 */
import { useRef } from "react";
import { Button, MessageBar, MessageBarBody, ProgressBar } from "@fluentui/react-components";
import { Text } from "./Prose";
import { useServices } from "../services";
import { SelfTestResults } from "./SelfTestResults";
import { useSelfTestRun } from "./useSelfTestRun";

export function SelfTest() {
  const { excel } = useServices();
  const { running, done, steps, report, loadError, mod, run } = useSelfTestRun(excel);
  const runRef = useRef<HTMLButtonElement>(null);
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
      {report && mod && <SelfTestResults report={report} formatReport={mod.formatReport} />}
    </section>
  );
}
