// Prints one plain "N passed, N failed" line at the very end of the run, on stdout,
// so CI (and people) can read the outcome without parsing Jest's stderr summary.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const passed = results.numPassedTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const skipped = results.numPendingTests + results.numTodoTests;
    const line = `${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : "");
    process.on("exit", () => process.stdout.write(`\n${line}\n`));
  }
}
module.exports = SummaryReporter;
