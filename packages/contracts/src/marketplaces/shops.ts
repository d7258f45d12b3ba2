import { z } from 'zod';
import { audit, optionalText, stamp, text, upperLetterCode } from '../fields.ts';
import { column, defineList, filter, listNames } from '../lists.ts';
import { MarketPlatforms } from './common.ts';

/** Marketplace shops (`/api/sitekit/shopes`): their token state, never their tokens. */

export const ShopStatuses = ['unauthorized', 'active', 'expiring', 'expired', 'revoked'] as const;
export type ShopStatusName = (typeof ShopStatuses)[number];

const regions = z.array(upperLetterCode(2)).min(1).max(8);

/** What a user edits; the platform is chosen once, at creation. */
export const shopUpdateInput = z.object({
  name: text(128),
  regions,
  shortCode: optionalText(64),
  remark: optionalText(512),
  ...stamp,
});
export const shopInput = shopUpdateInput.omit({ concurrencyStamp: true }).extend({ platform: z.enum(MarketPlatforms) });
export type ShopInput = z.infer<typeof shopInput>;
export type ShopUpdateInput = z.infer<typeof shopUpdateInput>;

export const shopDto = z.object({
  id: z.string(),
  platform: z.enum(MarketPlatforms),
  regions: z.array(z.string()),
  name: z.string(),
  /** Lazada seller id, Shopee shop id: known once authorized. */
  sellerId: z.string().nullable(),
  shortCode: z.string().nullable(),
  account: z.string().nullable(),
  remark: z.string().nullable(),
  status: z.enum(ShopStatuses),
  /** Whether the shop holds tokens (never shown). */
  authorized: z.boolean(),
  accessExpiresAt: z.date().nullable(),
  refreshExpiresAt: z.date().nullable(),
  refreshedAt: z.date().nullable(),
  authorizedAt: z.date().nullable(),
  lastError: z.string().nullable(),
  ...audit,
});
export type ShopDto = z.infer<typeof shopDto>;

/** The management view: the shop with its recent calls counted. */
export const shopManagementDto = shopDto.extend({
  lastCallAt: z.date().nullable(),
  callsLast24h: z.number().int(),
  failedCallsLast24h: z.number().int(),
});

export const shopListQuery = z.object({ platform: z.enum(MarketPlatforms).optional() });

/**
 * The shops' management list (`/api/sitekit/shopes/management`): each shop with its calls of the
 * last day. The token state is worked out when read (a stored `active` may be past its expiry), so
 * it is drawn, not filtered or sorted; the token's expiry sorts instead.
 */
export const shopManagementList = defineList({
  ...listNames('Shops', 'Shops'),
  filters: { platform: filter.enum(MarketPlatforms, { texts: 'Platform:' }) },
  columns: {
    name: column.text({ sort: true, width: 200 }),
    platform: column.enum(MarketPlatforms, { texts: 'Platform:', hidden: true, width: 90 }),
    status: column.enum(ShopStatuses, { width: 170 }),
    regions: column.text({ width: 140 }),
    sellerId: column.text({ width: 140 }),
    shortCode: column.text({ width: 100 }),
    account: column.text({ hidden: true, width: 160 }),
    accessExpiresAt: column.dateTime({ sort: true, hidden: true, width: 150 }),
    refreshedAt: column.dateTime({ hidden: true, width: 150 }),
    refreshExpiresAt: column.dateTime({ width: 150 }),
    lastError: column.text({ width: 200 }),
    callsLast24h: column.quantity({ header: 'CallsLast24h', hidden: true, width: 90 }),
    failedCallsLast24h: column.quantity({ header: 'FailedCallsLast24h', hidden: true, width: 90 }),
    lastCallAt: column.dateTime({ header: 'LastCallAt', hidden: true, width: 150 }),
    remark: column.text({ hidden: true, width: 200 }),
    creationTime: column.dateTime({ header: 'CreationTime', sort: true, hidden: true, noExport: true }),
  },
  defaultSort: 'creationTime desc',
});

/** Where the consent page sends the seller back: the web's callback page. */
export const shopAuthorizeUrlQuery = z.object({
  platform: z.enum(MarketPlatforms),
  region: upperLetterCode(2).optional(),
  redirectUri: z.url().max(500),
  /** Re-authorize this shop (else the authorization creates or finds one). */
  shopId: z.guid().optional(),
});
export const shopAuthorizeUrlDto = z.object({ url: z.string(), state: z.string() });

export const shopAuthorizeInput = z.object({
  code: z.string().trim().min(1).max(500),
  state: z.string().trim().min(1).max(2000),
  /** Shopee's `shop_id` of the callback. */
  shopId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .string()
      .regex(/^\d{1,20}$/)
      .optional(),
  ),
});

export const shopCallDto = z.object({
  id: z.string(),
  at: z.date(),
  platform: z.enum(MarketPlatforms),
  api: z.string(),
  method: z.string(),
  httpStatus: z.number().nullable(),
  code: z.string().nullable(),
  type: z.string().nullable(),
  message: z.string().nullable(),
  requestId: z.string().nullable(),
  detail: z.unknown(),
  durationMs: z.number(),
});
export type ShopCallDto = z.infer<typeof shopCallDto>;
export type ShopManagementDto = z.infer<typeof shopManagementDto>;
/**
 * A shop's call log (`/api/sitekit/shopes/{id}/logs`), newest first; `failed=true` keeps the failed
 * calls (an HTTP error, no answer, or a marketplace code other than `0`). `shopId` is the path's
 * shop (the route sets it; one in the query string is replaced).
 */
export const shopCallList = defineList({
  texts: 'Shops',
  exportName: 'CallLog',
  filters: { failed: filter.bool({ label: 'OnlyFailed' }) },
  columns: {
    at: column.dateTime({ header: 'Call:At', sort: true, width: 170 }),
    method: column.text({ header: 'Call:Method', width: 70 }),
    api: column.text({ header: 'Call:Api', width: 260 }),
    httpStatus: column.quantity({ header: 'Call:Status', width: 70 }),
    code: column.text({ header: 'Call:Code', width: 120 }),
    message: column.text({ header: 'Call:Message', width: 260 }),
    requestId: column.text({ header: 'Call:RequestId', width: 160 }),
    durationMs: column.quantity({ header: 'Call:Duration', width: 70 }),
  },
  defaultSort: 'at desc',
});

/** A marketplace API called through a shop's credentials. */
export const shopGatewayInput = z.object({
  shopId: z.guid(),
  /** Lazada API name (`/product/item/get`) or Shopee path (`/api/v2/product/get_item_base_info`). */
  api: z
    .string()
    .trim()
    .max(200)
    .regex(/^\/[A-Za-z0-9_/.-]+$/)
    .refine((v) => !v.includes('..')),
  method: z.enum(['GET', 'POST']).default('GET'),
  /** Lazada sites: which venture (a cross-border shop sells on several). */
  region: upperLetterCode(2).optional(),
  params: z.record(z.string(), z.unknown()).default({}),
});
export type ShopGatewayInput = z.infer<typeof shopGatewayInput>;

export const shopGatewayDto = z.object({
  ok: z.boolean(),
  code: z.string().nullable(),
  message: z.string().nullable(),
  requestId: z.string().nullable(),
  data: z.unknown(),
});
