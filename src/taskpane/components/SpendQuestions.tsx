/**
 * The spend guard's questions, above every tab: an action that would spend more than the planner's
 * limit for one action waits here, with its count and the month's, until the planner chooses
 * Continue or Not now (src/runtime/spendGuard.ts). Nothing of it is sent before.
 */
import { useEffect, useState } from "react";
import { Button } from "@fluentui/react-components";
import { PaneMessage } from "./PaneMessage";
import { getSpendSettings, subscribe } from "../../runtime/session";
import {
  answerSpendQuestion,
  spendQuestionText,
  spendQuestions,
  subscribeSpendQuestions,
  type SpendQuestion,
} from "../../runtime/spendGuard";

function useSpendQuestions(): SpendQuestion[] {
  const [questions, setQuestions] = useState(spendQuestions);
  useEffect(() => {
    const read = () => setQuestions(spendQuestions());
    const stopQuestions = subscribeSpendQuestions(read);
    // The month's count in the text moves with every counted request.
    const stopSession = subscribe(read);
    return () => {
      stopQuestions();
      stopSession();
    };
  }, []);
  return questions;
}

export function SpendQuestions() {
  const questions = useSpendQuestions();
  if (questions.length === 0) return null;
  const { limit } = getSpendSettings();
  return (
    <div className="spend-questions" role="region" aria-label="Requests waiting for your answer">
      {questions.map((q) => (
        <PaneMessage
          key={q.id}
          intent="warning"
          layout="multiline"
          data-testid="spend-question"
          actions={
            <>
              <Button size="small" appearance="primary" onClick={() => answerSpendQuestion(q.id, true)}>
                Continue
              </Button>
              <Button size="small" onClick={() => answerSpendQuestion(q.id, false)}>
                Not now
              </Button>
            </>
          }
        >
          <strong>{q.action}.</strong> {spendQuestionText(q)}
          {q.detail ? ` For ${q.detail}.` : ""} Your limit for one action without asking is{" "}
          {limit.toLocaleString("en-US")} {limit === 1 ? "request" : "requests"} (Connect tab). Nothing is
          sent until you choose.
        </PaneMessage>
      ))}
    </div>
  );
}
