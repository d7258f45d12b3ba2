import type { Culture } from '@seller/contracts/constants';
import type { Locale } from 'antd/es/locale';
import zhCN from 'antd/locale/zh_CN';

const cache: Partial<Record<Culture, Locale>> = { 'zh-Hans': zhCN };

/** antd locale of a culture; English is loaded on demand to keep the first screen small. */
export async function loadAntdLocale(culture: Culture): Promise<Locale> {
  const hit = cache[culture];
  if (hit) return hit;
  const mod = await import('antd/locale/en_US');
  cache.en = mod.default;
  return mod.default;
}

export const initialAntdLocale = (culture: Culture): Locale | undefined => cache[culture];
