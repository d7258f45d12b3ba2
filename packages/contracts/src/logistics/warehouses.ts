import { z } from 'zod';
import { audit, codedRef, emptyToNull, optionalText, stamp, text } from '../fields.ts';
import { countryCode } from './common.ts';

/** Warehouses (domain §4.4): request and response shapes, shared by the server and the web form. */

export const WarehouseTypes = ['OWN', 'OVERSEAS', 'THIRD_PARTY', 'PLATFORM'] as const;
export type WarehouseType = (typeof WarehouseTypes)[number];

const phone = z.preprocess(
  emptyToNull,
  z
    .string()
    .max(32)
    .regex(/^[+\d][\d\s-]*$/, 'Logistics::PhoneFormat')
    .nullable(),
);

/** Who to call at the warehouse. */
export const warehouseContactInput = z.object({ name: optionalText(64), phone });

/** Both parts empty is no contact (`null`). */
const contact = z
  .preprocess(emptyToNull, warehouseContactInput.nullable())
  .transform((c) => (c?.name || c?.phone ? c : null));

export const warehouseInput = z.object({
  code: z
    .string()
    .trim()
    .min(1)
    .max(32)
    .regex(/^[A-Z0-9]+(-[A-Z0-9]+)*$/, 'Logistics::CodeFormat'),
  name: text(128),
  type: z.enum(WarehouseTypes),
  /** ISO 3166-1 alpha-2. */
  countryCode: countryCode,
  address: optionalText(512),
  contact,
  isDefault: z.boolean().default(false),
  isActive: z.boolean().default(true),
});
export const warehouseUpdateInput = warehouseInput.extend(stamp);
export type WarehouseInput = z.infer<typeof warehouseInput>;

export const warehouseDto = z.object({
  ...codedRef,
  type: z.enum(WarehouseTypes),
  countryCode: z.string(),
  address: z.string().nullable(),
  contact: z.object({ name: z.string().nullable(), phone: z.string().nullable() }).nullable(),
  isDefault: z.boolean(),
  isActive: z.boolean(),
  ...audit,
});
