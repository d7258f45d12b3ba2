import { CRUD, type PermissionGroupDefinition, withChildren, withDisplayNames } from '../permissions.ts';

/** Permission names of the pricing pages. */
export const PricingPermissions = {
  /** Price rules with their retail and tier rules, and the calculators. */
  PriceRules: 'Pricing.PriceRules',
} as const;

export const pricingPermissions: PermissionGroupDefinition = withDisplayNames(
  {
    name: 'Pricing',
    displayName: ['Pricing', '定价'],
    permissions: [...withChildren(PricingPermissions.PriceRules, CRUD, 'tenant')],
  },
  {
    [PricingPermissions.PriceRules]: ['Price rules', '价格规则'],
  },
);
