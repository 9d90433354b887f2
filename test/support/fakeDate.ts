/**
 * Only the clock fake: Date runs at real speed from `now` (and jumps when a test moves it), while
 * requests, polls and the spend gate's short waits keep real timers.
 */
export function useFakeDate(now?: number): void {
  jest.useFakeTimers({
    ...(now === undefined ? {} : { now }),
    advanceTimers: true,
    doNotFake: [
      "setTimeout",
      "clearTimeout",
      "setInterval",
      "clearInterval",
      "setImmediate",
      "clearImmediate",
      "nextTick",
      "queueMicrotask",
      "hrtime",
      "performance",
    ],
  });
}
