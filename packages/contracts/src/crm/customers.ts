import { z } from 'zod';
import { createdAndStamp, optional, upperLetterCode } from '../fields.ts';
import { column, defineList, filter } from '../lists.ts';

/**
 * Customers (domain §6.1): the dictionaries (industry, level, source) with their labels in both
 * languages, the list's scopes and filters, the form's input (shared by the server and the web
 * form), the detail with its team, contacts and owner trail, transfers, team members, duplicate
 * detection and the import report. Refusals are `CrmCustomers::` text keys.
 */

export interface DictionaryEntry {
  value: number;
  en: string;
  zh: string;
}

/** Customer level (yudao): 1 A key, 2 B normal, 3 C not a priority. */
export const customerLevels: readonly DictionaryEntry[] = [
  { value: 1, en: 'A (key)', zh: 'A 重点客户' },
  { value: 2, en: 'B (normal)', zh: 'B 普通客户' },
  { value: 3, en: 'C (not a priority)', zh: 'C 非优先客户' },
];

export const customerIndustries: readonly DictionaryEntry[] = [
  { value: 1, en: 'E-commerce', zh: '电子商务' },
  { value: 2, en: 'Retail', zh: '零售' },
  { value: 3, en: 'Wholesale', zh: '批发' },
  { value: 4, en: 'Manufacturing', zh: '制造业' },
  { value: 5, en: 'Logistics', zh: '物流运输' },
  { value: 6, en: 'Internet / IT', zh: '互联网/IT' },
  { value: 7, en: 'Finance', zh: '金融' },
  { value: 8, en: 'Education', zh: '教育' },
  { value: 9, en: 'Health care', zh: '医疗健康' },
  { value: 10, en: 'Other', zh: '其他' },
];

export const customerSources: readonly DictionaryEntry[] = [
  { value: 1, en: 'Promotion', zh: '促销活动' },
  { value: 2, en: 'Search engine', zh: '搜索引擎' },
  { value: 3, en: 'Advertising', zh: '广告' },
  { value: 4, en: 'Referral', zh: '转介绍' },
  { value: 5, en: 'Online sign-up', zh: '线上注册' },
  { value: 6, en: 'Online enquiry', zh: '线上咨询' },
  { value: 7, en: 'Trade show', zh: '展会' },
  { value: 8, en: 'Cold call', zh: '陌生拜访' },
  { value: 9, en: 'E-mail enquiry', zh: '邮件咨询' },
  { value: 10, en: 'Marketplace shop', zh: '平台店铺' },
];

/** The label of a dictionary value in a culture (`zh-Hans` or anything else for English). */
export function dictionaryLabel(dict: readonly DictionaryEntry[], value: number | null | undefined, culture: string) {
  const e = dict.find((d) => d.value === value);
  if (!e) return '';
  return culture.startsWith('zh') ? e.zh : e.en;
}

/** Team member levels (yudao data permission levels): 2 read, 3 write; the owner is 1. */
export const memberLevels = [2, 3] as const;
export type MemberLevel = (typeof memberLevels)[number];

/** Which customers the list shows: owned by me, where I am on the team, everything I may see. */
export const customerScopes = ['mine', 'team', 'all'] as const;
export type CustomerScope = (typeof customerScopes)[number];

/** Owner trail kinds (`crm_owner_records.kind`). */
export const ownerRecordKinds = ['CREATE', 'TRANSFER', 'CLAIM', 'ASSIGN', 'PUT_BACK', 'AUTO_RETURN'] as const;

const text = (max: number) => optional(z.string().trim().max(max));
const inDictionary = (dict: readonly DictionaryEntry[]) =>
  z
    .number()
    .int()
    .refine((v) => dict.some((d) => d.value === v), 'CrmCustomers::ChooseOption');

/** A team member's level: 2 read, 3 write. */
const memberLevel = z.union([z.literal(2), z.literal(3)]);

/** A phone number as people type it: digits with an optional leading +, spaces, dashes, brackets. */
export const phoneText = z
  .string()
  .trim()
  .max(32)
  .regex(/^\+?[\d\s\-()]{5,31}$/, 'CrmCustomers::InvalidPhone');

/** A dictionary's values as the list's enum filter and column take them (`'1'`, `'2'`…). */
export const dictionaryValues = (dict: readonly DictionaryEntry[]) => dict.map((d) => String(d.value));

/**
 * The customer list (`/api/crm/customers`, its `/export`): who sees which customers is the
 * server's scope (`customers/access.ts`); `scope` narrows that to mine or my teams. The search
 * (`filter`) takes name, mobile or e-mail. Dictionary values are `Level:1`, `Source:4`… texts.
 */
export const customerList = defineList({
  texts: 'CrmCustomers',
  search: 'Keyword',
  filters: {
    scope: filter.enum(customerScopes, { texts: 'Scope:' }),
    ownerUserId: filter.ref('User', { label: 'Owner', options: '/api/crm/customers/users' }),
    tagId: filter.ref('Tag', { label: 'Tags', options: '/api/crm/customers/tags' }),
    level: filter.enum(dictionaryValues(customerLevels)),
    source: filter.enum(dictionaryValues(customerSources)),
    industry: filter.enum(dictionaryValues(customerIndustries)),
    followUpStatus: filter.bool(),
    lockStatus: filter.bool({ label: 'Locked' }),
    dealStatus: filter.bool({ label: 'Dealt' }),
    created: filter.dateRange('createdFrom', 'createdTo', { label: 'CreatedRange' }),
    /** The next contact's days (inclusive): today's follow-ups (the dashboard links here). */
    contactNext: filter.dateRange('nextFrom', 'nextTo', { label: 'ContactNextTime' }),
  },
  columns: {
    name: column.text({ sort: true, width: 220 }),
    mobile: column.text({ width: 140 }),
    telephone: column.text({ hidden: true, width: 140 }),
    email: column.text({ hidden: true, width: 180 }),
    country: column.text({ hidden: true, width: 80 }),
    industry: column.enum(dictionaryValues(customerIndustries), { hidden: true, width: 110 }),
    level: column.enum(dictionaryValues(customerLevels), { sort: true, width: 120 }),
    source: column.enum(dictionaryValues(customerSources), { hidden: true, width: 110 }),
    tags: column.text({ width: 180, noExport: true }),
    tagNames: column.text({ header: 'Tags', exportOnly: true, width: 190 }),
    ownerName: column.text({ header: 'Owner', width: 110 }),
    ownerTime: column.dateTime({ sort: true, hidden: true, noExport: true, width: 150 }),
    contactLastTime: column.dateTime({ sort: true, width: 150 }),
    contactNextTime: column.dateTime({ sort: true, width: 150 }),
    lockStatus: column.bool({ header: 'Locked', width: 90 }),
    dealStatus: column.bool({ header: 'Dealt', width: 90 }),
    creationTime: column.dateTime({ sort: true, hidden: true, width: 150 }),
  },
  defaultSort: 'creationTime desc',
});
export type CustomerFilters = z.infer<typeof customerList.filters>;
export type CustomerQuery = z.infer<typeof customerList.query>;

/** A customer's fields as the form sends them; blanks are absent. `tagIds` replaces the tags. */
export const customerInput = z.object({
  name: z.string().trim().min(1).max(128),
  mobile: optional(phoneText),
  telephone: optional(phoneText),
  qq: optional(
    z
      .string()
      .trim()
      .regex(/^\d{5,15}$/, 'CrmCustomers::InvalidQq'),
  ),
  wechat: text(64),
  email: optional(z.email().max(256)),
  country: optional(upperLetterCode(2, 'CrmCustomers::InvalidCountry')),
  detailAddress: text(512),
  industry: optional(inDictionary(customerIndustries)),
  level: optional(inDictionary(customerLevels)),
  source: optional(inDictionary(customerSources)),
  remark: text(1024),
  tagIds: z.array(z.guid()).max(20).default([]),
  /** The stamp read with the customer (edit): a different stored stamp is a 409. */
  concurrencyStamp: optional(z.string().max(40)),
});
export type CustomerInput = z.infer<typeof customerInput>;

export const customerTag = z.object({ id: z.string(), name: z.string(), color: z.string() });
export type CustomerTag = z.infer<typeof customerTag>;

/** The customer a CRM row (a business, a tracked order) belongs to. */
export const ofCustomer = { customerId: z.string(), customerName: z.string() };
/** Whose a customer (or a business, through it) is: nobody's while it is in the public pool. */
export const ownedBy = { ownerUserId: z.string().nullable(), ownerName: z.string().nullable() };

/** Since when and why a customer is in the public pool (null while it has an owner). */
export const poolStay = { poolTime: z.date().nullable(), poolReason: z.string().nullable() };

/** When a customer, a contact or a business was last followed up, and when it is due next. */
export const contactTimes = { contactLastTime: z.date().nullable(), contactNextTime: z.date().nullable() };

/** How a customer or a contact is reached. */
const reachedBy = { mobile: z.string().nullable(), telephone: z.string().nullable(), email: z.string().nullable() };

/** What a customer's row says of it wherever it is listed: the customer list, the public pool. */
export const customerSummary = {
  id: z.string(),
  name: z.string(),
  ...reachedBy,
  country: z.string().nullable(),
  industry: z.number().int().nullable(),
  level: z.number().int().nullable(),
  source: z.number().int().nullable(),
  dealStatus: z.boolean(),
  contactLastTime: z.date().nullable(),
  contactLastContent: z.string().nullable(),
  creationTime: z.date(),
};

export const customerListItem = z.object({
  ...customerSummary,
  ...ownedBy,
  ownerTime: z.date().nullable(),
  tags: z.array(customerTag),
  followUpStatus: z.boolean(),
  contactNextTime: z.date().nullable(),
  lockStatus: z.boolean(),
});
export type CustomerListItem = z.infer<typeof customerListItem>;

export const customerMemberDto = z.object({
  userId: z.string(),
  userName: z.string(),
  name: z.string(),
  level: z.number().int(),
  creationTime: z.date(),
});
export type CustomerMemberDto = z.infer<typeof customerMemberDto>;

export const ownerRecordDto = z.object({
  id: z.string(),
  kind: z.string(),
  fromUserId: z.string().nullable(),
  fromName: z.string().nullable(),
  toUserId: z.string().nullable(),
  toName: z.string().nullable(),
  byUserId: z.string().nullable(),
  byName: z.string().nullable(),
  reason: z.string().nullable(),
  time: z.date(),
});
export type OwnerRecordDto = z.infer<typeof ownerRecordDto>;

/** Sex of a contact: 1 male, 2 female. */
export const contactSexes = [1, 2] as const;

export const contactInput = z.object({
  name: z.string().trim().min(1).max(64),
  post: text(64),
  master: z.boolean().default(false),
  sex: optional(z.union([z.literal(1), z.literal(2)])),
  mobile: optional(phoneText),
  telephone: optional(phoneText),
  email: optional(z.email().max(256)),
  wechat: text(64),
  remark: text(512),
  contactNextTime: optional(z.coerce.date()),
  concurrencyStamp: optional(z.string().max(40)),
});
export type ContactInput = z.infer<typeof contactInput>;

export const contactDto = z.object({
  id: z.string(),
  customerId: z.string(),
  name: z.string(),
  post: z.string().nullable(),
  master: z.boolean(),
  sex: z.number().int().nullable(),
  ...reachedBy,
  wechat: z.string().nullable(),
  remark: z.string().nullable(),
  ...contactTimes,
  ...createdAndStamp,
});
export type ContactDto = z.infer<typeof contactDto>;

/** One customer with everything the detail shows. `access` is what the caller may do to it. */
export const customerDto = customerListItem.extend({
  qq: z.string().nullable(),
  wechat: z.string().nullable(),
  detailAddress: z.string().nullable(),
  remark: z.string().nullable(),
  ...poolStay,
  creatorId: z.string().nullable(),
  creatorName: z.string().nullable(),
  concurrencyStamp: z.string(),
  members: z.array(customerMemberDto),
  contacts: z.array(contactDto),
  ownerRecords: z.array(ownerRecordDto),
  access: z.object({ write: z.boolean(), owner: z.boolean() }),
});
export type CustomerDto = z.infer<typeof customerDto>;

/** Transfer to another user of the tenant; the old owner may stay on the team (2 read, 3 write). */
export const customerTransferInput = z.object({
  toUserId: z.guid(),
  keepOldOwnerLevel: optional(memberLevel),
  reason: text(256),
});
export type CustomerTransferInput = z.infer<typeof customerTransferInput>;

export const customerMemberInput = z.object({
  userId: z.guid(),
  level: memberLevel,
});
export type CustomerMemberInput = z.infer<typeof customerMemberInput>;
export const customerMemberLevelInput = z.object({ level: memberLevel });

/** What the editing page checks before saving: customers with the same name, mobile or e-mail. */
export const customerDuplicatesInput = z
  .object({
    name: text(128),
    mobile: text(32),
    email: text(256),
    excludeId: optional(z.guid()),
  })
  .refine((v) => v.name || v.mobile || v.email, { message: 'CrmCustomers::DuplicateCheckEmpty', path: ['name'] });
export type CustomerDuplicatesInput = z.infer<typeof customerDuplicatesInput>;

/**
 * A customer matching a duplicate check. One the caller may not see says only that it exists,
 * on which fields it matched and whose it is (no id, no name).
 */
export const customerDuplicate = z.object({
  visible: z.boolean(),
  id: z.string().nullable(),
  name: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  matchedOn: z.array(z.enum(['name', 'mobile', 'email'])),
  ownerName: z.string().nullable(),
  inPool: z.boolean(),
});
export type CustomerDuplicate = z.infer<typeof customerDuplicate>;
export const customerDuplicatesResult = z.object({ items: z.array(customerDuplicate) });
export type CustomerDuplicatesResult = z.infer<typeof customerDuplicatesResult>;

/** A user of the tenant to pick as new owner or team member. */
export const crmUserOption = z.object({ id: z.string(), userName: z.string(), name: z.string() });
export type CrmUserOption = z.infer<typeof crmUserOption>;

/** The import's answer: all rows created, or none and every bad row's errors. */
export const customerImportReport = z.object({
  created: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), field: z.string(), column: z.string(), message: z.string() })),
});
export type CustomerImportReport = z.infer<typeof customerImportReport>;
