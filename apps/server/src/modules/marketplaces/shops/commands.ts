import type { RequestContext } from '../../../core/context.ts';
import type { CrudContext } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import type { Services } from '../../../core/services.ts';
import type { TokenGrant } from '../clients/lazada.ts';
import { type Authorization, storeAuthorization } from './authorize.ts';
import { saveGrant, shopService } from './service.ts';

/**
 * Shops' writes (the area's service shape, `docs/architecture.md`): each takes the open
 * transaction and the context and stores what was read from the marketplace before the unit
 * (`shopQueries.authorization`, `shopQueries.refreshedGrant`). None opens a unit of work, sends a
 * job or calls the marketplace.
 */
export const shopCommands = (services: Pick<Services, 'events' | 'config'>) => ({
  /** The kit's create, update and delete (a delete raises `ShopDeleting`, which the other areas answer). */
  crud: shopService.commands(services),
  /** Creates or updates the authorized shop, with the calls the authorization made; its id. */
  authorize: (tx: Tx, ctx: RequestContext, authorization: Authorization) =>
    storeAuthorization(services, tx, ctx, authorization),
  /** Stores refreshed tokens (encrypted) and marks the shop active. */
  saveGrant: (tx: Tx, ctx: CrudContext, id: string, grant: TokenGrant) =>
    saveGrant(services, tx, ctx, id, grant, false),
});
