import {
  allowedSalesOrderActions,
  marketplaceOrderStatus,
  salesOrderActions,
  salesOrderStatuses,
  salesOrderTransitions,
} from '@seller/contracts/trade';
import { describe, expect, it } from 'vitest';
import { nextState } from '../state-machine.ts';
import { lazadaLines, lazadaTime, shopeeOrder } from './marketplace.ts';

/** The sales order state table, written out by hand: every (status, action) not listed is refused. */
const allowed: Record<string, string> = {
  'Pending markPaid': 'Paid',
  'Pending confirm': 'Processing',
  'Pending cancel': 'Cancel',
  'Paid confirm': 'Processing',
  'Paid cancel': 'Cancel',
  'Outofstock markPaid': 'Outofstock',
  'Processing markPaid': 'Processing',
  'Packaged markPaid': 'Packaged',
  'Outofstock confirm': 'Processing',
  'Outofstock cancel': 'Cancel',
  'Processing pack': 'Packaged',
  'Processing cancel': 'Cancel',
  'Packaged cancel': 'Cancel',
  'Shipped deliver': 'Delivered',
  'Delivered complete': 'Completed',
  'Delivered partialRefund': 'PartiallyRefunded',
  'Delivered refund': 'Refunded',
  'Completed partialRefund': 'PartiallyRefunded',
  'Completed refund': 'Refunded',
  'PartiallyRefunded refund': 'Refunded',
};

describe('sales order transitions', () => {
  for (const status of salesOrderStatuses) {
    for (const action of salesOrderActions) {
      const key = `${status} ${action}`;
      const expected = allowed[key] ?? null;
      it(`${key} → ${expected ?? 'refused'}`, () => {
        expect(nextState(salesOrderTransitions, status, action)).toBe(expected);
      });
    }
  }
  it('lists the actions a status allows, and none for the final ones', () => {
    expect(allowedSalesOrderActions('Pending')).toEqual(['markPaid', 'confirm', 'cancel']);
    expect(allowedSalesOrderActions('Cancel')).toEqual([]);
    expect(allowedSalesOrderActions('Refunded')).toEqual([]);
    expect(allowedSalesOrderActions('PartiallyShipped')).toEqual([]);
  });
});

describe('marketplace statuses in the product words', () => {
  const lazada: Array<[string, string]> = [
    ['unpaid', 'Pending'],
    ['pending', 'Paid'],
    ['topack', 'Paid'],
    ['toship', 'Paid'],
    ['packed', 'Paid'],
    ['ready_to_ship', 'Paid'],
    ['repacked', 'Paid'],
    ['shipped', 'Shipped'],
    ['delivered', 'Delivered'],
    ['confirmed', 'Completed'],
    ['canceled', 'Cancel'],
    ['failed', 'Cancel'],
    ['lost_by_3pl', 'Cancel'],
    ['damaged_by_3pl', 'Cancel'],
    ['returned', 'Refunded'],
    ['shipped_back', 'Refunded'],
    ['something_new', 'Pending'],
  ];
  const shopee: Array<[string, string]> = [
    ['UNPAID', 'Pending'],
    ['INVOICE_PENDING', 'Pending'],
    ['READY_TO_SHIP', 'Paid'],
    ['PROCESSED', 'Paid'],
    ['RETRY_SHIP', 'Paid'],
    ['IN_CANCEL', 'Paid'],
    ['SHIPPED', 'Shipped'],
    ['TO_CONFIRM_RECEIVE', 'Shipped'],
    ['COMPLETED', 'Completed'],
    ['CANCELLED', 'Cancel'],
    ['TO_RETURN', 'Refunded'],
    ['WHATEVER', 'Pending'],
  ];
  it.each(lazada)('Lazada %s → %s', (raw, word) => expect(marketplaceOrderStatus('LAZADA', raw)).toBe(word));
  it.each(shopee)('Shopee %s → %s', (raw, word) => expect(marketplaceOrderStatus('SHOPEE', raw)).toBe(word));
});

describe('normalizing marketplace orders', () => {
  it('folds Lazada items (one per unit) into lines by SKU and price', () => {
    const lines = lazadaLines([
      { order_item_id: 1, sku: 'A-1', name: 'A', paid_price: '10.00', product_id: 5 },
      { order_item_id: 2, sku: 'A-1', name: 'A', paid_price: '10.00', product_id: 5 },
      { order_item_id: 3, sku: 'B-1', name: 'B', paid_price: '7.5', product_id: 6 },
    ]);
    // exact as reported; the order rounds them to its currency's minor units
    expect(lines).toEqual([
      { platformItemId: '5', platformLineId: '1', sellerSku: 'A-1', name: 'A', quantity: 2, unitPrice: '10' },
      { platformItemId: '6', platformLineId: '3', sellerSku: 'B-1', name: 'B', quantity: 1, unitPrice: '7.5' },
    ]);
  });
  it("reads Lazada's own time format and ISO", () => {
    expect(lazadaTime('2024-01-08 16:01:21 +0800').toISOString()).toBe('2024-01-08T08:01:21.000Z');
    expect(lazadaTime('2024-01-08T08:01:21.000Z').toISOString()).toBe('2024-01-08T08:01:21.000Z');
  });
  it('derives the Shopee discount from the total (goods 2 × 12.50 + shipping 5 − total 27 = 3)', () => {
    const o = shopeeOrder(
      {
        order_sn: '240101ABCDEFGH',
        order_status: 'READY_TO_SHIP',
        currency: 'SGD',
        total_amount: 27,
        estimated_shipping_fee: 5,
        create_time: 1_704_067_200,
        update_time: 1_704_067_300,
        recipient_address: { name: 'Tan Wei', city: 'Singapore', zipcode: '123456' },
        item_list: [
          {
            item_id: 9,
            model_id: 0,
            item_name: 'X',
            model_sku: 'X-1',
            model_quantity_purchased: 2,
            model_discounted_price: 12.5,
          },
        ],
      },
      { platform: 'SHOPEE', region: 'SG' },
    );
    expect(o).toMatchObject({
      goodsAmount: '25.00',
      shippingFee: '5.00',
      discount: '3.00',
      total: '27.00',
      buyerName: 'Tan Wei',
      countryCode: 'SG',
      orderedAt: new Date(1_704_067_200_000),
    });
    expect(o.lines).toEqual([
      { platformItemId: '9', platformLineId: '9-0', sellerSku: 'X-1', name: 'X', quantity: 2, unitPrice: '12.50' },
    ]);
  });
});
