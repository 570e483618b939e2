// Reads the JSON reports of one test-all run and prints a count per suite and a closing line.
// A skipped test is not a passed one: any skip, like any failure or an empty suite, fails the run.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The labels of scripts/flavors.tsv, in its order (its first column; # starts a comment). */
function flavorLabels() {
  const tsv = join(dirname(fileURLToPath(import.meta.url)), 'flavors.tsv');
  return readFileSync(tsv, 'utf8')
    .split('\n')
    .filter((line) => !/^\s*(#|$)/.test(line))
    .map((line) => line.trim().split(/\s+/)[0]);
}

const dir = process.argv[2];
const expected = [
  'unit',
  'e2e',
  // test-all.sh exports the list it ran; else every flavor of scripts/flavors.tsv.
  ...(process.env.BPLAB_FLAVORS?.trim() ? process.env.BPLAB_FLAVORS.trim().split(/\s+/) : flavorLabels()).map(
    (f) => `integration-${f}`,
  ),
];
const total = { passed: 0, failed: 0, skipped: 0 };
let bad = false;

function count(report) {
  if (report.stats && 'expected' in report.stats) {
    // Playwright
    const s = report.stats;
    return { passed: s.expected + s.flaky, failed: s.unexpected, skipped: s.skipped };
  }
  // Vitest (jest-compatible JSON)
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0),
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

console.log('');
console.log('suite                          passed  failed  skipped');
for (const name of expected) {
  const file = join(dir, `${name}.json`);
  if (!existsSync(file)) {
    console.log(`${name.padEnd(30)} no report (the suite did not run)`);
    bad = true;
    continue;
  }
  const c = count(JSON.parse(readFileSync(file, 'utf8')));
  console.log(
    `${name.padEnd(30)} ${String(c.passed).padStart(6)}  ${String(c.failed).padStart(6)}  ${String(c.skipped).padStart(7)}`,
  );
  if (c.failed > 0 || c.skipped > 0 || c.passed === 0) bad = true;
  total.passed += c.passed;
  total.failed += c.failed;
  total.skipped += c.skipped;
}
for (const f of readdirSync(dir))
  if (!expected.includes(f.replace(/\.json$/, ''))) console.log(`(unexpected report ${f})`);
console.log('');
console.log(`bplab: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(bad ? 1 : 0);
