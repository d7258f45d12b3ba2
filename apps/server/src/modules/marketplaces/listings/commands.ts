import type { ListingAction, ListingSyncInput, StockRuleInput } from '@seller/contracts/marketplaces';
import type { CrudContext } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import type { Services } from '../../../core/services.ts';
import { type PublishPlan, publishListings } from './publish.ts';
import { actOn, bulkAct, type Ctx, syncListings } from './service.ts';
import { pushAll, recordStockLevels, type StockLevel, setRule } from './stock-sync.ts';

/**
 * Listings' writes (the area's service shape, `docs/architecture.md`): each takes the open
 * transaction and the context, moves the listings through the state machine and raises
 * `ListingsChanged`, after whose commit the pages hear of them and the queued ones get their
 * jobs (`events.ts`). None opens a unit of work or sends a job.
 */
export const listingCommands = (services: Pick<Services, 'events'>) => ({
  /** One action on one listing: the listing after it, or null when it is gone (a local drop). */
  act: (tx: Tx, ctx: Ctx, id: string, action: ListingAction) => actOn(services, tx, ctx, id, action),
  /** The action on each listing, each row answering on its own. */
  bulk: (tx: Tx, ctx: Ctx, ids: string[], action: ListingAction) => bulkAct(services, tx, ctx, ids, action),
  /** Pushes the catalogue's price and stock to live listings. */
  sync: (tx: Tx, ctx: Ctx, input: ListingSyncInput) => syncListings(services, tx, ctx, input),
  /** One listing per product × shop of the plan (`listingQueries.publishPlan`), queued. */
  publish: (tx: Tx, ctx: Ctx, plan: PublishPlan) => publishListings(services, tx, ctx, plan),
  /**
   * Stock sync: order management's stock moved; the SKUs' available stock, recorded in the mover's
   * transaction. Every listing of them is pushed once it commits (`StockPushWanted`).
   */
  recordStock: (tx: Tx, ctx: CrudContext, levels: StockLevel[]) => recordStockLevels(services, tx, ctx, levels),
  /** Stock sync: sets a shop's rule; its listings are pushed again. */
  setStockRule: (tx: Tx, ctx: Ctx, shopId: string, input: StockRuleInput) => setRule(services, tx, ctx, shopId, input),
  /** Stock sync: pushes every listing of the shop now; how many SKUs. */
  pushStockNow: (tx: Tx, ctx: Ctx, shopId: string) => pushAll(services, tx, ctx, shopId, true),
});
