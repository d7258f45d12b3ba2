import type { FreightSource, PricingMode, RoundingMode } from '@seller/contracts/pricing';
import { boolean, index, integer, numeric, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { audited, concurrency, id, tenantId } from '../../core/db/columns.ts';

/** Amounts, percentages and rates as exact decimals, read and written as text. */
const money = (column: string) => numeric(column, { precision: 18, scale: 4, mode: 'string' });
const percent = (column: string) => numeric(column, { precision: 9, scale: 4, mode: 'string' });

/** A price rule (domain §3.6): how a cost becomes a marketplace price. Tenant-owned. */
export const priceRules = pgTable(
  'pricing_price_rules',
  {
    id: id(),
    tenantId: tenantId(),
    name: varchar('name', { length: 128 }).notNull(),
    platform: varchar('platform', { length: 16 }).$type<'LAZADA' | 'SHOPEE' | 'STOREFRONT' | 'MANUAL'>(),
    siteCode: varchar('site_code', { length: 2 }),
    shopId: uuid('shop_id'),
    categoryId: uuid('category_id'),
    priority: integer('priority').notNull().default(0),
    currencyFrom: varchar('currency_from', { length: 3 }).notNull(),
    currencyTo: varchar('currency_to', { length: 3 }).notNull(),
    exchangeRate: numeric('exchange_rate', { precision: 18, scale: 6, mode: 'string' }).notNull(),
    fxBufferPct: percent('fx_buffer_pct').notNull(),
    mode: varchar('mode', { length: 12 }).$type<PricingMode>().notNull(),
    markupPct: percent('markup_pct').notNull(),
    targetMarginPct: percent('target_margin_pct').notNull(),
    commissionPct: percent('commission_pct').notNull(),
    paymentPct: percent('payment_pct').notNull(),
    withdrawalPct: percent('withdrawal_pct').notNull(),
    promotionPct: percent('promotion_pct').notNull(),
    fixedFee: money('fixed_fee').notNull(),
    packagingFee: money('packaging_fee').notNull(),
    domesticFreight: money('domestic_freight').notNull(),
    freightSource: varchar('freight_source', { length: 12 }).$type<FreightSource>().notNull(),
    internationalFreight: money('international_freight').notNull(),
    freightStrategyId: uuid('freight_strategy_id'),
    rounding: varchar('rounding', { length: 8 }).$type<RoundingMode>().notNull(),
    // in currency_to, to its minor units (3 places for KWD)
    minPrice: numeric('min_price', { precision: 18, scale: 3, mode: 'string' }),
    maxPrice: numeric('max_price', { precision: 18, scale: 3, mode: 'string' }),
    isActive: boolean('is_active').notNull().default(true),
    ...audited(),
    ...concurrency(),
  },
  (t) => [index('pricing_price_rules_priority_ix').on(t.tenantId, t.priority)],
);

/** A cost band of a price rule whose markup or margin replaces the rule's: `cost_from` ≤ cost < `cost_to`. */
export const retailPriceRules = pgTable(
  'pricing_retail_price_rules',
  {
    id: id(),
    tenantId: tenantId(),
    priceRuleId: uuid('price_rule_id')
      .notNull()
      .references(() => priceRules.id, { onDelete: 'cascade' }),
    costFrom: money('cost_from').notNull(),
    costTo: money('cost_to'),
    markupPct: percent('markup_pct'),
    targetMarginPct: percent('target_margin_pct'),
    remark: varchar('remark', { length: 256 }),
    ...audited(),
    ...concurrency(),
  },
  (t) => [index('pricing_retail_price_rules_rule_ix').on(t.priceRuleId, t.costFrom)],
);

/** A quantity tier of a price rule: `min_quantity`–`max_quantity` units take `discount_pct` off the retail price. */
export const tierPriceRules = pgTable(
  'pricing_tier_price_rules',
  {
    id: id(),
    tenantId: tenantId(),
    priceRuleId: uuid('price_rule_id')
      .notNull()
      .references(() => priceRules.id, { onDelete: 'cascade' }),
    minQuantity: integer('min_quantity').notNull(),
    maxQuantity: integer('max_quantity'),
    discountPct: percent('discount_pct').notNull(),
    ...audited(),
    ...concurrency(),
  },
  (t) => [index('pricing_tier_price_rules_rule_ix').on(t.priceRuleId, t.minQuantity)],
);
