import { eq } from 'drizzle-orm';
import type { Services } from '../../app.ts';
import type { CurrentTenant } from '../../platform/context.ts';
import { normalizeName } from '../../platform/tenancy.ts';
import { tenants } from './schema.ts';

/** Creates the tenant record if missing (seeding, tests); returns it. */
export async function ensureTenant(services: Services, name: string): Promise<CurrentTenant> {
  const row = await services.data.unscoped(async (tx) => {
    const [found] = await tx
      .select()
      .from(tenants)
      .where(eq(tenants.normalizedName, normalizeName(name)))
      .limit(1);
    if (found) return found;
    const [created] = await tx
      .insert(tenants)
      .values({ name, normalizedName: normalizeName(name) })
      .returning();
    return created;
  });
  await services.tenants.invalidate();
  return { id: row.id, name: row.name, isActive: row.isActive, connectionStrings: row.connectionStrings };
}
