import type {
  StoreCartDto,
  StoreOrderDto,
  StoreProductDetailDto,
  StoreProductDto,
  StoreSiteDto,
  storeArticleDetailDto,
  storeArticleDto,
  storeBannerDto,
  storeCategoryDto,
  storeCustomerDto,
  storeReviewDto,
  storeShippingOptionDto,
  storeTokenDto,
} from '@seller/contracts/sitekit';
import type { z } from 'zod';

/**
 * The Storefront API's answers as they arrive: the contracts' shapes with their dates as ISO
 * strings (JSON). Types only: no schema lands in the storefront's bundle.
 */
export type Json<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Json<U>[]
    : T extends object
      ? { [K in keyof T]: Json<T[K]> }
      : T;

export type Lang = StoreSiteDto['defaultLanguage'];
export type Site = Json<StoreSiteDto>;
export type Banner = Json<z.infer<typeof storeBannerDto>>;
export type Category = Json<z.infer<typeof storeCategoryDto>>;
export type Product = Json<StoreProductDto>;
export type ProductDetail = Json<StoreProductDetailDto>;
export type Variant = ProductDetail['variants'][number];
export type Review = Json<z.infer<typeof storeReviewDto>>;
export type Article = Json<z.infer<typeof storeArticleDto>>;
export type ArticleDetail = Json<z.infer<typeof storeArticleDetailDto>>;
export type Cart = Json<StoreCartDto>;
export type CartLine = Cart['lines'][number];
export type CartAddress = NonNullable<Cart['address']>;
export type ShippingOption = Json<z.infer<typeof storeShippingOptionDto>>;
export type Order = Json<StoreOrderDto>;
export type Customer = Json<z.infer<typeof storeCustomerDto>>;
export type ShopperToken = Json<z.infer<typeof storeTokenDto>>;

export interface Page<T> {
  totalCount: number;
  items: T[];
}
export interface Items<T> {
  items: T[];
}
