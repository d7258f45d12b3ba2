import { z } from 'zod';
import {
  PmsStatus,
  ProductRegions,
  ProductResources,
  ProductSalesTypes,
  ProductSpecialAttributes,
} from '../constants.ts';
import { column, defineList, filter } from '../lists.ts';
import { checkMoneyMembers, moneyUnitPriceOrNumber } from '../money.ts';
import { NumberBounds } from '../numbers.ts';
import {
  audit,
  commaList,
  emptyToNull,
  emptyToUndefined,
  guid,
  optionalGuid,
  optionalText,
  softDeletion,
  stamp,
} from './fields.ts';
import { namesDto } from './master-data.ts';

/** Request and response shapes of products and the recycle area (spec §5 form rules, domain §3.2). */

const optionalNumber = (max: number) => z.preprocess(emptyToNull, z.number().min(0).max(max).nullable());
const optionalInt = (max: number) => z.preprocess(emptyToNull, z.number().int().min(0).max(max).nullable());
export const pmsStatus = z
  .number()
  .int()
  .refine((n) => Object.values(PmsStatus).includes(n as never), 'Catalog::OptionInvalid');

/** SKU charset and length (domain §3.4): capitals, digits, single hyphens, at most 50 characters. */
export const SKU_PATTERN = /^[A-Z0-9]+(-[A-Z0-9]+)*$/;
export const SKU_MAX = 50;

/** Required text with the spec's own message for "missing" (spec §5). */
const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true }).max(max);

/** A required choice or date: absent, null or '' get the spec's "missing" message, other bad values the usual one. */
const missingAs = (message: string, invalid?: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? message : invalid),
});
/** An ISO 4217 code, small letters taken as capitals (not trimmed, as the form sends it). */
const currencyCode = z
  .string()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Catalog::CurrencyFormat');
const requiredDate = z.preprocess(emptyToUndefined, z.iso.date(missingAs('Catalog::Product:DateRequired')));
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const SPECIFICATIONS_MAX = 50;
/** One spec sheet line: a name and its value (may be empty). */
export const specificationInput = z.object({
  name: z.string().trim().min(1).max(64),
  value: z.preprocess((v) => v ?? '', z.string().trim().max(255)),
});
/** Spec sheet lines, names unique within the product (a line is kept by its name on update). */
const specifications = z
  .array(specificationInput)
  .max(SPECIFICATIONS_MAX)
  .default([])
  .superRefine((rows, ctx) => {
    const seen = new Set<string>();
    for (const [i, row] of rows.entries()) {
      if (seen.has(row.name)) {
        ctx.addIssue({ code: 'custom', path: [i, 'name'], message: 'Catalog::Product:SpecificationDuplicate' });
      }
      seen.add(row.name);
    }
  });

/**
 * Per-variant values set on save, for the variant whose value combination is `valueIds`; absent
 * fields are left as they are. `sku`: the variant's own SKU (same rules as the parent's), or null
 * (or '') to follow the parent, `{parent}-{code1}[-{code2}]`. `weight`: null follows the product's.
 */
export const variantOverride = z.object({
  valueIds: z.array(guid).min(1).max(3),
  sku: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim() || null : v),
      z.string().toUpperCase().max(SKU_MAX).regex(SKU_PATTERN, 'Catalog::SkuFormat').nullable(),
    )
    .optional(),
  /** In the product's `priceCurrency`. */
  price: moneyUnitPriceOrNumber().optional(),
  weight: z.number().int().min(0).max(10_000_000).nullable().optional(),
  length: z.number().min(0).max(NumberBounds.centimetres).nullable().optional(),
  width: z.number().min(0).max(NumberBounds.centimetres).nullable().optional(),
  height: z.number().min(0).max(NumberBounds.centimetres).nullable().optional(),
  image: z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(512).nullable().optional()),
});
export type VariantOverride = z.infer<typeof variantOverride>;

/** Who a product's people are (its developer, purchaser, art designer), each as `person` states it. */
const productPeople = <T>(person: T) => ({ developer: person, purchaser: person, artDesigner: person });

/** The product's members without the cross-field rule (a form may replace a member, then add `datesInOrder`). */
export const productFields = z.object({
  name: required('Catalog::Product:NameRequired', 255).min(3, 'Catalog::Product:NameMinLength'),
  nameEn: optionalText(255),
  sku: required('Catalog::Product:SkuRequired', SKU_MAX).toUpperCase().regex(SKU_PATTERN, 'Catalog::SkuFormat'),
  categoryIds: z
    .array(guid, { error: 'Catalog::Product:CategoryRequired' })
    .min(1, 'Catalog::Product:CategoryRequired')
    .max(20),
  brandId: optionalGuid,
  description: required('Catalog::Product:DescriptionRequired', 20000),
  /** Decimal text (a JSON number is taken as its text), to `priceCurrency`'s minor units. */
  price: moneyUnitPriceOrNumber({ formatMessage: 'Catalog::Product:PriceRequired' }),
  /**
   * The currency of the price and its variants' prices (what one unit costs when no supplier link
   * says otherwise); omitted: the tenant's accounting currency on create, unchanged on update.
   */
  priceCurrency: z.preprocess(emptyToUndefined, currencyCode.optional()),
  inStock: z.boolean().default(false),
  ...productPeople(optionalText(64)),
  weight: optionalInt(10_000_000),
  length: optionalNumber(NumberBounds.centimetres),
  width: optionalNumber(NumberBounds.centimetres),
  height: optionalNumber(NumberBounds.centimetres),
  packageWeight: optionalInt(10_000_000),
  packageLength: optionalNumber(NumberBounds.centimetres),
  packageWidth: optionalNumber(NumberBounds.centimetres),
  packageHeight: optionalNumber(NumberBounds.centimetres),
  declaredNameCn: optionalText(255),
  declaredNameEn: optionalText(255),
  /** Money in `declaredCurrency` (a JSON number is taken as its text). */
  declaredValue: z.preprocess(emptyToNull, moneyUnitPriceOrNumber().nullable()),
  declaredCurrency: z.preprocess(emptyToNull, currencyCode.nullable()),
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
  region: z.preprocess(
    emptyToUndefined,
    z.enum(ProductRegions, missingAs('Catalog::Product:RegionRequired', 'Catalog::OptionInvalid')),
  ),
  developmentDate: requiredDate,
  launchDate: requiredDate,
  salesTypes: z.preprocess(
    emptyToUndefined,
    z
      .array(z.enum(ProductSalesTypes, { error: 'Catalog::OptionInvalid' }), missingAs('Catalog::Product:TypeRequired'))
      .min(1, 'Catalog::Product:TypeRequired')
      .max(ProductSalesTypes.length),
  ),
  resource: z.preprocess(
    emptyToUndefined,
    z.enum(ProductResources, missingAs('Catalog::Product:ResourceRequired', 'Catalog::OptionInvalid')),
  ),
  /** Chosen options of the tenant's screening attributes. */
  screenValues: z
    .array(z.object({ attributeId: guid, optionIds: z.array(guid).max(100) }))
    .max(50)
    .default([]),
  specifications,
  detailContent: optionalText(100_000),
  variants: z.array(variantOverride).max(1000).optional(),
});

/** Spec §5: launch on or after development; checked once both are dates, on the launch date. */
export const datesInOrder = {
  path: ['launchDate'],
  error: 'Catalog::Product:LaunchBeforeDevelopment',
  when: ({ value }: { value: unknown }) => {
    const v = value as { developmentDate?: unknown; launchDate?: unknown } | undefined;
    return ISO_DATE.test(String(v?.developmentDate)) && ISO_DATE.test(String(v?.launchDate));
  },
};
export const inOrder = (p: { developmentDate: string; launchDate: string }) => p.launchDate >= p.developmentDate;

/** The price and the variants' prices to the minor units of `priceCurrency` (when given; else the server checks). */
export const pricesInCurrency = (p: unknown, ctx: z.RefinementCtx) => {
  checkMoneyMembers(p, { currency: 'priceCurrency', amounts: ['price', 'variants.*.price'] }, ctx);
  checkMoneyMembers(p, { currency: 'declaredCurrency', amounts: ['declaredValue'] }, ctx);
};

export const productInput = productFields.refine(inOrder, datesInOrder).superRefine(pricesInCurrency);
export type ProductInput = z.infer<typeof productInput>;
export const productUpdateInput = productFields
  .extend(stamp)
  .refine(inOrder, datesInOrder)
  .superRefine(pricesInCurrency);
export type ProductUpdateInput = z.infer<typeof productUpdateInput>;

/** Weight (g) and sides (cm) of a product or a variant, null when not known. */
const measures = {
  weight: z.number().nullable(),
  length: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
};

/** A variant; `weight` null follows the product's weight. */
export const variantDto = z.object({
  id: z.string(),
  productId: z.string(),
  sku: z.string(),
  valueIds: z.array(z.string()),
  label: z.string(),
  /** In the product's `priceCurrency`. */
  price: z.string(),
  ...measures,
  image: z.string().nullable(),
  sort: z.number().int(),
});
export type VariantDto = z.infer<typeof variantDto>;

export const specificationDto = z.object({
  id: z.string(),
  name: z.string(),
  value: z.string(),
  sort: z.number().int(),
});
export type SpecificationDto = z.infer<typeof specificationDto>;

export const productDto = z.object({
  id: z.string(),
  sku: z.string(),
  ...namesDto,
  categoryIds: z.array(z.string()),
  brandId: z.string().nullable(),
  description: z.string(),
  price: z.string(),
  priceCurrency: z.string(),
  pmsStatus: z.number().int(),
  isActive: z.boolean(),
  inStock: z.boolean(),
  ...productPeople(z.string().nullable()),
  ...measures,
  packageWeight: z.number().nullable(),
  packageLength: z.number().nullable(),
  packageWidth: z.number().nullable(),
  packageHeight: z.number().nullable(),
  declaredNameCn: z.string().nullable(),
  declaredNameEn: z.string().nullable(),
  declaredValue: z.string().nullable(),
  declaredCurrency: z.string().nullable(),
  hsCode: z.string().nullable(),
  specialAttributes: z.array(z.string()),
  variantOptions: z.array(z.object({ attributeId: z.string(), valueIds: z.array(z.string()) })),
  region: z.string().nullable(),
  developmentDate: z.string().nullable(),
  launchDate: z.string().nullable(),
  salesTypes: z.array(z.string()),
  resource: z.string().nullable(),
  screenValues: z.array(z.object({ attributeId: z.string(), optionIds: z.array(z.string()) })),
  specifications: z.array(specificationDto),
  detailContent: z.string().nullable(),
  variants: z.array(variantDto),
  /** The main image's URL and every image's (main first, then the gallery in order). */
  mainImage: z.string().nullable(),
  images: z.array(z.string()),
  ...softDeletion,
  ...audit,
});
export type ProductDto = z.infer<typeof productDto>;

const pmsStatusValues = Object.values(PmsStatus).map(String);

/**
 * The product list (`/api/catalog/products`): the search over SKU and names, the filters, the
 * columns of the page and of the export (English name, variant SKUs, weight and HS code only
 * in the export).
 */
export const productList = defineList({
  texts: 'Catalog',
  exportName: 'Products',
  search: 'ProductSearch',
  filters: {
    categoryId: filter.ref('Category', { label: 'DisplayName:Categories', options: '/api/catalog/categories/all' }),
    brandId: filter.ref('Brand', { label: 'DisplayName:Brand', options: '/api/catalog/brands/all' }),
    pmsStatus: filter.enum(pmsStatusValues, { label: 'DisplayName:PmsStatus', texts: 'PmsStatus:' }),
    isActive: filter.bool({ label: 'DisplayName:IsActive' }),
    inStock: filter.bool({ label: 'DisplayName:InStock' }),
    developer: filter.text(64, { label: 'DisplayName:Developer' }),
    purchaser: filter.text(64, { label: 'DisplayName:Purchaser' }),
    created: filter.dateRange('createdFrom', 'createdTo', { label: 'DisplayName:CreationTime' }),
  },
  columns: {
    sku: column.text({ header: 'DisplayName:Sku', sort: true, width: 130 }),
    name: column.text({ header: 'DisplayName:ProductName', sort: true }),
    nameEn: column.text({ header: 'NameEn', exportOnly: true, width: 256 }),
    categoryIds: column.text({ header: 'DisplayName:Categories', noExport: true, width: 100 }),
    brandId: column.text({ header: 'DisplayName:Brand', noExport: true, hidden: true, width: 100 }),
    region: column.text({ header: 'DisplayName:Region', noExport: true, hidden: true }),
    price: column.money('priceCurrency', { header: 'DisplayName:Price', sort: true, width: 90 }),
    variantCount: column.quantity({ header: 'Variants', noExport: true, width: 80 }),
    pmsStatus: column.enum(pmsStatusValues, { header: 'DisplayName:PmsStatus', texts: 'PmsStatus:', sort: true }),
    isActive: column.bool({ header: 'DisplayName:IsActive', sort: true, width: 80 }),
    variantSkus: column.text({ header: 'Variants', exportOnly: true, width: 320 }),
    inStock: column.bool({ header: 'DisplayName:InStock', hidden: true, noExport: true, width: 80 }),
    developer: column.text({ header: 'DisplayName:Developer', hidden: true, noExport: true, width: 110 }),
    purchaser: column.text({ header: 'DisplayName:Purchaser', hidden: true, noExport: true, width: 110 }),
    weight: column.quantity({ header: 'DisplayName:Weight', exportOnly: true, width: 80 }),
    hsCode: column.text({ header: 'DisplayName:HsCode', exportOnly: true, width: 96 }),
    creationTime: column.dateTime({ header: 'DisplayName:CreationTime', sort: true, width: 150 }),
  },
  defaultSort: 'creationTime desc',
});
export type ProductListQuery = z.infer<typeof productList.query>;

/** The recycle area's products (`/api/catalog/recycle/products`, its `/export`): searched as the list is, latest deleted first. */
export const productRecycleList = defineList({
  texts: 'Catalog',
  exportName: 'RecycledProducts',
  search: 'ProductSearch',
  filters: {},
  columns: {
    sku: column.text({ header: 'DisplayName:Sku', sort: true, width: 130 }),
    name: column.text({ header: 'DisplayName:ProductName', sort: true }),
    price: column.money('priceCurrency', { header: 'DisplayName:Price', sort: true, width: 110 }),
    deletionTime: column.dateTime({ header: 'DisplayName:DeletionTime', sort: true, width: 160 }),
  },
  defaultSort: 'deletionTime desc',
});
export const productRecycleQuery = productRecycleList.query;
export type ProductRecycleQuery = z.infer<typeof productRecycleQuery>;

/** A row of the product list and the recycle area: what the tables show, not the whole record. */
export const productListItem = productDto
  .pick({
    id: true,
    sku: true,
    name: true,
    nameEn: true,
    categoryIds: true,
    brandId: true,
    price: true,
    priceCurrency: true,
    pmsStatus: true,
    isActive: true,
    inStock: true,
    developer: true,
    purchaser: true,
    artDesigner: true,
    region: true,
    mainImage: true,
    creationTime: true,
    lastModificationTime: true,
    concurrencyStamp: true,
    isDeleted: true,
    deletionTime: true,
  })
  .extend({ variantCount: z.number().int() });
export type ProductListItem = z.infer<typeof productListItem>;

/** Spec §5: a call without its `id` is a client error naming the field. */
export const approveInput = z.object({
  id: z.guid({ error: 'Catalog::IdRequired' }),
  pmsStatus,
  ...stamp,
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
  /** Fills the pattern's `{category}` with this category's code. */
  categoryId: z.preprocess(emptyToUndefined, guid.optional()),
});
export const bySkuQuery = z.object({ sku: z.string().trim().min(1).max(SKU_MAX) });
/** `skus=A,B` or `skus=A&skus=B`. */
export const itemPriceQuery = z.object({
  skus: z.preprocess(commaList, z.array(z.string().max(SKU_MAX)).min(1).max(200)),
});
export const itemPriceDto = z.object({
  items: z.array(
    z.object({
      sku: z.string(),
      productId: z.string(),
      variantId: z.string().nullable(),
      price: z.string(),
      currency: z.string(),
    }),
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
  Urls: z.preprocess(commaList, z.array(imageUrl).min(1).max(IMAGES_MAX)),
});
