import { randomUUID } from 'node:crypto';
import { PricingPermissions } from '@seller/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, members } from '../../../test/harness.ts';
import { productBody } from '../catalog/test-support.ts';
import { expectGuarded, type LogisticsUsers, logisticsUsers } from '../logistics/test-support.ts';
import { seedPricingDemo } from './seed.ts';

const url = '/api/catalog/price-rule';
let u: LogisticsUsers;

type Json = Record<string, unknown> & { id: string; concurrencyStamp: string };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (who: string | null, method: Method, path: string, payload?: object, culture = 'en') =>
  as(u.t.app, who, culture)({ method, url: path, payload });
const ok = async (who: string, method: Method, path: string, payload?: object) => {
  const res = await call(who, method, path, payload);
  expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(200);
  return res.json() as Json;
};
/** The members a 400 names. */
const refused = async (who: string, method: Method, path: string, payload?: object) => {
  const res = await call(who, method, path, payload);
  expect(res.statusCode, res.body).toBe(400);
  return members(res);
};

/** CNY → MYR at 0.65 + 2 %, 30 % markup, commission 5 %, payment 2 %, withdrawal 1 %, 15 CNY freight, x.90. */
const lazada = (over: object = {}) => ({
  name: 'Lazada MY test',
  platform: 'LAZADA',
  siteCode: 'MY',
  currencyTo: 'MYR',
  exchangeRate: '0.65',
  fxBufferPct: '2',
  mode: 'COST_PLUS',
  markupPct: '30',
  commissionPct: '5',
  paymentPct: '2',
  withdrawalPct: '1',
  fixedFee: '1',
  packagingFee: 0.5,
  domesticFreight: '2',
  freightSource: 'FIXED',
  internationalFreight: '15',
  rounding: 'X_90',
  ...over,
});

let rule: Json;
let otherRule: Json;
let otherBand: Json;
let otherTier: Json;
let categoryId: string;

beforeAll(async () => {
  u = await logisticsUsers(PricingPermissions.PriceRules);
  rule = await ok(u.demoAdmin, 'POST', url, lazada());
  otherRule = await ok(u.otherAdmin, 'POST', url, lazada({ name: 'Other tenant rule' }));
  otherBand = await ok(u.otherAdmin, 'POST', `${url}/add-retailPrice-rule?priceRuleId=${otherRule.id}`, {
    costFrom: '0',
    markupPct: '40',
  });
  otherTier = await ok(u.otherAdmin, 'POST', `${url}/add-tierPrice-rule?priceRuleId=${otherRule.id}`, {
    minQuantity: 2,
    discountPct: '5',
  });
  categoryId = (await ok(u.demoAdmin, 'POST', '/api/catalog/categories', { code: 'PRICING', name: '定价测试' })).id;
}, 120_000);
afterAll(async () => {
  await u?.t.close();
});

describe('price rules', () => {
  it('are created, read, listed, updated and deleted, amounts as exact decimal text', async () => {
    expect(rule).toMatchObject({
      name: 'Lazada MY test',
      platform: 'LAZADA',
      siteCode: 'MY',
      currencyFrom: 'CNY',
      currencyTo: 'MYR',
      exchangeRate: '0.65',
      markupPct: '30.00',
      packagingFee: '0.50',
      targetMarginPct: '0.00',
      minPrice: null,
      priority: 0,
      isActive: true,
      retailRuleCount: 0,
      tierRuleCount: 0,
    });
    expect(await ok(u.demoAdmin, 'GET', `${url}/${rule.id}`)).toMatchObject({ id: rule.id, rounding: 'X_90' });
    const page = await ok(u.demoAdmin, 'GET', `${url}?filter=lazada%20my&sorting=priority%20desc`);
    expect((page.items as Json[]).map((r) => r.id)).toContain(rule.id);
    expect((await ok(u.otherAdmin, 'GET', `${url}/all`)).items).toHaveLength(1);

    const created = await ok(u.demoAdmin, 'POST', url, lazada({ name: 'To change', categoryId }));
    const changed = await ok(u.demoAdmin, 'PUT', `${url}/${created.id}`, {
      ...lazada({ name: 'Changed', mode: 'MARGIN', targetMarginPct: '99.5', minPrice: '5', maxPrice: '5' }),
      concurrencyStamp: created.concurrencyStamp,
    });
    expect(changed).toMatchObject({ name: 'Changed', mode: 'MARGIN', targetMarginPct: '99.50', maxPrice: '5.00' });
    const stale = await call(u.demoAdmin, 'PUT', `${url}/${created.id}`, {
      ...lazada(),
      concurrencyStamp: created.concurrencyStamp,
    });
    expect(stale.statusCode).toBe(409);
    // deleting a rule takes its bands and tiers with it
    await ok(u.demoAdmin, 'POST', `${url}/add-tierPrice-rule?priceRuleId=${created.id}`, {
      minQuantity: 2,
      discountPct: '1',
    });
    expect((await call(u.demoAdmin, 'DELETE', `${url}/${created.id}`)).statusCode).toBe(204);
    expect((await call(u.demoAdmin, 'GET', `${url}/${created.id}`)).statusCode).toBe(404);
  });

  it('refuses a rule that cannot price, naming the member', async () => {
    const bad = (over: object) => refused(u.demoAdmin, 'POST', url, lazada(over));
    expect(await bad({ mode: 'MARGIN', targetMarginPct: '100' })).toEqual(['targetMarginPct']);
    expect(await bad({ commissionPct: '100' })).toEqual(['commissionPct']);
    expect(await bad({ paymentPct: '100.5' })).toEqual(['paymentPct']);
    expect(await bad({ withdrawalPct: '100', promotionPct: '100' })).toEqual(['promotionPct', 'withdrawalPct']);
    expect(await bad({ minPrice: '10', maxPrice: '9.99' })).toEqual(['maxPrice']);
    expect(await bad({ exchangeRate: '0' })).toEqual(['exchangeRate']);
    expect(await bad({ exchangeRate: 'abc' })).toEqual(['exchangeRate']);
    expect(await bad({ fixedFee: '-1' })).toEqual(['fixedFee']);
    expect(await bad({ currencyTo: 'myr' })).toEqual(['currencyTo']);
    expect(await bad({ name: '' })).toEqual(['name']);
    expect(await bad({ rounding: 'X_95' })).toEqual(['rounding']);
    expect(await bad({ freightSource: 'STRATEGY' })).toEqual(['freightStrategyId']);
    // another tenant's category is not one of ours
    const theirs = await ok(u.otherAdmin, 'POST', '/api/catalog/categories', { code: 'THEIRS', name: '别人的' });
    expect(await bad({ categoryId: theirs.id })).toEqual(['categoryId']);
    // the message is the field's, in the request's language
    const zh = await call(u.demoAdmin, 'POST', url, lazada({ mode: 'MARGIN', targetMarginPct: '100' }), 'zh-Hans');
    expect(zh.json().error.validationErrors[0].message).toContain('目标利润率必须小于 100%');
  });

  it("are the tenant's own: another tenant's id is 404 and nothing of it is shown or changed", async () => {
    const theirs = otherRule.id;
    expect((await call(u.demoAdmin, 'GET', `${url}/${theirs}`)).statusCode).toBe(404);
    expect((await call(u.demoAdmin, 'PUT', `${url}/${theirs}`, lazada())).statusCode).toBe(404);
    expect((await call(u.demoAdmin, 'DELETE', `${url}/${theirs}`)).statusCode).toBe(404);
    const list = await ok(u.demoAdmin, 'GET', `${url}/all`);
    expect((list.items as Json[]).some((r) => r.id === theirs)).toBe(false);
    const band = { costFrom: '0', markupPct: '10' };
    const tier = { minQuantity: 2, discountPct: '5' };
    for (const [method, path, body] of [
      ['POST', `${url}/add-retailPrice-rule?priceRuleId=${theirs}`, band],
      ['POST', `${url}/add-tierPrice-rule?priceRuleId=${theirs}`, tier],
      ['GET', `${url}/retailPrice-rule/${theirs}`],
      ['GET', `${url}/tierPrice-rule/${theirs}`],
      ['PUT', `${url}/retailPrice-rule/${otherBand.id}`, band],
      ['PUT', `${url}/tierPrice-rule/${otherTier.id}`, tier],
      ['DELETE', `${url}/retailPrice-rule?retailPriceRuleIds=${otherBand.id}`],
      ['DELETE', `${url}/tierPrice-rule?tierPriceRuleIds=${otherTier.id}`],
      ['GET', `${url}/calc-retailPrice?priceRuleId=${theirs}&cost=10`],
      ['GET', `${url}/calc-tierPrice?priceRuleId=${theirs}&cost=10`],
    ] as [Method, string, object?][]) {
      const res = await call(u.demoAdmin, method, path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.body).not.toContain('Other tenant rule');
    }
    // one of ours and one of theirs: nothing is deleted
    const mine = await ok(u.demoAdmin, 'POST', `${url}/add-tierPrice-rule?priceRuleId=${rule.id}`, {
      minQuantity: 500,
      discountPct: '1',
    });
    const both = `${url}/tierPrice-rule?tierPriceRuleIds=${mine.id},${otherTier.id}`;
    expect((await call(u.demoAdmin, 'DELETE', both)).statusCode).toBe(404);
    const tiers = await ok(u.demoAdmin, 'GET', `${url}/tierPrice-rule/${rule.id}`);
    expect((tiers.items as Json[]).map((t) => t.id)).toEqual([mine.id]);
    expect((await ok(u.otherAdmin, 'GET', `${url}/tierPrice-rule/${theirs}`)).items).toHaveLength(1);
    expect((await call(u.demoAdmin, 'DELETE', `${url}/tierPrice-rule?tierPriceRuleIds=${mine.id}`)).statusCode).toBe(
      204,
    );
  });

  it('answer 401 without a token, 403 without the permission; a reader reads and calculates only', async () => {
    const band = await ok(u.demoAdmin, 'POST', `${url}/add-retailPrice-rule?priceRuleId=${rule.id}`, {
      costFrom: '5000',
      markupPct: '10',
    });
    const tier = await ok(u.demoAdmin, 'POST', `${url}/add-tierPrice-rule?priceRuleId=${rule.id}`, {
      minQuantity: 1000,
      discountPct: '1',
    });
    await expectGuarded(
      u,
      [
        ['GET', url],
        ['GET', `${url}/all`],
        ['GET', `${url}/${rule.id}`],
        ['GET', `${url}/retailPrice-rule/${rule.id}`],
        ['GET', `${url}/tierPrice-rule/${rule.id}`],
        ['GET', `${url}/calc-retailPrice?priceRuleId=${rule.id}&cost=10`],
        ['GET', `${url}/calc-tierPrice?priceRuleId=${rule.id}&cost=10&quantities=1,2`],
        ['POST', url],
        ['PUT', `${url}/${rule.id}`],
        ['DELETE', `${url}/${rule.id}`],
        ['POST', `${url}/add-retailPrice-rule?priceRuleId=${rule.id}`],
        ['POST', `${url}/add-tierPrice-rule?priceRuleId=${rule.id}`],
        ['PUT', `${url}/retailPrice-rule/${band.id}`],
        ['PUT', `${url}/tierPrice-rule/${tier.id}`],
        ['DELETE', `${url}/retailPrice-rule?retailPriceRuleIds=${band.id}`],
        ['DELETE', `${url}/tierPrice-rule?tierPriceRuleIds=${tier.id}`],
      ],
      lazada(),
    );
    expect((await ok(u.demoAdmin, 'GET', `${url}/${rule.id}`)).retailRuleCount).toBe(1);
    expect(
      (await call(u.demoAdmin, 'DELETE', `${url}/retailPrice-rule?retailPriceRuleIds=${band.id}`)).statusCode,
    ).toBe(204);
    expect((await call(u.demoAdmin, 'DELETE', `${url}/tierPrice-rule?tierPriceRuleIds=${tier.id}`)).statusCode).toBe(
      204,
    );
  });
});

describe('retail-price rules (cost bands)', () => {
  it('are added, listed by cost, changed and deleted in a list; bands may not overlap', async () => {
    const r = await ok(u.demoAdmin, 'POST', url, lazada({ name: 'Bands' }));
    const add = (body: object) => call(u.demoAdmin, 'POST', `${url}/add-retailPrice-rule?priceRuleId=${r.id}`, body);
    const high = (await add({ costFrom: '100', markupPct: '20', remark: '贵的' })).json() as Json;
    const low = (await add({ costFrom: 0, costTo: '10', markupPct: '50' })).json() as Json;
    expect(low).toMatchObject({ priceRuleId: r.id, costFrom: '0.00', costTo: '10.00', markupPct: '50.00' });
    const list = await ok(u.demoAdmin, 'GET', `${url}/retailPrice-rule/${r.id}`);
    expect((list.items as Json[]).map((b) => b.id)).toEqual([low.id, high.id]);
    expect((await ok(u.demoAdmin, 'GET', `${url}/${r.id}`)).retailRuleCount).toBe(2);

    // [10, 100) fits between; [5, 20) and [150, ∞) overlap
    const mid = await ok(u.demoAdmin, 'POST', `${url}/add-retailPrice-rule?priceRuleId=${r.id}`, {
      costFrom: '10',
      costTo: '100',
      targetMarginPct: '20',
    });
    const overlap = await add({ costFrom: '5', costTo: '20', markupPct: '1' });
    expect(overlap.statusCode).toBe(400);
    expect(members(overlap)).toEqual(['costFrom']);
    expect(overlap.json().error.validationErrors[0].message).toBe('Overlaps the cost band 0.00 – 10.00.');
    expect(members(await add({ costFrom: '150', markupPct: '1' }))).toEqual(['costFrom']);
    expect(members(await add({ costFrom: '10', costTo: '10', markupPct: '1' }))).toEqual(['costTo']);
    expect(members(await add({ costFrom: '1000' }))).toEqual(['markupPct']);
    expect(members(await add({ costFrom: '1000', targetMarginPct: '100' }))).toEqual(['targetMarginPct']);

    const changed = await ok(u.demoAdmin, 'PUT', `${url}/retailPrice-rule/${mid.id}`, {
      costFrom: '10',
      costTo: '90',
      markupPct: '35',
      targetMarginPct: null,
      concurrencyStamp: mid.concurrencyStamp,
    });
    expect(changed).toMatchObject({ costTo: '90.00', markupPct: '35.00', targetMarginPct: null });
    // a band may keep its own range on update, not take a sibling's
    const clash = await call(u.demoAdmin, 'PUT', `${url}/retailPrice-rule/${mid.id}`, {
      costFrom: '10',
      costTo: '101',
      markupPct: '35',
    });
    expect(members(clash)).toEqual(['costFrom']);
    const stale = await call(u.demoAdmin, 'PUT', `${url}/retailPrice-rule/${mid.id}`, {
      costFrom: '10',
      costTo: '90',
      markupPct: '36',
      concurrencyStamp: mid.concurrencyStamp,
    });
    expect(stale.statusCode).toBe(409);

    expect(await refused(u.demoAdmin, 'DELETE', `${url}/retailPrice-rule?retailPriceRuleIds=nope`)).toEqual([
      'retailPriceRuleIds.0',
    ]);
    expect(await refused(u.demoAdmin, 'DELETE', `${url}/retailPrice-rule`)).toEqual(['retailPriceRuleIds']);
    const ids = [low.id, high.id].join(',');
    expect((await call(u.demoAdmin, 'DELETE', `${url}/retailPrice-rule?retailPriceRuleIds=${ids}`)).statusCode).toBe(
      204,
    );
    expect(
      ((await ok(u.demoAdmin, 'GET', `${url}/retailPrice-rule/${r.id}`)).items as Json[]).map((b) => b.id),
    ).toEqual([mid.id]);
    expect(
      await refused(u.demoAdmin, 'POST', `${url}/add-retailPrice-rule?priceRuleId=x`, {
        costFrom: '1',
        markupPct: '1',
      }),
    ).toEqual(['priceRuleId']);
  });
});

describe('tier-price rules (quantities)', () => {
  it('are added, listed by quantity, changed and deleted; tiers may not overlap', async () => {
    const r = await ok(u.demoAdmin, 'POST', url, lazada({ name: 'Tiers' }));
    const add = (body: object) => call(u.demoAdmin, 'POST', `${url}/add-tierPrice-rule?priceRuleId=${r.id}`, body);
    const big = (await add({ minQuantity: 10, maxQuantity: null, discountPct: '10' })).json() as Json;
    const small = (await add({ minQuantity: 3, maxQuantity: 9, discountPct: 3 })).json() as Json;
    expect(small).toMatchObject({ minQuantity: 3, maxQuantity: 9, discountPct: '3.00' });
    const list = await ok(u.demoAdmin, 'GET', `${url}/tierPrice-rule/${r.id}`);
    expect((list.items as Json[]).map((x) => x.id)).toEqual([small.id, big.id]);

    expect(members(await add({ minQuantity: 9, maxQuantity: 9, discountPct: '5' }))).toEqual(['minQuantity']);
    expect(members(await add({ minQuantity: 1, maxQuantity: 3, discountPct: '5' }))).toEqual(['minQuantity']);
    expect(members(await add({ minQuantity: 2, maxQuantity: 1, discountPct: '5' }))).toEqual(['maxQuantity']);
    expect(members(await add({ minQuantity: 1, maxQuantity: 2, discountPct: '100' }))).toEqual(['discountPct']);
    expect(members(await add({ minQuantity: 0, discountPct: '1' }))).toEqual(['minQuantity']);
    expect(members(await add({ minQuantity: 1.5, discountPct: '1' }))).toEqual(['minQuantity']);

    const changed = await ok(u.demoAdmin, 'PUT', `${url}/tierPrice-rule/${small.id}`, {
      minQuantity: 2,
      maxQuantity: 9,
      discountPct: '4.5',
      concurrencyStamp: small.concurrencyStamp,
    });
    expect(changed).toMatchObject({ minQuantity: 2, discountPct: '4.50' });
    const clash = await call(u.demoAdmin, 'PUT', `${url}/tierPrice-rule/${small.id}`, {
      minQuantity: 2,
      maxQuantity: 10,
      discountPct: '4.5',
    });
    expect(members(clash)).toEqual(['minQuantity']);
    expect(
      (
        await call(
          u.demoAdmin,
          'DELETE',
          `${url}/tierPrice-rule?tierPriceRuleIds=${small.id}&tierPriceRuleIds=${big.id}`,
        )
      ).statusCode,
    ).toBe(204);
    expect((await ok(u.demoAdmin, 'GET', `${url}/tierPrice-rule/${r.id}`)).items).toEqual([]);
  });
});

describe('calc-retailPrice', () => {
  const calc = (query: string, culture = 'en') =>
    call(u.demoAdmin, 'GET', `${url}/calc-retailPrice?priceRuleId=${rule.id}&${query}`, undefined, culture);

  it('explains a price step by step, every amount with its currency', async () => {
    const res = await calc('cost=20');
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    // landed 20 + 0.50 + 2 + 15 + 1 = 38.50; × 1.30 = 50.05; / 0.95 / 0.99 / 0.98 = 54.3024…;
    // × 0.65 × 1.02 = 36.0025… → x.90: 36.90
    expect([r.price, r.currency, r.cost, r.costCurrency, r.sku, r.freightChannel]).toEqual([
      '36.90',
      'MYR',
      '20.00',
      'CNY',
      null,
      null,
    ]);
    expect(r.steps).toEqual([
      { key: 'Cost', label: 'Cost', amount: '20.00', currency: 'CNY' },
      { key: 'PackagingFee', label: '+ Packaging fee', amount: '0.50', currency: 'CNY' },
      { key: 'DomesticFreight', label: '+ Domestic freight', amount: '2.00', currency: 'CNY' },
      { key: 'InternationalFreight', label: '+ International freight (fixed)', amount: '15.00', currency: 'CNY' },
      { key: 'FixedFee', label: '+ Fixed fee', amount: '1.00', currency: 'CNY' },
      { key: 'LandedCost', label: '= Landed cost', amount: '38.50', currency: 'CNY' },
      { key: 'Markup', label: '× (1 + markup 30 %)', amount: '50.05', currency: 'CNY' },
      { key: 'Promotion', label: '÷ (1 − promotion 0 %)', amount: '50.05', currency: 'CNY' },
      { key: 'Commission', label: '÷ (1 − commission 5 %)', amount: '52.6842', currency: 'CNY' },
      { key: 'Withdrawal', label: '÷ (1 − withdrawal fee 1 %)', amount: '53.2164', currency: 'CNY' },
      { key: 'Payment', label: '÷ (1 − payment fee 2 %)', amount: '54.3024', currency: 'CNY' },
      {
        key: 'Exchange',
        label: '× rate 0.65 × (1 + buffer 2 %) = 0.663 MYR per CNY',
        amount: '36.0025',
        currency: 'MYR',
      },
      { key: 'Rounding', label: 'Rounded up to x.90', amount: '36.90', currency: 'MYR' },
    ]);
    const zh = (await calc('cost=20', 'zh-Hans')).json();
    expect(zh.steps.map((s: { label: string }) => s.label).slice(0, 2)).toEqual(['成本', '+ 包装费']);
    expect(zh.price).toBe('36.90');
  });

  it('prices a zero cost and the boundaries of a cost band', async () => {
    // 0 + 18.50 of fees: 18.50 × 1.3 / 0.92169 × 0.663 = 17.2997… → 17.90
    expect((await calc('cost=0')).json().price).toBe('17.90');
    const r = await ok(u.demoAdmin, 'POST', url, lazada({ name: 'Banded', rounding: 'NONE' }));
    const band = await ok(u.demoAdmin, 'POST', `${url}/add-retailPrice-rule?priceRuleId=${r.id}`, {
      costFrom: '10',
      costTo: '20',
      markupPct: '50',
    });
    const at = (cost: string) =>
      ok(u.demoAdmin, 'GET', `${url}/calc-retailPrice?priceRuleId=${r.id}&cost=${cost}`) as Promise<
        Json & { steps: { key: string; label: string; amount: string }[] }
      >;
    const inside = await at('10');
    // landed 10 + 18.50 = 28.50; × 1.5 = 42.75; / 0.92169 × 0.663 = 30.7512… → 30.75
    expect(inside.retailPriceRuleId).toBe(band.id);
    expect(inside.steps.find((s) => s.key === 'Markup')).toMatchObject({
      label: '× (1 + markup 50 %, cost band 10.00 – 20.00)',
      amount: '42.75',
    });
    expect(inside.price).toBe('30.75');
    // 20 is past the band [10, 20): the rule's own 30 % → 36.0025… → 36.00
    const past = await at('20');
    expect([past.retailPriceRuleId, past.price]).toEqual([null, '36.00']);
  });

  it('clamps to the minimum and maximum prices', async () => {
    const r = await ok(u.demoAdmin, 'POST', url, lazada({ name: 'Clamped', minPrice: '20', maxPrice: '30' }));
    const at = async (cost: string) =>
      (await ok(u.demoAdmin, 'GET', `${url}/calc-retailPrice?priceRuleId=${r.id}&cost=${cost}`)) as Json & {
        price: string;
        steps: { key: string; label: string }[];
      };
    const low = await at('0');
    expect([low.price, low.steps.at(-1)?.label]).toEqual(['20.00', 'Raised to the minimum price']);
    const high = await at('20');
    expect([high.price, high.steps.at(-1)?.key]).toEqual(['30.00', 'MaxPrice']);
  });

  it("reads a SKU's cost from the catalogue: its vendor link's purchase price, else its product's price", async () => {
    const product = await ok(
      u.demoAdmin,
      'POST',
      '/api/catalog/products',
      productBody(categoryId, 'PRC-TEST-01', { price: 20, weight: 500 }),
    );
    const bySku = (await calc('sku=prc-test-01')).json();
    expect([bySku.sku, bySku.cost, bySku.price]).toEqual(['PRC-TEST-01', '20.00', '36.90']);
    const supplier = await ok(u.demoAdmin, 'POST', '/api/catalog/suppliers', { code: 'PRC-S', fullName: '定价供应商' });
    await ok(u.demoAdmin, 'POST', '/api/catalog/products/add-product-vendor', {
      productId: product.id,
      supplierId: supplier.id,
      purchasePrice: 8.5,
      isPrimary: true,
    });
    // landed 8.50 + 18.50 = 27; × 1.3 = 35.10; / 0.92169 × 0.663 = 25.2485… → 25.90
    const vendor = (await calc('sku=PRC-TEST-01')).json();
    expect([vendor.cost, vendor.steps[0].amount, vendor.price]).toEqual(['8.50', '8.50', '25.90']);
  });

  it('refuses bad input naming the member', async () => {
    const bad = async (query: string) => members(await calc(query));
    expect(await bad('')).toEqual(['cost']);
    expect(await bad('sku=NO-SUCH-SKU')).toEqual(['sku']);
    expect(await bad('sku=X&cost=1')).toEqual(['cost']);
    expect(await bad('cost=-1')).toEqual(['cost']);
    expect(await bad('cost=abc')).toEqual(['cost']);
    expect(await bad('cost=1&weight=0')).toEqual(['weight']);
    expect(await bad('cost=1&countryCode=malaysia')).toEqual(['countryCode']);
    const noRule = await call(u.demoAdmin, 'GET', `${url}/calc-retailPrice?priceRuleId=nope&cost=1`);
    expect(members(noRule)).toEqual(['priceRuleId']);
    const unknown = await calc('sku=NO-SUCH-SKU', 'zh-Hans');
    expect(unknown.json().error.validationErrors[0].message).toBe('商品库中没有 SKU NO-SUCH-SKU。');
  });

  it('takes the international freight from the cheapest channel of the freight estimate', async () => {
    const r = await ok(u.demoAdmin, 'POST', url, lazada({ name: 'Cheapest', freightSource: 'CHEAPEST' }));
    const path = `${url}/calc-retailPrice?priceRuleId=${r.id}`;
    const res = await call(u.demoAdmin, 'GET', `${path}&cost=20&weight=500`);
    expect(res.statusCode, res.body).toBe(200);
    const priced = res.json();
    const estimate = (
      await call(u.demoAdmin, 'POST', '/api/logistics/freight/estimate', {
        countryCode: 'MY',
        weight: 500,
        platform: 'LAZADA',
      })
    ).json() as { options: { channelId: string; channelName: string; totalInTenantCurrency: string }[] };
    const cheapest = [...estimate.options].sort(
      (a, b) => Number(a.totalInTenantCurrency) - Number(b.totalInTenantCurrency),
    )[0];
    expect(priced.freightChannel.channelId).toBe(cheapest.channelId);
    const step = priced.steps.find((s: { key: string }) => s.key === 'InternationalFreight');
    expect(Number(step.amount)).toBeCloseTo(Number(cheapest.totalInTenantCurrency), 2);
    expect(step.label).toContain(cheapest.channelName);
    expect(step.label).toContain('cheapest');

    // the rule's site is the destination unless the query names another
    expect(members(await call(u.demoAdmin, 'GET', `${path}&cost=20`))).toEqual(['weight']);
    const nowhere = await ok(
      u.demoAdmin,
      'POST',
      url,
      lazada({ name: 'No site', siteCode: null, freightSource: 'CHEAPEST' }),
    );
    const noCountry = await call(
      u.demoAdmin,
      'GET',
      `${url}/calc-retailPrice?priceRuleId=${nowhere.id}&cost=1&weight=500`,
    );
    expect(members(noCountry)).toEqual(['countryCode']);
    // nothing carries ten tonnes: a clear refusal on the destination
    const heavy = await call(u.demoAdmin, 'GET', `${path}&cost=20&weight=10000000`);
    expect(members(heavy)).toEqual(['countryCode']);
    expect(heavy.json().error.validationErrors[0].message).toBe(
      'No channel carries 10000000 g to MY: set up a channel, or give the rule a fixed freight.',
    );
    // a SKU's own weight is used
    const sku = await call(u.demoAdmin, 'GET', `${path}&sku=PRC-TEST-01&countryCode=SG`);
    expect(sku.statusCode, sku.body).toBe(200);
  });
});

describe('the ids a rule names', () => {
  const shop = (name: string) => ({ platform: 'LAZADA', name, regions: ['MY'], shortCode: name.slice(0, 8) });

  it("are refused when they are another tenant's or none at all, naming the member, and nothing is written", async () => {
    // tenant other names demo's shop and strategy, or ids that were never issued
    const demoStrategy = ((await ok(u.demoAdmin, 'GET', '/api/logistics/freight-strategies/all')).items as Json[])[0]!;
    const demoShop = await ok(u.demoAdmin, 'POST', '/api/sitekit/shopes', shop('Demo shop'));
    const count = async () => (await ok(u.otherAdmin, 'GET', `${url}?maxResultCount=1`)).totalCount as number;
    const before = await count();
    for (const [member, id] of [
      ['shopId', demoShop.id],
      ['shopId', randomUUID()],
      ['freightStrategyId', demoStrategy.id],
      ['freightStrategyId', randomUUID()],
    ] as const) {
      const body = lazada({ name: `Foreign ${member}`, [member]: id });
      if (member === 'freightStrategyId') Object.assign(body, { freightSource: 'STRATEGY' });
      for (const culture of ['en', 'zh-Hans']) {
        const res = await call(u.otherAdmin, 'POST', url, body, culture);
        expect(res.statusCode, res.body).toBe(400);
        expect(members(res)).toEqual([member]);
        expect(res.json().error.validationErrors[0].message).toBe(
          culture === 'en' ? 'This does not exist.' : '所选记录不存在。',
        );
      }
      const put = await call(u.otherAdmin, 'PUT', `${url}/${otherRule.id}`, {
        ...body,
        concurrencyStamp: otherRule.concurrencyStamp,
      });
      expect(put.statusCode, put.body).toBe(400);
      expect(members(put)).toEqual([member]);
    }
    expect(await count()).toBe(before);
    expect((await ok(u.otherAdmin, 'GET', `${url}/${otherRule.id}`)).concurrencyStamp).toBe(otherRule.concurrencyStamp);
    // the tenant's own shop and strategy are taken
    const saved = await ok(
      u.demoAdmin,
      'POST',
      url,
      lazada({ name: 'Own ids', freightSource: 'STRATEGY', freightStrategyId: demoStrategy.id, shopId: demoShop.id }),
    );
    expect(saved).toMatchObject({ freightStrategyId: demoStrategy.id, shopId: demoShop.id });
  });
});

describe('calc-retailPrice with a freight strategy', () => {
  it("takes the channel the rule's strategy picks; a strategy gone or picking nothing is refused", async () => {
    const strategies = await ok(u.demoAdmin, 'GET', '/api/logistics/freight-strategies/all');
    const sea = (strategies.items as Json[]).find((s) => s.name === '东南亚默认')!;
    const r = await ok(
      u.demoAdmin,
      'POST',
      url,
      lazada({ name: 'By strategy', freightSource: 'STRATEGY', freightStrategyId: sea.id }),
    );
    const path = `${url}/calc-retailPrice?priceRuleId=${r.id}`;
    const res = await call(u.demoAdmin, 'GET', `${path}&cost=20&weight=500`);
    expect(res.statusCode, res.body).toBe(200);
    const estimate = (
      await call(u.demoAdmin, 'POST', '/api/logistics/freight/estimate', {
        countryCode: 'MY',
        weight: 500,
        platform: 'LAZADA',
        strategyId: sea.id,
      })
    ).json() as { options: { channelId: string; picked: boolean; channelName: string }[] };
    const picked = estimate.options.find((o) => o.picked)!;
    expect(res.json().freightChannel.channelId).toBe(picked.channelId);
    const step = res.json().steps.find((s: { key: string }) => s.key === 'InternationalFreight');
    expect(step.label).toMatch(new RegExp(`strategy: .*${picked.channelName}`));

    // ten tonnes: the strategy picks no channel
    const heavy = await call(u.demoAdmin, 'GET', `${path}&cost=20&weight=10000000`);
    expect(members(heavy)).toEqual(['countryCode']);
    // a strategy deleted after the rule was saved is said on the rule
    const full = await ok(u.demoAdmin, 'GET', `/api/logistics/freight-strategies/${sea.id}`);
    const doomed = await ok(u.demoAdmin, 'POST', '/api/logistics/freight-strategies', {
      name: 'Doomed',
      rules: full.rules,
    });
    const lost = await ok(
      u.demoAdmin,
      'POST',
      url,
      lazada({ name: 'Lost strategy', freightSource: 'STRATEGY', freightStrategyId: doomed.id }),
    );
    expect((await call(u.demoAdmin, 'DELETE', `/api/logistics/freight-strategies/${doomed.id}`)).statusCode).toBe(204);
    const gone = await call(u.demoAdmin, 'GET', `${url}/calc-retailPrice?priceRuleId=${lost.id}&cost=20&weight=500`);
    expect(members(gone)).toEqual(['priceRuleId']);
    expect(gone.json().error.validationErrors[0].message).toContain('no longer exists');
  });
});

describe('calc-tierPrice', () => {
  it('gives the tier table and the price of each quantity', async () => {
    const r = await ok(u.demoAdmin, 'POST', url, lazada({ name: 'Tier table' }));
    const add = (body: object) => ok(u.demoAdmin, 'POST', `${url}/add-tierPrice-rule?priceRuleId=${r.id}`, body);
    const small = await add({ minQuantity: 3, maxQuantity: 9, discountPct: '3' });
    const big = await add({ minQuantity: 10, discountPct: '10' });
    const res = await call(u.demoAdmin, 'GET', `${url}/calc-tierPrice?priceRuleId=${r.id}&cost=20&quantities=1,5,10`);
    expect(res.statusCode, res.body).toBe(200);
    const t = res.json();
    expect(t.price).toBe('36.90');
    // 36.90 × 0.97 = 35.793 → 35.79; 36.90 × 0.90 = 33.21
    expect(t.tiers).toEqual([
      { tierPriceRuleId: small.id, minQuantity: 3, maxQuantity: 9, discountPct: '3.00', unitPrice: '35.79' },
      { tierPriceRuleId: big.id, minQuantity: 10, maxQuantity: null, discountPct: '10.00', unitPrice: '33.21' },
    ]);
    expect(t.quantities).toEqual([
      { quantity: 1, tierPriceRuleId: null, unitPrice: '36.90', total: '36.90' },
      { quantity: 5, tierPriceRuleId: small.id, unitPrice: '35.79', total: '178.95' },
      { quantity: 10, tierPriceRuleId: big.id, unitPrice: '33.21', total: '332.10' },
    ]);
    expect(t.steps.at(-1).key).toBe('Rounding');
    const bad = await call(u.demoAdmin, 'GET', `${url}/calc-tierPrice?priceRuleId=${r.id}&cost=20&quantities=0`);
    expect(members(bad)).toEqual(['quantities.0']);
  });
});

describe('the demo seed', () => {
  it('gives tenant demo three price rules, once', async () => {
    const names = async () =>
      ((await ok(u.demoAdmin, 'GET', `${url}/all?filter=Shopee`)).items as Json[]).map((r) => r.name).sort();
    expect(await names()).toEqual(['Shopee 新加坡 目标利润率', 'Shopee 泰国 阶梯批发']);
    const lazadaMy = ((await ok(u.demoAdmin, 'GET', `${url}/all?filter=马来西亚`)).items as Json[])[0];
    expect(lazadaMy).toMatchObject({ mode: 'COST_PLUS', freightSource: 'CHEAPEST', retailRuleCount: 3 });
    await seedPricingDemo(u.t.services, u.t.demo);
    expect(await names()).toHaveLength(2);
    // the seeded rules price demo SKUs
    const th = ((await ok(u.demoAdmin, 'GET', `${url}/all?filter=泰国`)).items as Json[])[0];
    const res = await call(
      u.demoAdmin,
      'GET',
      `${url}/calc-tierPrice?priceRuleId=${th.id}&sku=DEMO-BP-004&quantities=1,10`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tiers).toHaveLength(3);
  });
});
