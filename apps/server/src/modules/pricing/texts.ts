import type { TextResources } from '../../core/module.ts';

/** Texts of price rules and their calculators. */
const en: Record<string, string> = {};
const zh: Record<string, string> = {};

export const texts: TextResources = {
  Pricing: { en, 'zh-Hans': zh },
  Menus: { en: { PriceRules: 'Price rules' }, 'zh-Hans': { PriceRules: '价格规则' } },
};
