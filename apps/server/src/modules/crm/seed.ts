import type { CurrentTenant } from '../../core/context.ts';
import type { Services } from '../../core/services.ts';
import { seedDemo as seedActivities } from './activities/seed.ts';
import { seedDemo as seedBusinesses } from './businesses/seed.ts';
import { seedDemo as seedCustomers } from './customers/seed.ts';
import { seedDemo as seedOrders } from './orders/seed.ts';
import { seedDemo as seedPool } from './pool/seed.ts';
import { seedDemo as seedRecords } from './records/seed.ts';
import { seedDemo as seedReports } from './reports/seed.ts';

/**
 * Demo data of tenant demo, area by area: customers first, as every other record hangs off them.
 * Each area's seed is idempotent (it leaves its rows when it finds them).
 */
export async function seedCrmDemo(services: Services, demo: CurrentTenant) {
  await seedCustomers(services, demo);
  await seedPool(services, demo);
  await seedActivities(services, demo);
  await seedRecords(services, demo);
  await seedBusinesses(services, demo);
  await seedOrders(services, demo);
  await seedReports(services, demo);
}
