import * as root from '@seller/contracts';
import * as auditing from '@seller/contracts/auditing';
import * as catalog from '@seller/contracts/catalog';
import * as crm from '@seller/contracts/crm';
import * as logistics from '@seller/contracts/logistics';
import * as marketplaces from '@seller/contracts/marketplaces';
import * as pricing from '@seller/contracts/pricing';
import * as trade from '@seller/contracts/trade';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/schema.ts';

/**
 * Money is typed as money (core/money.ts, @seller/contracts/money): a contract member named like
 * money is decimal text, never a JSON number (a float rounds 0.1 + 0.2, and says no currency); a
 * numeric column holding money has a currency column beside it. What does not follow is listed
 * below with the reason; a new member or column has to follow or say why not.
 */

/** Names that hold money: prices, costs, amounts, totals, fees, freight, profit… */
const MONEY_NAME =
  /(price|cost|amount|total|fee|fees|freight|profit|revenue|discount|payout|refunds|adjustments|sales|value|income|spend)$/i;
const MONEY_COLUMN =
  /(price|cost|amount|total|fee|fees|freight|profit|revenue|discount|payout|refunds|adjustments|sales|value)(_(min|max|from|to|after))?$/;

/** Contract members named like money that are JSON numbers, each with why. */
const NUMBER_EXCEPTIONS: Record<string, string> = {};

/** Member names of number type that only look like money: counts and percentages. */
const NOT_MONEY = new Set(['total', 'totalCount']);

interface Def {
  type?: string;
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  options?: unknown[];
  element?: unknown;
  shape?: Record<string, unknown>;
  checks?: { _zod?: { def?: { check?: string; format?: string } } }[];
}
const defOf = (s: unknown): Def | undefined => (s as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** Whether a schema (through its wrappers) takes a JSON number that is not a whole count. */
function takesNumber(s: unknown, seen = new Set<unknown>()): boolean {
  const def = defOf(s);
  if (!def || seen.has(s)) return false;
  seen.add(s);
  if (def.type === 'number') {
    // whole numbers are counts and quantities, not money
    const int = def.checks?.some((c) => c._zod?.def?.format === 'safeint' || c._zod?.def?.check === 'number_format');
    return !int;
  }
  return [def.innerType, def.in, def.out, ...(def.options ?? [])].some((x) => takesNumber(x, seen));
}

/** Every object shape reachable from a schema, with its path. */
function shapes(s: unknown, path: string, out: [string, Record<string, unknown>][], seen = new Set<unknown>()) {
  const def = defOf(s);
  if (!def || seen.has(s)) return;
  seen.add(s);
  if (def.shape) {
    out.push([path, def.shape]);
    for (const [k, v] of Object.entries(def.shape)) shapes(v, `${path}.${k}`, out, seen);
  }
  for (const x of [def.innerType, def.in, def.out, def.element, ...(def.options ?? [])]) shapes(x, path, out, seen);
}

describe('money in the contracts', () => {
  it('every member named like money is decimal text, not a JSON number', () => {
    const modules = { root, auditing, catalog, crm, logistics, marketplaces, pricing, trade };
    const problems: string[] = [];
    for (const [module, exports] of Object.entries(modules)) {
      for (const [name, value] of Object.entries(exports)) {
        const found: [string, Record<string, unknown>][] = [];
        shapes(value, `${module}.${name}`, found);
        for (const [path, shape] of found) {
          for (const [member, schema] of Object.entries(shape)) {
            if (!MONEY_NAME.test(member) || NOT_MONEY.has(member)) continue;
            const key = `${path}.${member}`;
            if (takesNumber(schema) && !NUMBER_EXCEPTIONS[key]) problems.push(key);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('the exceptions still exist (a fixed one is taken off the list)', () => {
    const modules: Record<string, Record<string, unknown>> = { catalog };
    for (const key of Object.keys(NUMBER_EXCEPTIONS)) {
      const [module, name] = key.split('.') as [string, string];
      const found: [string, Record<string, unknown>][] = [];
      shapes(modules[module]?.[name], `${module}.${name}`, found);
      const at = key.slice(0, key.lastIndexOf('.'));
      const member = key.slice(key.lastIndexOf('.') + 1);
      const shape = found.find(([p]) => p === at)?.[1];
      expect(shape && takesNumber(shape[member]), key).toBe(true);
    }
  });
});

/** Money columns without a currency column of their own table, each with where its currency is. */
const COLUMN_EXCEPTIONS: Record<string, string> = {
  'catalog_product_variants.price': "the product's price_currency",
  'trade_sales_order_lines.unit_price': "the order's currency",
  'trade_sales_order_lines.amount': "the order's currency",
  'sitekit_product_variants.price': "the site product's currency",
  'sitekit_product_variants.compare_at_price': "the site product's currency",
  'sitekit_cart_lines.unit_price': "the cart's currency",
  'trade_purchase_order_lines.unit_price': "the purchase order's currency",
  'trade_receipts.freight': "the purchase order's currency",
  'trade_receipt_lines.unit_cost': "the tenant's currency (unit price × the order's rate)",
  'trade_stock.avg_cost': "the tenant's currency",
  'trade_stock_ledger.unit_cost': "the tenant's currency",
  'trade_stock_ledger.avg_cost_after': "the tenant's currency",
  'trade_settlement_lines.amount': "the statement's currency",
  'trade_arrival_matches.amount': "the statement's currency",
  'trade_arrival_matches.arrival_amount': "the arrival's from_currency",
  'pricing_retail_price_rules.cost_from': "the price rule's currency_from",
  'pricing_retail_price_rules.cost_to': "the price rule's currency_from",
  'logistics_rate_rows.first_fee': "the channel's currency",
  'logistics_rate_rows.additional_fee': "the channel's currency",
  'logistics_rate_rows.base_fee': "the channel's currency",
  'logistics_rate_rows.per_kg_fee': "the channel's currency",
  'logistics_rate_rows.flat_fee': "the channel's currency",
  'crm_business_products.product_price': "CRM keeps one currency: the tenant's",
  'crm_business_products.total_price': "CRM keeps one currency: the tenant's",
  'crm_business_products.business_price': "CRM keeps one currency: the tenant's",
  'marketsim_skus.price': 'the simulator: the marketplace region decides the currency',
  'marketsim_skus.special_price': 'the simulator: the marketplace region decides the currency',
  'marketsim_order_lines.price': 'the simulator: the marketplace region decides the currency',
  'marketplace_items.price': "the shop's region currency",
};

describe('money in the database', () => {
  it('every numeric column holding money has a currency column beside it, or says where its currency is', () => {
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const table of Object.values(schema)) {
      if (!is(table, PgTable)) continue;
      const config = getTableConfig(table);
      const names = config.columns.map((c) => c.name);
      const hasCurrency = names.some((n) => n === 'currency' || n.endsWith('_currency') || n.startsWith('currency_'));
      for (const c of config.columns) {
        if (c.columnType !== 'PgNumeric' || !MONEY_COLUMN.test(c.name)) continue;
        const key = `${config.name}.${c.name}`;
        seen.add(key);
        if (hasCurrency || COLUMN_EXCEPTIONS[key]) continue;
        problems.push(key);
      }
    }
    expect(problems).toEqual([]);
    // an exception for a column that is gone, or now has its currency beside it, is taken off
    const stale = Object.keys(COLUMN_EXCEPTIONS).filter((k) => !seen.has(k));
    expect(stale).toEqual([]);
  });
});
