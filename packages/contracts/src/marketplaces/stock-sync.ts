import { z } from 'zod';
import { column, defineList, filter } from '../lists.ts';
import { NumberBounds } from '../numbers.ts';

/**
 * Stock sync (`/api/sitekit/shopes/{id}/stock…`): how much of the available stock (on hand −
 * reserved − safety stock, over every warehouse) a shop offers of each SKU, and the log of what
 * was pushed to its listings.
 */

/** ALL: all of it; SHARE: `share` % of it, rounded down; CAP: all of it, at most `cap`. */
export const StockRuleModes = ['ALL', 'SHARE', 'CAP'] as const;
export type StockRuleMode = (typeof StockRuleModes)[number];

export const stockRuleInput = z
  .object({
    mode: z.enum(StockRuleModes),
    share: z.number().int().min(1).max(100).nullish(),
    cap: z.number().int().min(0).max(NumberBounds.quantity).nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'SHARE' && v.share == null)
      ctx.addIssue({ code: 'custom', path: ['share'], message: 'StockSync::ShareRequired' });
    if (v.mode === 'CAP' && v.cap == null)
      ctx.addIssue({ code: 'custom', path: ['cap'], message: 'StockSync::CapRequired' });
  });
export type StockRuleInput = z.infer<typeof stockRuleInput>;

export const stockRuleDto = z.object({
  shopId: z.string(),
  mode: z.enum(StockRuleModes),
  share: z.number().nullable(),
  cap: z.number().nullable(),
  /** SKUs waiting for their next push (moved since the last one, or failed). */
  pending: z.number(),
});
export type StockRuleDto = z.infer<typeof stockRuleDto>;

/** The quantity a listing of the shop shows of `available` units under the rule (never negative). */
export function ruleQuantity(
  rule: { mode: StockRuleMode; share: number | null; cap: number | null },
  available: number,
) {
  const all = Math.max(0, Math.floor(available));
  if (rule.mode === 'SHARE') return Math.floor((all * (rule.share ?? 100)) / 100);
  if (rule.mode === 'CAP') return Math.min(all, Math.max(0, rule.cap ?? all));
  return all;
}

export const stockPushDto = z.object({
  id: z.string(),
  at: z.string(),
  sku: z.string(),
  productName: z.string().nullable(),
  quantity: z.number(),
  available: z.number(),
  ok: z.boolean(),
  message: z.string().nullable(),
  attempt: z.number(),
});
export type StockPushDto = z.infer<typeof stockPushDto>;

/** A shop's stock push log, newest first. */
export const stockPushList = defineList({
  texts: 'StockSync',
  exportName: 'StockPushLog',
  filters: { failed: filter.bool({ label: 'OnlyFailed' }) },
  search: 'SearchStockPushes',
  columns: {
    at: column.dateTime({ header: 'StockPush:At', sort: true, width: 170 }),
    sku: column.text({ header: 'StockPush:Sku', width: 160 }),
    productName: column.text({ header: 'StockPush:Product', width: 220 }),
    available: column.quantity({ header: 'StockPush:Available', width: 90 }),
    quantity: column.quantity({ header: 'StockPush:Quantity', width: 90 }),
    ok: column.bool({ header: 'StockPush:Ok', width: 80 }),
    message: column.text({ header: 'StockPush:Message', width: 260 }),
    attempt: column.quantity({ header: 'StockPush:Attempt', width: 70 }),
  },
  defaultSort: 'at desc',
});

export const stockPushNowDto = z.object({ queued: z.number() });
