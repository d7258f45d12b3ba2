/**
 * `npm test -w e2e`: every test file of `tests/`, one after another, each in its own `node --test`
 * process (so each starts its own server and browser), its time printed as it ends.
 *
 * A file that fails is run once more on a fresh server, and the run fails if it fails again. A
 * browser driven on a shared 2-core machine now and then loses a click to an animation; a second
 * failure is a defect. Every retried file is named in the summary with its first failure's exit,
 * so a flaky test stays visible instead of being absorbed. `E2E_RETRIES=0` turns retries off.
 *
 * Arguments narrow the run to files whose name contains one of them: `npm test -w e2e -- orders`.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const retries = Number(process.env.E2E_RETRIES ?? 1);
const only = process.argv.slice(2);
const testsDir = new URL('./tests/', import.meta.url).pathname;
const files = readdirSync(testsDir)
  .filter((f) => f.endsWith('.test.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const timings: { file: string; ms: number }[] = [];
const retried: string[] = [];
const failed: string[] = [];
const started = Date.now();

for (const file of files) {
  for (let attempt = 0; ; attempt++) {
    const at = Date.now();
    console.log(`\n--- ${file}${attempt ? ` (attempt ${attempt + 1})` : ''}`);
    const run = spawnSync(process.execPath, ['--test', '--test-reporter=spec', `tests/${file}`], {
      cwd: new URL('.', import.meta.url).pathname,
      stdio: 'inherit',
    });
    const ms = Date.now() - at;
    const ok = run.status === 0;
    console.log(`--- ${file}: ${seconds(ms)}${ok ? '' : ` (failed, exit ${run.status ?? run.signal})`}`);
    timings.push({ file: attempt ? `${file} (attempt ${attempt + 1})` : file, ms });
    if (ok) break;
    if (attempt >= retries) {
      failed.push(file);
      break;
    }
    retried.push(`${file} (first attempt: exit ${run.status ?? run.signal})`);
  }
}

const slowest = [...timings].sort((a, b) => b.ms - a.ms).slice(0, 10);
console.log(`\ne2e: ${files.length} files in ${seconds(Date.now() - started)}; slowest:`);
for (const t of slowest) console.log(`  ${seconds(t.ms).padStart(8)}  ${t.file}`);
if (retried.length) console.log(`RETRIED (passed or failed on the second attempt):\n  ${retried.join('\n  ')}`);
if (failed.length) console.log(`FAILED:\n  ${failed.join('\n  ')}`);
process.exit(failed.length ? 1 : 0);
