import { z } from 'zod';
import { nullable, ofProduct, optional, upperLetterCode } from '../fields.ts';
import { column, defineList, filter } from '../lists.ts';
import { amount, checkLineAmounts, NumberBounds, percent, unitPrice } from '../numbers.ts';
import { pagedQuery } from '../paging.ts';
import { contactTimes, ofCustomer, ownedBy } from './customers.ts';

/**
 * Businesses (sales opportunities, domain §6.5) and their stage groups: request and response
 * schemas shared by the server and the web. A business walks through the stages of its stage group
 * (each with a win rate) and ends won, lost or invalid. Amounts are exact decimal strings in the
 * business's currency; the server works out the totals (products × price, then the discount).
 */

/** How a business ended: 1 won (赢单), 2 lost (输单), 3 invalid (无效). */
export const BusinessEndStatus = { Win: 1, Lose: 2, Invalid: 3 } as const;
export type BusinessEndStatus = (typeof BusinessEndStatus)[keyof typeof BusinessEndStatus];
export const businessEndStatuses = [1, 2, 3] as const;
const endStatus = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** Exact money text (up to 2 places, not negative), bounded (numbers.ts): a whole amount and a unit price. */
export const businessMoney = amount({ formatMessage: 'CrmBusinesses::Money', placesMessage: 'CrmBusinesses::Money' });
export const businessUnitPrice = unitPrice({
  scale: 2,
  formatMessage: 'CrmBusinesses::Money',
  placesMessage: 'CrmBusinesses::Money',
});
/** A percentage 0–100 with up to 2 places. */
export const businessPercent = percent({
  scale: 2,
  formatMessage: 'CrmBusinesses::Percent',
  placesMessage: 'CrmBusinesses::Percent',
});
const currency = upperLetterCode(3);

// ---------------------------------------------------------------- stage groups

const stageName = z.string().trim().min(1).max(64);

export const businessStageInput = z.object({
  /** An existing stage of the group (kept, renamed); absent for a new stage. */
  id: optional(z.guid()),
  name: stageName,
  /** Win rate in percent (0–100). */
  percent: z.coerce.number().int().min(0).max(100),
});
export const businessStatusTypeInput = z.object({
  name: stageName,
  sort: z.coerce.number().int().min(0).max(10_000).default(0),
  /** The stages in order (at least one, at most 20). */
  statuses: z.array(businessStageInput).min(1).max(20),
});
export type BusinessStatusTypeInput = z.infer<typeof businessStatusTypeInput>;

/** A stage's or a stage group's id and names. */
const stageNames = {
  id: z.string(),
  /** As stored (what the editor changes). */
  name: z.string(),
  /** In the caller's language (the default group's stages have texts), else the stored name. */
  displayName: z.string(),
};

export const businessStageDto = z.object({
  ...stageNames,
  percent: z.number().int(),
  sort: z.number().int(),
});
export type BusinessStageDto = z.infer<typeof businessStageDto>;
export const businessStatusTypeDto = z.object({
  ...stageNames,
  sort: z.number().int(),
  statuses: z.array(businessStageDto),
});
export type BusinessStatusTypeDto = z.infer<typeof businessStatusTypeDto>;

// ---------------------------------------------------------------- businesses

export const businessProductInput = z.object({
  /** A catalogue product of the tenant. */
  productId: z.guid(),
  /** The price agreed for this business (the catalogue's list price is kept beside it). */
  businessPrice: businessUnitPrice,
  count: z.coerce.number().int().min(1).max(NumberBounds.quantity, { message: 'Platform::Number:AtMost' }),
});

export const businessInput = z.object({
  customerId: z.guid(),
  name: z.string().trim().min(1).max(128),
  /** The salesman in charge; the caller when absent. */
  ownerUserId: optional(z.guid()),
  /** The stage group and the stage; the tenant's first group and its first stage when absent. */
  statusTypeId: optional(z.guid()),
  statusId: optional(z.guid()),
  /** Expected close date. */
  dealTime: nullable(z.coerce.date()),
  currency,
  /** Discount in percent taken off the products' total. */
  discountPercent: optional(businessPercent).transform((v) => v ?? '0'),
  /** The amount before the discount when the business lists no products (ignored otherwise). */
  totalProductPrice: optional(businessMoney),
  products: z
    .array(businessProductInput)
    .max(NumberBounds.lines.business)
    .default([])
    .superRefine(checkLineAmounts('count', 'businessPrice')),
  contactNextTime: nullable(z.coerce.date()),
  remark: nullable(z.string().trim().max(1024)),
});
export type BusinessInput = z.infer<typeof businessInput>;

export const businessStageMoveInput = z.object({ statusId: z.guid() });
export const businessCloseInput = z.object({
  endStatus: endStatus,
  endRemark: nullable(z.string().trim().max(512)),
});
export type BusinessCloseInput = z.infer<typeof businessCloseInput>;

/** The board's and funnel's filters. */
export const businessFilters = z.object({
  /** Business name or customer name. */
  filter: pagedQuery.shape.filter,
  statusTypeId: optional(z.guid()),
  statusId: optional(z.guid()),
  ownerUserId: optional(z.guid()),
  customerId: optional(z.guid()),
  /** 0 = still open; 1, 2, 3 = ended so. */
  endStatus: optional(z.coerce.number().pipe(z.union([z.literal(0), endStatus]))),
});
export type BusinessFilters = z.infer<typeof businessFilters>;

/**
 * The business list (`/api/crm/businesses`, its `/export`): the search takes the business's or
 * its customer's name; `endStatus` 0 is still open, 1, 2, 3 ended so. Who sees which businesses
 * is their customers' visibility (the server's scope).
 */
export const businessList = defineList({
  texts: 'CrmBusinesses',
  search: 'Filter',
  filters: {
    statusTypeId: filter.ref('StageGroup', { label: 'StageGroup' }),
    statusId: filter.ref('Stage', { label: 'Stage' }),
    ownerUserId: filter.ref('User', { label: 'Owner', options: '/api/crm/businesses/owner-options' }),
    customerId: filter.ref('Customer', { label: 'Customer', options: '/api/crm/businesses/customer-options' }),
    endStatus: filter.enum(['0', '1', '2', '3'], { texts: 'End:' }),
  },
  columns: {
    name: column.text({ sort: true, width: 220 }),
    customerName: column.text({ header: 'Customer', width: 180 }),
    ownerName: column.text({ header: 'Owner', width: 120 }),
    statusName: column.text({ header: 'Stage', width: 150, noExport: true }),
    stage: column.text({ header: 'Stage', exportOnly: true }),
    percent: column.percent({ header: 'WinRate', hidden: true, width: 90 }),
    currency: column.text({ exportOnly: true, width: 70 }),
    totalPrice: column.money('currency', { header: 'TotalPrice', sort: true, width: 150 }),
    dealTime: column.date({ sort: true, width: 130 }),
    endRemark: column.text({ exportOnly: true, width: 190 }),
    creationTime: column.dateTime({ sort: true, hidden: true, width: 150 }),
    endTime: column.dateTime({ sort: true, hidden: true, noExport: true, width: 150 }),
    contactNextTime: column.dateTime({ sort: true, hidden: true, noExport: true, width: 150 }),
  },
  defaultSort: 'creationTime desc',
});

export const businessListItem = z.object({
  id: z.string(),
  name: z.string(),
  ...ofCustomer,
  ...ownedBy,
  statusTypeId: z.string(),
  statusId: z.string().nullable(),
  statusName: z.string().nullable(),
  /** Win rate of the current stage (100 when won, 0 when lost or invalid). */
  percent: z.number().int(),
  endStatus: endStatus.nullable(),
  endRemark: z.string().nullable(),
  endTime: z.date().nullable(),
  dealTime: z.date().nullable(),
  totalPrice: z.string(),
  currency: z.string(),
  followUpStatus: z.boolean(),
  ...contactTimes,
  creationTime: z.date(),
});
export type BusinessListItem = z.infer<typeof businessListItem>;

export const businessProductDto = z.object({
  id: z.string(),
  ...ofProduct,
  productPrice: z.string(),
  businessPrice: z.string(),
  count: z.number().int(),
  totalPrice: z.string(),
});
export type BusinessProductDto = z.infer<typeof businessProductDto>;

export const businessDto = businessListItem.extend({
  totalProductPrice: z.string(),
  discountPercent: z.string(),
  remark: z.string().nullable(),
  creatorId: z.string().nullable(),
  products: z.array(businessProductDto),
  /** Whether the caller may change it (write on its customer). */
  canEdit: z.boolean(),
});
export type BusinessDto = z.infer<typeof businessDto>;

/** One currency's sum. */
export const businessAmount = z.object({ currency: z.string(), amount: z.string() });
export type BusinessAmount = z.infer<typeof businessAmount>;
/** How many businesses, and their sums per currency. */
const tally = { count: z.number().int(), amounts: z.array(businessAmount) };
/** A stage's tally on the board and in the funnel: its name and win rate with its businesses'. */
const stageTally = { name: z.string(), percent: z.number().int(), ...tally };

/** The kanban: one column per stage of the group (open businesses), then won and lost ones. */
export const businessBoardQuery = businessFilters.omit({ statusId: true, endStatus: true }).extend({
  /** Cards per column (the counts and amounts cover every business). */
  take: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(200).default(50)),
});
export const businessBoardColumn = z.object({
  /** A stage id, or `won`, `lost`. */
  key: z.string(),
  statusId: z.string().nullable(),
  ...stageTally,
  items: z.array(businessListItem),
});
export type BusinessBoardColumn = z.infer<typeof businessBoardColumn>;
export const businessBoardDto = z.object({
  statusType: businessStatusTypeDto,
  columns: z.array(businessBoardColumn),
});
export type BusinessBoardDto = z.infer<typeof businessBoardDto>;

/** The funnel of a stage group: per stage, its open businesses; won, lost, invalid and the win rate. */
export const businessFunnelQuery = businessFilters.pick({ statusTypeId: true, ownerUserId: true });
export const businessFunnelStage = z.object({ statusId: z.string(), ...stageTally });
export const businessFunnelDto = z.object({
  statusTypeId: z.string(),
  stages: z.array(businessFunnelStage),
  won: z.object(tally),
  lost: z.object(tally),
  invalid: z.object({ count: z.number().int() }),
  /** Won ÷ (won + lost) in percent with one place, null when nothing closed yet. */
  winRate: z.string().nullable(),
});
export type BusinessFunnelDto = z.infer<typeof businessFunnelDto>;

/** What a picker lists: an id and its name. */
const namedOption = z.object({ id: z.string(), name: z.string() });
/** People who may own a business (users of the tenant), for the form and the filter. */
export const businessOwnerOption = namedOption;
export type BusinessOwnerOption = z.infer<typeof businessOwnerOption>;
/** Customers the caller may add a business to (write access), for the form. */
export const businessCustomerOption = namedOption;
export type BusinessCustomerOption = z.infer<typeof businessCustomerOption>;
/** Catalogue products to put on a business. */
export const businessProductOption = z.object({ id: z.string(), sku: z.string(), name: z.string(), price: z.string() });
export type BusinessProductOption = z.infer<typeof businessProductOption>;
