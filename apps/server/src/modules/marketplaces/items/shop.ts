import type { CurrentTenant } from '../../../core/context.ts';
import type { CrudContext } from '../../../core/crud.ts';
import { AppError, fieldError } from '../../../core/errors.ts';
import type { Services } from '../../../core/services.ts';
import { shopClient } from '../shops/queries.ts';

/** The request's tenant (shops are a tenant's; the host has none). */
export function tenantOf(ctx: CrudContext): CurrentTenant {
  if (!ctx.tenant) throw fieldError('shopId', 'MarketItems::ShopNeedsTenant');
  return ctx.tenant;
}

/**
 * Checks that the shop is the tenant's before its stored rows are read: another tenant's shop, or a
 * missing one, is a 404 (from `shopClient`); a shop whose token is not usable is still the tenant's,
 * and its stored rows may be read.
 */
export async function assertOwnShop(services: Services, ctx: CrudContext, shopId: string): Promise<void> {
  try {
    await shopClient(services, tenantOf(ctx), shopId);
  } catch (e) {
    if (e instanceof AppError && e.status === 400) return;
    throw e;
  }
}

/** Checks that the shop is the tenant's and its token usable (a 400 naming it otherwise), before a call to its marketplace. */
export async function assertUsableShop(services: Services, ctx: CrudContext, shopId: string): Promise<void> {
  await shopClient(services, tenantOf(ctx), shopId);
}
