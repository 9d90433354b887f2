/**
 * The Sheets tab's word on the ADS functions: how many answers this workbook holds and how old they
 * are, that they are kept until refreshed (or, with the planner's freshness, how old they may grow),
 * and Refresh ADS functions, which asks through the spend guard.
 */
import { useEffect, useState } from "react";
import { Button } from "@fluentui/react-components";
import { Text } from "../../components/Prose";
import { heldAnswersText } from "../../ageText";
import { refreshAdsFunctions } from "../../../functions/recalculate";
import type { HeldSummary } from "../../../functions/requestCache";
import { getSpendSettings, subscribe } from "../../../runtime/session";
import type { ExcelHost } from "../../services";

/** Read again every minute (ages move) and whenever a request is counted (answers arrive). */
function useHeldAnswers(): HeldSummary | null {
  const [held, setHeld] = useState<HeldSummary | null>(null);
  useEffect(() => {
    let live = true;
    const read = () =>
      void import(/* webpackChunkName: "ads-functions" */ "../../../functions/runtime")
        .then((m) => m.heldAnswers())
        .then((h) => live && setHeld(h))
        .catch(() => undefined);
    read();
    const timer = setInterval(read, 60_000);
    const stop = subscribe(read);
    return () => {
      live = false;
      clearInterval(timer);
      stop();
    };
  }, []);
  return held;
}

export function FunctionAnswers({
  excel,
  act,
}: {
  excel: ExcelHost;
  act: (fn: () => Promise<unknown>) => () => void;
}) {
  const held = useHeldAnswers();
  return (
    <section aria-labelledby="function-answers-heading" className="panel">
      <h3 id="function-answers-heading">ADS functions</h3>
      <Text block size={200} data-testid="held-answers">
        {heldAnswersText(held, Date.now(), getSpendSettings().freshnessHours)}
      </Text>
      <div className="toolbar">
        <Button onClick={act(() => refreshAdsFunctions(excel))}>Refresh ADS functions</Button>
      </div>
    </section>
  );
}
