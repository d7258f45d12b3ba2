import type { Tx } from '../../../core/db/client.ts';
import type { Services } from '../../../core/services.ts';
import { customerCommands } from '../customers/commands.ts';
import type { CustomerViewer } from '../customers/queries.ts';
import { type Ctx, closeBusiness, createBusiness, deleteBusiness, moveBusiness, updateBusiness } from './service.ts';
import { createStageGroup, deleteStageGroup, updateStageGroup } from './stages.ts';

/**
 * Businesses' writes (the area's service shape, `docs/architecture.md`): each takes the open
 * transaction, the context and the caller's viewer; none opens a unit of work. Closing a won
 * business makes its customer dealt through customers' commands.
 */
export const businessCommands = (services: Pick<Services, 'events'>) => {
  const customers = customerCommands(services);
  return {
    create: createBusiness,
    update: updateBusiness,
    delete: deleteBusiness,
    /** Moves an open business to another stage of its group. */
    move: moveBusiness,
    /** Ends an open business: won, lost or invalid. */
    close: (tx: Tx, ctx: Ctx, v: CustomerViewer, id: string, input: Parameters<typeof closeBusiness>[5]) =>
      closeBusiness(customers, tx, ctx, v, id, input),
    createStageGroup,
    updateStageGroup,
    deleteStageGroup,
  };
};
