import type { CarrierType, ChannelLimits, FeeMode, TransportMode, VolumeMode } from '@seller/contracts/logistics';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { audited, concurrency, id, tenantId, tenantKey } from '../../../core/db/columns.ts';
import { zones } from '../zones/schema.ts';

/** Money and rates as exact decimals, read and written as text. */
const money = (column: string) => numeric(column, { precision: 18, scale: 4, mode: 'string' });
const centimetres = (column: string) => numeric(column, { precision: 10, scale: 1, mode: 'number' });

/** Carriers (domain §4.2). */
export const carriers = pgTable(
  'logistics_carriers',
  {
    id: id(),
    tenantId: tenantId(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    type: varchar('type', { length: 16 }).$type<CarrierType>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    ...audited(),
    ...concurrency(),
  },
  (t) => [uniqueIndex('logistics_carriers_code_uq').on(tenantKey, t.code)],
);

/** A carrier's service (渠道): how it prices and what it accepts. */
export const channels = pgTable(
  'logistics_channels',
  {
    id: id(),
    tenantId: tenantId(),
    carrierId: uuid('carrier_id')
      .notNull()
      .references(() => carriers.id),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    mode: varchar('mode', { length: 8 }).$type<TransportMode>().notNull(),
    transitDaysMin: integer('transit_days_min').notNull(),
    transitDaysMax: integer('transit_days_max').notNull(),
    volumeMode: varchar('volume_mode', { length: 24 }).$type<VolumeMode>().notNull(),
    volumeDivisor: integer('volume_divisor').notNull(),
    longestSideThreshold: centimetres('longest_side_threshold'),
    currency: varchar('currency', { length: 3 }).notNull(),
    fuelSurchargePct: numeric('fuel_surcharge_pct', { precision: 7, scale: 2, mode: 'string' }).notNull(),
    minimumCharge: money('minimum_charge'),
    registrationFee: money('registration_fee').notNull(),
    limits: jsonb('limits').$type<ChannelLimits>().notNull(),
    /** The zones its rate table prices, kept with the table: the estimate reads one band per channel. */
    zoneIds: jsonb('zone_ids').$type<string[]>().notNull().default([]),
    remark: varchar('remark', { length: 512 }),
    isActive: boolean('is_active').notNull().default(true),
    ...audited(),
    ...concurrency(),
  },
  (t) => [
    uniqueIndex('logistics_channels_code_uq').on(tenantKey, t.code),
    index('logistics_channels_carrier_ix').on(t.carrierId),
  ],
);

/** One weight band of one zone in a channel's rate table: `weight_from` < w ≤ `weight_to` grams. */
export const rateRows = pgTable(
  'logistics_rate_rows',
  {
    id: id(),
    tenantId: tenantId(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => zones.id),
    weightFrom: integer('weight_from').notNull(),
    weightTo: integer('weight_to').notNull(),
    feeMode: varchar('fee_mode', { length: 20 }).$type<FeeMode>().notNull(),
    firstWeight: integer('first_weight'),
    firstFee: money('first_fee'),
    additionalUnit: integer('additional_unit'),
    additionalFee: money('additional_fee'),
    baseFee: money('base_fee'),
    perKgFee: money('per_kg_fee'),
    flatFee: money('flat_fee'),
    effectiveFrom: date('effective_from', { mode: 'string' }),
    effectiveTo: date('effective_to', { mode: 'string' }),
    /** The row's place in the table as imported or saved. */
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    // the estimate's lookup: a channel's bands of the destination zones that reach the weight
    index('logistics_rate_rows_lookup_ix').on(t.channelId, t.zoneId, t.weightTo),
    index('logistics_rate_rows_zone_ix').on(t.zoneId),
  ],
);
