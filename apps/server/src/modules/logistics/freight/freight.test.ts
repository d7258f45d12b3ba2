import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { as, members, type TestApp } from '../../../../test/harness.ts';
import { products, productVariants } from '../../catalog/products/schema.ts';
import { useApiApp } from '../../permission-management/test-support.ts';

/**
 * The freight estimate and the strategy test over HTTP, against the demo tenant's seeded carriers,
 * channels, zones and strategies (seed-freight.ts). Every expected amount is worked out by hand in
 * the comment beside it.
 */

const ESTIMATE = '/api/logistics/freight/estimate';
const TEST = '/api/logistics/freight-strategies/test';

const app = useApiApp({ nobody: ['salesman'] });
let t: TestApp;
let admin: string;
let otherAdmin: string;
let nobody: string;

type Option = {
  channelCode: string;
  total: string;
  totalInTenantCurrency: string;
  picked: boolean;
  [k: string]: unknown;
};
type Estimate = {
  options: Option[];
  excluded: { channelCode: string; reasons: { code: string; message: string }[] }[];
  strategy: { strategyName: string; ruleName: string; pickedChannelId: string | null; fallbackUsed: boolean } | null;
  trace: { strategyName: string; ruleName: string; matched: boolean; reasons: { code: string; message: string }[] }[];
  parcel: Record<string, unknown>;
};

const post = (who: string | null, url: string, payload: object, culture?: string) =>
  as(t.app, who, culture)({ method: 'POST', url, payload });
const estimate = async (payload: object, who = admin) => {
  const res = await post(who, ESTIMATE, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Estimate;
};
const byCode = (e: Estimate) => Object.fromEntries(e.options.map((o) => [o.channelCode, o]));
const reasonsOf = (e: Estimate, code: string) =>
  e.excluded.find((x) => x.channelCode === code)?.reasons.map((r) => r.code);
const strategyId = async (name: string) =>
  (
    (await as(t.app, admin)({ method: 'GET', url: '/api/logistics/freight-strategies/all' })).json().items as {
      id: string;
      name: string;
    }[]
  ).find((s) => s.name === name)!.id;

beforeAll(async () => {
  ({ t, demoAdmin: admin, otherAdmin, nobody } = app);
});

describe('freight estimate', () => {
  it('prices 820 g to Singapore on all 8 demo channels, cheapest first, the strategy’s pick marked', async () => {
    const e = await estimate({ countryCode: 'SG', weight: 820 });
    const o = byCode(e);
    // YUN-SEA-OCEAN: per kg 16.50 in 500 g steps → 1000 g → 16.50, under the 30.00 minimum
    expect(o['YUN-SEA-OCEAN']).toMatchObject({ freight: '16.50', minimumApplied: true, total: '30.00' });
    // YUN-SEA-STD: first 100 g 14.00 + ⌈720/100⌉ = 8 × 4.20 = 47.60; registration 12 → 59.60
    expect(o['YUN-SEA-STD']).toMatchObject({ freight: '47.60', registrationFee: '12.00', total: '59.60' });
    // CNPOST-SMALL: ⌈820/50⌉ = 17 × 3.50 = 59.50; the band's base fee 3 → 62.50
    expect(o['CNPOST-SMALL']).toMatchObject({ freight: '59.50', registrationFee: '3.00', total: '62.50' });
    // CNPOST-REG: 6.00 + ⌈770/50⌉ = 16 × 3.20 = 57.20; registration 8 → 65.20
    expect(o['CNPOST-REG']).toMatchObject({
      freight: '57.20',
      total: '65.20',
      steps: { first: 50, units: 16, unit: 50 },
    });
    // SF-INTL-ECO: 52 + 1 × 15 = 67.00; fuel 12 % = 8.04 → 75.04 (minimum 60 not applied)
    expect(o['SF-INTL-ECO']).toMatchObject({ fuelSurcharge: '8.04', minimumApplied: false, total: '75.04' });
    // YUN-SEA-BAT: 18 + 8 × 5.50 = 62.00; registration 15 → 77.00
    expect(o['YUN-SEA-BAT'].total).toBe('77.00');
    // SF-INTL-STD in USD: 9.80 + 1 × 3.10 = 12.90; fuel 18.5 % = 2.3865 → 15.2865 → 15.29 USD;
    // in CNY at 7.12: 15.2865 × 7.12 = 108.83988 → 108.84 (the exact total is converted)
    expect(o['SF-INTL-STD']).toMatchObject({
      currency: 'USD',
      fuelSurcharge: '2.3865',
      subtotal: '15.2865',
      total: '15.29',
      exchangeRate: '7.12',
      totalInTenantCurrency: '108.84',
      tenantCurrency: 'CNY',
    });
    // CNPOST-EMS: 95 + 1 × 28 → 123.00
    expect(o['CNPOST-EMS'].total).toBe('123.00');
    expect(e.options.map((x) => x.channelCode)).toEqual([
      'YUN-SEA-OCEAN',
      'YUN-SEA-STD',
      'CNPOST-SMALL',
      'CNPOST-REG',
      'SF-INTL-ECO',
      'YUN-SEA-BAT',
      'SF-INTL-STD',
      'CNPOST-EMS',
    ]);
    expect(e.excluded).toEqual([]);
    // "东南亚默认" › "轻小件" picks the cheapest of its candidates (REG, STD, SMALL): STD
    expect(e.strategy).toMatchObject({ strategyName: '东南亚默认', ruleName: '轻小件', fallbackUsed: false });
    expect(e.options.filter((x) => x.picked).map((x) => x.channelCode)).toEqual(['YUN-SEA-STD']);
    expect(e.trace.map((r) => [r.ruleName, r.matched, r.reasons.map((x) => x.code)])).toEqual([
      ['高客单走最快', false, ['PlatformUnknown', 'OrderValueUnknown']],
      ['带电商品', false, ['AttributesAnyMissing']],
      ['轻小件', true, []],
    ]);
    const zh = (await post(admin, ESTIMATE, { countryCode: 'SG', weight: 820 }, 'zh-Hans')).json() as Estimate;
    expect(zh.trace.map((r) => r.reasons.map((x) => x.message))).toEqual([
      ['规则需要指定平台。', '规则需要订单金额。'],
      ['不含以下任一属性:含电, 纯电, 带磁。'],
      [],
    ]);
  });

  it('takes a weight exactly on a band edge into the lower band', async () => {
    // YUN-SEA-STD has bands 0–2000 and 2000–30000 g
    // 2000 g: 14 + ⌈1900/100⌉ = 19 × 4.20 = 79.80 → 93.80 + 12 = 105.80
    expect(byCode(await estimate({ countryCode: 'SG', weight: 2000 }))['YUN-SEA-STD'].total).toBe('105.80');
    // 2001 g: the upper band: 90 + ⌈1/500⌉ = 1 × 16 = 106 + 12 = 118.00
    expect(byCode(await estimate({ countryCode: 'SG', weight: 2001 }))['YUN-SEA-STD'].total).toBe('118.00');
  });

  it('uses the volumetric weight, and refuses channels with every reason', async () => {
    const e = await estimate({
      countryCode: 'SG',
      weight: 3000,
      length: 30,
      width: 70,
      height: 40,
      attributes: ['battery'],
    });
    // YUN-SEA-BAT: 70×40×30 = 84000 cm³ / 8000 = 10.5 kg → 10500 g; 18 + 104 × 5.50 = 590 + 15 = 605.00
    expect(byCode(e)['YUN-SEA-BAT']).toMatchObject({
      chargeableWeight: 10500,
      volumetricWeight: 10500,
      total: '605.00',
    });
    expect(e.options.map((x) => x.channelCode)).toEqual(['YUN-SEA-BAT']);
    expect(reasonsOf(e, 'CNPOST-SMALL')).toEqual([
      'TooHeavy',
      'LongestSideOver',
      'SumOfSidesOver',
      'BatteryNotAllowed',
      'NoRateForWeight',
    ]);
    expect(reasonsOf(e, 'SF-INTL-STD')).toEqual(['BatteryNotAllowed']);
    expect(e.strategy).toMatchObject({ ruleName: '带电商品' });
    expect(e.options[0].picked).toBe(true);
    const zh = await post(admin, ESTIMATE, { countryCode: 'SG', weight: 3000, attributes: ['battery'] }, 'zh-Hans');
    const small = (zh.json() as Estimate).excluded.find((x) => x.channelCode === 'CNPOST-SMALL');
    expect(small?.reasons.map((r) => r.message)).toEqual([
      '超过最大重量 2000 克。',
      '不接受带电产品。',
      '计费重 3000 克没有对应的价格。',
    ]);
  });

  it('reads zones by postal code: East Malaysia is priced apart from the peninsula', async () => {
    // CNPOST-REG, 100 g: first 50 g + 1 unit; 西马 × 1.05: 6.30 + 3.36 + 8 = 17.66; 东马 × 1.25: 7.50 + 4.00 + 8 = 19.50
    const west = byCode(await estimate({ countryCode: 'MY', postalCode: '50450', weight: 100 }))['CNPOST-REG'];
    const east = byCode(await estimate({ countryCode: 'MY', postalCode: '88000', weight: 100 }))['CNPOST-REG'];
    expect([west.zoneName, west.total]).toEqual(['西马', '17.66']);
    expect([east.zoneName, east.total]).toEqual(['东马', '19.50']);
    // the ocean channel prices the whole region alike
    expect(
      byCode(await estimate({ countryCode: 'MY', postalCode: '88000', weight: 600 }))['YUN-SEA-OCEAN'].zoneName,
    ).toBe('东南亚六国');
  });

  it('refuses every channel for a country no rate table covers', async () => {
    const e = await estimate({ countryCode: 'US', weight: 500 });
    expect(e.options).toEqual([]);
    expect(e.excluded).toHaveLength(8);
    for (const x of e.excluded) expect(x.reasons.map((r) => r.code)).toContain('CountryNotCovered');
  });

  it('makes the parcel of catalogue SKUs: weights summed, sizes stacked, attributes joined', async () => {
    const get = async (url: string) => (await as(t.app, admin)({ method: 'GET', url })).json();
    const list = (await get('/api/catalog/products?maxResultCount=100')).items as {
      id: string;
      variantCount: number;
    }[];
    const withVariants = await get(`/api/catalog/products/${list.find((p) => p.variantCount > 0)!.id}`);
    const plain = await get(`/api/catalog/products/${list.find((p) => p.variantCount === 0)!.id}`);
    const variant = withVariants.variants[0] as { sku: string; weight: number | null };
    // fixture sizes: the variant 30×20×5 cm, the plain product's package 25×25×8 cm, and a battery
    await t.services.data.inTenant({ tenant: t.demo }, async (tx) => {
      await tx
        .update(productVariants)
        .set({ length: 20, width: 5, height: 30 })
        .where(eq(productVariants.sku, variant.sku));
      await tx
        .update(products)
        .set({ packageLength: 25, packageWidth: 8, packageHeight: 25, specialAttributes: ['battery'] })
        .where(eq(products.id, plain.id));
    });
    const e = await estimate({
      countryCode: 'SG',
      items: [
        { sku: variant.sku.toLowerCase(), quantity: 2 },
        { sku: plain.sku, quantity: 1 },
      ],
    });
    // a variant without its own weight ships at its product's package weight (else the product's weight)
    const plainWeight = plain.packageWeight ?? plain.weight;
    const variantWeight = variant.weight ?? withVariants.packageWeight ?? withVariants.weight;
    // lying flat: longest 30 and 25 → 30; widest 20 and 25 → 25; heights 2 × 5 + 8 = 18
    expect(e.parcel).toMatchObject({
      source: 'ITEMS',
      weight: 2 * variantWeight + plainWeight,
      length: 30,
      width: 25,
      height: 18,
      attributes: ['battery'],
    });
    expect(e.strategy?.ruleName).toBe('带电商品');
    const unknown = await post(admin, ESTIMATE, {
      countryCode: 'SG',
      items: [
        { sku: plain.sku, quantity: 1 },
        { sku: 'NO-SUCH-SKU', quantity: 1 },
      ],
    });
    expect(unknown.statusCode).toBe(400);
    expect(members(unknown)).toEqual(['items.1.sku']);
    expect(unknown.json().error.validationErrors[0].message).toBe('No product or variant has SKU NO-SUCH-SKU.');
  });

  it('answers 400 naming the field for bad input', async () => {
    const bad = async (payload: object) => {
      const res = await post(admin, ESTIMATE, payload);
      expect(res.statusCode, res.body).toBe(400);
      return members(res).sort();
    };
    expect(await bad({ countryCode: 'SG', weight: 0 })).toEqual(['weight']);
    expect(await bad({ countryCode: 'SG', weight: -5 })).toEqual(['weight']);
    expect(await bad({ countryCode: 'SG', weight: 10.5 })).toEqual(['weight']);
    expect(await bad({ countryCode: 'SG' })).toEqual(['weight']);
    expect(await bad({ countryCode: 'SG', weight: 100, length: 10 })).toEqual(['height', 'width']);
    expect(await bad({ countryCode: 'SG', weight: 100, items: [{ sku: 'X', quantity: 1 }] })).toEqual(['items']);
    expect(await bad({ countryCode: 'sg', weight: 100 })).toEqual(['countryCode']);
    expect(await bad({ countryCode: 'XX', weight: 100 })).toEqual(['countryCode']);
    const named = await post(admin, ESTIMATE, { countryCode: 'XX', weight: 100 }, 'zh-Hans');
    expect(named.json().error.validationErrors[0].message).toBe('未知的国家代码 XX。');
    expect(await bad({ countryCode: 'SG', weight: 100, declaredValue: '1.234' })).toEqual(['declaredValue']);
  });

  it('refuses a country the tenant disabled, for that tenant only', async () => {
    const put = (who: string, isEnabled: boolean) =>
      as(t.app, who)({ method: 'PUT', url: '/api/logistics/countries/enabled', payload: { codes: ['VN'], isEnabled } });
    expect((await put(admin, false)).statusCode).toBeLessThan(300);
    const refused = await post(admin, ESTIMATE, { countryCode: 'VN', weight: 100 });
    expect(refused.statusCode).toBe(400);
    expect(members(refused)).toEqual(['countryCode']);
    // tenant other has no channels, but the country is fine there
    expect((await estimate({ countryCode: 'VN', weight: 100 }, otherAdmin)).options).toEqual([]);
    expect((await put(admin, true)).statusCode).toBeLessThan(300);
    // all but the ocean channel, whose minimum is 500 g
    expect((await estimate({ countryCode: 'VN', weight: 100 })).options.length).toBe(7);
  });

  it('needs Logistics.Freight, and shows another tenant nothing of demo’s', async () => {
    expect((await post(null, ESTIMATE, { countryCode: 'SG', weight: 100 })).statusCode).toBe(401);
    expect((await post(nobody, ESTIMATE, { countryCode: 'SG', weight: 100 })).statusCode).toBe(403);
    const theirs = await estimate({ countryCode: 'SG', weight: 100 }, otherAdmin);
    expect(theirs).toMatchObject({ options: [], excluded: [], strategy: null, trace: [] });
  });
});

describe('the warehouse an estimate names', () => {
  it("is one of the caller's: another tenant's or an unknown one is a 400 naming warehouseId", async () => {
    const all = (who: string) =>
      as(
        t.app,
        who,
      )({ method: 'GET', url: '/api/logistics/warehouses/all' }).then((r) => r.json().items as { id: string }[]);
    const demoWarehouse = (await all(admin))[0]!.id;
    const parcel = { countryCode: 'SG', weight: 100 };
    // demo's own warehouse is taken
    await estimate({ ...parcel, warehouseId: demoWarehouse });
    for (const warehouseId of [demoWarehouse, randomUUID()]) {
      for (const url of [ESTIMATE, TEST]) {
        const body = { ...parcel, warehouseId, ...(url === TEST ? { strategyId: randomUUID() } : {}) };
        for (const culture of ['en', 'zh-Hans']) {
          const res = await post(otherAdmin, url, body, culture);
          expect(res.statusCode, res.body).toBe(400);
          expect(members(res)).toEqual(['warehouseId']);
          expect(res.json().error.validationErrors[0].message).toBe(
            culture === 'en' ? 'This does not exist.' : '所选记录不存在。',
          );
        }
      }
    }
  });
});

describe('strategy test', () => {
  it('names the rule that matched and why the earlier ones were skipped', async () => {
    const id = await strategyId('东南亚默认');
    const res = await post(admin, TEST, { strategyId: id, countryCode: 'TH', weight: 2500 });
    expect(res.statusCode, res.body).toBe(200);
    const e = res.json() as Estimate;
    expect(e.trace.map((r) => [r.ruleName, r.matched, r.reasons.map((x) => x.code)])).toEqual([
      ['带电商品', false, ['AttributesAnyMissing']],
      ['轻小件', false, ['WeightAbove']],
      ['其余包裹', true, []],
    ]);
    expect(e.strategy).toMatchObject({ ruleName: '其余包裹', fallbackUsed: false });
  });

  it('picks the fastest for a large Lazada order', async () => {
    const id = await strategyId('Lazada 高客单加急');
    const e = (
      await post(admin, TEST, {
        strategyId: id,
        countryCode: 'PH',
        weight: 1200,
        platform: 'LAZADA',
        orderValue: '800',
      })
    ).json() as Estimate;
    expect(e.strategy).toMatchObject({ ruleName: '高客单走最快' });
    expect(e.options.find((o) => o.picked)?.channelCode).toBe('SF-INTL-STD');
    // sorted fastest first: SF-INTL-STD (3–5 days) leads
    expect(e.options[0].channelCode).toBe('SF-INTL-STD');
  });

  it('falls back when no candidate can carry the parcel', async () => {
    const channels = (await as(t.app, admin)({ method: 'GET', url: '/api/logistics/channels/all' })).json().items as {
      id: string;
      code: string;
    }[];
    const idOf = (code: string) => channels.find((c) => c.code === code)!.id;
    const created = await as(
      t.app,
      admin,
    )({
      method: 'POST',
      url: '/api/logistics/freight-strategies',
      payload: {
        name: '测试兜底',
        priority: 1,
        isActive: false,
        rules: [
          {
            name: '只走平邮',
            objective: 'FIXED',
            channelIds: [idOf('CNPOST-SMALL')],
            fallbackChannelId: idOf('CNPOST-EMS'),
          },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const e = (
      await post(admin, TEST, { strategyId: created.json().id, countryCode: 'SG', weight: 3000 })
    ).json() as Estimate;
    expect(e.strategy).toMatchObject({ fallbackUsed: true });
    expect(e.options.find((o) => o.picked)?.channelCode).toBe('CNPOST-EMS');
    // inactive, so the estimate itself does not try it
    expect((await estimate({ countryCode: 'SG', weight: 3000 })).strategy?.strategyName).toBe('东南亚默认');
  });

  it('needs a strategy of the tenant and the strategies permission', async () => {
    const id = await strategyId('东南亚默认');
    expect(members(await post(admin, TEST, { countryCode: 'SG', weight: 100 }))).toEqual(['strategyId']);
    expect((await post(otherAdmin, TEST, { strategyId: id, countryCode: 'SG', weight: 100 })).statusCode).toBe(404);
    expect((await post(nobody, TEST, { strategyId: id, countryCode: 'SG', weight: 100 })).statusCode).toBe(403);
    expect((await post(null, TEST, { strategyId: id, countryCode: 'SG', weight: 100 })).statusCode).toBe(401);
  });
});
