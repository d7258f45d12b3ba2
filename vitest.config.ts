import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Server API tests run on embedded PGlite, or, when TEST_DATABASE_URL is set (CI), on PostgreSQL,
 * with `onBothDatabases` again on PGlite: the end-to-end suite runs every module on PGlite already
 * (`npm start`'s embedded database), and the whole server suite twice cost CI twenty minutes. Web
 * component tests run in happy-dom.
 */
const everyServerTest = ['src/**/*.test.ts', 'test/**/*.test.ts'];
const serverProject = (name: string, env: Record<string, string>, include = everyServerTest) => ({
  test: {
    name,
    root: 'apps/server',
    include,
    env: { PASSWORD_HASH_LOG_N: '12', NODE_ENV: 'test', ...env },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks' as const,
  },
});

/**
 * What runs on both databases in CI: the checks of the engine's behaviour (isolation, units of work,
 * start, shutdown and failures, jobs, concurrency, money columns), the core, and every figure of
 * money and stock (the costing and profit cases worked by hand, the ledger, receipts,
 * statistics). The HTTP-only sweeps (fuzzing, bounds, refusal texts, access) run once.
 */
const onBothDatabases = [
  `test/{${[
    'isolation',
    'unit-of-work',
    'shutdown',
    'start-log',
    'failures',
    'jobs',
    'jobs-durability',
    'stock-concurrency',
    'listings-durability',
    'money',
    'money-types',
    'secret-columns',
    'list-plans',
  ].join(',')}}.test.ts`,
  'src/core/**/*.test.ts',
  'src/modules/trade/finance/**/*.test.ts',
  'src/modules/trade/stock/**/*.test.ts',
  'src/modules/trade/receiving/**/*.test.ts',
  'src/modules/trade/statistics/**/*.test.ts',
];
const postgres = process.env.TEST_DATABASE_URL;
const projects: object[] = [
  serverProject('server-pglite', { TEST_DATABASE_URL: '' }, postgres ? onBothDatabases : everyServerTest),
];
if (postgres) projects.push(serverProject('server-postgres', { TEST_DATABASE_URL: postgres }));
projects.push('apps/web/vitest.config.ts');

// at least two at once: a server test waits on its database about half the time, so two share
// two cores well (one at a time, the default there, took twice as long)
export default defineConfig({
  test: { maxWorkers: Math.max(2, availableParallelism() - 1), projects: projects as never },
});
