import type { TextResources } from '../../core/module.ts';

/** The simulator's one text shown in the product: its order placer's queue on the background jobs page. */
export const texts: TextResources = {
  JobQueues: {
    en: { 'marketplace-simulator.place-orders': 'Marketplace simulator: buyers placing orders' },
    'zh-Hans': { 'marketplace-simulator.place-orders': '平台模拟器：买家下单' },
  },
};
