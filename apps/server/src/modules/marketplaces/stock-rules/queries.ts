import { ruleQuantity, type StockRuleMode } from '@seller/contracts/marketplaces';
import { eq, inArray } from 'drizzle-orm';
import { type CrudContext, owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { stockLevels, stockRules } from './schema.ts';

/**
 * A shop's stock rule and the SKUs' available stock as last recorded: what every push, publish
 * and sync of a listing or a pulled item reads (an area of its own, so listings and items both
 * read it and neither imports the other's back).
 */

type Ctx = CrudContext;
export interface StockRule {
  mode: StockRuleMode;
  share: number | null;
  cap: number | null;
}

const ALL: StockRule = { mode: 'ALL', share: null, cap: null };

/** The shop's rule (all of the available stock when it has none). */
export async function ruleOf(tx: Tx, ctx: Ctx, shopId: string): Promise<StockRule> {
  const [row] = await tx
    .select()
    .from(stockRules)
    .where(owned(ctx, stockRules, eq(stockRules.shopId, shopId)));
  return row ? { mode: row.mode, share: row.share, cap: row.cap } : ALL;
}

/** The available stock of these SKUs as last recorded (0 for a SKU never moved). */
export async function levelsOf(tx: Tx, ctx: Ctx, skus: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!skus.length) return out;
  const rows = await tx
    .select({ sku: stockLevels.sku, available: stockLevels.available })
    .from(stockLevels)
    .where(owned(ctx, stockLevels, inArray(stockLevels.sku, [...new Set(skus)])));
  for (const r of rows) out.set(r.sku, r.available);
  return out;
}

/** What a shop's listing shows of each SKU under its rule, for publishing (0 for a SKU without stock). */
export async function ruleQuantities(tx: Tx, ctx: Ctx, shopId: string, skus: string[]): Promise<Map<string, number>> {
  const [rule, levels] = await Promise.all([ruleOf(tx, ctx, shopId), levelsOf(tx, ctx, skus)]);
  return new Map(skus.map((s) => [s, ruleQuantity(rule, levels.get(s) ?? 0)]));
}
