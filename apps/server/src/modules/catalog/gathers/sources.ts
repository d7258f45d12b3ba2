import type { GatherPlatform } from '@seller/contracts/catalog';
import { Decimal } from 'decimal.js';

/** What the source URLs of each platform look like: the item id in them. */

const PATTERNS: Partial<Record<GatherPlatform, (u: URL) => string | null | undefined>> = {
  '1688': (u) => u.pathname.match(/\/offer\/(\d+)\.html$/)?.[1],
  TAOBAO: (u) => u.searchParams.get('id'),
  TMALL: (u) => u.searchParams.get('id'),
  ALIEXPRESS: (u) => u.pathname.match(/\/(?:item|i)\/(\d+)\.html$/)?.[1],
  AMAZON: (u) => u.pathname.match(/\/(?:dp|gp\/product)\/([A-Z0-9]{10})(?:[/?]|$)/i)?.[1]?.toUpperCase(),
  SHOPEE: (u) => u.pathname.match(/-i\.\d+\.(\d+)/)?.[1] ?? u.pathname.match(/\/product\/\d+\/(\d+)/)?.[1],
  LAZADA: (u) => u.pathname.match(/-i(\d+)(?:-s\d+)?\.html$/)?.[1],
};

/** The item id a platform's URL carries, or null. */
export function itemIdOf(platform: GatherPlatform, url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  const id = PATTERNS[platform]?.(u);
  return id && /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : null;
}

/** Decimal text as stored (scale 4) → answered: at least two places, at most four, no trailing zeros past two. */
export function moneyText(value: string | Decimal): string {
  const d = new Decimal(value).toDecimalPlaces(4);
  return d.toFixed(Math.max(2, d.decimalPlaces()));
}
