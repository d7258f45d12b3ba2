import type { TextResources } from '../../../core/module.ts';

const en: Record<string, string> = {};
const zh: Record<string, string> = {};

export const texts: TextResources = {
  Catalog: { en, 'zh-Hans': zh },
  Menus: { en: { SkuDownloadImg: 'SKU image export' }, 'zh-Hans': { SkuDownloadImg: 'SKU图片下载' } },
};
