import { CARDS_NOT_SHOWN, noteCardsNotShown, onCardsNotShown } from "./cardNotice";

test("the pane hears once why cards are titles, even when the note came before it listened", () => {
  const heard: string[] = [];
  noteCardsNotShown();
  noteCardsNotShown();
  const stop = onCardsNotShown((m) => heard.push(m));
  noteCardsNotShown();
  expect(heard).toEqual([CARDS_NOT_SHOWN]);
  stop();
  expect(CARDS_NOT_SHOWN).toMatch(/ExcelApi 1\.16/);
});
