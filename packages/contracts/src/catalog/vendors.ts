import { z } from 'zod';
import { column, defineList } from '../lists.ts';
import { compareDecimal, NumberBounds, unitPrice } from '../numbers.ts';
import { audit, commaList, emptyToNull, optionalText, softDeletion, stamp, upperLetterCode } from './fields.ts';

/** Request and response shapes of product vendors (domain §3.5) and their half of the recycle area. */

const requiredGuid = (error: string) => z.guid({ error });

/**
 * A supplier's unit cost: decimal text to 4 places whatever the currency (costs of cheap parts, as
 * a purchase line's unit price); the vendor form's JSON number is taken as its text.
 */
const isDecimal = (v: unknown): v is string => typeof v === 'string' && /^\d{1,20}(\.\d{1,4})?$/.test(v);

const unitCost = (message?: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
    unitPrice({ scale: 4, ...(message ? { formatMessage: message } : {}) }),
  );

export const TIERS_MAX = 10;

/** Quantity steps: strictly ascending quantities, unit prices never above the step before. */
const tiers = z
  .array(
    z.object({
      minQty: z.number().int().min(1).max(NumberBounds.quantity),
      unitPrice: unitCost(),
    }),
  )
  .max(TIERS_MAX)
  .default([])
  .superRefine((rows, ctx) => {
    for (let i = 1; i < rows.length; i++) {
      if (rows[i].minQty <= rows[i - 1].minQty) {
        ctx.addIssue({ code: 'custom', path: [i, 'minQty'], message: 'Catalog::TierQuantityAscending' });
      }
      const [price, before] = [rows[i].unitPrice, rows[i - 1].unitPrice];
      // a malformed price is refused on its own member; compared only when both are decimals
      if (isDecimal(price) && isDecimal(before) && compareDecimal(price, before) > 0) {
        ctx.addIssue({ code: 'custom', path: [i, 'unitPrice'], message: 'Catalog::TierPriceDescending' });
      }
    }
  });

const vendorFields = {
  url: z.preprocess(
    emptyToNull,
    z
      .url({ protocol: /^https?$/, error: 'Catalog::UrlFormat' })
      .max(1024)
      .nullable(),
  ),
  purchasePrice: unitCost('Catalog::PurchasePriceRequired'),
  currency: upperLetterCode(3, 'Catalog::CurrencyFormat').default('CNY'),
  taxIncluded: z.boolean().default(false),
  moq: z.number().int().min(1).max(10_000_000).default(1),
  leadDays: z.preprocess(emptyToNull, z.number().int().min(0).max(365).nullable()),
  isPrimary: z.boolean().default(false),
  remark: optionalText(512),
  tiers,
};

export const addVendorInput = z.object({
  productId: requiredGuid('Catalog::ProductIdRequired'),
  supplierId: requiredGuid('Catalog::SupplierRequired'),
  ...vendorFields,
});
export type AddVendorInput = z.infer<typeof addVendorInput>;

export const updateVendorInput = z.object({
  id: requiredGuid('Catalog::IdRequired'),
  ...vendorFields,
  ...stamp,
});
export type UpdateVendorInput = z.infer<typeof updateVendorInput>;

/** `remove-product-vendor?ProductId&VendorId` (the vendor is the supplier of the link). */
export const removeVendorQuery = z.object({
  ProductId: requiredGuid('Catalog::ProductIdRequired'),
  VendorId: requiredGuid('Catalog::SupplierRequired'),
});

/** `remove-product-vendors?VendorId&ProductIds`: `ProductIds=a,b` or repeated. */
export const removeVendorsQuery = z.object({
  VendorId: requiredGuid('Catalog::SupplierRequired'),
  ProductIds: z.preprocess(commaList, z.array(z.guid()).min(1, 'Catalog::ProductIdRequired').max(500)),
});

export const productVendorDto = z.object({
  id: z.string(),
  productId: z.string(),
  supplierId: z.string(),
  supplierCode: z.string(),
  supplierName: z.string(),
  url: z.string().nullable(),
  purchasePrice: z.string(),
  currency: z.string(),
  taxIncluded: z.boolean(),
  moq: z.number().int(),
  leadDays: z.number().int().nullable(),
  isPrimary: z.boolean(),
  remark: z.string().nullable(),
  tiers: z.array(z.object({ minQty: z.number().int(), unitPrice: z.string() })),
  ...softDeletion,
  ...audit,
});
export type ProductVendorDto = z.infer<typeof productVendorDto>;

export const productVendorListDto = z.object({ items: z.array(productVendorDto) });

/** A recycled link, with the product it belonged to. */
export const recycledVendorDto = productVendorDto.extend({ productSku: z.string(), productName: z.string() });
/** The recycle area's vendor links (`/api/catalog/recycle/vendors`, its `/export`), latest deleted first. */
export const recycledVendorList = defineList({
  texts: 'Catalog',
  exportName: 'RecycledVendors',
  filters: {},
  columns: {
    productSku: column.text({ header: 'DisplayName:Sku', width: 130 }),
    productName: column.text({ header: 'DisplayName:ProductName' }),
    supplierName: column.text({ header: 'DisplayName:Supplier', width: 180 }),
    purchasePrice: column.money('currency', { header: 'DisplayName:PurchasePrice', width: 120 }),
    deletionTime: column.dateTime({ header: 'DisplayName:DeletionTime', sort: true, width: 160 }),
  },
  defaultSort: 'deletionTime desc',
});
export const recycledVendorQuery = recycledVendorList.query;
