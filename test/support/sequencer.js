// The order Jest starts test files in, longest first, so that with two workers neither waits at the
// end for a long file started late. A file's last run time is used when Jest has it (its cache, on a
// developer's machine); a fresh clone has none, so each file is given an estimate by its kind
// (measured: a property runs minutes, an end-to-end file or the judge tens of seconds), and files of
// one kind go by size, as Jest's own sequencer does.
const Sequencer = require("@jest/test-sequencer").default;

/** Estimated seconds of a file Jest has no time for. */
function estimate(path, bytes) {
  if (/\.property\.test\.tsx?$/.test(path)) return 200 + bytes / 1000;
  if (/static-checks\.test\.ts$/.test(path)) return 150;
  if (/[\\/]test[\\/]judge[\\/]/.test(path)) return 60 + bytes / 1000;
  if (/[\\/]test[\\/]e2e[\\/]/.test(path)) return 25 + bytes / 1000;
  if (/\.contract\.test\.tsx?$/.test(path)) return 10 + bytes / 1000;
  return bytes / 2000;
}

class LongestFirst extends Sequencer {
  sort(tests) {
    const seconds = new Map();
    for (const test of tests) {
      const known = this.time(test);
      const bytes = test.context.hasteFS.getSize(test.path) ?? 0;
      seconds.set(test, known != null ? known / 1000 : estimate(test.path, bytes));
    }
    return [...tests].sort((a, b) => {
      const failedA = this.hasFailed(a);
      if (failedA !== this.hasFailed(b)) return failedA ? -1 : 1;
      return seconds.get(b) - seconds.get(a);
    });
  }
}

module.exports = LongestFirst;
