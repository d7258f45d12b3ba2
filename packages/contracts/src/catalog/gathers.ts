import { z } from 'zod';
import { ProductRegions } from '../constants.ts';
import { column, defineList, filter } from '../lists.ts';
import { atMost, NumberBounds } from '../numbers.ts';
import { bulkResult } from '../paging.ts';
import {
  actingUser,
  audit,
  emptyToNull,
  emptyToUndefined,
  guid,
  optionalGuid,
  optionalText,
  runTimes,
  trimmedOrUndefined,
  upperLetterCode,
} from './fields.ts';
import { SKU_MAX, SKU_PATTERN } from './products.ts';

/**
 * Gathered products (采集箱, domain §3.1): products found on a source platform, kept per tenant,
 * and claimed (copied) into the catalogue any number of times.
 *
 * Routes (all under `/api/catalog/gathers`, permission `Catalog.Gathers` unless said):
 * - `GET    /`                        list (`gatherList`) → `{ totalCount, items: GatherListItem[] }`
 * - `GET    /counts`                  counts per status under the same filters minus `status` → `{ total, capped, counts }`
 * - `GET    /export`                  the filtered, sorted list as .xlsx
 * - `GET    /gatherers`               who has gathered (for the filter) → `{ items: { id, name }[] }`
 * - `GET    /{id}`                    detail with the log → `GatherDetail`
 * - `POST   /`                        `.Create`: one product (`createGatherInput`, as the browser extension or a form sends it) → `GatherDetail`
 * - `DELETE /{id}`                    `.Delete` → 204
 * - `PUT    /{id}/set-as-claimed`     `.Update`: marks it claimed without copying (logged) → `GatherDetail`
 * - `PUT    /{id}/set-status`         `.Update`: `setGatherStatusInput` (NEW or IGNORED, logged) → `GatherDetail`
 * - `PUT    /{id}/add-log`            `.Update`: `addGatherLogInput` (a note) → `GatherLogDto`
 * - `POST   /{id}/claim`              `.Claim`: `claimGatherInput` → `ClaimResult` (one transaction)
 * - `POST   /bulk-claim`              `.Claim`: `bulkClaimInput` → `BulkResult` (one transaction per row)
 * - `POST   /bulk-delete`             `.Delete`: `bulkIdsInput` → `BulkResult`
 * - `POST   /by-urls`                 `.Create`: `gatherByUrlsInput` → `GatherBatchDto` (a background job gathers them)
 * - `GET    /batches`                 `.Create`: the user's recent batches (`pagedQuery`) → `{ totalCount, items: GatherBatchDto[] }`
 * - `GET    /batches/{batchId}`       `.Create`: poll a batch → `GatherBatchDto`
 * - `POST   /import`                  `.Create`: multipart `file`, a .json (an array of `gatherInput`) or an .xlsx
 *                                     like the template; valid rows are created, bad rows reported → `GatherImportResult`
 * - `GET    /import-template`         `.Create`: the .xlsx template
 */

/** Source platforms (domain §3.1 plus Amazon). */
export const GatherPlatforms = [
  '1688',
  'TAOBAO',
  'TMALL',
  'ALIEXPRESS',
  'SHOPEE',
  'LAZADA',
  'AMAZON',
  'OTHER',
] as const;
export type GatherPlatform = (typeof GatherPlatforms)[number];

export const GatherStatuses = ['NEW', 'CLAIMED', 'IGNORED'] as const;
export type GatherStatus = (typeof GatherStatuses)[number];

/** How an item came in. */
export const GatherOrigins = ['extension', 'manual', 'url', 'upload', 'seed'] as const;
export type GatherOrigin = (typeof GatherOrigins)[number];

/** What a log entry records. `Note` is the only one a user writes (add-log); the rest are written by the actions. */
export const GatherLogActions = ['Gathered', 'Claimed', 'MarkedClaimed', 'Ignored', 'Restored', 'Note'] as const;
export type GatherLogAction = (typeof GatherLogActions)[number];

/** The platform a source URL belongs to, by host; `OTHER` when unknown. */
export function platformOfUrl(url: string): GatherPlatform {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return 'OTHER';
  }
  const on = (domain: string) => host === domain || host.endsWith(`.${domain}`);
  if (on('1688.com')) return '1688';
  if (on('tmall.com')) return 'TMALL';
  if (on('taobao.com')) return 'TAOBAO';
  if (on('aliexpress.com') || on('aliexpress.us')) return 'ALIEXPRESS';
  if (host.includes('shopee.')) return 'SHOPEE';
  if (host.includes('lazada.')) return 'LAZADA';
  if (host.includes('amazon.')) return 'AMAZON';
  return 'OTHER';
}

export const GATHER_IMAGES_MAX = 30;
export const GATHER_SKUS_MAX = 500;
export const GATHER_ATTRIBUTES_MAX = 100;
/** A product's variants come from at most three options (domain §3.4), so a gathered SKU matrix has at most three. */
export const GATHER_OPTIONS_MAX = 3;
export const GATHER_URLS_MAX = 50;
export const GATHER_BULK_MAX = 100;

/**
 * Money as exact decimal text (at most 4 places), with its currency beside it. A number is
 * accepted on input (an extension may send one) and answered as text.
 */
export const DECIMAL_PATTERN = /^\d{1,14}(\.\d{1,4})?$/;
const money = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() : v),
    z.string({ error: message }).regex(DECIMAL_PATTERN, message).check(atMost(NumberBounds.unitPrice)),
  );
const optionalMoney = (message: string) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), money(message).nullable());

const httpUrl = (max: number) => z.url({ protocol: /^https?$/, error: 'Catalog::UrlFormat' }).max(max);
const optionalUrl = (max: number) => z.preprocess(emptyToNull, httpUrl(max).nullable());
const currency = upperLetterCode(3, 'Catalog::CurrencyFormat').default('CNY');

/** One row of the SKU matrix: the option values (`{ Color: 'Red', Size: 'M' }`), price, stock, image. */
export const gatherSkuInput = z.object({
  /** The source's own SKU id, when the page shows one. */
  sourceSkuId: optionalText(64),
  options: z.record(z.string().trim().min(1).max(64), z.string().trim().min(1).max(128)),
  price: money('Catalog::Gather:PriceFormat'),
  stock: z.preprocess(emptyToNull, z.number().int().min(0).max(1_000_000_000).nullable()).default(null),
  image: optionalUrl(1000).default(null),
});
export type GatherSkuInput = z.infer<typeof gatherSkuInput>;

/** A source spec-sheet line (becomes a specification of the claimed product). */
export const gatherAttributeInput = z.object({
  name: z.string().trim().min(1).max(64),
  value: z.preprocess((v) => v ?? '', z.string().trim().max(255)),
});

/**
 * One gathered product, as the browser extension posts it, a JSON upload holds it or the URL
 * job's parser makes it. Rules beyond the members':
 * - every SKU names the same options (at most three), and no two SKUs have the same values
 *   (`skus.<i>.options`);
 * - `priceMin` is required without SKUs; with SKUs, absent prices are the SKUs' lowest and highest;
 * - `priceMax` is not below `priceMin` (`priceMax`);
 * - `sourcePlatform` absent → from the URL's host; `sourceItemId` absent → from the URL where the
 *   platform's pattern finds it.
 */
export const gatherFields = z.object({
  sourcePlatform: z.preprocess(
    emptyToUndefined,
    z.enum(GatherPlatforms, { error: 'Catalog::OptionInvalid' }).optional(),
  ),
  sourceUrl: z
    .string({ error: 'Catalog::Gather:UrlRequired' })
    .trim()
    .min(1, 'Catalog::Gather:UrlRequired')
    .pipe(httpUrl(1000)),
  sourceItemId: z.preprocess(trimmedOrUndefined, z.string().max(64).optional()),
  title: z.string({ error: 'Catalog::Gather:TitleRequired' }).trim().min(1, 'Catalog::Gather:TitleRequired').max(500),
  descriptionHtml: optionalText(100_000).default(null),
  /** Main image first, then the gallery. */
  images: z.array(httpUrl(1000)).max(GATHER_IMAGES_MAX).default([]),
  priceMin: optionalMoney('Catalog::Gather:PriceFormat').default(null),
  priceMax: optionalMoney('Catalog::Gather:PriceFormat').default(null),
  currency,
  skus: z.array(gatherSkuInput).max(GATHER_SKUS_MAX).default([]),
  attributes: z.array(gatherAttributeInput).max(GATHER_ATTRIBUTES_MAX).default([]),
  supplierName: optionalText(255).default(null),
  supplierShopUrl: optionalUrl(1000).default(null),
});

const dec = (s: string) => Number(s);

/** Spec-sheet names that state the weight (Chinese and English, any case). */
const WEIGHT_NAME = /^(商品|产品|包装|单品)?(毛|净)?重(量)?$|^(gross |net |item |package |product |shipping )?weight$/i;
const GRAMS_PER: Record<string, number> = {
  g: 1,
  克: 1,
  kg: 1000,
  千克: 1000,
  公斤: 1000,
  斤: 500,
  lb: 453.592,
  lbs: 453.592,
  oz: 28.3495,
};

/**
 * The weight in whole grams a source's spec sheet states ("重量: 0.25kg", "Weight: 250 g",
 * "毛重 1.2千克"), the first one that reads as one; null when none does.
 */
export function sourceWeightG(attributes: readonly { name: string; value: string }[]): number | null {
  for (const a of attributes) {
    if (!WEIGHT_NAME.test(a.name.trim())) continue;
    const m = /^(\d+(?:\.\d+)?)\s*(kg|g|千克|公斤|克|斤|lbs?|oz)(?![a-z])/i.exec(a.value.trim().replace(/,/g, ''));
    if (!m) continue;
    const grams = Math.round(Number(m[1]) * GRAMS_PER[m[2].toLowerCase()]);
    if (grams >= 1 && grams <= 10_000_000) return grams;
  }
  return null;
}

/** The cross-member rules of `gatherFields` (see there); exported so a form can reuse them. */
export function checkGather(
  v: z.infer<typeof gatherFields>,
  ctx: { addIssue: (issue: { code: 'custom'; path: PropertyKey[]; message: string }) => void },
) {
  const first = v.skus[0] ? Object.keys(v.skus[0].options) : [];
  if (first.length > GATHER_OPTIONS_MAX) {
    ctx.addIssue({ code: 'custom', path: ['skus', 0, 'options'], message: 'Catalog::Gather:TooManyOptions' });
  }
  const names = [...first].sort().join('\u0000');
  const seen = new Set<string>();
  for (const [i, sku] of v.skus.entries()) {
    const keys = Object.keys(sku.options);
    if (keys.length === 0 || [...keys].sort().join('\u0000') !== names) {
      ctx.addIssue({ code: 'custom', path: ['skus', i, 'options'], message: 'Catalog::Gather:SkuOptionsMismatch' });
      continue;
    }
    const combo = first.map((k) => sku.options[k].toLowerCase()).join('\u0000');
    if (seen.has(combo)) {
      ctx.addIssue({ code: 'custom', path: ['skus', i, 'options'], message: 'Catalog::Gather:SkuDuplicate' });
    }
    seen.add(combo);
  }
  if (v.skus.length === 0 && v.priceMin === null) {
    ctx.addIssue({ code: 'custom', path: ['priceMin'], message: 'Catalog::Gather:PriceRequired' });
  }
  if (v.priceMin !== null && v.priceMax !== null && dec(v.priceMax) < dec(v.priceMin)) {
    ctx.addIssue({ code: 'custom', path: ['priceMax'], message: 'Catalog::Gather:PriceRange' });
  }
}

export const gatherInput = gatherFields.superRefine(checkGather);
export type GatherInput = z.infer<typeof gatherInput>;

/** `POST /api/catalog/gathers`: a product, and whether the extension (default) or a form in the web app sends it. */
export const createGatherInput = gatherFields
  .extend({ origin: z.enum(['extension', 'manual'], { error: 'Catalog::OptionInvalid' }).default('extension') })
  .superRefine(checkGather);
export type CreateGatherInput = z.infer<typeof createGatherInput>;

export const gatherSkuDto = z.object({
  sourceSkuId: z.string().nullable(),
  options: z.record(z.string(), z.string()),
  price: z.string(),
  stock: z.number().int().nullable(),
  image: z.string().nullable(),
});
export type GatherSkuDto = z.infer<typeof gatherSkuDto>;

export const gatherLogDto = z.object({
  id: z.string(),
  action: z.enum(GatherLogActions),
  /** The user's note, or what the action adds (e.g. the images a claim could not copy). */
  text: z.string().nullable(),
  /** For `Claimed`: the product made. */
  productId: z.string().nullable(),
  productSku: z.string().nullable(),
  ...actingUser,
  creationTime: z.date(),
});
export type GatherLogDto = z.infer<typeof gatherLogDto>;

export const gatherDto = z.object({
  id: z.string(),
  sourcePlatform: z.enum(GatherPlatforms),
  sourceUrl: z.string(),
  sourceItemId: z.string().nullable(),
  title: z.string(),
  descriptionHtml: z.string().nullable(),
  images: z.array(z.string()),
  /** The first image, or null. */
  mainImage: z.string().nullable(),
  priceMin: z.string(),
  priceMax: z.string(),
  currency: z.string(),
  skus: z.array(gatherSkuDto),
  /** The option names of the SKU matrix, in order. */
  optionNames: z.array(z.string()),
  attributes: z.array(z.object({ name: z.string(), value: z.string() })),
  supplierName: z.string().nullable(),
  supplierShopUrl: z.string().nullable(),
  status: z.enum(GatherStatuses),
  claimCount: z.number().int(),
  origin: z.enum(GatherOrigins),
  gathererId: z.string().nullable(),
  gathererName: z.string().nullable(),
  gatheredAt: z.date(),
  /** The weight in grams the source states (`sourceWeightG` of its spec sheet), null when it says none. */
  sourceWeightG: z.number().int().nullable(),
  ...audit,
});
export type GatherDto = z.infer<typeof gatherDto>;

/** A list row: the item without its description, SKU rows and attributes (the detail has them). */
export const gatherListItem = gatherDto
  .omit({ descriptionHtml: true, skus: true, attributes: true, sourceWeightG: true })
  .extend({ skuCount: z.number().int() });
export type GatherListItem = z.infer<typeof gatherListItem>;

/** The detail: the item and its log, newest entry first (at most the latest 200). */
export const gatherDetailDto = gatherDto.extend({ logs: z.array(gatherLogDto) });
export type GatherDetailDto = z.infer<typeof gatherDetailDto>;

/**
 * The gathered products list (`/api/catalog/gathers`): status tabs with their counts (`/counts`),
 * the keyword (title, source URL, item id, supplier name), the platform, gatherer and the days
 * gathered (`gatheredFrom`…`gatheredTo`, inclusive days in the tenant's time zone, or instants).
 */
export const gatherList = defineList({
  texts: 'Catalog',
  exportName: 'GatherPage:Title',
  search: 'GatherPage:KeywordPlaceholder',
  filters: {
    platform: filter.enum(GatherPlatforms, { label: 'GatherPage:Column:Platform', texts: 'GatherPage:Platform:' }),
    gathererId: filter.ref('Gatherer', {
      label: 'GatherPage:Column:Gatherer',
      options: '/api/catalog/gathers/gatherers',
    }),
    gathered: filter.dateRange('gatheredFrom', 'gatheredTo', { label: 'GatherPage:Column:GatheredAt' }),
  },
  tabs: { member: 'status', values: GatherStatuses, texts: 'GatherPage:Status:' },
  columns: {
    mainImage: column.text({ header: 'GatherPage:Column:Image', noExport: true, width: 72 }),
    title: column.text({ header: 'GatherPage:Column:Title', sort: true, width: 260 }),
    sourceUrl: column.text({ header: 'GatherPage:Column:SourceUrl', exportOnly: true, width: 320 }),
    sourcePlatform: column.enum(GatherPlatforms, {
      header: 'GatherPage:Column:Platform',
      texts: 'GatherPage:Platform:',
      sort: true,
    }),
    currency: column.text({ header: 'Gather:Column:currency', exportOnly: true, width: 64 }),
    priceMin: column.money('currency', { header: 'GatherPage:Column:Price', sort: true, width: 150 }),
    skuCount: column.quantity({ header: 'GatherPage:Column:SkuCount', width: 80 }),
    supplierName: column.text({ header: 'GatherPage:Column:Supplier', width: 140 }),
    status: column.enum(GatherStatuses, {
      header: 'GatherPage:Column:Status',
      texts: 'GatherPage:Status:',
      sort: true,
    }),
    claimCount: column.quantity({ header: 'GatherPage:Column:ClaimCount', sort: true, width: 90 }),
    gathererName: column.text({ header: 'GatherPage:Column:Gatherer', width: 110 }),
    gatheredAt: column.dateTime({ header: 'GatherPage:Column:GatheredAt', sort: true, width: 150 }),
  },
  defaultSort: 'gatheredAt desc',
});
export type GatherListQuery = z.infer<typeof gatherList.query>;

export const gatherersDto = z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })) });

export const gatherIdParams = z.object({ id: z.guid() });

export const addGatherLogInput = z.object({
  text: z
    .string({ error: 'Catalog::Gather:LogTextRequired' })
    .trim()
    .min(1, 'Catalog::Gather:LogTextRequired')
    .max(1000),
});
export type AddGatherLogInput = z.infer<typeof addGatherLogInput>;

/** `set-status`: back to NEW or IGNORED (CLAIMED is reached by claiming or `set-as-claimed`), with an optional note. */
export const setGatherStatusInput = z.object({
  status: z.enum(['NEW', 'IGNORED'], { error: 'Catalog::OptionInvalid' }),
  text: optionalText(1000).default(null),
});
export type SetGatherStatusInput = z.infer<typeof setGatherStatusInput>;

/** `set-as-claimed`: an optional note. */
export const setAsClaimedInput = z.object({ text: optionalText(1000).default(null) }).default({ text: null });

/**
 * What a claim needs that the source does not say. The product gets: name = the title (cut to
 * 255), description = the source's description (or the title), price = `priceMin`, variants from
 * the SKU matrix (options become purchase attributes and values, found by name or created;
 * each variant's price and image from its SKU row), specifications from the attributes, images
 * copied into the files store, resource `collected`, and a vendor link to the supplier (found by
 * name or created) with the source URL, `priceMin` as purchase price and the item's currency.
 * `sku` absent → generated by the tenant's SKU pattern with `skuPrefix` and the first category.
 */
export const claimOptions = z.object({
  categoryIds: z
    .array(guid, { error: 'Catalog::Product:CategoryRequired' })
    .min(1, 'Catalog::Product:CategoryRequired')
    .max(20),
  brandId: optionalGuid.default(null),
  region: z.enum(ProductRegions, { error: 'Catalog::OptionInvalid' }).default('GLOBAL'),
  skuPrefix: z
    .string()
    .trim()
    .toUpperCase()
    .min(1)
    .max(SKU_MAX - 10)
    .regex(/^[A-Z0-9-]+$/, 'Catalog::SkuFormat')
    .default('G'),
  /** An existing supplier to link instead of finding or creating one by the item's supplier name. */
  supplierId: optionalGuid.default(null),
  /**
   * The product's weight in grams where the source states none (`sourceWeightG`); the source's
   * stated weight wins. A claim of an item without either is refused, naming `weightG`.
   */
  weightG: z
    .preprocess(
      emptyToNull,
      z
        .number({ error: 'Catalog::Gather:WeightRequired' })
        .int('Catalog::Gather:WeightRequired')
        .min(1, 'Catalog::Gather:WeightRequired')
        .max(10_000_000)
        .nullable(),
    )
    .default(null),
});
export const claimGatherInput = claimOptions.extend({
  sku: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : emptyToUndefined(v)),
    z.string().max(SKU_MAX).regex(SKU_PATTERN, 'Catalog::SkuFormat').optional(),
  ),
  /** The product's name instead of the title. */
  name: z.preprocess(trimmedOrUndefined, z.string().min(3, 'Catalog::Product:NameMinLength').max(255).optional()),
});
export type ClaimGatherInput = z.infer<typeof claimGatherInput>;

export const claimResultDto = z.object({
  gatherId: z.string(),
  productId: z.string(),
  sku: z.string(),
  variantCount: z.number().int(),
  supplierId: z.string(),
  vendorId: z.string(),
  imagesCopied: z.number().int(),
  /** Image URLs that could not be fetched (the claim goes on without them; the log says which). */
  imagesSkipped: z.array(z.string()),
  claimCount: z.number().int(),
});
export type ClaimResultDto = z.infer<typeof claimResultDto>;

const ids = z
  .array(z.guid(), { error: 'Catalog::IdRequired' })
  .min(1, 'Catalog::IdRequired')
  .max(GATHER_BULK_MAX)
  .transform((list) => [...new Set(list)]);

export const bulkIdsInput = z.object({ ids });
export const bulkClaimInput = claimOptions.extend({ ids });
export type BulkClaimInput = z.infer<typeof bulkClaimInput>;

/** Per-row result of a bulk action, in the order of the ids; `error` is localized text. */
export const bulkResultDto = bulkResult({
  id: z.string(),
  /** Claims: the product made. */
  productId: z.string().nullable(),
  sku: z.string().nullable(),
});
export type BulkResultDto = z.infer<typeof bulkResultDto>;

/** `by-urls`: one to fifty http(s) URLs (duplicates dropped); a blank line is skipped. */
export const gatherByUrlsInput = z.object({
  urls: z
    .array(z.string())
    .transform((list) => [...new Set(list.map((u) => u.trim()).filter(Boolean))])
    .pipe(
      z
        .array(z.string().max(1000).pipe(httpUrl(1000)))
        .min(1, 'Catalog::Gather:UrlRequired')
        .max(GATHER_URLS_MAX, 'Catalog::Gather:TooManyUrls'),
    ),
});
export type GatherByUrlsInput = z.infer<typeof gatherByUrlsInput>;

export const GatherBatchStatuses = ['Queued', 'Running', 'Completed'] as const;
export const GatherRowStatuses = ['Pending', 'Succeeded', 'Failed'] as const;

export const gatherBatchRowDto = z.object({
  index: z.number().int(),
  url: z.string(),
  status: z.enum(GatherRowStatuses),
  gatherId: z.string().nullable(),
  /** Localized text of why it failed ("page not found", "no product found on the page"…). */
  error: z.string().nullable(),
});
export const gatherBatchDto = z.object({
  id: z.string(),
  status: z.enum(GatherBatchStatuses),
  total: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  rows: z.array(gatherBatchRowDto),
  creatorId: z.string().nullable(),
  ...runTimes,
});
export type GatherBatchDto = z.infer<typeof gatherBatchDto>;
/** The caller's own batches (`/api/catalog/gathers/batches`, its `/export`), newest first. */
export const gatherBatchList = defineList({
  texts: 'Catalog',
  exportName: 'GatherPage:Batches:Title',
  filters: {},
  columns: {
    status: column.enum(GatherBatchStatuses, { header: 'GatherPage:Batch:Status', texts: 'GatherPage:Batch:Status:' }),
    total: column.quantity({ header: 'GatherPage:Batch:Total' }),
    succeeded: column.quantity({ header: 'GatherPage:Batch:Succeeded' }),
    failed: column.quantity({ header: 'GatherPage:Batch:Failed' }),
    creationTime: column.dateTime({ header: 'GatherPage:Batch:CreationTime', sort: true }),
    completionTime: column.dateTime({ header: 'GatherPage:Batch:CompletionTime' }),
  },
  defaultSort: 'creationTime desc',
});
export const gatherBatchParams = z.object({ batchId: z.guid() });

/**
 * The upload's answer. Rows are checked one by one: valid rows are created, bad rows are
 * reported and not created (never half an item). `row`: the JSON array's index (from 1) or the
 * sheet's first row of the item; `field`: the member or column.
 */
export const gatherImportResult = z.object({
  total: z.number().int(),
  created: z.number().int(),
  ids: z.array(z.string()),
  errors: z.array(z.object({ row: z.number().int(), field: z.string(), message: z.string() })),
});
export type GatherImportResult = z.infer<typeof gatherImportResult>;

export const GATHER_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const GATHER_IMPORT_MAX_ITEMS = 500;

/**
 * The .xlsx upload: the first sheet, a header row, then one row per SKU (or one row for an item
 * without SKUs). Consecutive rows with the same `sourceUrl` are one item; its item members are read
 * from its first row. Headers are the template's (either language) or these keys. `images`: URLs
 * separated by line breaks, spaces or commas; `attributes`: `name: value` lines (or `;`-separated).
 */
export const GatherSheetColumns = [
  'sourceUrl',
  'sourcePlatform',
  'sourceItemId',
  'title',
  'currency',
  'priceMin',
  'priceMax',
  'images',
  'supplierName',
  'supplierShopUrl',
  'attributes',
  'descriptionHtml',
  'option1Name',
  'option1Value',
  'option2Name',
  'option2Value',
  'option3Name',
  'option3Value',
  'skuPrice',
  'skuStock',
  'skuImage',
  'sourceSkuId',
] as const;
