import { z } from 'zod';
import { changesAndStamp, commaList, emptyToUndefined, optional } from '../fields.ts';
import { column, defineList, filter } from '../lists.ts';
import { freightOptionDto } from '../logistics/freight.ts';
import { quantity } from '../numbers.ts';
import { allowedActions, money, type StateTable, warehouseOption } from './common.ts';

/**
 * Shipments (domain §5.5): parcels made from one or many sales orders (split lines allowed), sent
 * from a warehouse with a logistics channel chosen by the freight estimate, with a tracking number,
 * a PDF label and a tracking history (events). Shipping takes the stock off hand and off the
 * order's reservation (SALE_OUT) and tells the marketplace the tracking number.
 *
 * Routes (all under `/api/trade/shipments`; permission `Trade.Shipments` unless said):
 * - `GET    /`                     list (`shipmentListQuery`) → `{ totalCount, items: ShipmentDto[] }`
 * - `GET    /export`               the list as an Excel sheet (same filters)
 * - `GET    /counts`               counts per status under the same filters minus `status`
 * - `GET    /estimate?orderIds=&warehouseId=` the candidate channels with their fees → `ShipmentEstimateDto`
 * - `GET    /events`               recent tracking events across shipments (`shipmentEventListQuery`)
 * - `GET    /orders?filter=`       orders that can go in a shipment, with what each line has left → `{ items: ShippableOrderDto[] }`
 * - `GET    /warehouses`           the active warehouses to ship from → `{ items: ShipmentWarehouseDto[] }`
 * - `GET    /{id}`                 one shipment with its items and orders → `ShipmentDetailDto`
 * - `GET    /{id}/events`          its tracking history, newest first
 * - `GET    /{id}/label.pdf`       the label (after `label`)
 * - `POST   /`                     `.Create`: `createShipmentInput` → `ShipmentDetailDto`
 * - `POST   /{id}/label`           `.Update`: assigns the tracking number and the label
 * - `POST   /{id}/pack`            `.Update`
 * - `POST   /{id}/ship`            `.Ship`: `shipInput` (actual weight and fee, optional)
 * - `POST   /{id}/deliver|return|lose` `.Update`
 * - `POST   /{id}/cancel`          `.Cancel` (before shipped; the reservation stays with the order)
 * - `POST   /{id}/sync`            `.Ship`: tells the marketplace again (after a failure)
 * - `POST   /{id}/events`          `.Update`: `shipmentEventInput`, a tracking event by hand
 * - `GET    /scan?code=`           the parcel a scanner names (tracking, shipment or order no.) → `ShipmentDetailDto`
 * - `POST   /{id}/pack`            takes `packInput`: with `scanned`, refused (400 on `scanned`) unless it is exactly the items
 * - `POST   /labels.pdf`           `shipmentSelection` (≤ 500): one PDF of their labels (400 on `ids` naming unlabelled ones)
 * - `POST   /pick-list`            `shipmentSelection` (≤ 500) → `PickListDto`; `/pick-list.pdf` the same printed
 * - `POST   /bulk/label`           `.Update`: `shipmentBulkInput` (≤ 100) → `ShipmentBulkResult`
 * - `POST   /bulk/ship`            `.Ship`: `shipmentBulkInput` (≤ 100) → `ShipmentBulkResult`
 */

export const shipmentStatuses = [
  'CREATED',
  'LABELLED',
  'PACKED',
  'SHIPPED',
  'DELIVERED',
  'RETURNED',
  'LOST',
  'CANCELLED',
] as const;
export type ShipmentStatus = (typeof shipmentStatuses)[number];

export const shipmentActions = ['label', 'pack', 'ship', 'deliver', 'return', 'lose', 'cancel'] as const;
export type ShipmentAction = (typeof shipmentActions)[number];

/**
 * Per state, the actions allowed and where each leads: created → labelled → packed → shipped →
 * delivered / returned / lost; cancel before shipped. Delivered, returned, lost and cancelled are
 * final.
 */
export const shipmentTransitions: StateTable<ShipmentStatus, ShipmentAction> = {
  CREATED: { label: 'LABELLED', cancel: 'CANCELLED' },
  LABELLED: { pack: 'PACKED', cancel: 'CANCELLED' },
  PACKED: { ship: 'SHIPPED', cancel: 'CANCELLED' },
  SHIPPED: { deliver: 'DELIVERED', return: 'RETURNED', lose: 'LOST' },
  DELIVERED: {},
  RETURNED: {},
  LOST: {},
  CANCELLED: {},
};

/** The actions the table allows from `status`, in the table's order. */
export const allowedShipmentActions = (status: ShipmentStatus): ShipmentAction[] =>
  allowedActions(shipmentTransitions, shipmentActions, status);

/** Telling the marketplace the tracking number (marketplace orders only; null for manual ones). */
export const platformSyncStatuses = ['PENDING', 'SENT', 'FAILED'] as const;
export type PlatformSyncStatus = (typeof platformSyncStatuses)[number];

/** Who wrote a tracking event. */
export const shipmentEventSources = ['USER', 'CARRIER', 'MARKETPLACE', 'SYSTEM'] as const;
export type ShipmentEventSource = (typeof shipmentEventSources)[number];

const guidList = (max: number) =>
  z.preprocess((v) => (v === undefined || v === '' ? undefined : commaList(v)), z.array(z.guid()).min(1).max(max));

// ---- input ---------------------------------------------------------------------------------------

export const shipmentLineInput = z.object({
  orderLineId: z.guid(),
  quantity: quantity(),
});

/**
 * A shipment from whole orders (`orderIds`: every unshipped quantity) or from lines with the
 * quantities to send now (`lines`, split lines). `channelId` omitted: the freight estimate picks.
 */
export const createShipmentInput = z
  .object({
    orderIds: z.array(z.guid()).max(50).optional(),
    lines: z.array(shipmentLineInput).max(200).optional(),
    warehouseId: z.guid(),
    channelId: optional(z.guid()),
    remark: optional(z.string().trim().max(500)),
  })
  .superRefine((v, ctx) => {
    if (!v.orderIds?.length && !v.lines?.length)
      ctx.addIssue({ code: 'custom', path: ['orderIds'], message: 'Shipments::OrdersOrLinesRequired' });
    if (v.orderIds?.length && v.lines?.length)
      ctx.addIssue({ code: 'custom', path: ['lines'], message: 'Shipments::OrdersOrLines' });
  });
export type CreateShipmentInput = z.infer<typeof createShipmentInput>;

export const shipmentEstimateQuery = z.object({
  orderIds: guidList(50),
  warehouseId: optional(z.guid()),
});
export type ShipmentEstimateQuery = z.infer<typeof shipmentEstimateQuery>;

/** What the parcel really weighed and cost when it left (optional). */
export const shipInput = z
  .object({
    actualWeightG: optional(z.number().int().min(1).max(10_000_000)),
    actualFee: optional(money),
  })
  .default({});
export type ShipInput = z.infer<typeof shipInput>;

export const shipmentEventInput = z.object({
  code: z.string().trim().min(1).max(32),
  description: z.string().trim().min(1).max(500),
  location: optional(z.string().trim().max(128)),
  time: optional(z.coerce.date()),
});
export type ShipmentEventInput = z.infer<typeof shipmentEventInput>;

/**
 * The shipments list (`/api/trade/shipments`): status tabs with their counts, the filters, the
 * search (shipment, tracking or order no.) and the columns of the page and of the export.
 */
export const shipmentList = defineList({
  texts: 'Shipments',
  exportName: 'Page:Export',
  search: 'Page:SearchPlaceholder',
  filters: {
    warehouseId: filter.ref('Warehouse', { label: 'Page:Warehouse', options: '/api/trade/shipments/warehouses' }),
    channelId: filter.ref('Channel', { label: 'Page:Channel' }),
    /** The shipments of one order (its detail links here). */
    orderId: filter.ref('SalesOrder', { label: 'Page:Orders' }),
    platformSyncStatus: filter.enum(platformSyncStatuses, { label: 'Page:Sync', texts: 'Sync:' }),
    created: filter.dateRange('from', 'to', { label: 'Page:Created' }),
  },
  tabs: { member: 'status', values: shipmentStatuses, texts: 'Status:' },
  columns: {
    shipmentNo: column.text({ header: 'Page:ShipmentNo', sort: true, width: 170 }),
    status: column.enum(shipmentStatuses, { header: 'Page:Status', texts: 'Status:', sort: true, width: 100 }),
    trackingNo: column.text({ header: 'Page:TrackingNo', sort: true, width: 170 }),
    orderNos: column.text({ header: 'Page:Orders', width: 180 }),
    warehouseName: column.text({ header: 'Page:Warehouse', width: 120 }),
    carrierName: column.text({ header: 'Page:Carrier', width: 120, hidden: true }),
    channelName: column.text({ header: 'Page:Channel', width: 180 }),
    countryCode: column.text({ header: 'Page:Country', width: 70, hidden: true }),
    quantity: column.quantity({ header: 'Page:Quantity', width: 70 }),
    estWeightG: column.quantity({ header: 'Page:EstWeight', width: 100, hidden: true }),
    estFee: column.money('currency', { header: 'Page:EstFee', sort: true, width: 120 }),
    actualFee: column.money('currency', { header: 'Page:ActualFee', width: 120, hidden: true }),
    currency: column.text({ header: 'Page:Currency', width: 70, exportOnly: true }),
    platformSyncStatus: column.enum(platformSyncStatuses, { header: 'Page:Sync', texts: 'Sync:', width: 110 }),
    shippedAt: column.dateTime({ header: 'Page:ShippedAt', sort: true, width: 150 }),
    deliveredAt: column.dateTime({ header: 'Page:DeliveredAt', sort: true, width: 150, hidden: true }),
    creationTime: column.dateTime({ header: 'Page:Created', sort: true, width: 150, hidden: true }),
  },
  defaultSort: 'creationTime desc',
});
export type ShipmentListQuery = z.infer<typeof shipmentList.query>;

/** Tracking events across shipments (`/api/trade/shipments/events`), newest first. */
export const shipmentEventList = defineList({
  texts: 'Shipments',
  exportName: 'Page:EventsExport',
  search: 'Page:RecordsSearch',
  filters: {
    trackingNo: filter.text(64, { label: 'Page:TrackingNo' }),
    shipmentNo: filter.text(32, { label: 'Page:ShipmentNo' }),
    time: filter.dateRange('from', 'to', { label: 'Page:Time' }),
  },
  columns: {
    time: column.dateTime({ header: 'Page:Time', sort: true, width: 150 }),
    shipmentNo: column.text({ header: 'Page:ShipmentNo', width: 170 }),
    trackingNo: column.text({ header: 'Page:TrackingNo', width: 170 }),
    code: column.text({ header: 'Page:Code', sort: true, width: 130 }),
    description: column.text({ header: 'Page:Description' }),
    location: column.text({ header: 'Page:Location', width: 140 }),
    source: column.enum(shipmentEventSources, { header: 'Page:Source', texts: 'Source:', width: 100 }),
  },
  defaultSort: 'time desc',
});
export type ShipmentEventListQuery = z.infer<typeof shipmentEventList.query>;

// ---- output --------------------------------------------------------------------------------------

export const shipmentDto = z.object({
  id: z.string(),
  shipmentNo: z.string(),
  status: z.enum(shipmentStatuses),
  warehouseId: z.string(),
  warehouseName: z.string().nullable(),
  channelId: z.string().nullable(),
  channelName: z.string().nullable(),
  carrierName: z.string().nullable(),
  trackingNo: z.string().nullable(),
  labelFile: z.string().nullable(),
  countryCode: z.string().nullable(),
  estWeightG: z.number().nullable(),
  estFee: z.string().nullable(),
  currency: z.string().nullable(),
  actualWeightG: z.number().nullable(),
  actualFee: z.string().nullable(),
  shippedAt: z.date().nullable(),
  deliveredAt: z.date().nullable(),
  platformSyncStatus: z.enum(platformSyncStatuses).nullable(),
  platformSyncError: z.string().nullable(),
  /** The orders' numbers, comma-separated. */
  orderNos: z.string(),
  quantity: z.number(),
  remark: z.string().nullable(),
  allowedActions: z.array(z.enum(shipmentActions)),
  ...changesAndStamp,
});
export type ShipmentDto = z.infer<typeof shipmentDto>;

/** An order line's goods: its SKU, name and units. */
const lineGoods = { sku: z.string(), name: z.string(), quantity: z.number() };

export const shipmentItemDto = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNo: z.string(),
  orderLineId: z.string(),
  variantId: z.string().nullable(),
  ...lineGoods,
});
export type ShipmentItemDto = z.infer<typeof shipmentItemDto>;

export const shipmentEventDto = z.object({
  id: z.string(),
  shipmentId: z.string(),
  shipmentNo: z.string(),
  trackingNo: z.string().nullable(),
  time: z.date(),
  code: z.string(),
  description: z.string(),
  location: z.string().nullable(),
  source: z.enum(shipmentEventSources),
  actorId: z.string().nullable(),
});
export type ShipmentEventDto = z.infer<typeof shipmentEventDto>;

export const shipmentDetailDto = shipmentDto.extend({
  items: z.array(shipmentItemDto),
  address: z
    .object({
      name: z.string().nullable(),
      phone: z.string().nullable(),
      line1: z.string().nullable(),
      line2: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      postCode: z.string().nullable(),
      countryCode: z.string().nullable(),
    })
    .nullable(),
});
export type ShipmentDetailDto = z.infer<typeof shipmentDetailDto>;

/** One candidate channel of the estimate, priced; `picked` is the one a shipment takes by default. */
export const shipmentChannelOption = freightOptionDto.pick({
  channelId: true,
  channelCode: true,
  channelName: true,
  carrierName: true,
  transitDaysMin: true,
  transitDaysMax: true,
  chargeableWeight: true,
  total: true,
  currency: true,
  totalInTenantCurrency: true,
  tenantCurrency: true,
  picked: true,
});
export type ShipmentChannelOption = z.infer<typeof shipmentChannelOption>;

export const shipmentEstimateDto = z.object({
  countryCode: z.string(),
  weightG: z.number(),
  options: z.array(shipmentChannelOption),
  excluded: z.array(z.object({ channelId: z.string(), channelName: z.string(), reasons: z.array(z.string()) })),
  /** The option a shipment takes when no channel is given (the strategy's pick, else the first). */
  pickedChannelId: z.string().nullable(),
});
export type ShipmentEstimateDto = z.infer<typeof shipmentEstimateDto>;

export const shipmentCountsDto = shipmentList.counts;

/** An order in process with what each line has left to ship (shipped and open shipments counted). */
export const shippableOrderDto = z.object({
  id: z.string(),
  orderNo: z.string(),
  status: z.string(),
  platform: z.string().nullable(),
  buyerName: z.string().nullable(),
  countryCode: z.string().nullable(),
  warehouseId: z.string().nullable(),
  orderedAt: z.date(),
  lines: z.array(
    z.object({
      id: z.string(),
      ...lineGoods,
      shippedQty: z.number(),
      left: z.number(),
    }),
  ),
});
export type ShippableOrderDto = z.infer<typeof shippableOrderDto>;

export const shippableOrderQuery = z.object({
  filter: optional(z.string().trim().max(100)),
  maxResultCount: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(200).default(50)),
});

export const shipmentWarehouseDto = warehouseOption;
export type ShipmentWarehouseDto = z.infer<typeof shipmentWarehouseDto>;

// ---- many at once ----------------------------------------------------------------------------------

/** Shipments to print or pick together (one merged label PDF, one pick list). */
export const shipmentSelection = z.object({ ids: z.array(z.guid()).min(1).max(500) });
export type ShipmentSelection = z.infer<typeof shipmentSelection>;

/** Shipments to move together (label, ship), each on its own: a refused one does not stop the others. */
export const shipmentBulkInput = z.object({ ids: z.array(z.guid()).min(1).max(100) });
export type ShipmentBulkInput = z.infer<typeof shipmentBulkInput>;

export const shipmentBulkResult = z.object({
  /** The ids of the shipments that moved. */
  done: z.array(z.string()),
  /** Those refused, with the reason in the reader's language. */
  failed: z.array(z.object({ id: z.string(), shipmentNo: z.string(), message: z.string() })),
});
export type ShipmentBulkResult = z.infer<typeof shipmentBulkResult>;

/** Packing: the SKUs scanned into the parcel and how many of each (the server checks them against its items). */
export const packInput = z
  .object({
    scanned: z
      .array(z.object({ sku: z.string().trim().min(1).max(100), quantity: z.number().int().min(1).max(100_000) }))
      .max(500)
      .optional(),
  })
  .default({});
export type PackInput = z.infer<typeof packInput>;

export const shipmentScanQuery = z.object({ code: z.string().trim().min(1).max(64) });

/** The pick list of a selection: per warehouse, one line per SKU with its total and its orders. */
export const pickListDto = z.object({
  /** Shipments picked (open ones: made, labelled or packed). */
  shipments: z.number(),
  /** Selected shipments left out (shipped, cancelled…). */
  skipped: z.number(),
  quantity: z.number(),
  warehouses: z.array(
    z.object({
      warehouseId: z.string(),
      warehouseName: z.string(),
      quantity: z.number(),
      lines: z.array(
        z.object({
          sku: z.string(),
          name: z.string(),
          variant: z.string().nullable(),
          quantity: z.number(),
          orderNos: z.array(z.string()),
        }),
      ),
    }),
  ),
});
export type PickListDto = z.infer<typeof pickListDto>;
