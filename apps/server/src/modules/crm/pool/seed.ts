import { and, eq } from 'drizzle-orm';
import type { CurrentTenant } from '../../../core/context.ts';
import { insertOwned } from '../../../core/crud.ts';
import type { Services } from '../../../core/services.ts';
import { roles, userRoles, users } from '../../identity/index.ts';
import { crmCustomerLimits, crmPoolConfig } from './schema.ts';

/**
 * Demo pool rules for tenant demo (idempotent: nothing when the tenant has rules): customers return
 * after 30 days without a follow-up or 90 days without a deal, owners are reminded 3 days before;
 * the salesmen may own 200 customers (dealt ones not counted) and lock 20.
 */
export async function seedDemo(services: Services, demo: CurrentTenant) {
  const ctx = { tenant: demo, user: null };
  await services.data.inTenant(ctx, async (tx) => {
    const [exists] = await tx.select({ id: crmPoolConfig.id }).from(crmPoolConfig).limit(1);
    if (exists) return;
    await insertOwned(tx, ctx, crmPoolConfig, 'CrmPoolConfig', {
      enabled: true,
      contactExpireDays: 30,
      dealExpireDays: 90,
      notifyEnabled: true,
      notifyDays: 3,
    });
    const salesmen = await tx
      .select({ id: users.id })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.name, 'salesman')))
      .orderBy(users.userName);
    if (!salesmen.length) return;
    const userIds = salesmen.map((u) => u.id);
    await insertOwned(tx, ctx, crmCustomerLimits, 'CrmCustomerLimit', {
      type: 'OWNER',
      userIds,
      maxCount: 200,
      dealCountEnabled: false,
    });
    await insertOwned(tx, ctx, crmCustomerLimits, 'CrmCustomerLimit', {
      type: 'LOCK',
      userIds,
      maxCount: 20,
      dealCountEnabled: false,
    });
  });
}
