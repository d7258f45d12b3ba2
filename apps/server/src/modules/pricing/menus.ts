import { PricingPermissions } from '@seller/contracts';
import type { MenuDefinition } from '../../core/module.ts';

/** The price rules page, under the catalogue's `/product` group (spec §2). */
export const menus: MenuDefinition[] = [
  {
    code: '00008.00014',
    name: 'PriceRules',
    displayName: '价格规则',
    path: 'price-rules',
    component: 'pricing/price-rules/index',
    meta: {
      title: 'Menus::PriceRules',
      icon: 'money',
      permission: 'AbpSettingManagement.Settings',
      permissions: [PricingPermissions.PriceRules],
    },
  },
];
