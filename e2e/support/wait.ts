/**
 * The only timers of the e2e suite (`apps/web/src/test-waits.test.ts` checks it): a test waits on
 * a condition, never for a time. `eventually` asks its condition again after a short pause (the
 * server and the browser are other processes: there is nothing to subscribe to); `withDeadline`
 * bounds a wait so that a condition never met fails the test instead of hanging it.
 */

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retries a check until it passes, or throws its last error after `timeoutMs`. */
export async function eventually<T>(
  check: () => T | Promise<T>,
  timeoutMs = 10_000,
  { intervalMs = 100 }: { intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (e) {
      if (Date.now() > deadline) throw e;
    }
    await pause(intervalMs);
  }
}

/** `promise`, or the error `fail()` gives when it has not settled within `ms`. */
export function withDeadline<T>(promise: Promise<T>, ms: number, fail: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(fail()), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
