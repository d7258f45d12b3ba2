import type { Services } from '../../core/services.ts';
import type { TokenTx } from './tokens.ts';

/**
 * Runs `work` in the request's one unit of work, on the main database: the token server's tables
 * as owner and each tenant's data scoped to its tenant, one transaction (each `TokenTx` call is
 * served by it). `tenantIds` are the tenants whose data the work may touch: when one of them has
 * a database of its own no transaction can hold both, and each call runs in a unit of its own,
 * as a tenant's set-up does.
 */
export async function inTokenUnit<T>(
  services: Services,
  tenantIds: (string | null | undefined)[],
  work: (tx: TokenTx) => Promise<T>,
): Promise<T> {
  const { data } = services;
  const tx: TokenTx = {
    server: (fn) => data.unscoped(fn),
    tenant: (tenant, fn) => data.inTenant({ tenant }, fn),
  };
  for (const id of new Set(tenantIds)) {
    const tenant = id ? await services.tenants.find(id) : null;
    if ((await data.databaseFor(tenant)) !== data.main) return work(tx);
  }
  return data.unscoped(() => work(tx));
}
