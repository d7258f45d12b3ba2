import {
  type AddressInput,
  addressDto,
  addressInput,
  addressQuery,
  addressUpdateInput,
  type BankAccountInput,
  type BankAccountUpdateInput,
  bankAccountDto,
  bankAccountInput,
  bankAccountQuery,
  bankAccountUpdateInput,
  type SocialAccountInput,
  type SubscriptionInput,
  socialAccountDto,
  socialAccountInput,
  socialAccountQuery,
  socialAccountUpdateInput,
  subscriptionDto,
  subscriptionInput,
  subscriptionQuery,
  subscriptionUpdateInput,
} from '@seller/contracts/crm';
import { desc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { owned } from '../../../core/crud.ts';
import { fieldError } from '../../../core/errors.ts';
import { t } from '../../../core/localization/index.ts';
import { secretsFor } from '../../../core/secrets.ts';
import { crmCustomers } from '../customers/schema.ts';
import { childRecord } from './kit.ts';
import { crmAddresses, crmBankAccounts, crmSocialAccounts, crmSubscriptions } from './schema.ts';

const R = 'CrmRecords';
const yes = (c: Parameters<typeof t>[0], v: boolean) => (v ? t(c, `${R}::Yes`) : '');
const audit = <
  T extends {
    creationTime: Date;
    creatorId: string | null;
    lastModificationTime: Date | null;
    lastModifierId: string | null;
    concurrencyStamp: string;
  },
>(
  r: T,
) => ({
  creationTime: r.creationTime,
  creatorId: r.creatorId,
  lastModificationTime: r.lastModificationTime,
  lastModifierId: r.lastModifierId,
  concurrencyStamp: r.concurrencyStamp,
});
const customerColumn = { header: 'Customer', width: 24, value: (r: { customerName: string }) => r.customerName };
const timeColumn = { header: 'CreationTime', width: 20, value: (r: { creationTime: Date }) => r.creationTime };

/** `/api/crm/addresses`: a customer's shipping and billing addresses, one default per customer. */
export const addresses = childRecord({
  table: crmAddresses,
  entity: 'CrmAddress',
  url: '/api/crm/addresses',
  tag: 'CrmAddresses',
  texts: R,
  exportName: 'Addresses',
  sortable: {
    customerName: crmCustomers.name,
    type: crmAddresses.type,
    contactName: crmAddresses.contactName,
    country: crmAddresses.country,
    city: crmAddresses.city,
    isDefault: crmAddresses.isDefault,
    creationTime: crmAddresses.creationTime,
  },
  defaultSort: [desc(crmAddresses.creationTime)],
  search: [
    crmAddresses.contactName,
    crmAddresses.phone,
    crmAddresses.city,
    crmAddresses.addressLine1,
    crmAddresses.postcode,
  ],
  query: addressQuery,
  filter: (q: z.infer<typeof addressQuery>) => [q.type ? eq(crmAddresses.type, q.type) : undefined],
  dto: addressDto,
  input: addressInput,
  updateInput: addressUpdateInput,
  values: async (_s, _tx, _ctx, input) => {
    const { customerId: _, concurrencyStamp: __, ...v } = input as AddressInput & { concurrencyStamp?: string };
    return v;
  },
  single: crmAddresses.isDefault,
  toDto: (r) => ({
    id: r.id,
    customerId: r.customerId,
    customerName: r.customerName,
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
    ...audit(r),
  }),
  exportColumns: [
    customerColumn,
    { header: 'Type', width: 10, value: (r, c) => t(c, `${R}::AddressType:${r.type}`) },
    { header: 'ContactName', width: 14, value: (r) => r.contactName },
    { header: 'Phone', width: 16, value: (r) => r.phone },
    { header: 'Country', width: 8, value: (r) => r.country },
    { header: 'Province', width: 12, value: (r) => r.province },
    { header: 'City', width: 12, value: (r) => r.city },
    { header: 'AddressLine1', width: 36, value: (r) => r.addressLine1 },
    { header: 'AddressLine2', width: 24, value: (r) => r.addressLine2 },
    { header: 'Postcode', width: 10, value: (r) => r.postcode },
    { header: 'IsDefault', width: 8, value: (r, c) => yes(c, r.isDefault) },
    timeColumn,
  ],
});

/** `**** 1234`: all but the last four characters hidden. */
export const maskAccountNumber = (last4: string) => `**** ${last4}`;

/**
 * `/api/crm/bank-accounts`: a customer's bank accounts. The number is stored encrypted and
 * answered masked; an update without a number keeps the stored one.
 */
export const bankAccounts = childRecord({
  table: crmBankAccounts,
  entity: 'CrmBankAccount',
  url: '/api/crm/bank-accounts',
  tag: 'CrmBankAccounts',
  texts: R,
  exportName: 'BankAccounts',
  sortable: {
    customerName: crmCustomers.name,
    bankName: crmBankAccounts.bankName,
    accountName: crmBankAccounts.accountName,
    currency: crmBankAccounts.currency,
    isDefault: crmBankAccounts.isDefault,
    creationTime: crmBankAccounts.creationTime,
  },
  defaultSort: [desc(crmBankAccounts.creationTime)],
  search: [
    crmBankAccounts.bankName,
    crmBankAccounts.accountName,
    crmBankAccounts.accountNumberLast4,
    crmBankAccounts.swift,
  ],
  query: bankAccountQuery,
  filter: (q: z.infer<typeof bankAccountQuery>) => [
    q.currency ? eq(crmBankAccounts.currency, q.currency.toUpperCase()) : undefined,
  ],
  dto: bankAccountDto,
  input: bankAccountInput,
  updateInput: bankAccountUpdateInput,
  values: async (services, _tx, _ctx, input) => {
    const {
      customerId: _,
      concurrencyStamp: __,
      accountNumber,
      ...v
    } = input as Partial<BankAccountInput> & BankAccountUpdateInput;
    if (!accountNumber) return v;
    const secrets = await secretsFor(services.config);
    return { ...v, accountNumberSecret: secrets.encrypt(accountNumber), accountNumberLast4: accountNumber.slice(-4) };
  },
  single: crmBankAccounts.isDefault,
  toDto: (r) => ({
    id: r.id,
    customerId: r.customerId,
    customerName: r.customerName,
    bankName: r.bankName,
    accountName: r.accountName,
    accountNumberMasked: maskAccountNumber(r.accountNumberLast4),
    swift: r.swift,
    currency: r.currency,
    isDefault: r.isDefault,
    remark: r.remark,
    ...audit(r),
  }),
  exportColumns: [
    customerColumn,
    { header: 'BankName', width: 24, value: (r) => r.bankName },
    { header: 'AccountName', width: 20, value: (r) => r.accountName },
    { header: 'AccountNumber', width: 14, value: (r) => r.accountNumberMasked },
    { header: 'Swift', width: 12, value: (r) => r.swift },
    { header: 'Currency', width: 8, value: (r) => r.currency },
    { header: 'IsDefault', width: 8, value: (r, c) => yes(c, r.isDefault) },
    { header: 'Remark', width: 24, value: (r) => r.remark },
    timeColumn,
  ],
});

/** `/api/crm/social-accounts`: a customer's accounts on social platforms and messengers. */
export const socialAccounts = childRecord({
  table: crmSocialAccounts,
  entity: 'CrmSocialAccount',
  url: '/api/crm/social-accounts',
  tag: 'CrmSocialAccounts',
  texts: R,
  exportName: 'SocialAccounts',
  sortable: {
    customerName: crmCustomers.name,
    platform: crmSocialAccounts.platform,
    handle: crmSocialAccounts.handle,
    creationTime: crmSocialAccounts.creationTime,
  },
  defaultSort: [desc(crmSocialAccounts.creationTime)],
  search: [crmSocialAccounts.handle, crmSocialAccounts.url, crmSocialAccounts.remark],
  query: socialAccountQuery,
  filter: (q: z.infer<typeof socialAccountQuery>) => [
    q.platform ? eq(crmSocialAccounts.platform, q.platform) : undefined,
  ],
  dto: socialAccountDto,
  input: socialAccountInput,
  updateInput: socialAccountUpdateInput,
  values: async (_s, _tx, _ctx, input) => {
    const { customerId: _, concurrencyStamp: __, ...v } = input as SocialAccountInput & { concurrencyStamp?: string };
    return v;
  },
  toDto: (r) => ({
    id: r.id,
    customerId: r.customerId,
    customerName: r.customerName,
    platform: r.platform as SocialAccountInput['platform'],
    handle: r.handle,
    url: r.url,
    remark: r.remark,
    ...audit(r),
  }),
  exportColumns: [
    customerColumn,
    { header: 'Platform', width: 12, value: (r, c) => t(c, `${R}::Platform:${r.platform}`) },
    { header: 'Handle', width: 20, value: (r) => r.handle },
    { header: 'Url', width: 36, value: (r) => r.url },
    { header: 'Remark', width: 24, value: (r) => r.remark },
    timeColumn,
  ],
});

/**
 * `/api/crm/subscriptions`: what a customer subscribed to, on which channel (one per channel
 * and topic). A change of status records its time.
 */
export const subscriptions = childRecord({
  table: crmSubscriptions,
  entity: 'CrmSubscription',
  url: '/api/crm/subscriptions',
  tag: 'CrmSubscriptions',
  texts: R,
  exportName: 'Subscriptions',
  sortable: {
    customerName: crmCustomers.name,
    channel: crmSubscriptions.channel,
    topic: crmSubscriptions.topic,
    status: crmSubscriptions.status,
    subscribedAt: crmSubscriptions.subscribedAt,
    unsubscribedAt: crmSubscriptions.unsubscribedAt,
    creationTime: crmSubscriptions.creationTime,
  },
  defaultSort: [desc(crmSubscriptions.creationTime)],
  search: [crmSubscriptions.topic, crmSubscriptions.source],
  query: subscriptionQuery,
  filter: (q: z.infer<typeof subscriptionQuery>) => [
    q.channel ? eq(crmSubscriptions.channel, q.channel) : undefined,
    q.status ? eq(crmSubscriptions.status, q.status) : undefined,
  ],
  dto: subscriptionDto,
  input: subscriptionInput,
  updateInput: subscriptionUpdateInput,
  values: async (_s, tx, ctx, input, before) => {
    const { customerId: _, concurrencyStamp: __, ...v } = input as SubscriptionInput & { concurrencyStamp?: string };
    const customerId = before?.customerId ?? (input as SubscriptionInput).customerId;
    const [clash] = await tx
      .select({ id: crmSubscriptions.id })
      .from(crmSubscriptions)
      .where(
        owned(
          ctx,
          crmSubscriptions,
          eq(crmSubscriptions.customerId, customerId),
          eq(crmSubscriptions.channel, v.channel),
          sql`lower(${crmSubscriptions.topic}) = lower(${v.topic})`,
          before ? ne(crmSubscriptions.id, before.id) : undefined,
        ),
      )
      .limit(1);
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
    id: r.id,
    customerId: r.customerId,
    customerName: r.customerName,
    channel: r.channel as SubscriptionInput['channel'],
    topic: r.topic,
    status: r.status as SubscriptionInput['status'],
    subscribedAt: r.subscribedAt,
    unsubscribedAt: r.unsubscribedAt,
    source: r.source,
    ...audit(r),
  }),
  exportColumns: [
    customerColumn,
    { header: 'Channel', width: 12, value: (r, c) => t(c, `${R}::Channel:${r.channel}`) },
    { header: 'Topic', width: 20, value: (r) => r.topic },
    { header: 'Status', width: 12, value: (r, c) => t(c, `${R}::Status:${r.status}`) },
    { header: 'SubscribedAt', width: 20, value: (r) => r.subscribedAt },
    { header: 'UnsubscribedAt', width: 20, value: (r) => r.unsubscribedAt },
    { header: 'Source', width: 16, value: (r) => r.source },
  ],
});
