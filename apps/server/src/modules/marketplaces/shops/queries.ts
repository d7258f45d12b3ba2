import { gatewayCall, shopClient } from './access.ts';
import { authorizeUrl, readAuthorization } from './authorize.ts';
import {
  getShop,
  requestedGrant,
  shopCallListService,
  shopManagement,
  shopManagementListService,
  shopService,
  shopView,
  statusOf,
} from './service.ts';

export type { ShopAccess } from './access.ts';
export type { ShopRow, ShopView } from './service.ts';
/** Other areas' names for what they read of a shop (publishing's shop state, the clients of order pulls, items and listings). */
export { getShop, shopClient, statusOf };

/**
 * Shops' reads (the area's service shape, `docs/architecture.md`): each takes the open unit's `tx`
 * and the context. Those taking `(services, ctx)` run before any unit: they talk to the
 * marketplace (a token exchange, a refresh, a gateway call, or a client that may refresh its
 * token first) and open units of their own only for what must hold apart from the request (the
 * call log, a redeemed consent state, a refusal marking the shop).
 */
export const shopQueries = {
  /** The kit's page, list, one shop and export batches. */
  crud: shopService.queries,
  /** The management list (the list kit): each shop with its calls of the last day counted. */
  management: shopManagementListService,
  /** A shop's call log (the list kit), the shop the viewer's tenant's. */
  calls: shopCallListService,
  /** One shop as the API answers it. */
  get: shopView,
  /** One shop's management view. */
  managementView: shopManagement,
  /** The shop's row, tokens (encrypted) included; another tenant's is a 404. */
  row: getShop,
  /** The marketplace's consent link, its state sealed. */
  authorizeUrl,
  /** Before the unit: the callback's code exchanged for tokens (`shopCommands.authorize` stores them). */
  authorization: readAuthorization,
  /** Before the unit: the shop's new tokens from its marketplace (`shopCommands.saveGrant` stores them); a refusal is the shop's problem. */
  refreshedGrant: requestedGrant,
  /** Before any unit: a client of one of the tenant's shops, its token refreshed first when expired. */
  client: shopClient,
  /** Before any unit: a marketplace API called with a shop's credentials, its reply as received. */
  gateway: gatewayCall,
};
