import { calcRetailPrice, calcTierPrice } from './calc.ts';
import { retailRules, tierRules } from './children.ts';
import { priceRuleService } from './service.ts';

/**
 * Pricing's reads (the module's service shape, `docs/architecture.md`): the price rules' kit (page,
 * list, one rule, export batches) and a rule's retail-price and tier-price rules, each in the
 * caller's unit `(tx, ctx, …)`. The calculators take `(services, ctx)` and open their own units:
 * they read the tenant's currency and rates and the freight estimate first.
 */
export const pricingQueries = {
  priceRules: priceRuleService.queries,
  retailRules: retailRules.list,
  tierRules: tierRules.list,
  calcRetailPrice,
  calcTierPrice,
};
