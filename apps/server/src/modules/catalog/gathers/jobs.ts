import type { Services } from '../../../core/services.ts';

/** Defines this area's background jobs (called from the catalogue's `start`). */
export async function defineJobs(_services: Services): Promise<void> {}
