import type { Services } from '../../../core/services.ts';
import type { ReceiveDemo } from '../purchase/seed.ts';
import { receivingCommands } from './commands.ts';

/**
 * The demo's receipts, for purchasing's demo seed: a receipt of each line's quantity (the first
 * line's one damaged from 10 up), posted at once with no tolerance, in the seed's transaction.
 */
export const receiveDemo =
  (services: Services): ReceiveDemo =>
  async (tx, ctx, po, quantities, trackingNo) => {
    const commands = receivingCommands(services);
    const receipt = await commands.create(
      tx,
      ctx,
      {
        poId: po.id,
        freight: '0',
        trackingNo,
        lines: po.lines.map((l, i) => {
          const arrived = quantities[i] ?? 0;
          const damaged = arrived >= 10 && i === 0 ? 1 : 0;
          return { poLineId: l.id, qtyArrived: arrived, qtyAccepted: arrived - damaged, qtyDamaged: damaged };
        }),
      },
      0,
    );
    await commands.post(tx, ctx, receipt.id, 0);
  };
