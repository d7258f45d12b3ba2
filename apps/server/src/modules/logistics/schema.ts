import type {
  CarrierType,
  ChannelLimits,
  FeeMode,
  PostalRuleInput,
  StrategyRule,
  TransportMode,
  VolumeMode,
} from '@seller/contracts/logistics';
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
import { audited, concurrency, id, tenantId, tenantKey } from '../../core/db/columns.ts';

/*
 * The freight network's tables, kept outside its areas because zones, carriers and strategies
 * each read the others' rows: a rate row prices a zone, a strategy names channels and zones, and
 * a zone or channel in use is not deleted. With the tables here no area imports another's files
 * for them; each area still writes only its own tables (the freight estimate reads them all).
 */

/** Zones: named groups of countries with optional postal-code rules, shared by rate tables. */
export const zones = pgTable(
  'logistics_zones',
  {
    id: id(),
    tenantId: tenantId(),
    name: varchar('name', { length: 64 }).notNull(),
    /** ISO alpha-2 codes. */
    countries: jsonb('countries').$type<string[]>().notNull(),
    postalRules: jsonb('postal_rules').$type<PostalRuleInput[]>().notNull().default([]),
    description: varchar('description', { length: 512 }),
    ...audited(),
    ...concurrency(),
  },
  (t) => [uniqueIndex('logistics_zones_name_uq').on(tenantKey, t.name)],
);

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

/** Freight strategies (domain §4.3): ordered rules, kept with the strategy. */
export const freightStrategies = pgTable(
  'logistics_freight_strategies',
  {
    id: id(),
    tenantId: tenantId(),
    name: varchar('name', { length: 64 }).notNull(),
    priority: integer('priority').notNull().default(100),
    description: varchar('description', { length: 512 }),
    isActive: boolean('is_active').notNull().default(true),
    rules: jsonb('rules').$type<StrategyRule[]>().notNull(),
    ...audited(),
    ...concurrency(),
  },
  (t) => [uniqueIndex('logistics_freight_strategies_name_uq').on(tenantKey, t.name)],
);
