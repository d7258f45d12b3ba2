import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Server API tests run on embedded PGlite, and again on PostgreSQL when TEST_DATABASE_URL
 * is set (CI). Web component tests run in happy-dom.
 */
const serverProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    root: 'apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    env: { PASSWORD_HASH_LOG_N: '12', NODE_ENV: 'test', ...env },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks' as const,
  },
});

const projects: object[] = [serverProject('server-pglite', { TEST_DATABASE_URL: '' })];
if (process.env.TEST_DATABASE_URL) {
  projects.push(serverProject('server-postgres', { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL }));
}
projects.push('apps/web/vitest.config.ts');

// at least two at once: a server test waits on its database about half the time, so two share
// two cores well (one at a time, the default there, took twice as long)
export default defineConfig({
  test: { maxWorkers: Math.max(2, availableParallelism() - 1), projects: projects as never },
});
