/**
 * Warm-up of the signed-in shell while the user is still typing on the sign-in screen (the first
 * interaction triggers it), so the dashboard is usable right after sign-in without the shell's code
 * counting toward what /login itself needs. The app registers what to fetch; features just call it.
 */
let loader: (() => void) | undefined;
let done = false;

export function registerShellPrefetch(load: () => void): void {
  loader = load;
}

export function prefetchShell(): void {
  if (done || !loader) return;
  done = true;
  loader();
}
