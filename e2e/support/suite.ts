/**
 * The server (and browser) a test file shares: started in its `before`, stopped in its `after`.
 * node --test runs each file in its own process, so each file gets its own server and data folder.
 */
import { after, before, type TestContext } from 'node:test';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { type Account, signIn, withPage } from './app.ts';
import { launchBrowser } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

/** A cold start (migrations, demo seed) and Chromium's launch, on a busy machine. */
const START_TIMEOUT_MS = 150_000;

export interface ServerAndBrowser {
  /** Set once the file's `before` has run. */
  readonly server: RunningServer;
  readonly browser: Browser;
  /**
   * A fresh page (see `withPage`, given the `context` options) signed in `as` an account on the
   * server, then opened `at` a path when given.
   */
  withSignedInPage(
    t: TestContext,
    where: { as: Account; at?: string; context?: BrowserContextOptions },
    run: (page: Page) => Promise<void>,
  ): Promise<void>;
}

/** Starts the server for the file's tests (no browser: API-only tests); read `.server` inside the tests. */
export function useServer(): { readonly server: RunningServer } {
  let server: RunningServer | undefined;
  before(
    async () => {
      server = await startServer();
    },
    { timeout: START_TIMEOUT_MS },
  );
  after(async () => {
    await server?.stop();
  });
  return {
    get server() {
      return started(() => server, 'server');
    },
  };
}

/**
 * Starts the server and Chromium together for the file's tests, then runs `setup` (in the same
 * `before`: node --test does not wait for one top-level `before` to end before starting the next);
 * read `.server` and `.browser` inside the tests.
 */
export function useServerAndBrowser({
  setup,
}: {
  setup?: (app: ServerAndBrowser) => Promise<void>;
} = {}): ServerAndBrowser {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  before(
    async () => {
      // both settled before either failure is raised, so `after` stops whatever did start
      const [serverStart, browserLaunch] = await Promise.allSettled([startServer(), launchBrowser()]);
      if (serverStart.status === 'fulfilled') server = serverStart.value;
      if (browserLaunch.status === 'fulfilled') browser = browserLaunch.value;
      if (serverStart.status === 'rejected') throw serverStart.reason;
      if (browserLaunch.status === 'rejected') throw browserLaunch.reason;
      await setup?.(app);
    },
    { timeout: START_TIMEOUT_MS },
  );
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
  const app: ServerAndBrowser = {
    get server() {
      return started(() => server, 'server');
    },
    get browser() {
      return started(() => browser, 'browser');
    },
    withSignedInPage: (t, where, run) =>
      withPage(
        app.browser,
        t,
        async (page) => {
          await signIn(page, app.server.url, where.as);
          if (where.at !== undefined) await page.goto(`${app.server.url}${where.at}`);
          await run(page);
        },
        where.context,
      ),
  };
  return app;
}

function started<T>(get: () => T | undefined, what: string): T {
  const value = get();
  if (value === undefined) throw new Error(`the ${what} is read before the file's \`before\` started it`);
  return value;
}
