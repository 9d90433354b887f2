import { answerSpendQuestion, askToSpend, spendQuestionText, spendQuestions } from "./spendGuard";
import { countRequest, resetSession, setSpendSettings } from "./session";

beforeEach(() => resetSession());

test("within the limit an action goes at once, with no question", async () => {
  await expect(askToSpend({ action: "Refresh all", requests: 50, exact: true })).resolves.toBe(true);
  expect(spendQuestions()).toEqual([]);
});

test("over the limit the pane is asked, and nothing is answered until the planner chooses", async () => {
  const answered: boolean[] = [];
  void askToSpend({ action: "Refresh all", requests: 120, exact: true }).then((yes) => answered.push(yes));
  void askToSpend({ action: "Recalculation", requests: 51, exact: false }).then((yes) => answered.push(yes));
  await Promise.resolve();
  const [first, second] = spendQuestions();
  expect([first.requests, second.requests]).toEqual([120, 51]);
  expect(answered).toEqual([]);
  answerSpendQuestion(second.id, false);
  answerSpendQuestion(first.id, true);
  await new Promise((r) => setTimeout(r, 0));
  expect(answered).toEqual([false, true]);
  expect(spendQuestions()).toEqual([]);
});

test("the question says what the action spends and what this month has spent (and what is left, when known)", () => {
  for (let i = 0; i < 160; i++) countRequest("functions");
  expect(spendQuestionText({ action: "Refresh all", requests: 120, exact: true })).toBe(
    "This will spend 120 requests; 160 spent this month.",
  );
  setSpendSettings({ limit: 50, allowance: 10_000, freshnessHours: null });
  expect(spendQuestionText({ action: "Recalculation", requests: 1_200, exact: false })).toBe(
    "This will spend up to 1,200 requests; 160 of 10,000 spent this month, 9,840 left.",
  );
});
