import { z } from 'zod';
import { audit, emptyToNull, emptyToUndefined, optionalText, stamp, text } from '../fields.ts';
import { pagedQuery } from '../paging.ts';

/**
 * A customer's records: addresses, bank accounts, social accounts and subscriptions. Each belongs
 * to one customer (`customerId`, fixed once created) and is seen by whoever sees the customer.
 */

export const AddressTypes = ['SHIPPING', 'BILLING'] as const;
export type AddressType = (typeof AddressTypes)[number];
export const SocialPlatforms = ['WECHAT', 'WHATSAPP', 'FACEBOOK', 'LINE', 'INSTAGRAM', 'TIKTOK', 'X', 'OTHER'] as const;
export type SocialPlatform = (typeof SocialPlatforms)[number];
export const SubscriptionChannels = ['EMAIL', 'SMS', 'WHATSAPP', 'WECHAT', 'LINE', 'OTHER'] as const;
export type SubscriptionChannel = (typeof SubscriptionChannels)[number];
export const SubscriptionStatuses = ['SUBSCRIBED', 'UNSUBSCRIBED'] as const;
export type SubscriptionStatus = (typeof SubscriptionStatuses)[number];

const phone = z.preprocess(
  emptyToNull,
  z
    .string()
    .max(32)
    .regex(/^[+\d][\d\s()-]*$/, 'CrmRecords::PhoneFormat')
    .nullable(),
);
const upper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);
const customerId = { customerId: z.guid() };
const optional = <T extends z.ZodType>(s: T) => z.preprocess(emptyToUndefined, s.optional());

/** The filters every record list has: the customer. */
const recordFilters = { customerId: optional(z.guid()) };
const owner = { customerId: z.string(), customerName: z.string() };

// Addresses -------------------------------------------------------------------------------------

const addressFields = {
  type: z.enum(AddressTypes).default('SHIPPING'),
  contactName: text(64),
  phone,
  /** ISO 3166-1 alpha-2. */
  country: z.preprocess(upper, z.string().regex(/^[A-Z]{2}$/, 'CrmRecords::CountryFormat')),
  province: optionalText(64),
  city: optionalText(64),
  addressLine1: text(256),
  addressLine2: optionalText(256),
  postcode: optionalText(16),
  /** One default address per customer: setting one unsets the other. */
  isDefault: z.boolean().default(false),
};
export const addressInput = z.object({ ...customerId, ...addressFields });
export const addressUpdateInput = z.object({ ...addressFields, ...stamp });
export type AddressInput = z.infer<typeof addressInput>;
export const addressQuery = pagedQuery.extend({ ...recordFilters, type: optional(z.enum(AddressTypes)) });
export const addressDto = z.object({
  id: z.string(),
  ...owner,
  type: z.enum(AddressTypes),
  contactName: z.string(),
  phone: z.string().nullable(),
  country: z.string(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  postcode: z.string().nullable(),
  isDefault: z.boolean(),
  ...audit,
});
export type AddressDto = z.infer<typeof addressDto>;

// Bank accounts ---------------------------------------------------------------------------------

const accountNumber = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/[\s-]/g, '') : v),
  z.string().regex(/^[A-Za-z0-9]{4,34}$/, 'CrmRecords::AccountNumberFormat'),
);
const bankFields = {
  bankName: text(128),
  accountName: text(128),
  /** SWIFT/BIC: 8 or 11 characters. */
  swift: z.preprocess(
    (v) => emptyToNull(upper(v)),
    z
      .string()
      .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'CrmRecords::SwiftFormat')
      .nullable(),
  ),
  currency: z.preprocess(upper, z.string().regex(/^[A-Z]{3}$/, 'CrmRecords::CurrencyFormat')),
  isDefault: z.boolean().default(false),
  remark: optionalText(512),
};
export const bankAccountInput = z.object({ ...customerId, accountNumber, ...bankFields });
/** An empty account number keeps the stored one (the form never sees it in clear). */
export const bankAccountUpdateInput = z.object({ accountNumber: optional(accountNumber), ...bankFields, ...stamp });
export type BankAccountInput = z.infer<typeof bankAccountInput>;
export type BankAccountUpdateInput = z.infer<typeof bankAccountUpdateInput>;
export const bankAccountQuery = pagedQuery.extend({ ...recordFilters, currency: optional(z.string().max(3)) });
export const bankAccountDto = z.object({
  id: z.string(),
  ...owner,
  bankName: z.string(),
  accountName: z.string(),
  /** All but the last four characters hidden: `**** 1234`. */
  accountNumberMasked: z.string(),
  swift: z.string().nullable(),
  currency: z.string(),
  isDefault: z.boolean(),
  remark: z.string().nullable(),
  ...audit,
});
export type BankAccountDto = z.infer<typeof bankAccountDto>;

// Social accounts -------------------------------------------------------------------------------

const socialFields = {
  platform: z.enum(SocialPlatforms),
  handle: text(128),
  url: z.preprocess(
    emptyToNull,
    z
      .string()
      .max(512)
      .regex(/^https?:\/\/\S+$/i, 'CrmRecords::UrlFormat')
      .nullable(),
  ),
  remark: optionalText(512),
};
export const socialAccountInput = z.object({ ...customerId, ...socialFields });
export const socialAccountUpdateInput = z.object({ ...socialFields, ...stamp });
export type SocialAccountInput = z.infer<typeof socialAccountInput>;
export const socialAccountQuery = pagedQuery.extend({ ...recordFilters, platform: optional(z.enum(SocialPlatforms)) });
export const socialAccountDto = z.object({
  id: z.string(),
  ...owner,
  platform: z.enum(SocialPlatforms),
  handle: z.string(),
  url: z.string().nullable(),
  remark: z.string().nullable(),
  ...audit,
});
export type SocialAccountDto = z.infer<typeof socialAccountDto>;

// Subscriptions ---------------------------------------------------------------------------------

const subscriptionFields = {
  channel: z.enum(SubscriptionChannels),
  topic: text(64),
  /** The time of a change of status is recorded by the server (subscribedAt, unsubscribedAt). */
  status: z.enum(SubscriptionStatuses).default('SUBSCRIBED'),
  source: optionalText(64),
};
export const subscriptionInput = z.object({ ...customerId, ...subscriptionFields });
export const subscriptionUpdateInput = z.object({ ...subscriptionFields, ...stamp });
export type SubscriptionInput = z.infer<typeof subscriptionInput>;
export const subscriptionQuery = pagedQuery.extend({
  ...recordFilters,
  channel: optional(z.enum(SubscriptionChannels)),
  status: optional(z.enum(SubscriptionStatuses)),
});
export const subscriptionDto = z.object({
  id: z.string(),
  ...owner,
  channel: z.enum(SubscriptionChannels),
  topic: z.string(),
  status: z.enum(SubscriptionStatuses),
  subscribedAt: z.date().nullable(),
  unsubscribedAt: z.date().nullable(),
  source: z.string().nullable(),
  ...audit,
});
export type SubscriptionDto = z.infer<typeof subscriptionDto>;
