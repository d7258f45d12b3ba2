import { z } from 'zod';
import { audit, emptyToNull, keptSecret, optional, optionalText, stamp, text } from '../fields.ts';
import { type ColumnField, column, defineList, type FilterField, filter, listNames } from '../lists.ts';

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

/**
 * A record kind's list (`/api/crm/<records>`, its `/export`), reading records of the customers the
 * viewer sees: the customer filter (its page picks one, a customer's tab fixes it) before the
 * kind's own, the customer column first and the creation time last, newest first. `name` is the
 * export's name; `Search<name>` the search box's text.
 */
const recordList = <const F extends Record<string, FilterField>, const C extends Record<string, ColumnField>>(
  name: string,
  filters: F,
  columns: C,
) =>
  defineList({
    ...listNames('CrmRecords', name),
    filters: { customerId: filter.ref('Customer'), ...filters },
    columns: {
      customerName: column.text({ header: 'Customer', width: 180 }),
      ...columns,
      creationTime: column.dateTime({ header: 'CreationTime', sort: true, width: 150 }),
    },
    defaultSort: 'creationTime desc',
  });

/** A record kind's inputs: a new record names its customer, an update sends the stamp read with it. */
const recordInputs = <S extends z.ZodRawShape>(members: S) =>
  [z.object({ ...customerId, ...members }), z.object({ ...members, ...stamp })] as const;

/** A record as the server answers it: its id and customer, the kind's members, the audit stamps. */
const recordDto = <S extends z.ZodRawShape>(members: S) =>
  z.object({ id: z.string(), customerId: z.string(), customerName: z.string(), ...members, ...audit });

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
export const [addressInput, addressUpdateInput] = recordInputs(addressFields);
export type AddressInput = z.infer<typeof addressInput>;
export const addressList = recordList(
  'Addresses',
  { type: filter.enum(AddressTypes, { texts: 'AddressType:' }) },
  {
    type: column.enum(AddressTypes, { texts: 'AddressType:', width: 110 }),
    contactName: column.text({ sort: true, width: 120 }),
    phone: column.text({ width: 150 }),
    country: column.text({ width: 80 }),
    province: column.text({ hidden: true, width: 120 }),
    city: column.text({ hidden: true, width: 120 }),
    addressLine1: column.text({ width: 260 }),
    addressLine2: column.text({ exportOnly: true, width: 190 }),
    postcode: column.text({ hidden: true, width: 90 }),
    isDefault: column.bool({ width: 80 }),
  },
);
export const addressQuery = addressList.query;
export const addressDto = recordDto({
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
/** An empty account number, or its mask sent back, keeps the stored one (the form never sees it in clear). */
export const bankAccountUpdateInput = z.object({
  accountNumber: optional(keptSecret(accountNumber)),
  ...bankFields,
  ...stamp,
});
export type BankAccountInput = z.infer<typeof bankAccountInput>;
export type BankAccountUpdateInput = z.infer<typeof bankAccountUpdateInput>;
export const bankAccountList = recordList(
  'BankAccounts',
  { currency: filter.text(3) },
  {
    bankName: column.text({ sort: true, width: 180 }),
    accountName: column.text({ width: 160 }),
    accountNumberMasked: column.text({ header: 'AccountNumber', width: 150 }),
    swift: column.text({ width: 110 }),
    currency: column.text({ width: 80 }),
    isDefault: column.bool({ width: 80 }),
    remark: column.text({ hidden: true, width: 190 }),
  },
);
export const bankAccountQuery = bankAccountList.query;
export const bankAccountDto = recordDto({
  bankName: z.string(),
  accountName: z.string(),
  /** All but the last four characters hidden: `**** 1234`. */
  accountNumberMasked: z.string(),
  swift: z.string().nullable(),
  currency: z.string(),
  isDefault: z.boolean(),
  remark: z.string().nullable(),
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
export const [socialAccountInput, socialAccountUpdateInput] = recordInputs(socialFields);
export type SocialAccountInput = z.infer<typeof socialAccountInput>;
export const socialAccountList = recordList(
  'SocialAccounts',
  { platform: filter.enum(SocialPlatforms, { texts: 'Platform:' }) },
  {
    platform: column.enum(SocialPlatforms, { texts: 'Platform:', width: 120 }),
    handle: column.text({ sort: true, width: 180 }),
    url: column.text({ width: 260 }),
    remark: column.text({ hidden: true, width: 190 }),
  },
);
export const socialAccountQuery = socialAccountList.query;
export const socialAccountDto = recordDto({
  platform: z.enum(SocialPlatforms),
  handle: z.string(),
  url: z.string().nullable(),
  remark: z.string().nullable(),
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
export const [subscriptionInput, subscriptionUpdateInput] = recordInputs(subscriptionFields);
export type SubscriptionInput = z.infer<typeof subscriptionInput>;
export const subscriptionList = recordList(
  'Subscriptions',
  {
    channel: filter.enum(SubscriptionChannels, { texts: 'Channel:' }),
    status: filter.enum(SubscriptionStatuses, { texts: 'Status:' }),
  },
  {
    channel: column.enum(SubscriptionChannels, { texts: 'Channel:', width: 110 }),
    topic: column.text({ sort: true, width: 180 }),
    status: column.enum(SubscriptionStatuses, { texts: 'Status:', width: 110 }),
    subscribedAt: column.dateTime({ width: 150 }),
    unsubscribedAt: column.dateTime({ width: 150 }),
    source: column.text({ hidden: true, width: 140 }),
  },
);
export const subscriptionQuery = subscriptionList.query;
export const subscriptionDto = recordDto({
  channel: z.enum(SubscriptionChannels),
  topic: z.string(),
  status: z.enum(SubscriptionStatuses),
  subscribedAt: z.date().nullable(),
  unsubscribedAt: z.date().nullable(),
  source: z.string().nullable(),
});
export type SubscriptionDto = z.infer<typeof subscriptionDto>;
