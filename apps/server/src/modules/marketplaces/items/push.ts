import type { PushPriceStockInput, SyncResultDto } from '@seller/contracts/marketplaces';
import type { Services } from '../../../core/services.ts';
import { marketplaceFailure } from '../categories/queries.ts';
import type { PriceStockRow } from '../clients/types.ts';
import { shopClient } from '../shops/queries.ts';
import { ruleQuantities } from '../stock-rules/queries.ts';
import { type Ctx, catalogSkus, decimalText, recordPriceStock, storedItems } from './service.ts';
import { tenantOf } from './shop.ts';

/**
 * Sends each chosen item's SKUs the catalogue price of the linked SKU (the variant's, else the
 * product's) and, with `stock`, the quantity the shop's stock rule gives its available stock; a
 * SKU the catalogue does not know is a row error.
 * A conversation with the marketplace, item by item: the stored copy of each item takes what the
 * marketplace accepted in a unit of its own as soon as it answers (`recordPriceStock`), so the
 * items pushed before a failure keep what was sent.
 */
export async function pushPriceStock(services: Services, ctx: Ctx, input: PushPriceStockInput): Promise<SyncResultDto> {
  const { client } = await shopClient(services, tenantOf(ctx), input.shopId);
  const { items, prices, quantities } = await services.data.inTenant(ctx, async (tx) => {
    const items = await storedItems(tx, ctx, input.shopId, input.itemIds);
    const skus = items.flatMap((i) => i.skus.map((s) => s.sellerSku));
    const prices = await catalogSkus(tx, ctx, skus);
    const quantities = input.stock ? await ruleQuantities(tx, ctx, input.shopId, skus) : null;
    return { items, prices, quantities };
  });
  const result: SyncResultDto['rows'] = [];
  for (const item of items) {
    const rows: PriceStockRow[] = [];
    for (const sku of item.skus) {
      const found = prices.get(sku.sellerSku.toLowerCase());
      if (!found) {
        result.push({
          itemId: item.itemId,
          sellerSku: sku.sellerSku,
          ok: false,
          message: 'MarketItems::NoCatalogSku',
        });
        continue;
      }
      rows.push({
        sellerSku: sku.sellerSku,
        skuId: sku.skuId,
        price: decimalText(found.price),
        ...(quantities ? { quantity: quantities.get(sku.sellerSku) ?? 0 } : {}),
      });
    }
    if (!rows.length) continue;
    let outcomes: Awaited<ReturnType<typeof client.updatePriceStock>>;
    try {
      outcomes = await client.updatePriceStock(item.itemId, rows);
    } catch (e) {
      marketplaceFailure(e, 'itemIds');
    }
    const ok = new Map(outcomes.map((o) => [o.sellerSku, o]));
    const sent = new Map(rows.map((r) => [r.sellerSku, r]));
    for (const r of rows) {
      const o = ok.get(r.sellerSku);
      result.push({ itemId: item.itemId, sellerSku: r.sellerSku, ok: o?.ok ?? true, message: o?.message ?? null });
    }
    const skus = item.skus.map((s) => {
      const r = sent.get(s.sellerSku);
      if (!r || ok.get(s.sellerSku)?.ok === false) return s;
      return { ...s, price: r.price ?? s.price, quantity: r.quantity ?? s.quantity };
    });
    await services.data.inTenant(ctx, (tx) => recordPriceStock(tx, ctx, item.id, skus));
  }
  return { rows: result };
}
