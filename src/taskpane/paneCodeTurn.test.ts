import { readFileSync } from "fs";
import path from "path";
import { PANE_TURN_EVENT, PANE_TURN_MARK, paneCodeTurn } from "./paneCodeTurn";

/** Just what paneCodeTurn reads of a page: the head's list, the mark on <html>, the event. */
function page(opts: { headLines: boolean; marked?: boolean }) {
  const attrs = new Set<string>(opts.marked ? [PANE_TURN_MARK] : []);
  const events = new EventTarget();
  const doc = Object.assign(events, {
    getElementById: (id: string) => (opts.headLines && id === "ads-page-code" ? {} : null),
    documentElement: { hasAttribute: (name: string) => attrs.has(name) },
  });
  const turn = () => {
    attrs.add(PANE_TURN_MARK);
    events.dispatchEvent(new Event(PANE_TURN_EVENT));
  };
  return { doc: doc as unknown as Document, turn };
}

async function settlesWithin(p: Promise<void>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((r) => (timer = setTimeout(() => r(false), ms)));
  const settled = await Promise.race([p.then(() => true), late]);
  clearTimeout(timer);
  return settled;
}

test("waits for the head's turn: not before it, at once after it", async () => {
  const { doc, turn } = page({ headLines: true });
  const waiting = paneCodeTurn(doc, 60_000);
  expect(await settlesWithin(waiting, 50)).toBe(false);
  turn();
  expect(await settlesWithin(waiting, 50)).toBe(true);
});

test("a turn already come (the functions' file arrived before Office was ready) does not wait", async () => {
  const { doc } = page({ headLines: true, marked: true });
  expect(await settlesWithin(paneCodeTurn(doc, 60_000), 20)).toBe(true);
});

test("a page without the head's lines (the preview) does not wait", async () => {
  const { doc } = page({ headLines: false });
  expect(await settlesWithin(paneCodeTurn(doc, 60_000), 20)).toBe(true);
});

test("a turn that never comes (a stalled download) ends after the budget", async () => {
  const { doc } = page({ headLines: true });
  const waiting = paneCodeTurn(doc, 80);
  expect(await settlesWithin(waiting, 30)).toBe(false);
  expect(await settlesWithin(waiting, 500)).toBe(true);
});

test("the page's head sets the same mark and dispatches the same event (webpack.config.js)", () => {
  const config = readFileSync(path.join(__dirname, "../../webpack.config.js"), "utf8");
  expect(config).toContain(`const PANE_TURN_MARK = "${PANE_TURN_MARK}";`);
  expect(config).toContain(`const PANE_TURN_EVENT = "${PANE_TURN_EVENT}";`);
});
