import { crudNode, permissionGroup } from '../permissions.ts';

/** Permission names of the pricing pages. */
export const PricingPermissions = {
  /** Price rules with their retail and tier rules, and the calculators. */
  PriceRules: 'Pricing.PriceRules',
} as const;

export const pricingPermissions = permissionGroup('Pricing', ['Pricing', '定价'], 'tenant', {
  [PricingPermissions.PriceRules]: crudNode(['Price rules', '价格规则']),
});
