import type { Tx } from '../../../core/db/client.ts';
import type { Services } from '../../../core/services.ts';
import { storeChannels, updateChannel } from './logistics.ts';
import { type Ctx, recordPull, storeRemoteItems } from './service.ts';

/**
 * Marketplace items' writes (the area's service shape, `docs/architecture.md`): each takes the
 * open transaction and the context. None opens a unit of work or sends a job: a recorded pull
 * raises `ItemPullQueued`, whose job is sent after the commit (`events.ts`). Pushing prices and
 * stock is a conversation with the marketplace item by item (`pushPriceStock`), not a command.
 */
export const itemCommands = (services: Pick<Services, 'events'>) => ({
  /** Records a pull of the shop's items, queued after the commit. */
  startPull: (tx: Tx, ctx: Ctx, shopId: string) => recordPull(services, tx, ctx, shopId),
  /** Stores items read again from the marketplace (`itemQueries.remoteItems`). */
  storeItems: storeRemoteItems,
  /** Stores channels read again from the marketplace (`itemQueries.remoteChannels`). */
  storeChannels,
  /** The user's choices for one channel. */
  updateChannel,
});
