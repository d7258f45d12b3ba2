import { z } from 'zod';
import { PaymentType, SettlementCycle, SettlementForm } from '../constants.ts';
import { pagedQuery } from '../paging.ts';
import { audit, emptyToNull, guid, keptSecret, optionalGuid, optionalText, sort, stamp, text } from './fields.ts';

/** Request and response shapes of the catalogue master data (camelCase, ABP conventions). */

/** The two kinds of attribute an attribute group lists. */
export const AttributeKinds = ['purchase', 'screen'] as const;
export type AttributeKind = (typeof AttributeKinds)[number];

const oneOf = (values: Record<string, number>) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z
      .number()
      .int()
      .refine((n) => Object.values(values).includes(n), 'Catalog::OptionInvalid')
      .nullable(),
  );
/** SKU building blocks: capitals, digits and '-' (domain §3.4). */
const skuCode = (max: number) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .min(1)
    .max(max)
    .regex(/^[A-Z0-9]+(-[A-Z0-9]+)*$/, 'Catalog::CodeFormat');
const url = z.preprocess(
  emptyToNull,
  z
    .string()
    .max(256)
    .regex(/^https?:\/\/\S+$/i, 'Catalog::UrlFormat')
    .nullable(),
);

export const idParams = z.object({ id: guid });

/** A name with its optional English one, as a form sends them and as they are answered. */
const names = { name: text(128), nameEn: optionalText(128) };
export const namesDto = { name: z.string(), nameEn: z.string().nullable() };

// ---------- categories ----------

export const categoryInput = z.object({
  parentId: optionalGuid,
  code: skuCode(32),
  ...names,
  attributeGroupId: optionalGuid,
  sort,
});
export const categoryUpdateInput = categoryInput.omit({ parentId: true }).extend(stamp);
export type CategoryInput = z.infer<typeof categoryInput>;
export type CategoryUpdateInput = z.infer<typeof categoryUpdateInput>;

/** Drag and drop: a new parent (null = top level) and the position among its children. */
export const categoryMoveInput = z.object({
  parentId: optionalGuid,
  index: z.number().int().min(0).max(100000),
  ...stamp,
});
export type CategoryMoveInput = z.infer<typeof categoryMoveInput>;

export const categoryDto = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  code: z.string(),
  ...namesDto,
  attributeGroupId: z.string().nullable(),
  sort: z.number().int(),
  ...audit,
});

// ---------- brands ----------

export const brandInput = z.object({
  ...names,
  website: url,
  description: optionalText(512),
});
export const brandUpdateInput = brandInput.extend(stamp);
export type BrandInput = z.infer<typeof brandInput>;

export const brandDto = z.object({
  id: z.string(),
  ...namesDto,
  website: z.string().nullable(),
  description: z.string().nullable(),
  ...audit,
});

// ---------- suppliers ----------

export const supplierInput = z.object({
  code: skuCode(32),
  fullName: text(256),
  grade: optionalText(16),
  contactPerson: optionalText(64),
  phone: z.preprocess(
    emptyToNull,
    z
      .string()
      .max(32)
      .regex(/^[+\d][\d\s-]*$/, 'Catalog::PhoneFormat')
      .nullable(),
  ),
  email: z.preprocess(emptyToNull, z.email().max(256).nullable()),
  qq: z.preprocess(emptyToNull, z.string().max(32).regex(/^\d+$/, 'Catalog::DigitsOnly').nullable()),
  wangwang: optionalText(64),
  wechat: optionalText(64),
  province: optionalText(64),
  city: optionalText(64),
  address: optionalText(256),
  settlementForm: oneOf(SettlementForm),
  settlementCycle: oneOf(SettlementCycle),
  paymentType: oneOf(PaymentType),
  payeeAccount: optionalText(64),
  accountName: optionalText(128),
  bank: optionalText(128),
  isDefault: z.boolean().default(false),
  remark: optionalText(512),
});
/** The payee account, answered masked, is kept when left out or sent back masked; null clears it. */
export const supplierUpdateInput = supplierInput.extend({ ...stamp, payeeAccount: keptSecret(optionalText(64)) });
export type SupplierInput = z.infer<typeof supplierInput>;

/** A supplier known only by its code and name: every other member empty. */
export const blankSupplier = (code: string, fullName: string): SupplierInput => ({
  code,
  fullName,
  grade: null,
  contactPerson: null,
  phone: null,
  email: null,
  qq: null,
  wangwang: null,
  wechat: null,
  province: null,
  city: null,
  address: null,
  settlementForm: null,
  settlementCycle: null,
  paymentType: null,
  payeeAccount: null,
  accountName: null,
  bank: null,
  isDefault: false,
  remark: null,
});

export const supplierDto = z.object({
  id: z.string(),
  code: z.string(),
  fullName: z.string(),
  grade: z.string().nullable(),
  contactPerson: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  qq: z.string().nullable(),
  wangwang: z.string().nullable(),
  wechat: z.string().nullable(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  settlementForm: z.number().int().nullable(),
  settlementCycle: z.number().int().nullable(),
  paymentType: z.number().int().nullable(),
  /** Masked: `**** 1234`. */
  payeeAccount: z.string().nullable(),
  accountName: z.string().nullable(),
  bank: z.string().nullable(),
  isDefault: z.boolean(),
  remark: z.string().nullable(),
  ...audit,
});

// ---------- vendor sources ----------

/** A host with an optional path, `*` matching any run of characters: `detail.1688.com/offer/*`. */
const urlPattern = z
  .string()
  .trim()
  .min(1)
  .max(256)
  .regex(/^[a-z0-9*.-]+(\/\S*)?$/i, 'Catalog::UrlPatternFormat');

export const vendorSourceInput = z.object({
  name: text(128),
  website: url,
  urlPatterns: z.array(urlPattern).max(20).default([]),
  sort,
});
export const vendorSourceUpdateInput = vendorSourceInput.extend(stamp);
export type VendorSourceInput = z.infer<typeof vendorSourceInput>;

export const vendorSourceDto = z.object({
  id: z.string(),
  name: z.string(),
  website: z.string().nullable(),
  urlPatterns: z.array(z.string()),
  sort: z.number().int(),
  ...audit,
});

export const vendorSourceMatchQuery = z.object({ url: z.string().trim().min(1).max(2000) });

// ---------- purchase and screening attributes ----------

const child = { id: z.preprocess((v) => v || undefined, guid.optional()), sort };

/** A screening attribute's option: a value with its optional English one. */
export const screenAttributeOptionInput = z.object({ ...child, value: text(128), valueEn: optionalText(128) });
/** A purchase attribute's value: the same, with its SKU code. */
export const purchaseAttributeValueInput = screenAttributeOptionInput.extend({ code: skuCode(8) });

/** An attribute's own members: its names and place (purchase and screening attributes alike). */
const attributeFields = { ...names, sort };

export const purchaseAttributeInput = z.object({
  ...attributeFields,
  values: z.array(purchaseAttributeValueInput).max(500).default([]),
});
export const purchaseAttributeUpdateInput = purchaseAttributeInput.extend(stamp);
export type PurchaseAttributeInput = z.infer<typeof purchaseAttributeInput>;

const attributeDto = {
  id: z.string(),
  ...namesDto,
  sort: z.number().int(),
  ...audit,
};

export const purchaseAttributeDto = z.object({
  ...attributeDto,
  values: z.array(
    z.object({
      id: z.string(),
      value: z.string(),
      valueEn: z.string().nullable(),
      code: z.string(),
      sort: z.number().int(),
    }),
  ),
});

export const screenAttributeInput = z.object({
  ...attributeFields,
  options: z.array(screenAttributeOptionInput).max(500).default([]),
});
export const screenAttributeUpdateInput = screenAttributeInput.extend(stamp);
export type ScreenAttributeInput = z.infer<typeof screenAttributeInput>;

export const screenAttributeDto = z.object({
  ...attributeDto,
  options: z.array(
    z.object({ id: z.string(), value: z.string(), valueEn: z.string().nullable(), sort: z.number().int() }),
  ),
});

// ---------- attribute groups ----------

/** An attribute of a group: its kind and id, and whether a product must fill it in. */
export const attributeGroupItemInput = z.object({
  ...child,
  kind: z.enum(AttributeKinds),
  attributeId: guid,
  required: z.boolean().default(false),
});

export const attributeGroupInput = z.object({
  name: text(128),
  description: optionalText(512),
  items: z.array(attributeGroupItemInput).max(200).default([]),
});
export const attributeGroupUpdateInput = attributeGroupInput.extend(stamp);
export type AttributeGroupInput = z.infer<typeof attributeGroupInput>;

export const attributeGroupDto = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  items: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(AttributeKinds),
      attributeId: z.string(),
      /** The attribute's name, for display. */
      attributeName: z.string(),
      required: z.boolean(),
      sort: z.number().int(),
    }),
  ),
  ...audit,
});

export const listQuery = pagedQuery;
export type ListQuery = z.infer<typeof listQuery>;
export const exportQuery = pagedQuery.pick({ filter: true, sorting: true });
