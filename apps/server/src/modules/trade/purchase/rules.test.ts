import {
  type PurchaseAction,
  type PurchaseStatus,
  purchaseActions,
  purchaseNext,
  purchaseStatuses,
  type ReceiptAction,
  type ReceiptStatus,
  receiptActions,
  receiptNext,
  receiptStatuses,
} from '@seller/contracts/trade';
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { convert, purchaseTotals, tierPrice } from './pricing.ts';
import { replenishment } from './replenishment.ts';

/** Domain §5.2, written out by hand: every (state, action) pair that is allowed, and where it leads. */
const allowed: Record<string, PurchaseStatus> = {
  'DRAFT edit': 'DRAFT',
  'DRAFT delete': 'DRAFT',
  'DRAFT submit': 'SUBMITTED',
  'DRAFT cancel': 'CANCELLED',
  'DRAFT flag': 'DRAFT',
  'SUBMITTED approve': 'APPROVED',
  'SUBMITTED reject': 'DRAFT',
  'SUBMITTED cancel': 'CANCELLED',
  'SUBMITTED flag': 'SUBMITTED',
  'SUBMITTED pay': 'SUBMITTED',
  'APPROVED receivePartial': 'PARTIALLY_RECEIVED',
  'APPROVED receiveAll': 'RECEIVED',
  'APPROVED cancel': 'CANCELLED',
  'APPROVED flag': 'APPROVED',
  'APPROVED pay': 'APPROVED',
  'PARTIALLY_RECEIVED receivePartial': 'PARTIALLY_RECEIVED',
  'PARTIALLY_RECEIVED receiveAll': 'RECEIVED',
  'PARTIALLY_RECEIVED reversePartial': 'PARTIALLY_RECEIVED',
  'PARTIALLY_RECEIVED reverseAll': 'APPROVED',
  'PARTIALLY_RECEIVED closeShort': 'RECEIVED',
  'PARTIALLY_RECEIVED flag': 'PARTIALLY_RECEIVED',
  'PARTIALLY_RECEIVED pay': 'PARTIALLY_RECEIVED',
  'RECEIVED reversePartial': 'PARTIALLY_RECEIVED',
  'RECEIVED reverseAll': 'APPROVED',
  'RECEIVED pay': 'RECEIVED',
};

describe('purchase-order state table', () => {
  const pairs = purchaseStatuses.flatMap((s) => purchaseActions.map((a) => [s, a] as [PurchaseStatus, PurchaseAction]));
  it.each(pairs)('%s + %s', (status, action) => {
    expect(purchaseNext(status, action)).toBe(allowed[`${status} ${action}`] ?? null);
  });
  it('covers every state and action (6 × 13 pairs, 25 allowed)', () => {
    expect(pairs).toHaveLength(78);
    expect(pairs.filter(([s, a]) => purchaseNext(s, a)).length).toBe(Object.keys(allowed).length);
  });
});

describe('receipt state table', () => {
  const ok: Record<string, ReceiptStatus> = {
    'DRAFT edit': 'DRAFT',
    'DRAFT delete': 'CANCELLED',
    'DRAFT post': 'POSTED',
    'POSTED reverse': 'POSTED',
  };
  const pairs = receiptStatuses.flatMap((s) => receiptActions.map((a) => [s, a] as [ReceiptStatus, ReceiptAction]));
  it.each(pairs)('%s + %s', (status, action) => {
    expect(receiptNext(status, action)).toBe(ok[`${status} ${action}`] ?? null);
  });
});

describe('replenishment formula', () => {
  it('30 sold in 30 days, lead 7 + cover 14, safety 5, on hand 10, reserved 2, in transit 3 → 15', () => {
    // daily 1; need 1 × 21 + 5 = 26; position 10 − 2 + 3 = 11; 26 − 11 = 15
    expect(
      replenishment({
        sold: 30,
        days: 30,
        leadDays: 7,
        coverDays: 14,
        safety: 5,
        onHand: 10,
        reserved: 2,
        inTransit: 3,
      }),
    ).toEqual({ dailySales: '1.0000', suggested: 15 });
  });
  it('rounds up a fraction: 10 sold in 30 days, lead 10 + cover 0 → ceil(3.33…) = 4', () => {
    expect(
      replenishment({
        sold: 10,
        days: 30,
        leadDays: 10,
        coverDays: 0,
        safety: 0,
        onHand: 0,
        reserved: 0,
        inTransit: 0,
      }),
    ).toEqual({ dailySales: '0.3333', suggested: 4 });
  });
  it('is exact where floats are not: 10 sold in 30 days for 30 days is 10, not 11', () => {
    expect(
      replenishment({
        sold: 10,
        days: 30,
        leadDays: 16,
        coverDays: 14,
        safety: 0,
        onHand: 0,
        reserved: 0,
        inTransit: 0,
      }).suggested,
    ).toBe(10);
  });
  it('never below 0 when stock covers the need', () => {
    expect(
      replenishment({ sold: 7, days: 7, leadDays: 7, coverDays: 0, safety: 0, onHand: 100, reserved: 0, inTransit: 0 })
        .suggested,
    ).toBe(0);
  });
  it('reserved stock does not count as available; in transit does', () => {
    // daily 2, need 2 × (5 + 5) + 0 = 20; position 20 − 15 + 4 = 9 → 11
    expect(
      replenishment({
        sold: 28,
        days: 14,
        leadDays: 5,
        coverDays: 5,
        safety: 0,
        onHand: 20,
        reserved: 15,
        inTransit: 4,
      }).suggested,
    ).toBe(11);
  });
  it('no sales: only the safety stock gap', () => {
    expect(
      replenishment({ sold: 0, days: 30, leadDays: 7, coverDays: 14, safety: 8, onHand: 3, reserved: 0, inTransit: 0 })
        .suggested,
    ).toBe(5);
  });
});

describe('tier prices', () => {
  const link = {
    purchasePrice: 10,
    currency: 'CNY',
    tiers: [
      { minQty: 100, unitPrice: 8.5 },
      { minQty: 10, unitPrice: 9.2 },
      { minQty: 5, unitPrice: 10 },
    ],
  };
  it('below the first tier: the purchase price', () => {
    expect(tierPrice(link, 4)).toEqual({ unitPrice: new Decimal(10), source: 'VENDOR' });
  });
  it('the highest tier whose minimum is reached, whatever the order of the tiers', () => {
    expect(tierPrice(link, 9).unitPrice.toString()).toBe('10');
    expect(tierPrice(link, 10).unitPrice.toString()).toBe('9.2');
    expect(tierPrice(link, 99).unitPrice.toString()).toBe('9.2');
    expect(tierPrice(link, 100)).toEqual({ unitPrice: new Decimal(8.5), source: 'TIER' });
  });
  it('converts through the tenant rates', () => {
    const rates = { CNY: '1', USD: '7.2' };
    expect(convert(new Decimal(72), 'CNY', 'USD', rates)?.toString()).toBe('10');
    expect(convert(new Decimal(10), 'USD', 'CNY', rates)?.toString()).toBe('72');
    expect(convert(new Decimal(10), 'EUR', 'CNY', rates)).toBeNull();
  });
});

describe('purchase totals', () => {
  it('goods, tax per line to the cent, freight and discount', () => {
    // 3 × 1.3333 = 3.9999 → 4.00; 13 % → 0.52. 10 × 2.5 = 25.00; 0 %. 29 + 0.52 + 5.5 − 1 = 34.02
    const t = purchaseTotals(
      [
        { qtyOrdered: 3, unitPrice: '1.3333', taxRate: '13' },
        { qtyOrdered: 10, unitPrice: '2.5', taxRate: '0' },
      ],
      '5.5',
      '1',
      'CNY',
    );
    expect(t).toEqual({ lines: ['4.00', '25.00'], goodsAmount: '29.00', tax: '0.52', total: '34.02' });
  });
  it('to the minor units of the order currency: whole yen, three places of dinar', () => {
    // JPY: 3 × 333.3333 = 999.9999 → 1000; 10 % → 100. 7 × 12.5 = 87.5 → 88; 8 % of 88 = 7.04 → 7.
    // 1000 + 88 + 100 + 7 + 500 − 0 = 1695
    expect(
      purchaseTotals(
        [
          { qtyOrdered: 3, unitPrice: '333.3333', taxRate: '10' },
          { qtyOrdered: 7, unitPrice: '12.5', taxRate: '8' },
        ],
        '500',
        '0',
        'JPY',
      ),
    ).toEqual({ lines: ['1000', '88'], goodsAmount: '1088', tax: '107', total: '1695' });
    // KWD: 4 × 1.2346 = 4.9384 → 4.938; 5 % → 0.2469 → 0.247. 4.938 + 0.247 + 1.5 − 0.125 = 6.560
    expect(purchaseTotals([{ qtyOrdered: 4, unitPrice: '1.2346', taxRate: '5' }], '1.5', '0.125', 'KWD')).toEqual({
      lines: ['4.938'],
      goodsAmount: '4.938',
      tax: '0.247',
      total: '6.560',
    });
  });
});
