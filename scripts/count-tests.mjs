// Prints the plain closing line CI reads, counted from vitest's JSON report(s).
// A missing or empty report is a failure: a run that tested nothing did not pass.
import { existsSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
let read = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.error(`no test report at ${file}`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
  read += 1;
}
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 && read > 0 ? 0 : 1);
