import type { Services } from './core/services.ts';
import { ensureTenant } from './modules/tenants/index.ts';

/**
 * Idempotent seed of the embedded default, run on every start: each module's host data (OAuth
 * clients…), the host's and, with `demo`, tenant `demo`'s tenant data, then the modules' demo data.
 */
export async function seedAll(services: Services, opts: { demo: boolean }) {
  for (const m of services.modules) await m.seedHost?.(services);
  await services.seedTenant(null);
  if (opts.demo) {
    const demo = await ensureTenant(services, 'demo');
    await services.seedTenant(demo);
    for (const m of services.modules) await m.seedDemo?.(services, demo);
  }
}
