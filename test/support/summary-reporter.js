// The closing summary, on stdout: the ten slowest test files with their times, the run's peak memory,
// then one plain "N passed, N failed" line at the very end, so CI (and people) can read the outcome
// without parsing Jest's stderr summary.
const { peakMemory } = require("./peak-memory");

const SLOWEST = 10;

class SummaryReporter {
  constructor() {
    this.memory = peakMemory();
  }

  onRunComplete(_contexts, results) {
    const peak = this.memory.stop();
    const passed = results.numPassedTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const skipped = results.numPendingTests + results.numTodoTests;
    const root = process.cwd() + "/";
    const timed = results.testResults
      .map((r) => ({ file: r.testFilePath.replace(root, ""), ms: r.perfStats.end - r.perfStats.start }))
      .filter((r) => Number.isFinite(r.ms) && r.ms > 0)
      .sort((a, b) => b.ms - a.ms);
    const slowest = timed.slice(0, SLOWEST);
    const wall = (Date.now() - results.startTime) / 1000;
    const scale = process.env.PROPERTY_SCALE;
    // The files' time summed: the work the workers shared (the wall time cannot go below it / workers).
    const work = timed.reduce((sum, r) => sum + r.ms, 0) / 1000;
    const lines = [
      "",
      `Slowest ${slowest.length} test files (of ${results.numTotalTestSuites}, ${wall.toFixed(0)} s wall for Jest, ${work.toFixed(0)} s of files' time in all):`,
      ...slowest.map((r) => `${(r.ms / 1000).toFixed(1).padStart(8)} s  ${r.file}`),
      `Peak memory: ${peak}`,
      ...(scale && scale !== "1"
        ? [`Properties ran at ${scale} of their cases (PROPERTY_SCALE; npm test runs them all)`]
        : []),
      "",
      `${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""),
    ];
    process.on("exit", () => process.stdout.write(`\n${lines.join("\n")}\n`));
  }
}
module.exports = SummaryReporter;
