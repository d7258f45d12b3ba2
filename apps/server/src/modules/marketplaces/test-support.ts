import type { ItemDraft } from './clients/types.ts';

/**
 * A simple item for a simulator shop: one SKU with the seller SKU of the item, no images, the
 * attributes every test category asks for.
 */
export function itemDraft(
  sellerSku: string,
  categoryId: string,
  { price, quantity }: { price: string; quantity: number },
): ItemDraft {
  return {
    sellerSku,
    categoryId,
    name: `Item ${sellerSku}`,
    description: 'A test item',
    brand: { id: '30768', name: 'No Brand' },
    images: [],
    attributes: { warranty_type: 'No Warranty', material: 'Cotton' },
    currency: 'MYR',
    skus: [
      {
        sellerSku,
        saleProps: {},
        price,
        specialPrice: null,
        quantity,
        weightKg: '0.50',
        lengthCm: '10',
        widthCm: '10',
        heightCm: '10',
        images: [],
      },
    ],
  };
}
