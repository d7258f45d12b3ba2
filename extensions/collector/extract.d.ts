/** Types of `extract.js` (plain JavaScript, shipped as it is) for the TypeScript tests that import it. */

export interface ExtractedSku {
  sourceSkuId: string | null;
  /** Option name → value, e.g. `{ 颜色: '红色', 尺码: 'M' }`. */
  options: Record<string, string>;
  /** Exact decimal text, or null when the page shows none. */
  price: string | null;
  stock: number | null;
  image: string | null;
}

export interface ExtractedProduct {
  sourcePlatform: string;
  sourceUrl: string;
  sourceItemId: string | null;
  title: string;
  images: string[];
  priceMin: string | null;
  priceMax: string | null;
  currency: string | null;
  skus: ExtractedSku[];
  attributes: { name: string; value: string }[];
  supplierName: string | null;
  supplierShopUrl: string | null;
}

export type GatherBody = Omit<ExtractedProduct, 'sourceItemId' | 'currency' | 'skus'> & {
  origin: 'extension';
  sourceItemId?: string;
  currency?: string;
  skus: (ExtractedSku & { price: string })[];
};

export function extractProduct(doc?: Document, url?: string): ExtractedProduct | null;
export function toGatherInput(product: ExtractedProduct): GatherBody;
