import { PmsStatus, ProductSpecialAttributes, pagedQuery } from '@seller/contracts';
import { z } from 'zod';

/** Request and response shapes of products and the recycle area (spec §5 form rules, domain §3.2). */

const emptyToNull = (v: unknown) => (typeof v === 'string' ? v.trim() || null : v === undefined ? null : v);
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalText = (max: number) => z.preprocess(emptyToNull, z.string().max(max).nullable());
const guid = z.guid();
const optionalGuid = z.preprocess((v) => (v === '' || v === undefined ? null : v), guid.nullable());
const optionalNumber = (max: number) => z.preprocess(emptyToNull, z.number().min(0).max(max).nullable());
const optionalInt = (max: number) => z.preprocess(emptyToNull, z.number().int().min(0).max(max).nullable());
const pmsStatus = z
  .number()
  .int()
  .refine((n) => Object.values(PmsStatus).includes(n as never), 'Catalog::OptionInvalid');

/** SKU charset and length (domain §3.4): capitals, digits, single hyphens, at most 50 characters. */
export const SKU_PATTERN = /^[A-Z0-9]+(-[A-Z0-9]+)*$/;
export const SKU_MAX = 50;

/** Required text with the spec's own message for "missing" (spec §5). */
const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true }).max(max);

export const productInput = z.object({
  name: required('Catalog::Product:NameRequired', 255).min(3, 'Catalog::Product:NameMinLength'),
  nameEn: optionalText(255),
  sku: required('Catalog::Product:SkuRequired', SKU_MAX).toUpperCase().regex(SKU_PATTERN, 'Catalog::SkuFormat'),
  categoryIds: z
    .array(guid, { error: 'Catalog::Product:CategoryRequired' })
    .min(1, 'Catalog::Product:CategoryRequired')
    .max(20),
  brandId: optionalGuid,
  description: required('Catalog::Product:DescriptionRequired', 20000),
  price: z.number({ error: 'Catalog::Product:PriceRequired' }).min(0).max(1e12),
  inStock: z.boolean().default(false),
  developer: optionalText(64),
  purchaser: optionalText(64),
  artDesigner: optionalText(64),
  weight: optionalInt(10_000_000),
  length: optionalNumber(100_000),
  width: optionalNumber(100_000),
  height: optionalNumber(100_000),
  packageWeight: optionalInt(10_000_000),
  packageLength: optionalNumber(100_000),
  packageWidth: optionalNumber(100_000),
  packageHeight: optionalNumber(100_000),
  declaredNameCn: optionalText(255),
  declaredNameEn: optionalText(255),
  declaredValue: optionalNumber(1e9),
  declaredCurrency: z.preprocess(
    emptyToNull,
    z
      .string()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'Catalog::CurrencyFormat')
      .nullable(),
  ),
  hsCode: z.preprocess(
    emptyToNull,
    z
      .string()
      .max(20)
      .regex(/^[0-9.]+$/, 'Catalog::DigitsOnly')
      .nullable(),
  ),
  specialAttributes: z.array(z.enum(ProductSpecialAttributes)).max(10).default([]),
  /** Purchase attributes and their chosen values; the variants are their cartesian product. */
  variantOptions: z
    .array(z.object({ attributeId: guid, valueIds: z.array(guid).min(1).max(50) }))
    .max(3)
    .default([]),
});
export type ProductInput = z.infer<typeof productInput>;
export const productUpdateInput = productInput.extend({ concurrencyStamp: z.string().max(40).optional() });
export type ProductUpdateInput = z.infer<typeof productUpdateInput>;

const audit = {
  creationTime: z.date(),
  creatorId: z.string().nullable(),
  lastModificationTime: z.date().nullable(),
  lastModifierId: z.string().nullable(),
  concurrencyStamp: z.string(),
};

export const variantDto = z.object({
  id: z.string(),
  productId: z.string(),
  sku: z.string(),
  valueIds: z.array(z.string()),
  label: z.string(),
  price: z.number(),
  weight: z.number().nullable(),
  image: z.string().nullable(),
  sort: z.number().int(),
});
export type VariantDto = z.infer<typeof variantDto>;

export const productDto = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  categoryIds: z.array(z.string()),
  brandId: z.string().nullable(),
  description: z.string(),
  price: z.number(),
  pmsStatus: z.number().int(),
  isActive: z.boolean(),
  inStock: z.boolean(),
  developer: z.string().nullable(),
  purchaser: z.string().nullable(),
  artDesigner: z.string().nullable(),
  weight: z.number().nullable(),
  length: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  packageWeight: z.number().nullable(),
  packageLength: z.number().nullable(),
  packageWidth: z.number().nullable(),
  packageHeight: z.number().nullable(),
  declaredNameCn: z.string().nullable(),
  declaredNameEn: z.string().nullable(),
  declaredValue: z.number().nullable(),
  declaredCurrency: z.string().nullable(),
  hsCode: z.string().nullable(),
  specialAttributes: z.array(z.string()),
  variantOptions: z.array(z.object({ attributeId: z.string(), valueIds: z.array(z.string()) })),
  variants: z.array(variantDto),
  /** The main image's URL and every image's (main first, then the gallery in order). */
  mainImage: z.string().nullable(),
  images: z.array(z.string()),
  isDeleted: z.boolean(),
  deletionTime: z.date().nullable(),
  ...audit,
});
export type ProductDto = z.infer<typeof productDto>;

const optionalBool = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : v === 'true' || v === true),
  z.boolean().optional(),
);

export const productListQuery = pagedQuery.extend({
  categoryId: z.preprocess(emptyToUndefined, guid.optional()),
  brandId: z.preprocess(emptyToUndefined, guid.optional()),
  pmsStatus: z.preprocess(emptyToUndefined, z.coerce.number().pipe(pmsStatus).optional()),
  isActive: optionalBool,
  inStock: optionalBool,
});
export type ProductListQuery = z.infer<typeof productListQuery>;

/** Spec §5: a call without its `id` is a client error naming the field. */
export const approveInput = z.object({
  id: z.guid({ error: 'Catalog::IdRequired' }),
  pmsStatus,
  concurrencyStamp: z.string().max(40).optional(),
});
export const setActiveInput = z.object({ isActive: z.boolean() });

export const generateSkuQuery = z.object({
  prefix: z
    .string()
    .trim()
    .toUpperCase()
    .min(1)
    .max(SKU_MAX - 10)
    .regex(/^[A-Z0-9-]+$/, 'Catalog::SkuFormat'),
});
export const bySkuQuery = z.object({ sku: z.string().trim().min(1).max(SKU_MAX) });
/** `skus=A,B` or `skus=A&skus=B`. */
export const itemPriceQuery = z.object({
  skus: z.preprocess(
    (v) =>
      (Array.isArray(v) ? v : [v])
        .flatMap((s) => (typeof s === 'string' ? s.split(',') : []))
        .map((s) => s.trim())
        .filter(Boolean),
    z.array(z.string().max(SKU_MAX)).min(1).max(200),
  ),
});
export const itemPriceDto = z.object({
  items: z.array(
    z.object({ sku: z.string(), productId: z.string(), variantId: z.string().nullable(), price: z.number() }),
  ),
});

export const IMAGES_MAX = 30;
const imageUrl = z.string().trim().min(1).max(512);
/** `add-images/{productId}`: URLs answered by `POST /api/files`; `mainUrl` (one of the product's) becomes the main image. */
export const addImagesInput = z.object({
  urls: z.array(imageUrl).min(1).max(IMAGES_MAX),
  mainUrl: z.preprocess((v) => (v === '' ? undefined : v), imageUrl.optional()),
});
export const productIdParams = z.object({ productId: z.guid() });
/** `remove-product-images/{productId}?Urls=a,b` (or repeated). */
export const removeImagesQuery = z.object({
  Urls: z.preprocess(
    (v) =>
      (Array.isArray(v) ? v : v === undefined ? [] : [v])
        .flatMap((s) => (typeof s === 'string' ? s.split(',') : []))
        .map((s) => s.trim())
        .filter(Boolean),
    z.array(imageUrl).min(1).max(IMAGES_MAX),
  ),
});
