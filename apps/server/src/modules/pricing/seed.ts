import {
  type PriceRuleInput,
  priceRuleInput,
  type RetailPriceRuleInput,
  type TierPriceRuleInput,
} from '@seller/contracts/pricing';
import { type CurrentTenant, systemContext } from '../../core/context.ts';
import type { Tx } from '../../core/db/client.ts';
import type { Services } from '../../core/services.ts';
import { pricingCommands } from './commands.ts';
import { pricingQueries } from './queries.ts';

interface DemoRule {
  rule: Partial<PriceRuleInput> & Pick<PriceRuleInput, 'name' | 'currencyTo' | 'exchangeRate' | 'mode'>;
  bands?: RetailPriceRuleInput[];
  tiers?: TierPriceRuleInput[];
}

const band = (costFrom: string, costTo: string | null, markupPct: string): RetailPriceRuleInput => ({
  costFrom,
  costTo,
  markupPct,
  targetMarginPct: null,
  remark: null,
});

/**
 * Believable rules: Lazada MY cost-plus with cost bands, Shopee SG margin, Shopee TH with tiers,
 * and two that show the money rules: a Japanese storefront priced in whole yen and a Kuwaiti one
 * priced to the fils (3 places).
 */
const demoRules: DemoRule[] = [
  {
    rule: {
      name: 'Lazada 马来西亚 成本加价',
      platform: 'LAZADA',
      siteCode: 'MY',
      priority: 10,
      currencyTo: 'MYR',
      exchangeRate: '0.65',
      fxBufferPct: '2',
      mode: 'COST_PLUS',
      markupPct: '30',
      commissionPct: '5',
      paymentPct: '2',
      withdrawalPct: '1',
      fixedFee: '1',
      packagingFee: '0.5',
      domesticFreight: '2',
      freightSource: 'CHEAPEST',
      rounding: 'X_90',
      minPrice: '9.90',
    },
    bands: [band('0', '20', '45'), band('20', '100', '30'), band('100', null, '20')],
  },
  {
    rule: {
      name: 'Shopee 新加坡 目标利润率',
      platform: 'SHOPEE',
      siteCode: 'SG',
      priority: 20,
      currencyTo: 'SGD',
      exchangeRate: '0.19',
      fxBufferPct: '3',
      mode: 'MARGIN',
      targetMarginPct: '25',
      commissionPct: '6',
      paymentPct: '2',
      withdrawalPct: '1',
      promotionPct: '5',
      packagingFee: '0.5',
      domesticFreight: '1.5',
      freightSource: 'FIXED',
      internationalFreight: '12',
      rounding: 'X_99',
      minPrice: '4.99',
      maxPrice: '199',
    },
  },
  {
    rule: {
      name: 'Shopee 泰国 阶梯批发',
      platform: 'SHOPEE',
      siteCode: 'TH',
      priority: 30,
      currencyTo: 'THB',
      exchangeRate: '4.9',
      fxBufferPct: '2',
      mode: 'COST_PLUS',
      markupPct: '35',
      commissionPct: '5',
      paymentPct: '2',
      fixedFee: '1',
      packagingFee: '0.5',
      domesticFreight: '2',
      freightSource: 'CHEAPEST',
      rounding: 'INTEGER',
    },
    tiers: [
      { minQuantity: 3, maxQuantity: 9, discountPct: '3' },
      { minQuantity: 10, maxQuantity: 49, discountPct: '6' },
      { minQuantity: 50, maxQuantity: null, discountPct: '10' },
    ],
  },
  {
    rule: {
      name: '日本独立站 日元整数',
      siteCode: 'JP',
      priority: 40,
      currencyTo: 'JPY',
      exchangeRate: '21.3',
      mode: 'COST_PLUS',
      markupPct: '40',
      paymentPct: '3.6',
      freightSource: 'FIXED',
      internationalFreight: '35',
      // a yen price has no sen: NONE rounds half-up to whole yen, the bounds are whole yen
      rounding: 'NONE',
      minPrice: '500',
    },
  },
  {
    rule: {
      name: '科威特独立站 第纳尔',
      siteCode: 'KW',
      priority: 50,
      currencyTo: 'KWD',
      exchangeRate: '0.0431',
      mode: 'MARGIN',
      targetMarginPct: '30',
      paymentPct: '2.5',
      freightSource: 'FIXED',
      internationalFreight: '60',
      // three places of dinar (fils)
      rounding: 'NONE',
      minPrice: '1.500',
    },
  },
];

/** The demo tenant's price rules, through the services (their rules apply), only while it has none. */
export async function seedPricingDemo(services: Services, demo: CurrentTenant) {
  const ctx = systemContext(demo);
  // each write in a unit of its own, as its route makes it (each row its own creation time)
  const inTx = <R>(run: (tx: Tx) => Promise<R>) => services.data.inTenant(ctx, run);
  const commands = pricingCommands(services);
  if ((await inTx((tx) => pricingQueries.priceRules.all(tx, ctx))).items.length) return;
  for (const { rule, bands = [], tiers = [] } of demoRules) {
    const created = await inTx((tx) => commands.priceRules.create(tx, ctx, priceRuleInput.parse(rule)));
    for (const b of bands) await inTx((tx) => commands.retailRules.add(tx, ctx, created.id, b));
    for (const t of tiers) await inTx((tx) => commands.tierRules.add(tx, ctx, created.id, t));
  }
}
