import type { CurrentTenant } from '../../core/context.ts';
import type { Services } from '../../core/services.ts';

/**
 * Demo data of tenant demo (each area seeds its own part, in this order: customers first, as every
 * other record hangs off them). Idempotent: an area that finds its rows leaves them.
 */
export async function seedCrmDemo(_services: Services, _demo: CurrentTenant) {}
