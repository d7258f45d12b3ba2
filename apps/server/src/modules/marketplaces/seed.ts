import type { CurrentTenant } from '../../core/context.ts';
import type { Services } from '../../core/services.ts';
import { seedDemo as seedCategoryMappings } from './categories/seed.ts';
import { seedDemo as seedListings } from './listings/seed.ts';
import { seedDemo as seedShops } from './shops/seed.ts';

/** Tenant demo: an authorized shop per platform on the simulator, category mappings, listings. */
export async function seedMarketplacesDemo(services: Services, tenant: CurrentTenant): Promise<void> {
  await seedShops(services, tenant);
  await seedCategoryMappings(services, tenant);
  await seedListings(services, tenant);
}
