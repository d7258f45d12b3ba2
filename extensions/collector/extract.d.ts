/** Types of `extract.js` (plain JavaScript, shipped as it is) for the TypeScript tests that import it. */

export interface ExtractedSku {
  sourceSkuId: string | null;
  /** Option name → value, e.g. `{ 颜色: '红色', 尺码: 'M' }`. */
  options: Record<string, string>;
  /** Exact decimal text ('' when the page shows none: the API names the row). */
  price: string;
  stock: number | null;
  image: string | null;
}

export interface ExtractedProduct {
  sourcePlatform: string;
  sourceUrl: string;
  sourceItemId: string | null;
  title: string;
  descriptionHtml: string | null;
  images: string[];
  /** Null with SKUs: the API takes the SKUs' lowest and highest. */
  priceMin: string | null;
  priceMax: string | null;
  currency: string | null;
  skus: ExtractedSku[];
  attributes: { name: string; value: string }[];
  supplierName: string | null;
  supplierShopUrl: string | null;
}

export type GatherBody = Omit<ExtractedProduct, 'sourceItemId' | 'currency'> & {
  origin: 'extension';
  sourceItemId?: string;
  currency?: string;
};

export function extractProduct(doc?: Document, url?: string): ExtractedProduct | null;
export function toGatherInput(product: ExtractedProduct): GatherBody;
