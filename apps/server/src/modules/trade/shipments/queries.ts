import { labelOf, labelsOf, pickList, scan } from './fulfilment.ts';
import {
  estimate,
  eventsOf,
  getShipment,
  lastEvent,
  planShipment,
  shipmentEventListService,
  shipmentListService,
  shippableOrders,
  warehouses,
} from './service.ts';

export type { Ctx, ShipmentPlan } from './service.ts';

/**
 * Shipments' reads (the area's service shape, `docs/architecture.md`): each takes the open unit's
 * `tx` and the context; `estimate` and `plan` ask logistics for the freight estimate, which opens
 * its own unit, so they take `(services, ctx)` and run before the caller opens one.
 */
export const shipmentQueries = {
  /** The shipment list (the list kit: its page, status counts and export). */
  list: shipmentListService,
  /** The tracking events of every shipment (the list kit). */
  eventList: shipmentEventListService,
  /** A shipment with its items. */
  get: getShipment,
  /** A shipment's tracking events, newest first. */
  events: eventsOf,
  /** The event written last on a shipment. */
  lastEvent,
  /** What the label of a labelled shipment prints, with its row. */
  label: labelOf,
  /** What the labels of the selected shipments print, in the order asked (all labelled). */
  labels: labelsOf,
  /** The selected shipments' lines per warehouse and SKU. */
  pickList,
  /** The parcel a scanner names (tracking, shipment or order number). */
  scan,
  shippableOrders,
  warehouses,
  estimate,
  /** The channel (and fee) a new shipment is made with. */
  plan: planShipment,
};
