import { beforeAll, describe, expect, it } from 'vitest';
import { today } from '../src/core/time.ts';
import { linkedVariants } from '../src/modules/trade/purchase/test-support.ts';
import { processingOrder } from '../src/modules/trade/shipments/testing.ts';
import { useTradeApp, variantsOf, warehousesOf } from '../src/modules/trade/test-support.ts';
import { members } from './harness.ts';

/**
 * Money through the API: every amount held to its currency's ISO 4217 minor units (0 for JPY and
 * VND, 3 for KWD, 2 for USD, MYR, CNY), conversions rounded once, and a missing exchange rate an
 * error, never 1. Every expected figure is worked by hand in the comment above it.
 */

const app = useTradeApp();
type Json = Record<string, unknown> & { id: string };

const ok = async (res: { statusCode: number; body: string; json(): unknown }) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Json;
};
const created = async (res: { statusCode: number; body: string; json(): unknown }) => {
  expect([200, 201], res.body).toContain(res.statusCode);
  return res.json() as Json;
};
/** The members a 400 names. */
const refused = (res: { statusCode: number; body: string; json(): unknown }) => {
  expect(res.statusCode, res.body).toBe(400);
  return members(res);
};

const SETTINGS = '/api/setting-management/settings/change-current-tenant';
/** The default rates (CNY is the tenant's currency), JPY and KWD among them. */
const RATES =
  'USD=7.1200; EUR=7.7000; GBP=9.0000; HKD=0.9100; SGD=5.3000; MYR=1.5500; THB=0.2000; VND=0.000280; PHP=0.1250; IDR=0.000450; TWD=0.2200; BRL=1.3000; JPY=0.0478; KWD=23.1';
const setRates = async (rates: string) =>
  expect(
    (await app.put(app.demoAdmin, SETTINGS, { settings: [{ name: 'Logistics.ExchangeRates', value: rates }] }))
      .statusCode,
  ).toBe(200);

let categoryId: string;
let zoneId: string;
let jpyChannel: Json;

beforeAll(async () => {
  categoryId = (
    await created(await app.post(app.demoAdmin, '/api/catalog/categories', { code: 'MONEY', name: '币种测试' }))
  ).id;
  zoneId = (
    await created(await app.post(app.demoAdmin, '/api/logistics/zones', { name: 'Money SEA', countries: ['MY', 'SG'] }))
  ).id;
});

describe('freight estimate: totals to the channel currency, converted once into the tenant’s', () => {
  it('prices a JPY and a KWD channel; without a JPY rate the JPY channel is refused, never taken at 1', async () => {
    const carriers = (await ok(await app.get(app.demoAdmin, '/api/logistics/carriers/all'))).items as Json[];
    const channel = async (code: string, currency: string, fuelSurchargePct: string, flatFee: string) => {
      const c = await created(
        await app.post(app.demoAdmin, '/api/logistics/channels', {
          carrierId: carriers[0]!.id,
          code,
          name: `${currency} flat`,
          mode: 'AIR',
          transitDaysMin: 3,
          transitDaysMax: 6,
          currency,
          fuelSurchargePct,
        }),
      );
      const table = await app.put(app.demoAdmin, `/api/logistics/channels/${c.id}/rates`, {
        rows: [{ zoneId, weightFrom: 0, weightTo: 30_000, feeMode: 'FLAT', flatFee }],
      });
      expect(table.statusCode, table.body).toBe(200);
      return c;
    };
    jpyChannel = await channel('MONEY-JPY', 'JPY', '10.5', '1250');
    const kwd = await channel('MONEY-KWD', 'KWD', '0.05', '1.2345');
    type Estimate = {
      options: { channelCode: string; total: string; totalInTenantCurrency: string; currency: string }[];
      excluded: { channelCode: string; reasons: { code: string }[] }[];
    };
    const estimate = async () =>
      (await ok(
        await app.post(app.demoAdmin, '/api/logistics/freight/estimate', { countryCode: 'SG', weight: 820 }),
      )) as unknown as Estimate;

    // rates that know neither JPY nor KWD: both channels are left out, said why
    await setRates(RATES.replace('; JPY=0.0478; KWD=23.1', ''));
    const before = await estimate();
    expect(before.excluded.find((e) => e.channelCode === 'MONEY-JPY')?.reasons.map((r) => r.code)).toContain(
      'NoExchangeRate',
    );
    expect(before.options.map((o) => o.channelCode)).not.toContain('MONEY-KWD');

    await setRates(RATES);
    const after = await estimate();
    const option = (code: string) => after.options.find((o) => o.channelCode === code);
    // JPY: 1 250 + 10.5 % = 1 381.25 → 1 381 JPY (no sen); in CNY 1 381.25 × 0.0478 = 66.02375 → 66.02
    expect(option('MONEY-JPY')).toMatchObject({ currency: 'JPY', total: '1381', totalInTenantCurrency: '66.02' });
    // KWD: 1.2345 + 0.05 % = 1.23511725 → 1.235 KWD; in CNY × 23.1 = 28.5312… → 28.53
    expect(option('MONEY-KWD')).toMatchObject({ currency: 'KWD', total: '1.235', totalInTenantCurrency: '28.53' });
    // USD (demo SF-INTL-STD): 9.80 + 3.10 = 12.90, fuel 18.5 % → 15.2865 → 15.29 USD; 15.2865 × 7.12 = 108.83988 → 108.84
    expect(option('SF-INTL-STD')).toMatchObject({ total: '15.29', totalInTenantCurrency: '108.84' });
    expect(kwd.id).toBeTruthy();
  });
});

describe('price rules: the price to the target currency’s minor units, conversions rounded once', () => {
  const rules = '/api/catalog/price-rule';
  const rule = async (over: object) =>
    created(
      await app.post(app.demoAdmin, rules, {
        name: `Money ${Math.random().toString(36).slice(2, 8)}`,
        currencyTo: 'MYR',
        exchangeRate: '0.65',
        mode: 'COST_PLUS',
        markupPct: '0',
        rounding: 'NONE',
        ...over,
      }),
    );
  const price = async (r: Json, query: string) =>
    (await ok(await app.get(app.demoAdmin, `${rules}/calc-retailPrice?priceRuleId=${r.id}&${query}`))) as unknown as {
      price: string;
      currency: string;
      cost: string;
      steps: { key: string; amount: string }[];
    };

  it('takes the freight the estimate converted exactly: 77.25 MYR, not 77.26', async () => {
    await setRates(RATES);
    const channels = (await ok(await app.get(app.demoAdmin, '/api/logistics/channels/all'))).items as Json[];
    const sf = channels.find((c) => c.code === 'SF-INTL-STD')!;
    const strategy = await created(
      await app.post(app.demoAdmin, '/api/logistics/freight-strategies', {
        name: 'Money: SG by SF',
        rules: [{ name: 'SF', countries: ['SG'], objective: 'FIXED', channelIds: [sf.id], fallbackChannelId: null }],
      }),
    );
    const r = await rule({ siteCode: 'SG', freightSource: 'STRATEGY', freightStrategyId: strategy.id });
    // freight: 15.2865 USD × 7.12 = 108.83988 → 108.84 CNY (the estimate's own conversion, rounded once);
    // price: (10 + 108.84) × 0.65 = 77.246 → 77.25 MYR. The channel-rounded 15.29 × 7.12 = 108.8648
    // would have given (10 + 108.8648) × 0.65 = 77.26212 → 77.26.
    const p = await price(r, 'cost=10&weight=820');
    expect(p.steps.find((s) => s.key === 'InternationalFreight')?.amount).toBe('108.84');
    expect([p.price, p.currency]).toEqual(['77.25', 'MYR']);
  });

  it('rounds to whole yen and dong, three places of dinar, cents of dollars', async () => {
    // 20.13 CNY × 21.3 = 428.769 → 429 JPY; x.99 has no meaning without sen: the next whole yen
    expect((await price(await rule({ currencyTo: 'JPY', exchangeRate: '21.3' }), 'cost=20.13')).price).toBe('429');
    expect(
      (await price(await rule({ currencyTo: 'JPY', exchangeRate: '21.3', rounding: 'X_99' }), 'cost=20.13')).price,
    ).toBe('429');
    // 10 CNY × 3 571.43 = 35 714.3 → 35 714 VND
    expect((await price(await rule({ currencyTo: 'VND', exchangeRate: '3571.43' }), 'cost=10')).price).toBe('35714');
    // 12.34 CNY × 0.0431 = 0.531854 → 0.532 KWD
    expect((await price(await rule({ currencyTo: 'KWD', exchangeRate: '0.0431' }), 'cost=12.34')).price).toBe('0.532');
    // 10 CNY × 0.1404 = 1.404 → 1.40 USD
    expect((await price(await rule({ currencyTo: 'USD', exchangeRate: '0.1404' }), 'cost=10')).price).toBe('1.40');
  });

  it('refuses a bound with more places than the target currency takes, naming it', async () => {
    const bad = async (over: object) =>
      refused(await app.post(app.demoAdmin, rules, { name: 'Bad', mode: 'COST_PLUS', exchangeRate: '1', ...over }));
    expect(await bad({ currencyTo: 'JPY', minPrice: '100.5' })).toEqual(['minPrice']);
    expect(await bad({ currencyTo: 'KWD', maxPrice: '0.5305' })).toEqual(['maxPrice']);
    const res = await app.post(app.demoAdmin, rules, {
      name: 'Bad',
      mode: 'COST_PLUS',
      exchangeRate: '1',
      currencyTo: 'JPY',
      minPrice: '100.5',
    });
    expect(
      (res.json() as { error: { validationErrors: { message: string }[] } }).error.validationErrors[0]!.message,
    ).toBe('This currency takes at most 0 decimal places.');
    // 12.34 × 0.0431 = 0.531854 → 0.532, clamped to the maximum 0.530 KWD
    const clamped = await rule({ currencyTo: 'KWD', exchangeRate: '0.0431', maxPrice: '0.530' });
    expect((await price(clamped, 'cost=12.34')).price).toBe('0.530');
  });

  it('takes a catalogue cost in its own currency and converts it; a currency without a rate is refused', async () => {
    const product = async (sku: string, over: object) =>
      app.post(app.demoAdmin, '/api/catalog/products', {
        name: '币种商品',
        sku,
        categoryIds: [categoryId],
        description: '测试描述',
        region: 'MY',
        developmentDate: '2026-01-05',
        launchDate: '2026-02-01',
        salesTypes: ['normal'],
        resource: 'selfDeveloped',
        ...over,
      });
    // no currency given: the tenant's (CNY)
    expect(await created(await product('MONEY-CNY-01', { price: 12.5 }))).toMatchObject({
      price: '12.50',
      priceCurrency: 'CNY',
    });
    // yen have no fraction: 1 000.5 JPY refused on the price
    expect(refused(await product('MONEY-JPY-01', { price: '1000.5', priceCurrency: 'JPY' }))).toEqual(['price']);
    // a cost of 99 USD (no supplier link) under a CNY → JPY rule at 21.3: 99 × 7.12 = 704.88 CNY,
    // × 21.3 = 15 013.944 → 15 014 JPY (it was priced as 99 CNY before: 2 109 JPY)
    await created(await product('MONEY-USD-01', { price: '99', priceCurrency: 'USD' }));
    const jpy = await rule({ currencyTo: 'JPY', exchangeRate: '21.3' });
    const p = await price(jpy, 'sku=MONEY-USD-01');
    expect([p.cost, p.price]).toEqual(['704.88', '15014']);
    // a product priced in CHF, which has no rate: refused on the SKU, not taken at 1
    await created(await product('MONEY-CHF-01', { price: '10', priceCurrency: 'CHF' }));
    const chf = await app.get(app.demoAdmin, `${rules}/calc-retailPrice?priceRuleId=${jpy.id}&sku=MONEY-CHF-01`);
    expect(refused(chf)).toEqual(['sku']);
  });
});

describe('sales orders: lines and totals in the order currency', () => {
  const orders = '/api/trade/orders';
  let variantId: string;
  beforeAll(async () => {
    variantId = (await variantsOf(app.t, app.t.demo, 1))[0]!.variantId;
  });
  const order = (currency: string, lines: { quantity: number; unitPrice: string }[], extra: object = {}) =>
    app.post(app.demoAdmin, orders, {
      buyerName: 'Money buyer',
      countryCode: 'JP',
      currency,
      lines: lines.map((l) => ({ variantId, ...l })),
      ...extra,
    });

  it('refuses 3 × 1 000.50 JPY on the unit price and takes 3 × 1 000 JPY = 3 000', async () => {
    expect(refused(await order('JPY', [{ quantity: 3, unitPrice: '1000.50' }]))).toEqual(['lines.0.unitPrice']);
    expect(refused(await order('JPY', [{ quantity: 3, unitPrice: '1000' }], { shippingFee: '12.5' }))).toEqual([
      'shippingFee',
    ]);
    const jpy = await ok(await order('JPY', [{ quantity: 3, unitPrice: '1000' }]));
    expect(jpy).toMatchObject({ goodsAmount: '3000', total: '3000', shippingFee: '0', discount: '0' });
    expect((jpy.lines as Json[])[0]).toMatchObject({ unitPrice: '1000', amount: '3000' });
  });

  it('VND in whole dong, KWD to the fils, USD to the cent', async () => {
    // 2 × 150 000 + 30 000 − 5 000 = 325 000 VND
    const vnd = await ok(
      await order('VND', [{ quantity: 2, unitPrice: '150000' }], { shippingFee: '30000', discount: '5000' }),
    );
    expect(vnd).toMatchObject({ goodsAmount: '300000', total: '325000' });
    // 3 × 1.125 = 3.375; + 0.500 = 3.875 KWD
    const kwd = await ok(await order('KWD', [{ quantity: 3, unitPrice: '1.125' }], { shippingFee: '0.500' }));
    expect(kwd).toMatchObject({ goodsAmount: '3.375', shippingFee: '0.500', total: '3.875' });
    expect(refused(await order('KWD', [{ quantity: 1, unitPrice: '1.1255' }]))).toEqual(['lines.0.unitPrice']);
    // 3 × 19.99 = 59.97 USD; a third decimal is refused
    expect(await ok(await order('USD', [{ quantity: 3, unitPrice: '19.99' }]))).toMatchObject({ total: '59.97' });
    expect(refused(await order('USD', [{ quantity: 1, unitPrice: '19.995' }]))).toEqual(['lines.0.unitPrice']);
  });
});

describe('purchase orders: line amounts, tax and total to the order currency', () => {
  const pos = '/api/trade/purchase-orders';
  let link: Awaited<ReturnType<typeof linkedVariants>>[number];
  let warehouseId: string;
  beforeAll(async () => {
    [link] = await linkedVariants(app.t, app.t.demo, 1);
    warehouseId = (await warehousesOf(app.t, app.t.demo))[0]!.id;
  });
  const po = (body: object) => app.post(app.demoAdmin, pos, { supplierId: link.supplierId, warehouseId, ...body });

  it('JPY: whole yen; KWD: three places; the tenant’s default currency checked too', async () => {
    // 3 × 333.3333 = 999.9999 → 1 000 JPY; tax 10 % = 100; + freight 500 = 1 600 JPY
    const jpy = await ok(
      await po({
        currency: 'JPY',
        fxRate: '0.0478',
        freight: '500',
        lines: [{ variantId: link.variantId, qtyOrdered: 3, unitPrice: '333.3333', taxRate: '10' }],
      }),
    );
    expect(jpy).toMatchObject({ goodsAmount: '1000', tax: '100', freight: '500', total: '1600' });
    expect((jpy.lines as Json[])[0]!.amount).toBe('1000');
    // 4 × 1.2346 = 4.9384 → 4.938; tax 5 % = 0.2469 → 0.247; + 1.500 − 0.125 = 6.560 KWD
    const kwd = await ok(
      await po({
        currency: 'KWD',
        fxRate: '23.1',
        freight: '1.5',
        discount: '0.125',
        lines: [{ variantId: link.variantId, qtyOrdered: 4, unitPrice: '1.2346', taxRate: '5' }],
      }),
    );
    expect(kwd).toMatchObject({ goodsAmount: '4.938', tax: '0.247', total: '6.560' });
    const lines = [{ variantId: link.variantId, qtyOrdered: 1, unitPrice: '10' }];
    expect(refused(await po({ currency: 'JPY', fxRate: '0.0478', freight: '12.5', lines }))).toEqual(['freight']);
    // no currency: the tenant's CNY, two places
    expect(refused(await po({ discount: '1.234', lines }))).toEqual(['discount']);
  });
});

describe('profit: freight converted at its currency’s rate, a missing rate refused', () => {
  it('counts a JPY shipment at the JPY rate, and refuses it (409) without one instead of at 1', async () => {
    await setRates(RATES);
    const warehouseId = (await warehousesOf(app.t, app.t.demo))[0]!.id;
    const [v] = await variantsOf(app.t, app.t.demo, 1);
    // an order of 100.00 MYR, one unit costing 10.00 CNY
    const { order } = await processingOrder(app.t, app.t.demo, {
      warehouseId,
      lines: [{ variantId: v!.variantId, sku: v!.sku, quantity: 1 }],
    });
    const shipment = await app.post(app.demoAdmin, '/api/trade/shipments', {
      orderIds: [order.id],
      warehouseId,
      channelId: jpyChannel.id,
    });
    expect(shipment.statusCode, shipment.body).toBe(200);
    // the JPY channel's flat 1 250 + 10.5 % = 1 381.25 → 1 381 JPY
    expect(shipment.json()).toMatchObject({ estFee: '1381', currency: 'JPY' });
    // today on the demo tenant's calendar (Asia/Shanghai): past 16:00 UTC it is already tomorrow there
    const day = today('Asia/Shanghai');
    const profit = () =>
      app.get(app.demoAdmin, `/api/trade/finance/profit/orders?from=${day}&to=${day}&filter=${order.orderNo}`);
    // revenue 100.00 MYR × 1.55 = 155.00; fees 0 (a manual order); freight 1 381 JPY × 0.0478 = 66.0118
    // → 66.01 CNY; the cost is the unit's average cost in the warehouse (demo stock and the test's own)
    const counted = (await ok(await profit())).items as Record<string, string>[];
    const { revenue, fees, freight, cost, profit: earned } = counted[0]!;
    expect({ revenue, fees, freight }).toEqual({ revenue: '155.00', fees: '0.00', freight: '66.01' });
    // profit 155.00 − cost − 0 − 66.01
    expect(earned).toBe(((15500 - Math.round(Number(cost) * 100) - 6601) / 100).toFixed(2));

    // without a JPY rate the freight cannot be counted: refused, never at 1 (which would say 155 − 10 − 1 381)
    await setRates(RATES.replace('; JPY=0.0478', ''));
    const refusedProfit = await profit();
    expect(refusedProfit.statusCode, refusedProfit.body).toBe(409);
    expect((refusedProfit.json() as { error: { message: string } }).error.message).toContain('JPY');
    await setRates(RATES);
  });
});
