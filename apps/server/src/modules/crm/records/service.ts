import type {
  AddressInput,
  BankAccountInput,
  BankAccountUpdateInput,
  SocialAccountInput,
  SubscriptionInput,
} from '@seller/contracts/crm';
import { eq, ne, sql } from 'drizzle-orm';
import { auditedFields } from '../../../core/db/columns.ts';
import { fieldError } from '../../../core/errors.ts';
import { firstOwnedId } from '../../../core/owned-rows.ts';
import { addressesHttp, bankAccountsHttp, socialAccountsHttp, subscriptionsHttp } from './http.ts';
import { childRecord } from './kit.ts';
import { crmAddresses, crmBankAccounts, crmSocialAccounts, crmSubscriptions } from './schema.ts';

const R = 'CrmRecords';
type StoredRecord = Parameters<typeof auditedFields>[0] & {
  id: string;
  customerId: string;
  customerName: string;
  concurrencyStamp: string;
};

/** What every child record answers besides its own fields: its customer and its audit columns. */
const recordFields = (r: StoredRecord) => ({
  id: r.id,
  customerId: r.customerId,
  customerName: r.customerName,
  ...auditedFields(r),
  concurrencyStamp: r.concurrencyStamp,
});

/** The input's own columns: the kit sets the customer on create and checks the stamp on update. */
function ownColumns<V extends { customerId?: string; concurrencyStamp?: string }>(input: V) {
  const { customerId: _, concurrencyStamp: __, ...v } = input;
  return v;
}

/** `/api/crm/addresses`: a customer's shipping and billing addresses, one default per customer. */
export const addresses = childRecord({
  ...addressesHttp,
  table: crmAddresses,
  entity: 'CrmAddress',
  filters: { customerId: crmAddresses.customerId, type: crmAddresses.type },
  sorts: { contactName: crmAddresses.contactName, creationTime: crmAddresses.creationTime },
  search: [
    crmAddresses.contactName,
    crmAddresses.phone,
    crmAddresses.city,
    crmAddresses.addressLine1,
    crmAddresses.postcode,
  ],
  values: async (_tx, _ctx, input) => ownColumns(input as AddressInput & { concurrencyStamp?: string }),
  single: crmAddresses.isDefault,
  toDto: (r) => ({
    ...recordFields(r),
    type: r.type as AddressInput['type'],
    contactName: r.contactName,
    phone: r.phone,
    country: r.country,
    province: r.province,
    city: r.city,
    addressLine1: r.addressLine1,
    addressLine2: r.addressLine2,
    postcode: r.postcode,
    isDefault: r.isDefault,
  }),
});

/**
 * `/api/crm/bank-accounts`: a customer's bank accounts. The number is a secret column: the kit
 * stores it encrypted and answers it masked; an update without a number (or with its mask) keeps
 * the stored one.
 */
export const bankAccounts = childRecord({
  ...bankAccountsHttp,
  table: crmBankAccounts,
  entity: 'CrmBankAccount',
  filters: {
    customerId: crmBankAccounts.customerId,
    // a currency is a code: matched whole, in any case
    currency: (v: string) => eq(crmBankAccounts.currency, v.toUpperCase()),
  },
  sorts: { bankName: crmBankAccounts.bankName, creationTime: crmBankAccounts.creationTime },
  search: [crmBankAccounts.bankName, crmBankAccounts.accountName, crmBankAccounts.swift],
  values: async (_tx, _ctx, input) => ownColumns(input as Partial<BankAccountInput> & BankAccountUpdateInput),
  single: crmBankAccounts.isDefault,
  toDto: (r) => ({
    ...recordFields(r),
    bankName: r.bankName,
    accountName: r.accountName,
    accountNumberMasked: r.accountNumber,
    swift: r.swift,
    currency: r.currency,
    isDefault: r.isDefault,
    remark: r.remark,
  }),
});

/** `/api/crm/social-accounts`: a customer's accounts on social platforms and messengers. */
export const socialAccounts = childRecord({
  ...socialAccountsHttp,
  table: crmSocialAccounts,
  entity: 'CrmSocialAccount',
  filters: { customerId: crmSocialAccounts.customerId, platform: crmSocialAccounts.platform },
  sorts: { handle: crmSocialAccounts.handle, creationTime: crmSocialAccounts.creationTime },
  search: [crmSocialAccounts.handle, crmSocialAccounts.url, crmSocialAccounts.remark],
  values: async (_tx, _ctx, input) => ownColumns(input as SocialAccountInput & { concurrencyStamp?: string }),
  toDto: (r) => ({
    ...recordFields(r),
    platform: r.platform as SocialAccountInput['platform'],
    handle: r.handle,
    url: r.url,
    remark: r.remark,
  }),
});

/**
 * `/api/crm/subscriptions`: what a customer subscribed to, on which channel (one per channel
 * and topic). A change of status records its time.
 */
export const subscriptions = childRecord({
  ...subscriptionsHttp,
  table: crmSubscriptions,
  entity: 'CrmSubscription',
  filters: {
    customerId: crmSubscriptions.customerId,
    channel: crmSubscriptions.channel,
    status: crmSubscriptions.status,
  },
  sorts: { topic: crmSubscriptions.topic, creationTime: crmSubscriptions.creationTime },
  search: [crmSubscriptions.topic, crmSubscriptions.source],
  values: async (tx, ctx, input, before) => {
    const v = ownColumns(input as SubscriptionInput & { concurrencyStamp?: string });
    const customerId = before?.customerId ?? (input as SubscriptionInput).customerId;
    const clash = await firstOwnedId(
      tx,
      ctx,
      crmSubscriptions,
      eq(crmSubscriptions.customerId, customerId),
      eq(crmSubscriptions.channel, v.channel),
      sql`lower(${crmSubscriptions.topic}) = lower(${v.topic})`,
      before ? ne(crmSubscriptions.id, before.id) : undefined,
    );
    if (clash) throw fieldError('topic', `${R}::SubscriptionExists`, [v.topic]);
    const now = new Date();
    const changed = before?.status !== v.status;
    return {
      ...v,
      subscribedAt: v.status === 'SUBSCRIBED' && changed ? now : (before?.subscribedAt ?? null),
      unsubscribedAt: v.status === 'UNSUBSCRIBED' ? (changed ? now : (before?.unsubscribedAt ?? now)) : null,
    };
  },
  toDto: (r) => ({
    ...recordFields(r),
    channel: r.channel as SubscriptionInput['channel'],
    topic: r.topic,
    status: r.status as SubscriptionInput['status'],
    subscribedAt: r.subscribedAt,
    unsubscribedAt: r.unsubscribedAt,
    source: r.source,
  }),
});
