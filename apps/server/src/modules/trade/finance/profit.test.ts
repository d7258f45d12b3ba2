import { describe, expect, it } from 'vitest';
import { allocate, computeProfit } from './profit.ts';

describe('computeProfit (hand-worked)', () => {
  it('settled and shipped: fees from the statement, cost from SALE_OUT, actual freight shared by quantity', () => {
    // 100.00 MYR × 1.55 = 155.00; fees 5.80 MYR × 1.55 = 8.99 (8.990); cost: 2 shipped at 20.1234 = 40.2468
    // + 1 unshipped at 21.00 = 61.2468 → 61.25; freight 30.00 CNY × 2/3 = 20.00 (actual)
    // profit 155.00 − 61.25 − 8.99 − 20.00 = 64.76; margin 64.76 / 155 = 41.78 %
    const r = computeProfit({
      currency: 'CNY',
      orderTotal: '100.00',
      rate: '1.55',
      refunded: '0',
      returned: '0',
      costUnshipped: true,
      lines: [{ quantity: 3, shippedQty: 2, shippedCost: '40.2468', returnedCost: '0', avgCost: '21.00' }],
      settlementFees: '5.80',
      estimateRate: '0.06',
      shipments: [{ actualFee: '30.00', estFee: '25.00', rate: '1', share: String(2 / 3) }],
    });
    expect(r).toEqual({
      revenue: '155.00',
      cost: '61.25',
      fees: '8.99',
      feesEstimated: false,
      freight: '20.00',
      freightSource: 'ACTUAL',
      profit: '64.76',
      margin: '41.78',
    });
  });

  it('not settled: fees estimated at the platform rate; estimated freight in another currency', () => {
    // 40.00 SGD × 5.30 = 212.00; fees 6 % = 12.72; cost 4 × 10.125 = 40.50; freight 3.50 USD × 7.12 = 24.92 (estimated)
    // profit 212.00 − 40.50 − 12.72 − 24.92 = 133.86; margin 63.14 %
    const r = computeProfit({
      currency: 'CNY',
      orderTotal: '40.00',
      rate: '5.30',
      refunded: '0',
      returned: '0',
      costUnshipped: true,
      lines: [{ quantity: 4, shippedQty: 0, shippedCost: '0', returnedCost: '0', avgCost: '10.125' }],
      settlementFees: null,
      estimateRate: '0.06',
      shipments: [{ actualFee: null, estFee: '3.50', rate: '7.12', share: '1' }],
    });
    expect(r).toMatchObject({
      revenue: '212.00',
      fees: '12.72',
      feesEstimated: true,
      cost: '40.50',
      freight: '24.92',
      freightSource: 'ESTIMATED',
      profit: '133.86',
      margin: '63.14',
    });
  });

  it('no cost known, no shipment, zero revenue: margin null, a loss from fees', () => {
    const r = computeProfit({
      currency: 'CNY',
      orderTotal: '0',
      rate: '1',
      refunded: '0',
      returned: '0',
      costUnshipped: true,
      lines: [{ quantity: 1, shippedQty: 0, shippedCost: '0', returnedCost: '0', avgCost: null }],
      settlementFees: '1.00',
      estimateRate: '0',
      shipments: [],
    });
    expect(r).toMatchObject({
      revenue: '0.00',
      cost: '0.00',
      fees: '1.00',
      freight: '0.00',
      freightSource: 'NONE',
      profit: '-1.00',
      margin: null,
    });
  });

  it('allocates a figure over weights so the parts add up', () => {
    expect(allocate('10.00', ['1', '1', '1'], 'CNY')).toEqual(['3.33', '3.33', '3.34']);
    expect(allocate('8.99', ['95.00'], 'CNY')).toEqual(['8.99']);
    expect(allocate('5.00', ['0', '0'], 'CNY')).toEqual(['5.00', '0.00']);
    expect(allocate('1.00', [], 'CNY')).toEqual([]);
    // JPY takes whole yen: 1000 over three equal lines is 333 + 333 + 334
    expect(allocate('1000', ['1', '1', '1'], 'JPY')).toEqual(['333', '333', '334']);
  });

  it('a JPY tenant: every figure in whole yen', () => {
    // 1 200.00 CNY × 21.3 = 25 560 JPY; fees 6 % = 1 533.6 → 1 534; cost 2 × 4 321.5 = 8 643;
    // freight 12.5 USD × 151.237 = 1 890.4625 → 1 890; profit 25 560 − 8 643 − 1 534 − 1 890 = 13 493
    const r = computeProfit({
      currency: 'JPY',
      orderTotal: '1200.00',
      rate: '21.3',
      refunded: '0',
      returned: '0',
      costUnshipped: true,
      lines: [{ quantity: 2, shippedQty: 0, shippedCost: '0', returnedCost: '0', avgCost: '4321.5' }],
      settlementFees: null,
      estimateRate: '0.06',
      shipments: [{ actualFee: null, estFee: '12.50', rate: '151.237', share: '1' }],
    });
    expect(r).toMatchObject({ revenue: '25560', fees: '1534', cost: '8643', freight: '1890', profit: '13493' });
  });
});
