/**
 * When Excel called (excelCalls.ts): the spend gate counts its quiet from Excel's last call, and the
 * pane's first render waits for the page's first call to be answered (issue #46).
 */
import { firstCallAnswered, lastCallAt, noteCall, noteFirstCall } from "./excelCalls";

test("Excel's last call is unknown until a call is noted", () => {
  expect(lastCallAt()).toBe(-Infinity);
  noteCall(1234);
  expect(lastCallAt()).toBe(1234);
});

test("the pane does not wait when Excel has made no call", async () => {
  const order: string[] = [];
  setTimeout(() => order.push("a task later"), 0);
  await firstCallAnswered();
  order.push("pane renders");
  expect(order).toEqual(["pane renders"]);
});

describe("after a call", () => {
  let fail: (e: unknown) => void = () => undefined;
  beforeAll(() => {
    noteFirstCall(new Promise((_, reject) => (fail = reject)));
    // Later calls are not followed: this one never settles.
    noteFirstCall(new Promise(() => undefined));
  });

  test("the pane waits at most maxMs for a first call that has no answer yet", async () => {
    const start = Date.now();
    await firstCallAnswered(50);
    expect(Date.now() - start).toBeGreaterThanOrEqual(45);
  });

  test("the pane renders once the first call is answered, an error included, and not before", async () => {
    const order: string[] = [];
    const waited = firstCallAnswered(60_000).then(() => order.push("pane renders"));
    setTimeout(() => {
      order.push("cell answered");
      fail(new Error("#N/A"));
    }, 20);
    await waited;
    expect(order).toEqual(["cell answered", "pane renders"]);
  });
});
