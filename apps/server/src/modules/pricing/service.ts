import type { PriceRuleInput } from '@seller/contracts/pricing';
import { asc, count, inArray } from 'drizzle-orm';
import { type CrudContext, owned } from '../../core/crud.ts';
import type { Tx } from '../../core/db/client.ts';
import { fieldError } from '../../core/errors.ts';
import { ref } from '../../core/references.ts';
import { resourceService } from '../../core/resource.ts';
import { isOwnCategory } from '../catalog/index.ts';
import { logisticsFreightStrategies } from '../logistics/index.ts';
import { ruleProblems } from './calculator.ts';
import { priceRules, retailPriceRules, tierPriceRules } from './schema.ts';

/**
 * A decimal as the API shows it, from the database's numeric text: at least two fraction digits,
 * trailing zeros beyond them dropped ("12.5000" → "12.50", "0.663000" → "0.663", "3" → "3.00").
 */
export function decimalText(value: string): string;
export function decimalText(value: string | null): string | null;
export function decimalText(value: string | null): string | null {
  if (value === null) return null;
  const [whole, fraction = ''] = value.trim().split('.');
  return `${whole.replace(/^0+(?=\d)/, '')}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`;
}

type Row = typeof priceRules.$inferSelect;

/** The rule's numbers as the calculator reads them. */
export const numbersOf = (r: Row | PriceRuleInput) => ({
  currencyFrom: r.currencyFrom,
  currencyTo: r.currencyTo,
  exchangeRate: r.exchangeRate,
  fxBufferPct: r.fxBufferPct,
  mode: r.mode,
  markupPct: r.markupPct,
  targetMarginPct: r.targetMarginPct,
  commissionPct: r.commissionPct,
  paymentPct: r.paymentPct,
  withdrawalPct: r.withdrawalPct,
  promotionPct: r.promotionPct,
  fixedFee: r.fixedFee,
  packagingFee: r.packagingFee,
  domesticFreight: r.domesticFreight,
  rounding: r.rounding,
  minPrice: r.minPrice,
  maxPrice: r.maxPrice,
});

const DECIMALS = [
  'exchangeRate',
  'fxBufferPct',
  'markupPct',
  'targetMarginPct',
  'commissionPct',
  'paymentPct',
  'withdrawalPct',
  'promotionPct',
  'fixedFee',
  'packagingFee',
  'domesticFreight',
  'internationalFreight',
] as const;

async function childCounts(
  tx: Tx,
  ctx: CrudContext,
  table: typeof retailPriceRules | typeof tierPriceRules,
  ids: string[],
) {
  if (!ids.length) return new Map<string, number>();
  const rows = await tx
    .select({ id: table.priceRuleId, n: count() })
    .from(table)
    .where(owned(ctx, table, inArray(table.priceRuleId, ids)))
    .groupBy(table.priceRuleId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

export const priceRuleService = resourceService({
  table: priceRules,
  entity: 'PriceRule',
  texts: 'Pricing',
  sortable: {
    name: priceRules.name,
    priority: priceRules.priority,
    platform: priceRules.platform,
    siteCode: priceRules.siteCode,
    currencyTo: priceRules.currencyTo,
    mode: priceRules.mode,
    isActive: priceRules.isActive,
    creationTime: priceRules.creationTime,
  },
  defaultSort: [asc(priceRules.priority), asc(priceRules.name), asc(priceRules.id)],
  search: [priceRules.name, priceRules.siteCode, priceRules.currencyTo],
  values: ({ concurrencyStamp: _, ...i }: PriceRuleInput & { concurrencyStamp?: string }) => i,
  references: { shopId: ref('Shop'), freightStrategyId: ref(logisticsFreightStrategies) },
  /** The calculator's own refusals (exact decimals) and the category being the tenant's. */
  async validate(tx, ctx, input) {
    const [problem] = ruleProblems(numbersOf(input));
    if (problem) throw fieldError(problem.member, `Pricing::${problem.key}`);
    if (input.categoryId && !(await isOwnCategory(tx, ctx, input.categoryId)))
      throw fieldError('categoryId', 'Pricing::UnknownCategory');
  },
  async toDtos(tx, ctx, rows) {
    const ids = rows.map((r) => r.id);
    const retail = await childCounts(tx, ctx, retailPriceRules, ids);
    const tiers = await childCounts(tx, ctx, tierPriceRules, ids);
    return rows.map((r) => ({
      ...r,
      ...Object.fromEntries(DECIMALS.map((k) => [k, decimalText(r[k])])),
      minPrice: decimalText(r.minPrice),
      maxPrice: decimalText(r.maxPrice),
      retailRuleCount: retail.get(r.id) ?? 0,
      tierRuleCount: tiers.get(r.id) ?? 0,
    })) as (Row & { retailRuleCount: number; tierRuleCount: number })[];
  },
});
