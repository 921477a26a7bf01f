// Prints the plain closing line CI reads, counted from vitest's JSON report(s),
// one per run (Node 20, 22 and 24). A missing or unreadable report is a
// failure, and so is a test file that failed without a failed test (it did
// not load, or its hooks threw) and a run that reports failure with nothing
// counted: a run that tested nothing, or not everything, did not pass.
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
  let report;
  try {
    report = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    console.error(`unreadable test report at ${file}: ${error.message}`);
    failed += 1;
    continue;
  }
  const files = report.testResults ?? [];
  const brokenFiles = files.filter(
    (f) => f.status === "failed" && !f.assertionResults.some((a) => a.status === "failed"),
  );
  for (const f of brokenFiles) console.error(`${f.name} failed outside its tests: ${f.message}`);
  let reportFailed = report.numFailedTests + brokenFiles.length;
  if (report.success === false && reportFailed === 0) {
    console.error(`${file} reports failure without a failed test; counting it as one`);
    reportFailed = 1;
  }
  passed += report.numPassedTests;
  failed += reportFailed;
  read += 1;
}
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 && read > 0 ? 0 : 1);
