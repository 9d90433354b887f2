/**
 * The functions' code, loaded on the first call (functionsCode.ts), and when Excel last called
 * (excelCalls.ts, the spend gate counts its quiet from there): the pane's wait for the first cells'
 * code (issue #46).
 */
import { lastCallAt, noteCall } from "./excelCalls";
import { functionsCode, functionsLoading } from "./functionsCode";

test("Excel's last call is unknown until a call is noted", () => {
  expect(lastCallAt()).toBe(-Infinity);
  noteCall(1234);
  expect(lastCallAt()).toBe(1234);
});

test("the pane does not wait when no call has started loading the functions' code", async () => {
  const order: string[] = [];
  setTimeout(() => order.push("a task later"), 0);
  await functionsLoading();
  order.push("pane renders");
  expect(order).toEqual(["pane renders"]);
});

test("once a call has started loading the code, the pane waits for it and for what the calls set going after it", async () => {
  const order: string[] = [];
  // A call: the code, then (in promise jobs) its way to the spend gate, which decides in a task it sets then.
  const call = functionsCode()
    .then(() => Promise.resolve())
    .then(() => setTimeout(() => order.push("gate decides"), 0));
  await functionsLoading();
  order.push("pane renders");
  await call;
  expect(order).toEqual(["gate decides", "pane renders"]);
});
