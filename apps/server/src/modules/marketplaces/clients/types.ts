import type { MarketPlatform } from '@seller/contracts/marketplaces';

/**
 * What the product asks of a marketplace, whichever it is. `LazadaClient` and `ShopeeClient`
 * implement it over each one's open platform API (domain §1, §2); listings, category mapping and
 * the marketplace item pages use only this. Money is exact decimal text in the site's currency.
 */
export interface MarketplaceClient {
  readonly platform: MarketPlatform;
  /** The site (ISO 3166 code) this client talks to. */
  readonly region: string;

  /** The whole category tree of the site, flattened (parents before children). */
  categoryTree(): Promise<PlatformCategory[]>;
  /** A leaf category's attributes, mandatory ones and sale properties included. */
  categoryAttributes(categoryId: string): Promise<PlatformAttribute[]>;
  /** Brands usable in a category (first page is enough for the wizard's choice). */
  brands(categoryId: string): Promise<Array<{ id: string; name: string }>>;

  /** The item whose seller SKU (the parent's, or any of its SKUs') is this, or null: the retry guard. */
  findItemBySellerSku(sellerSku: string): Promise<RemoteItem | null>;
  /** Creates an item; it may come back pending review. Refusals throw `MarketplaceError` with row details. */
  createItem(draft: ItemDraft): Promise<CreatedItem>;
  getItem(itemId: string): Promise<RemoteItem | null>;
  /** Items of the shop, newest update first, a page at a time. */
  listItems(page: {
    offset: number;
    limit: number;
    updatedAfter?: Date;
  }): Promise<{ items: RemoteItem[]; hasMore: boolean }>;
  /** Price and/or stock per SKU (batched by the client within the marketplace's limits). */
  updatePriceStock(itemId: string, rows: PriceStockRow[]): Promise<RowOutcome[]>;
  /** Puts an item up (true) or down (false) the shelf. */
  setListed(item: { itemId: string; sellerSkus: string[] }, listed: boolean): Promise<void>;
  /** Deletes an item from the marketplace. */
  removeItem(item: { itemId: string; sellerSkus: string[] }): Promise<void>;
  /** The shop's logistics channels. */
  logisticsChannels(): Promise<PlatformLogisticsChannel[]>;
}

export interface PlatformCategory {
  id: string;
  parentId: string | null;
  name: string;
  leaf: boolean;
}

export type AttributeInputType =
  | 'text'
  | 'richText'
  | 'numeric'
  | 'date'
  | 'singleSelect'
  | 'multiSelect'
  | 'enumInput'
  | 'multiEnumInput';

export interface PlatformAttribute {
  id: string;
  /** The attribute's key as the marketplace names it in payloads (Lazada `name`, Shopee the id). */
  name: string;
  label: string;
  mandatory: boolean;
  inputType: AttributeInputType;
  /** A variant attribute (Lazada `is_sale_prop`, Shopee tier variation). */
  saleProp: boolean;
  options: Array<{ id: string; name: string }>;
}

/** One item as the product sends it. */
export interface ItemDraft {
  /** The parent seller SKU (the catalogue product's SKU), unique in the shop: how a retry finds the item. */
  sellerSku: string;
  categoryId: string;
  name: string;
  description: string;
  brand: { id: string; name: string } | null;
  /** Image URLs the marketplace can fetch. */
  images: string[];
  /** Platform attribute name → value (several values joined as the marketplace wants, or an array). */
  attributes: Record<string, string | string[]>;
  currency: string;
  skus: Array<{
    sellerSku: string;
    /** Sale property name → value (colour, size). */
    saleProps: Record<string, string>;
    price: string;
    specialPrice: string | null;
    quantity: number;
    weightKg: string;
    lengthCm: string;
    widthCm: string;
    heightCm: string;
    images: string[];
  }>;
}

export interface CreatedItem {
  itemId: string;
  status: RemoteItemStatus;
  skus: Array<{ sellerSku: string; skuId: string }>;
}

/** The marketplace's item states folded into the product's words; the raw one is kept beside. */
export type RemoteItemStatus = 'LIVE' | 'PENDING' | 'INACTIVE' | 'REJECTED' | 'BANNED' | 'DELETED';

export interface RemoteItem {
  itemId: string;
  sellerSku: string;
  name: string;
  status: RemoteItemStatus;
  /** As the marketplace says it: Active, Pending QC, NORMAL, UNLIST, REVIEWING… */
  rawStatus: string;
  rejectReason: string | null;
  currency: string;
  skus: Array<{ sellerSku: string; skuId: string; price: string; specialPrice: string | null; quantity: number }>;
  updatedAt: Date;
}

export interface PriceStockRow {
  sellerSku: string;
  skuId: string | null;
  price?: string;
  quantity?: number;
}

/** Per SKU: done, or the marketplace's reason. */
export interface RowOutcome {
  sellerSku: string;
  ok: boolean;
  message: string | null;
}

export interface PlatformLogisticsChannel {
  id: string;
  name: string;
  enabled: boolean;
  codEnabled: boolean;
  /** e.g. `FIXED_DEFAULT_PRICE`, `SIZE_SELECTION` (Shopee); `null` when the marketplace does not say. */
  feeType: string | null;
  maxWeightKg: string | null;
}
