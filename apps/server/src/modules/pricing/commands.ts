import type { KitServices } from '../../core/resource.ts';
import { retailRules, tierRules } from './children.ts';
import { priceRuleService } from './service.ts';

/**
 * Pricing's writes, each in the caller's transaction: the price rules' kit (create, update,
 * delete) and a rule's retail-price and tier-price rules (add, update, delete several; writers of
 * one rule's children take turns on the rule's row).
 */
export const pricingCommands = (services: KitServices) => ({
  priceRules: priceRuleService.commands(services),
  retailRules: { add: retailRules.add, update: retailRules.update, removeMany: retailRules.removeMany },
  tierRules: { add: tierRules.add, update: tierRules.update, removeMany: tierRules.removeMany },
});
