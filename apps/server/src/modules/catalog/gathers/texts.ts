import type { TextResources } from '../../../core/module.ts';

const en: Record<string, string> = {};
const zh: Record<string, string> = {};

export const texts: TextResources = {
  Catalog: { en, 'zh-Hans': zh },
  Menus: {
    en: { GatherList: 'Gathered products', Collector: 'Collector extension' },
    'zh-Hans': { GatherList: '采集箱', Collector: '采集插件' },
  },
};
