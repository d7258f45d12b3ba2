import type { Services } from '../../../core/services.ts';
import { changeOrderStatus, createOrder, deleteOrder, updateOrder } from './service.ts';

/**
 * Order tracking's writes (the area's service shape, `docs/architecture.md`): each takes the open
 * transaction, the context and the caller's viewer; none opens a unit of work or raises an event.
 */
export const orderCommands = (_services: Pick<Services, 'events'>) => ({
  create: createOrder,
  update: updateOrder,
  delete: deleteOrder,
  /** Along the transition table only (409 otherwise), with a history row. */
  changeStatus: changeOrderStatus,
});
