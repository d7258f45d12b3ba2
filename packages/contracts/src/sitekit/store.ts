import { z } from 'zod';
import { SiteLanguages } from './sites.ts';

/**
 * The Storefront API's catalogue (`/api/store/…`, with the site's publishable key): the site's
 * published categories and products, prices in the site's currency or another of its currencies
 * (converted once at the tenant's rates, to the currency's minor units), stock available in the
 * site's warehouse.
 */

export const storeCategoryDto = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  productCount: z.number().int(),
});

export const StoreProductSorts = ['newest', 'price-asc', 'price-desc', 'title', 'rating'] as const;

export const storeProductsQuery = z.object({
  category: z.string().trim().max(128).optional(),
  q: z.string().trim().max(100).optional(),
  sort: z.enum(StoreProductSorts).default('newest'),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  language: z.enum(SiteLanguages).optional(),
  minPrice: z.coerce.number().min(0).max(1e9).optional(),
  maxPrice: z.coerce.number().min(0).max(1e9).optional(),
  homepage: z.enum(['true', 'false']).optional(),
  skipCount: z.coerce.number().int().min(0).max(10_000).default(0),
  maxResultCount: z.coerce.number().int().min(1).max(100).default(24),
});
export type StoreProductsQuery = z.infer<typeof storeProductsQuery>;
export const storeProductQuery = storeProductsQuery.pick({ currency: true, language: true });

export const storeProductDto = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  currency: z.string(),
  price: z.string(),
  compareAtPrice: z.string().nullable(),
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  inStock: z.boolean(),
});
export type StoreProductDto = z.infer<typeof storeProductDto>;

/** `GET /api/store/products`: a page, and the matches counted up to a bound past it (`capped`: there are more). */
export const storeProductPage = z.object({
  totalCount: z.number().int(),
  capped: z.boolean(),
  items: z.array(storeProductDto),
});

export const storeProductDetailDto = storeProductDto.extend({
  description: z.string(),
  images: z.array(z.string()),
  categories: z.array(z.object({ name: z.string(), slug: z.string() })),
  allowReviews: z.boolean(),
  variants: z.array(
    z.object({
      variantId: z.string(),
      sku: z.string(),
      label: z.string(),
      price: z.string(),
      compareAtPrice: z.string().nullable(),
      imageUrl: z.string().nullable(),
      /** Units available to order now in the site's warehouse. */
      available: z.number().int(),
    }),
  ),
});
export type StoreProductDetailDto = z.infer<typeof storeProductDetailDto>;
