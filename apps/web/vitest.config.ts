import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = new URL('.', import.meta.url).pathname;

export default defineConfig({
  plugins: [react()],
  root,
  test: {
    name: 'web',
    root,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    setupFiles: ['src/lib/testing/setup.ts'],
    // a bound for a test that hangs, not a wait (a loaded CI runner takes tens of seconds for a page
    // test); no retries: a flaky test is fixed, not run again
    testTimeout: 120_000,
  },
});
