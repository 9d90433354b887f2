/** The Connect tab's network limits: each bad value is refused naming its field; storage never breaks the client. */
import { checkLimits, clientLimits, DEFAULT_LIMITS, storedLimits } from "./networkLimits";

test("whole seconds in range are taken as typed (spaces around them too)", () => {
  expect(checkLimits({ stallSeconds: " 20 ", deadlineSeconds: "120" })).toEqual({
    ok: true,
    limits: { stallSeconds: 20, deadlineSeconds: 120 },
  });
  expect(clientLimits({ stallSeconds: 20, deadlineSeconds: 120 })).toEqual({
    stallMs: 20_000,
    deadlineMs: 120_000,
  });
});

test.each([
  [
    { stallSeconds: "", deadlineSeconds: "300" },
    "stallSeconds",
    "No-progress limit: enter whole seconds from 5 to 600",
  ],
  [
    { stallSeconds: "abc", deadlineSeconds: "300" },
    "stallSeconds",
    "No-progress limit: enter whole seconds from 5 to 600",
  ],
  [
    { stallSeconds: "2", deadlineSeconds: "300" },
    "stallSeconds",
    "No-progress limit: enter whole seconds from 5 to 600",
  ],
  [
    { stallSeconds: "7.5", deadlineSeconds: "300" },
    "stallSeconds",
    "No-progress limit: enter whole seconds from 5 to 600",
  ],
  [
    { stallSeconds: "60", deadlineSeconds: "4000" },
    "deadlineSeconds",
    "Request deadline: enter whole seconds from 10 to 3600",
  ],
  [
    { stallSeconds: "120", deadlineSeconds: "60" },
    "deadlineSeconds",
    "Request deadline: at least as long as the no-progress limit",
  ],
])("%j is refused: %s says %s", (input, field, message) => {
  const checked = checkLimits(input);
  expect(checked).toEqual({ ok: false, errors: { [field]: message } });
});

test("both fields wrong: both are named", () => {
  const checked = checkLimits({ stallSeconds: "0", deadlineSeconds: "x" });
  expect(checked.ok).toBe(false);
  expect(!checked.ok && Object.keys(checked.errors).sort()).toEqual(["deadlineSeconds", "stallSeconds"]);
});

test("stored limits: good ones come back; missing, unreadable or out-of-range ones give the defaults", () => {
  expect(storedLimits(JSON.stringify({ stallSeconds: 30, deadlineSeconds: 600 }))).toEqual({
    stallSeconds: 30,
    deadlineSeconds: 600,
  });
  for (const text of [
    null,
    undefined,
    "",
    "{not json",
    JSON.stringify({ stallSeconds: 1, deadlineSeconds: 600 }),
  ])
    expect(storedLimits(text)).toEqual(DEFAULT_LIMITS);
  expect(DEFAULT_LIMITS).toEqual({ stallSeconds: 60, deadlineSeconds: 300 });
});
