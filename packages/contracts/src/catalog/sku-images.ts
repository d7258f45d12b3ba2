import { z } from 'zod';
import { listResult, pagedQuery } from '../paging.ts';
import { emptyToUndefined, guid, runTimes } from './fields.ts';
import { pmsStatus, SKU_MAX, SKU_PATTERN } from './products.ts';

/**
 * SKU image export: a ZIP of the images of chosen products or SKUs, named by SKU (`<SKU>.jpg`
 * for the main image, `<SKU>_2.jpg`… for the gallery), built by a background job.
 */

/** The background queue building the archives (the live hub names it in the user's job progress). */
export const SKU_IMAGE_EXPORT_QUEUE = 'catalog.sku-image-export';

export const SKU_IMAGE_EXPORT_PRODUCTS_MAX = 1000;
export const SKU_IMAGE_EXPORT_SKUS_MAX = 5000;
/** Products a list filter may select for one export. */
export const SKU_IMAGE_EXPORT_FILTER_MAX = 5000;
/** Exports listed per user (newest first). */
export const SKU_IMAGE_EXPORTS_LISTED = 50;

export const SkuImageExportStatuses = ['queued', 'running', 'completed', 'failed'] as const;
export type SkuImageExportStatus = (typeof SkuImageExportStatuses)[number];

const optionalBool = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : v === 'true' || v === true),
  z.boolean().optional(),
);

/** The product list's filter members an export may select by (in the list's own terms: `pmsStatus` a number here). */
export const skuImageExportFilter = z.object({
  filter: pagedQuery.shape.filter,
  categoryId: z.preprocess(emptyToUndefined, guid.optional()),
  brandId: z.preprocess(emptyToUndefined, guid.optional()),
  pmsStatus: z.preprocess(emptyToUndefined, z.coerce.number().pipe(pmsStatus).optional()),
  isActive: optionalBool,
  inStock: optionalBool,
});
export type SkuImageExportFilter = z.infer<typeof skuImageExportFilter>;

const sku = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().min(1).max(SKU_MAX).regex(SKU_PATTERN, 'Catalog::SkuFormat'));

/** One of: products by id, SKUs (products' or variants'), or the product list filter. */
export const skuImageExportInput = z
  .object({
    productIds: z.array(z.guid()).max(SKU_IMAGE_EXPORT_PRODUCTS_MAX).optional(),
    skus: z.array(sku).max(SKU_IMAGE_EXPORT_SKUS_MAX).optional(),
    filter: skuImageExportFilter.optional(),
  })
  .superRefine((v, ctx) => {
    const chosen = [v.productIds?.length, v.skus?.length, v.filter ? 1 : 0].filter(Boolean).length;
    if (chosen === 0) {
      ctx.addIssue({ code: 'custom', path: ['productIds'], message: 'Catalog::SkuImages:NothingChosen' });
    } else if (chosen > 1) {
      ctx.addIssue({ code: 'custom', path: ['productIds'], message: 'Catalog::SkuImages:OneSelection' });
    }
  });
export type SkuImageExportInput = z.infer<typeof skuImageExportInput>;

export const skuImageExportDto = z.object({
  id: z.string(),
  status: z.enum(SkuImageExportStatuses),
  /** Images to write (known once the job has resolved the selection; 0 before). */
  total: z.number().int(),
  done: z.number().int(),
  /** Selected SKUs that have no image (listed in the archive's `missing.txt`). */
  missing: z.number().int(),
  /** Size of the finished archive in bytes. */
  fileSize: z.number().int().nullable(),
  /** The archive's download name. */
  fileName: z.string(),
  /** What was selected, e.g. "3 products", for the list. */
  selection: z.object({
    kind: z.enum(['products', 'skus', 'filter']),
    count: z.number().int(),
  }),
  error: z.string().nullable(),
  creatorId: z.string().nullable(),
  ...runTimes,
});
export type SkuImageExportDto = z.infer<typeof skuImageExportDto>;

export const skuImageExportList = listResult(skuImageExportDto);
export type SkuImageExportList = z.infer<typeof skuImageExportList>;
