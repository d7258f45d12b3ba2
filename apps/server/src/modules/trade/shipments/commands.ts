import type { PackInput, ShipInput, ShipmentEventInput } from '@seller/contracts/trade';
import type { Tx } from '../../../core/db/client.ts';
import type { Services } from '../../../core/services.ts';
import { ShipmentSyncWanted } from './events.ts';
import { checkPacked, eachShipment } from './fulfilment.ts';
import { act, addUserEvent, type Ctx, createShipment, labelShipment, loadShipment, resync, ship } from './service.ts';

/**
 * Shipments' writes (the area's service shape, `docs/architecture.md`): each takes the open
 * transaction and the context. Shipping tells the orders what left through their commands; a
 * marketplace sync to send raises `ShipmentSyncWanted`, queued after the commit (`events.ts`).
 */
export const shipmentCommands = (services: Pick<Services, 'events'>) => {
  const syncWanted = (tx: Tx, ctx: Ctx, shipmentId: string) =>
    services.events.emit(tx, ShipmentSyncWanted, { tenantId: ctx.tenant?.id ?? null, shipmentId });
  const shipAndSync = async (tx: Tx, ctx: Ctx, id: string, input: ShipInput) => {
    if (await ship(services, tx, ctx, id, input)) await syncWanted(tx, ctx, id);
  };
  return {
    /** A new shipment of the orders' lines, with the channel `queries.plan` found. */
    create: createShipment,
    label: labelShipment,
    /** pack, deliver, return, lose, cancel. */
    act: (tx: Tx, ctx: Ctx, id: string, action: Parameters<typeof act>[4]) => act(services, tx, ctx, id, action),
    /** Packs; with the scanned SKUs, only when they are exactly the parcel's items. */
    pack: async (tx: Tx, ctx: Ctx, id: string, input: PackInput) => {
      await loadShipment(tx, ctx, id, true);
      await checkPacked(tx, ctx, id, input);
      await act(services, tx, ctx, id, 'pack');
    },
    ship: shipAndSync,
    /** Labels each of the selected shipments that can be (the others reported with the reason). */
    labelEach: (tx: Tx, ctx: Ctx, ids: string[]) => eachShipment(tx, ctx, ids, (row) => labelShipment(tx, ctx, row.id)),
    /** Ships each of the selected shipments that can go (the others reported with the reason). */
    shipEach: (tx: Tx, ctx: Ctx, ids: string[]) =>
      eachShipment(tx, ctx, ids, (row) => shipAndSync(tx, ctx, row.id, {})),
    /** Tells the marketplace again (a failed or stuck sync). */
    resync: async (tx: Tx, ctx: Ctx, id: string) => {
      await resync(tx, ctx, id);
      await syncWanted(tx, ctx, id);
    },
    /** A tracking event by hand (DELIVERED, RETURNED and LOST move the shipment too). */
    addEvent: (tx: Tx, ctx: Ctx, id: string, input: ShipmentEventInput) => addUserEvent(services, tx, ctx, id, input),
  };
};
export type ShipmentCommands = ReturnType<typeof shipmentCommands>;
