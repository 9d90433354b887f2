/** Where Tab and Enter take the active cell (tabMoves.ts) and Excel's KeyTips for column widths (keyTips.ts). */
import { keyTipDown, keyTipHint, keyTipUp, NO_KEYTIPS, type KeyTipState } from "./keyTips";
import { afterEnter, afterTab, type TabRun } from "./tabMoves";

test("Tab moves right and Shift+Tab left, never past column A", () => {
  expect(afterTab(null, "Plan", { row: 3, col: 2 }, false).to).toEqual({ row: 3, col: 3 });
  expect(afterTab(null, "Plan", { row: 3, col: 2 }, true).to).toEqual({ row: 3, col: 1 });
  expect(afterTab(null, "Plan", { row: 3, col: 0 }, true).to).toEqual({ row: 3, col: 0 });
});

test("Enter after a run of Tabs goes down to the column the run began in; Shift+Enter goes up", () => {
  let run: TabRun | null = null;
  let at = { row: 1, col: 4 };
  for (let i = 0; i < 3; i++) {
    const next = afterTab(run, "Plan", at, false);
    run = next.run;
    at = next.to;
  }
  expect(at).toEqual({ row: 1, col: 7 });
  // A Shift+Tab inside the run keeps it.
  const back = afterTab(run, "Plan", at, true);
  expect(afterEnter(back.run, "Plan", back.to, false)).toEqual({ row: 2, col: 4 });
  expect(afterEnter(run, "Plan", at, false)).toEqual({ row: 2, col: 4 });
  expect(afterEnter(run, "Plan", at, true)).toEqual({ row: 0, col: 7 });
  // Shift+Tab left of where the run began: Enter goes to that column.
  const left = afterTab(
    afterTab(null, "Plan", { row: 1, col: 1 }, true).run,
    "Plan",
    { row: 1, col: 0 },
    false,
  );
  expect(afterEnter(left.run, "Plan", left.to, false)).toEqual({ row: 2, col: 0 });
});

test("a run of Tabs ends when the active cell moved some other way, or on another sheet", () => {
  const { run } = afterTab(null, "Plan", { row: 1, col: 4 }, false);
  expect(afterEnter(run, "Plan", { row: 1, col: 6 }, false)).toEqual({ row: 2, col: 6 });
  expect(afterEnter(run, "Plan", { row: 2, col: 5 }, false)).toEqual({ row: 3, col: 5 });
  expect(afterEnter(run, "Sheet1", { row: 1, col: 5 }, false)).toEqual({ row: 2, col: 5 });
  // A Tab from elsewhere starts a new run there.
  const fresh = afterTab(run, "Plan", { row: 5, col: 1 }, false);
  expect(afterEnter(fresh.run, "Plan", fresh.to, false)).toEqual({ row: 6, col: 1 });
});

const key = (k: string, altKey = false) => ({ key: k, altKey, ctrlKey: false, metaKey: false });

/** Presses keys (down then up) and gives the commands completed and the state at the end. */
function press(keys: { key: string; altKey: boolean; ctrlKey: boolean; metaKey: boolean }[]) {
  let s: KeyTipState = NO_KEYTIPS;
  const commands: string[] = [];
  const handled: boolean[] = [];
  for (const k of keys) {
    const down = keyTipDown(s, k);
    s = keyTipUp(down.state, k.key);
    if (down.command) commands.push(down.command);
    handled.push(down.handled);
  }
  return { commands, handled, state: s };
}

test("Alt, H, O, I autofits and Alt, H, O, W sets the width: with Alt let go first or held for H", () => {
  expect(press([key("Alt"), key("h"), key("o"), key("i")]).commands).toEqual(["autofit"]);
  expect(press([key("Alt"), key("H"), key("O"), key("W")]).commands).toEqual(["width"]);
  expect(press([key("h", true), key("o"), key("i")]).commands).toEqual(["autofit"]);
  // Every key of a sequence is taken, so none of them starts typing into the cell.
  expect(press([key("Alt"), key("h"), key("o"), key("i")]).handled).toEqual([false, true, true, true]);
});

test("outside a sequence letters are the cell's; Escape or a key no sequence has ends one", () => {
  expect(press([key("h"), key("o"), key("i")])).toMatchObject({
    commands: [],
    handled: [false, false, false],
  });
  const escaped = press([key("Alt"), key("h"), key("Escape"), key("o")]);
  expect(escaped.commands).toEqual([]);
  expect(escaped.handled).toEqual([false, true, true, false]);
  expect(press([key("Alt"), key("h"), key("x")]).state).toEqual(NO_KEYTIPS);
  // Alt with another key (Alt+Tab, Alt+F4) starts nothing.
  expect(press([key("Alt"), key("F4", true)]).state.typed).toBeNull();
});

test("while a sequence is under way the grid says which keys come next", () => {
  expect(keyTipHint(NO_KEYTIPS)).toBeNull();
  const after = press([key("Alt"), key("h")]).state;
  expect(keyTipHint(after)).toBe(
    "Keys Alt, H: O, I autofits the selected columns; O, W sets their width; Esc leaves.",
  );
  expect(keyTipHint(press([key("Alt")]).state)).toMatch(/^Keys Alt: H, O, I autofits/);
});
