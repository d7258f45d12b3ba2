import type { CurrentTenant } from './core/context.ts';
import type { Services } from './core/services.ts';
import { seedCatalogDemo } from './modules/catalog/seed.ts';
import { seedIdentity } from './modules/identity/seed.ts';
import { seedClients } from './modules/identity-server/seed.ts';
import { seedMenus } from './modules/menus/seed.ts';
import { ensureTenant } from './modules/tenants/service.ts';

/** Everything a new tenant (or the host) needs: roles, admin user, grants, menus. */
export async function seedTenant(
  services: Services,
  tenant: CurrentTenant | null,
  opts: { adminPassword?: string; adminEmail?: string } = {},
) {
  await seedIdentity(services, tenant, opts);
  await seedMenus(services, tenant);
}

/** Idempotent seed of the embedded default: host, tenant `demo`, OAuth clients. */
export async function seedAll(services: Services, opts: { demo: boolean }) {
  await seedClients(services);
  await seedTenant(services, null);
  if (opts.demo) {
    const demo = await ensureTenant(services, 'demo');
    await seedTenant(services, demo);
    await seedCatalogDemo(services, demo);
  }
}
