/**
 * `npm test`: every check the project has, one phase after another, each phase's time printed as
 * it ends and all of them at the close (CI reads the same lines). Stops at the first failing phase.
 */
import { spawnSync } from 'node:child_process';

const phases: [name: string, script: string][] = [
  ['lint (Biome)', 'lint'],
  ['types (tsc)', 'typecheck'],
  ['unit and API tests (Vitest)', 'test:unit'],
  ['web build', 'build'],
  ['end-to-end (Chromium)', 'test:e2e'],
];

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const done: string[] = [];
const started = Date.now();
for (const [name, script] of phases) {
  const at = Date.now();
  console.log(`\n=== ${name}: npm run ${script}`);
  const run = spawnSync('npm', ['run', script], { stdio: 'inherit' });
  const line = `${name}: ${seconds(Date.now() - at)}${run.status === 0 ? '' : ` (failed, exit ${run.status ?? run.signal})`}`;
  done.push(line);
  console.log(`=== ${line}`);
  if (run.status !== 0) break;
}
console.log(`\nPhase times\n${done.map((l) => `  ${l}`).join('\n')}\n  total: ${seconds(Date.now() - started)}`);
process.exit(done.length === phases.length && !done.some((l) => l.includes('(failed')) ? 0 : 1);
