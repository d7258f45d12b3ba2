import type { PlatformSyncStatus, ShipmentEventSource, ShipmentStatus } from '@seller/contracts/trade';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { audited, concurrency, id, tenantId, tenantKey, time } from '../../../core/db/columns.ts';
import { moneyColumn } from '../../../core/money.ts';
import type { OrderAddress } from '../orders/schema.ts';

/**
 * Outbound shipments (domain §5.5): one parcel from one warehouse with one logistics channel,
 * holding lines of one or many sales orders. `est_*` come from the freight estimate when it was
 * made, `actual_*` from the user when it left. `platform_sync_status` follows telling the
 * marketplace the tracking number (null when no order came from a marketplace).
 */
export const shipments = pgTable(
  'trade_shipments',
  {
    id: id(),
    tenantId: tenantId(),
    shipmentNo: varchar('shipment_no', { length: 32 }).notNull(),
    status: varchar('status', { length: 12 }).$type<ShipmentStatus>().notNull(),
    warehouseId: uuid('warehouse_id').notNull(),
    channelId: uuid('channel_id'),
    channelCode: varchar('channel_code', { length: 32 }),
    channelName: varchar('channel_name', { length: 128 }),
    carrierName: varchar('carrier_name', { length: 128 }),
    trackingNo: varchar('tracking_no', { length: 64 }),
    labelFile: varchar('label_file', { length: 256 }),
    countryCode: varchar('country_code', { length: 2 }),
    address: jsonb('address').$type<OrderAddress>(),
    estWeightG: integer('est_weight_g'),
    estFee: moneyColumn('est_fee'),
    currency: varchar('currency', { length: 3 }),
    actualWeightG: integer('actual_weight_g'),
    actualFee: moneyColumn('actual_fee'),
    shippedAt: time('shipped_at'),
    deliveredAt: time('delivered_at'),
    platformSyncStatus: varchar('platform_sync_status', { length: 8 }).$type<PlatformSyncStatus>(),
    platformSyncError: varchar('platform_sync_error', { length: 1000 }),
    /** The orders' numbers, comma-separated (searched and shown in lists). */
    orderNos: varchar('order_nos', { length: 2000 }).notNull().default(''),
    quantity: integer('quantity').notNull().default(0),
    remark: varchar('remark', { length: 500 }),
    ...audited(),
    ...concurrency(),
  },
  (t) => [
    uniqueIndex('trade_shipments_no_uq').on(tenantKey, t.shipmentNo),
    uniqueIndex('trade_shipments_tracking_uq').on(tenantKey, t.trackingNo).where(sql`${t.trackingNo} IS NOT NULL`),
    index('trade_shipments_status_ix').on(t.tenantId, t.status, t.creationTime),
    index('trade_shipments_time_ix').on(t.tenantId, t.creationTime),
    // the list's other sort keys
    index('trade_shipments_no_ix').on(t.tenantId, t.shipmentNo),
    index('trade_shipments_tracking_ix').on(t.tenantId, t.trackingNo),
    index('trade_shipments_shipped_ix').on(t.tenantId, t.shippedAt),
    index('trade_shipments_delivered_ix').on(t.tenantId, t.deliveredAt),
    index('trade_shipments_est_fee_ix').on(t.tenantId, t.estFee),
  ],
);

/** What a shipment carries: order lines and the quantity of each sent in it. */
export const shipmentItems = pgTable(
  'trade_shipment_items',
  {
    id: id(),
    tenantId: tenantId(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').notNull(),
    orderNo: varchar('order_no', { length: 40 }).notNull(),
    orderLineId: uuid('order_line_id').notNull(),
    variantId: uuid('variant_id'),
    sku: varchar('sku', { length: 100 }).notNull(),
    name: varchar('name', { length: 512 }).notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    index('trade_shipment_items_shipment_ix').on(t.shipmentId),
    index('trade_shipment_items_line_ix').on(t.tenantId, t.orderLineId),
    index('trade_shipment_items_order_ix').on(t.tenantId, t.orderId),
  ],
);

/** The tracking history: status changes (written by the shipment) and carrier or manual events. */
export const shipmentEvents = pgTable(
  'trade_shipment_events',
  {
    id: id(),
    tenantId: tenantId(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    time: time('time').notNull().defaultNow(),
    code: varchar('code', { length: 32 }).notNull(),
    description: varchar('description', { length: 500 }).notNull(),
    location: varchar('location', { length: 128 }),
    source: varchar('source', { length: 12 }).$type<ShipmentEventSource>().notNull(),
    actorId: uuid('actor_id'),
    // the clock, not the transaction's start: events of one transaction keep their order
    creationTime: time('creation_time').notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    index('trade_shipment_events_shipment_ix').on(t.shipmentId, t.time),
    index('trade_shipment_events_time_ix').on(t.tenantId, t.time),
    index('trade_shipment_events_code_ix').on(t.tenantId, t.code),
  ],
);
