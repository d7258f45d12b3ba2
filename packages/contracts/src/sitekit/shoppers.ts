import { z } from 'zod';
import { optionalText } from '../fields.ts';
import { column, defineList, filter, listNames } from '../lists.ts';

/**
 * A site's shoppers (userList; Saleor's User, nop's Customer): registered on the storefront with an
 * e-mail and a password, signed in with a shopper token that only the Storefront API accepts.
 *
 * - `GET /api/sitekit/shoppers?siteId=` (the list kit), `GET /{id}`, `POST /{id}/disable|enable`
 * - storefront: `POST /api/store/customers`, `POST|DELETE /api/store/auth/token`,
 *   `GET /api/store/customers/me`, `GET /api/store/customers/me/orders`
 */

export const ShopperStatuses = ['ACTIVE', 'DISABLED'] as const;
export type ShopperStatus = (typeof ShopperStatuses)[number];

export const shopperDto = z.object({
  id: z.string(),
  siteId: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  status: z.enum(ShopperStatuses),
  language: z.string().nullable(),
  ordersCount: z.number().int(),
  reviewsCount: z.number().int(),
  lastSignInAt: z.date().nullable(),
  creationTime: z.date(),
  concurrencyStamp: z.string(),
});
export type ShopperDto = z.infer<typeof shopperDto>;

export const shopperList = defineList({
  ...listNames('Sitekit', 'Shoppers'),
  filters: { siteId: filter.ref('Site', { label: 'ChooseSite' }) },
  tabs: { member: 'status', values: ShopperStatuses, texts: 'ShopperStatus:' },
  columns: {
    email: column.text({ sort: true, header: 'DisplayName:Email', width: 220 }),
    name: column.text({ sort: true, header: 'DisplayName:Name', width: 140 }),
    phone: column.text({ header: 'DisplayName:Phone', width: 130 }),
    status: column.enum(ShopperStatuses, { header: 'DisplayName:Status', texts: 'ShopperStatus:', width: 90 }),
    ordersCount: column.quantity({ header: 'DisplayName:Orders', width: 80 }),
    lastSignInAt: column.dateTime({ sort: true, header: 'DisplayName:LastSignInAt', width: 160 }),
    creationTime: column.dateTime({ sort: true, header: 'DisplayName:RegisteredAt', width: 160 }),
  },
  defaultSort: 'creationTime desc',
});

const email = z.string().trim().toLowerCase().max(256).pipe(z.email('Sitekit::EmailFormat'));

/** `POST /api/store/customers`: a shopper registers (and is signed in). */
export const storeRegisterInput = z.object({
  email,
  /** 8 to 128 characters, with a letter and a digit. */
  password: z
    .string()
    .min(8, 'Sitekit::PasswordTooShort')
    .max(128)
    .regex(/[A-Za-z]/, 'Sitekit::PasswordWeak')
    .regex(/\d/, 'Sitekit::PasswordWeak'),
  name: z.string().trim().min(1).max(128),
  phone: optionalText(32),
});
export type StoreRegisterInput = z.infer<typeof storeRegisterInput>;

/** `POST /api/store/auth/token`. */
export const storeSignInInput = z.object({ email, password: z.string().min(1).max(128) });

/** A shopper token (`st_…`), sent back as `x-shopper-token`; never valid on the admin API. */
export const storeTokenDto = z.object({ token: z.string(), expiresAt: z.date() });

export const storeCustomerDto = z.object({
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  creationTime: z.date(),
});
