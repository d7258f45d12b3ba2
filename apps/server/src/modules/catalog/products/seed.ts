import { PmsStatus } from '@seller/contracts';
import type { ProductInput } from '@seller/contracts/catalog';
import { eq } from 'drizzle-orm';
import { type CurrentTenant, systemContext } from '../../../core/context.ts';
import { owned } from '../../../core/crud.ts';
import { moneyText } from '../../../core/money.ts';
import type { Services } from '../../../core/services.ts';
import { brands } from '../master-data/schema.ts';
import { seedCatalogueDemo } from './catalogue-seed.ts';
import { productCommands } from './commands.ts';
import { productQueries } from './queries.ts';
import { products } from './schema.ts';
import { demoMasterData } from './seed-lookup.ts';

/** [sku, name, nameEn, category code, brand, price, weight g, colours, sizes, PMS status] */
type Demo = [string, string, string, string, string, number, number, string[], string[], number];

const demos: Demo[] = [
  [
    'DEMO-TS-001',
    '纯棉圆领短袖T恤',
    'Cotton crew-neck T-shirt',
    'MEN',
    '小棉',
    39.9,
    180,
    ['BLK', 'WHT', 'GRY'],
    ['M', 'L', 'XL'],
    PmsStatus.OnSale,
  ],
  [
    'DEMO-DR-002',
    '碎花雪纺连衣裙',
    'Floral chiffon dress',
    'WOMEN',
    '森屿',
    89,
    260,
    ['RED', 'BLU'],
    ['S', 'M', 'L'],
    PmsStatus.TrialSale,
  ],
  [
    'DEMO-HD-003',
    '加绒连帽卫衣',
    'Fleece-lined hoodie',
    'MEN',
    '小棉',
    119,
    520,
    ['BLK', 'GRY'],
    ['L', 'XL', 'XXL'],
    PmsStatus.OnSale,
  ],
  [
    'DEMO-BP-004',
    '防泼水通勤双肩包',
    'Water-repellent commuter backpack',
    'BACKPACK',
    '迈途',
    159,
    780,
    ['BLK', 'GRY', 'BLU'],
    [],
    PmsStatus.OnSale,
  ],
  [
    'DEMO-HB-005',
    '复古托特手提包',
    'Vintage tote handbag',
    'HANDBAG',
    '简行',
    129,
    640,
    ['BLK', 'RED'],
    [],
    PmsStatus.Clearance,
  ],
  [
    'DEMO-KT-006',
    '不锈钢真空保温杯 500ml',
    'Stainless vacuum flask 500 ml',
    'KITCHEN',
    '悦家',
    49,
    350,
    ['WHT', 'BLU'],
    [],
    PmsStatus.Developing,
  ],
  [
    'DEMO-ST-007',
    '可折叠布艺收纳箱',
    'Foldable fabric storage box',
    'STORAGE',
    '悦家',
    29.9,
    420,
    [],
    [],
    PmsStatus.OnSale,
  ],
  [
    'DEMO-PA-008',
    '磁吸无线充电器 15W',
    'Magnetic wireless charger 15 W',
    'PHONE-ACC',
    '迈途',
    79,
    120,
    ['BLK', 'WHT'],
    [],
    PmsStatus.TrialSale,
  ],
  [
    'DEMO-PA-009',
    '硅胶手机壳',
    'Silicone phone case',
    'PHONE-ACC',
    '简行',
    19.9,
    40,
    ['BLK', 'RED', 'BLU', 'GRY'],
    [],
    PmsStatus.Discontinued,
  ],
  [
    'DEMO-KT-010',
    '陶瓷不粘煎锅 28cm',
    'Ceramic non-stick frying pan 28 cm',
    'KITCHEN',
    '悦家',
    99,
    1300,
    [],
    [],
    PmsStatus.Developing,
  ],
];

/** The form's sales facts of each demo product; materials and seasons are screening options (English names). */
interface Details {
  region: ProductInput['region'];
  developed: string;
  launched: string;
  salesTypes: ProductInput['salesTypes'];
  resource: ProductInput['resource'];
  screens: string[];
  specs: [string, string][];
}

const details: Record<string, Details> = {
  'DEMO-TS-001': {
    region: 'MY',
    developed: '2025-03-10',
    launched: '2025-04-20',
    salesTypes: ['normal', 'variation'],
    resource: 'selfDeveloped',
    screens: ['Cotton', 'Spring/Summer'],
    specs: [
      ['面料', '100% 精梳棉'],
      ['克重', '180 g/m²'],
      ['版型', '常规'],
    ],
  },
  'DEMO-DR-002': {
    region: 'TH',
    developed: '2025-05-06',
    launched: '2025-06-15',
    salesTypes: ['variation'],
    resource: 'collected',
    screens: ['Polyester', 'Spring/Summer'],
    specs: [
      ['面料', '雪纺'],
      ['裙长', '中长款'],
    ],
  },
  'DEMO-HD-003': {
    region: 'PH',
    developed: '2025-08-12',
    launched: '2025-09-25',
    salesTypes: ['variation'],
    resource: 'selfDeveloped',
    screens: ['Cotton', 'Autumn/Winter'],
    specs: [
      ['面料', '棉混纺,内里加绒'],
      ['版型', '宽松'],
    ],
  },
  'DEMO-BP-004': {
    region: 'SG',
    developed: '2025-02-18',
    launched: '2025-04-01',
    salesTypes: ['normal', 'variation'],
    resource: 'supplier',
    screens: ['Polyester', 'All seasons'],
    specs: [
      ['容量', '25 L'],
      ['尺寸', '45 × 30 × 15 cm'],
      ['防水', '防泼水面料'],
    ],
  },
  'DEMO-HB-005': {
    region: 'VN',
    developed: '2025-01-08',
    launched: '2025-02-20',
    salesTypes: ['variation'],
    resource: 'factory',
    screens: ['Leather', 'All seasons'],
    specs: [
      ['材质', 'PU 皮革'],
      ['闭合方式', '磁扣'],
    ],
  },
  'DEMO-KT-006': {
    region: 'ID',
    developed: '2026-01-05',
    launched: '2026-03-01',
    salesTypes: ['normal', 'bundle'],
    resource: 'supplier',
    screens: ['All seasons'],
    specs: [
      ['材质', '304 不锈钢'],
      ['容量', '500 ml'],
      ['保温时长', '12 小时'],
    ],
  },
  'DEMO-ST-007': {
    region: 'TW',
    developed: '2025-06-02',
    launched: '2025-07-10',
    salesTypes: ['normal'],
    resource: 'factory',
    screens: ['Polyester'],
    specs: [['尺寸', '33 × 33 × 33 cm']],
  },
  'DEMO-PA-008': {
    region: 'BR',
    developed: '2025-10-15',
    launched: '2025-12-01',
    salesTypes: ['normal'],
    resource: 'supplier',
    screens: ['Plastic'],
    specs: [
      ['功率', '15 W'],
      ['接口', 'USB-C'],
    ],
  },
  'DEMO-PA-009': {
    region: 'GLOBAL',
    developed: '2025-04-01',
    launched: '2025-04-28',
    salesTypes: ['variation'],
    resource: 'collected',
    screens: [],
    specs: [['材质', '液态硅胶']],
  },
  'DEMO-KT-010': {
    region: 'MY',
    developed: '2026-02-10',
    launched: '2026-04-15',
    salesTypes: ['normal', 'assembly'],
    resource: 'factory',
    screens: ['All seasons'],
    specs: [
      ['直径', '28 cm'],
      ['涂层', '陶瓷不粘'],
      ['适用炉具', '燃气灶、电磁炉'],
    ],
  },
};

/**
 * Demo products: the featured handful, then the ~200-product catalogue — except under the test
 * runner, whose harness seeds `demo` for every test file (the catalogue has its own test).
 */
export async function seedProductsDemo(services: Services, tenant: CurrentTenant) {
  await seedFeaturedProducts(services, tenant);
  if (process.env.NODE_ENV !== 'test') await seedCatalogueDemo(services, tenant);
}

/** A handful of demo products with variants, through the service (so they obey its rules); once per tenant. */
async function seedFeaturedProducts(services: Services, tenant: CurrentTenant) {
  const ctx = systemContext(tenant);
  const lookup = await services.data.inTenant(ctx, async (tx) => {
    const [any] = await tx.select({ id: products.id }).from(products).where(eq(products.tenantId, tenant.id)).limit(1);
    if (any) return null;
    const brandRows = await tx.select({ id: brands.id, name: brands.name }).from(brands).where(owned(ctx, brands));
    return { ...(await demoMasterData(tx, ctx)), brandRows };
  });
  if (!lookup) return;
  const currency = await productQueries.priceCurrency(services, ctx);
  const commands = productCommands(services);
  const category = lookup.categories;
  const brand = new Map(lookup.brandRows.map((b) => [b.name, b.id]));
  const option = (name: string, codes: string[]) => {
    const { id: attributeId, values } = lookup.attribute(name);
    const valueIds = values.filter((v) => codes.includes(v.code)).map((v) => v.id);
    return attributeId && valueIds.length ? [{ attributeId, valueIds }] : [];
  };
  /** One screening value per attribute of the named options. */
  const screening = (names: string[]) => {
    const byAttribute = new Map<string, string[]>();
    for (const o of lookup.screenOptions.filter((o) => names.includes(o.valueEn ?? ''))) {
      byAttribute.set(o.attributeId, [...(byAttribute.get(o.attributeId) ?? []), o.id]);
    }
    return [...byAttribute].map(([attributeId, optionIds]) => ({ attributeId, optionIds }));
  };
  for (const [sku, name, nameEn, cat, brandName, price, weight, colours, sizes, status] of demos) {
    const categoryId = category.get(cat);
    if (!categoryId) continue;
    const d = details[sku];
    const input: ProductInput = {
      sku,
      name,
      nameEn,
      categoryIds: [categoryId],
      brandId: brand.get(brandName) ?? null,
      description: `${name}。演示数据。`,
      // the demo tenants account in CNY (the default of `Logistics.Currency`)
      price: price.toFixed(2),
      priceCurrency: 'CNY',
      inStock: status === PmsStatus.OnSale,
      developer: '张敏',
      purchaser: '刘洋',
      artDesigner: null,
      weight,
      length: null,
      width: null,
      height: null,
      packageWeight: weight + 50,
      packageLength: null,
      packageWidth: null,
      packageHeight: null,
      declaredNameCn: name,
      declaredNameEn: nameEn,
      declaredValue: moneyText(Math.round(price / 7), 'USD'),
      declaredCurrency: 'USD',
      hsCode: null,
      specialAttributes: cat === 'PHONE-ACC' && sku.endsWith('008') ? ['magnetic'] : [],
      variantOptions: [...option('Color', colours), ...option('Size', sizes)],
      region: d.region,
      developmentDate: d.developed,
      launchDate: d.launched,
      salesTypes: d.salesTypes,
      resource: d.resource,
      screenValues: screening(d.screens),
      specifications: d.specs.map(([specName, value]) => ({ name: specName, value })),
      detailContent: [`${name}(${nameEn})`, ...d.specs.map(([k, v]) => `${k}:${v}`)].join('\n'),
    };
    // Walk the lifecycle to the demo status along allowed moves.
    const path: Record<number, number[]> = {
      [PmsStatus.Developing]: [],
      [PmsStatus.TrialSale]: [PmsStatus.TrialSale],
      [PmsStatus.OnSale]: [PmsStatus.OnSale],
      [PmsStatus.Clearance]: [PmsStatus.OnSale, PmsStatus.Clearance],
      [PmsStatus.Discontinued]: [PmsStatus.Discontinued],
    };
    await services.data.inTenant(ctx, async (tx) => {
      const created = await commands.create(tx, ctx, input, currency);
      for (const pmsStatus of path[status]) await commands.approve(tx, ctx, { id: created.id, pmsStatus });
    });
  }
}
