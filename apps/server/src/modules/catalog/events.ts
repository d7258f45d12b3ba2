import type { CrudContext } from '../../core/crud.ts';
import type { Tx } from '../../core/db/client.ts';
import { defineEvent } from '../../core/events.ts';
import type { Services } from '../../core/services.ts';

/**
 * A tenant's products changed: raised in the transaction of every write of products or of what
 * their list rows and records show (variants, specifications, images, vendor links, lifecycle,
 * recycle area, import). The writer need not know who caches what.
 */
export const ProductsChanged = defineEvent<{ tenantId: string | null }>('catalog.products-changed');

export const productsChanged = (services: Pick<Services, 'events'>, tx: Tx, ctx: Pick<CrudContext, 'tenant'>) =>
  services.events.emit(tx, ProductsChanged, { tenantId: ctx.tenant?.id ?? null });

/**
 * The product list's cached pages (`services.pages`) and totals (`services.cache`) are keyed
 * under a per-tenant generation that `ProductsChanged` moves on in every process after the
 * write commits (in the writer's process before it answers, so its next read is fresh). Pages
 * of an older generation are never read again and expire; a page loaded from before the write
 * but stored after it lands under the old generation, so it is never served.
 */
const generations = new WeakMap<Services, Map<string, number>>();

const generationsOf = (services: Services) => {
  let byTenant = generations.get(services);
  if (!byTenant) {
    byTenant = new Map();
    generations.set(services, byTenant);
  }
  return byTenant;
};

/** The key prefix of the tenant's cached product lists, current generation. */
export function productListsKey(services: Services, tenantId: string | null) {
  const tenant = tenantId ?? 'host';
  return `catalog:products:${tenant}:${generationsOf(services).get(tenant) ?? 0}:`;
}

/** The catalogue's reactions to events (its own, for now). */
export function subscribeToEvents(services: Services) {
  services.events.on(ProductsChanged, 'every-process', ({ tenantId }) => {
    const byTenant = generationsOf(services);
    const tenant = tenantId ?? 'host';
    byTenant.set(tenant, (byTenant.get(tenant) ?? 0) + 1);
  });
}
