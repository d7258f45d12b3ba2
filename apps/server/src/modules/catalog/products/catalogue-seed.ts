import { PmsStatus, ProductRegions, ProductResources } from '@seller/contracts';
import { and, eq, like } from 'drizzle-orm';
import { type CurrentTenant, systemContext } from '../../../core/context.ts';
import { owned } from '../../../core/crud.ts';
import { moneyText } from '../../../core/money.ts';
import type { Services } from '../../../core/services.ts';
import { placeholderPng, storeFile } from '../../files/index.ts';
import { suppliers } from '../master-data/schema.ts';
import {
  productImages,
  productSpecifications,
  products,
  productVariants,
  productVendors,
  type TierPrice,
} from './schema.ts';
import { demoMasterData } from './seed-lookup.ts';

/**
 * A believable catalogue for tenant `demo` (issue #6 "Seed"): about 200 products across the
 * seeded leaf categories, with colour/size variants, vendor links with tier prices and a main
 * image drawn by code. Written with one insert per table, once (products with `CAT-` SKUs).
 */

export const CATALOGUE_PREFIX = 'CAT-';

/** [category code, SKU stem, colours?, sizes?, price range, weight g, supplier code, names [zh, en][]] */
type Line = [string, string, boolean, boolean, [number, number], number, string, [string, string][]];
const lines: Line[] = [
  [
    'WOMEN',
    'WM',
    true,
    true,
    [49, 199],
    260,
    'SUP-002',
    [
      ['法式方领泡泡袖上衣', 'French square-neck puff-sleeve top'],
      ['高腰阔腿牛仔裤', 'High-waist wide-leg jeans'],
      ['针织开衫', 'Knit cardigan'],
      ['百褶半身裙', 'Pleated midi skirt'],
      ['冰丝防晒衬衫', 'Ice-silk sun-protection shirt'],
      ['缎面吊带裙', 'Satin slip dress'],
    ],
  ],
  [
    'MEN',
    'MN',
    true,
    true,
    [39, 259],
    320,
    'SUP-002',
    [
      ['速干运动短裤', 'Quick-dry sports shorts'],
      ['商务休闲长袖衬衫', 'Business casual long-sleeve shirt'],
      ['工装多口袋长裤', 'Cargo trousers with pockets'],
      ['轻薄羽绒背心', 'Light down vest'],
      ['华夫格长袖T恤', 'Waffle-knit long-sleeve tee'],
      ['立领夹克', 'Stand-collar jacket'],
    ],
  ],
  [
    'BACKPACK',
    'BP',
    true,
    false,
    [79, 299],
    820,
    'SUP-001',
    [
      ['大容量旅行双肩包', 'Large travel backpack'],
      ['学生护脊书包', 'Ergonomic school backpack'],
      ['15.6寸电脑双肩包', '15.6" laptop backpack'],
      ['折叠轻便双肩包', 'Packable light backpack'],
    ],
  ],
  [
    'HANDBAG',
    'HB',
    true,
    false,
    [59, 399],
    540,
    'SUP-001',
    [
      ['复古腋下包', 'Retro shoulder bag'],
      ['编织托特包', 'Woven tote bag'],
      ['链条斜挎小方包', 'Chain crossbody bag'],
      ['真皮手拿包', 'Leather clutch'],
    ],
  ],
  [
    'KITCHEN',
    'KT',
    false,
    false,
    [9.9, 199],
    600,
    'SUP-001',
    [
      ['不锈钢保温饭盒', 'Stainless steel insulated lunch box'],
      ['硅胶厨具五件套', 'Silicone kitchen utensil set (5 pcs)'],
      ['玻璃密封储物罐', 'Glass airtight storage jar'],
      ['多功能削皮刨丝器', 'Multi-purpose peeler and grater'],
      ['竹制砧板', 'Bamboo cutting board'],
    ],
  ],
  [
    'STORAGE',
    'ST',
    true,
    false,
    [12.9, 129],
    700,
    'SUP-001',
    [
      ['可折叠收纳箱', 'Foldable storage box'],
      ['抽屉分隔收纳盒', 'Drawer divider organiser'],
      ['真空压缩收纳袋', 'Vacuum compression bags'],
      ['门后挂钩收纳架', 'Over-the-door hook rack'],
    ],
  ],
  [
    'PHONE-ACC',
    'PA',
    true,
    false,
    [9.9, 149],
    90,
    'SUP-003',
    [
      ['20W 快充充电头', '20 W fast charger'],
      ['编织数据线 1.5m', 'Braided charging cable 1.5 m'],
      ['车载手机支架', 'Car phone mount'],
      ['钢化膜两片装', 'Tempered glass screen protector (2 pack)'],
      ['蓝牙自拍杆', 'Bluetooth selfie stick'],
    ],
  ],
];

/**
 * Per category: the spec sheet lines (name, choices of value), the screening materials and
 * seasons (options' English names) and the sales types to choose from.
 */
const facts: Record<
  string,
  { specs: [string, string[]][]; materials: string[]; seasons: string[]; types: string[][] }
> = {
  WOMEN: {
    specs: [
      ['面料', ['棉', '雪纺', '针织', '亚麻混纺']],
      ['版型', ['修身', '宽松', '常规']],
      ['厚薄', ['薄款', '常规']],
    ],
    materials: ['Cotton', 'Polyester'],
    seasons: ['Spring/Summer', 'Autumn/Winter'],
    types: [['variation'], ['normal', 'variation']],
  },
  MEN: {
    specs: [
      ['面料', ['棉', '涤纶', '棉混纺']],
      ['版型', ['修身', '宽松', '常规']],
    ],
    materials: ['Cotton', 'Polyester'],
    seasons: ['Spring/Summer', 'Autumn/Winter', 'All seasons'],
    types: [['variation'], ['normal', 'variation']],
  },
  BACKPACK: {
    specs: [
      ['容量', ['18 L', '25 L', '30 L', '35 L']],
      ['材质', ['牛津布', '涤纶', '尼龙']],
      ['防水', ['防泼水', '不防水']],
    ],
    materials: ['Polyester'],
    seasons: ['All seasons'],
    types: [['variation'], ['normal', 'variation']],
  },
  HANDBAG: {
    specs: [
      ['材质', ['PU 皮革', '头层牛皮', '草编']],
      ['闭合方式', ['拉链', '磁扣', '敞口']],
    ],
    materials: ['Leather'],
    seasons: ['All seasons'],
    types: [['variation']],
  },
  KITCHEN: {
    specs: [
      ['材质', ['304 不锈钢', '食品级硅胶', '高硼硅玻璃', '竹']],
      ['可用洗碗机', ['是', '否']],
    ],
    materials: ['Plastic'],
    seasons: ['All seasons'],
    types: [['normal'], ['normal', 'bundle']],
  },
  STORAGE: {
    specs: [
      ['材质', ['无纺布', 'PP 塑料', '棉麻']],
      ['可折叠', ['是', '否']],
    ],
    materials: ['Polyester', 'Plastic'],
    seasons: ['All seasons'],
    types: [['normal'], ['normal', 'bundle']],
  },
  'PHONE-ACC': {
    specs: [
      ['接口', ['USB-C', 'Lightning', 'USB-A']],
      ['适用机型', ['通用', 'iPhone 系列', '安卓机型']],
    ],
    materials: ['Plastic'],
    seasons: ['All seasons'],
    types: [['normal'], ['normal', 'assembly']],
  },
};

const day = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const series: [string, string][] = [
  ['经典款', 'Classic'],
  ['升级款', 'Plus'],
  ['轻奢款', 'Premium'],
  ['基础款', 'Basic'],
  ['联名款', 'Collab'],
  ['新品', 'New'],
  ['季节限定', 'Seasonal'],
];
const people = ['张敏', '李娜', '王磊', '陈静', '刘洋'];
const palette: [number, number, number][] = [
  [231, 76, 60],
  [52, 152, 219],
  [46, 204, 113],
  [241, 196, 15],
  [155, 89, 182],
  [26, 188, 156],
  [230, 126, 34],
  [149, 165, 166],
];
const statuses = [
  PmsStatus.OnSale,
  PmsStatus.OnSale,
  PmsStatus.OnSale,
  PmsStatus.TrialSale,
  PmsStatus.Developing,
  PmsStatus.Clearance,
  PmsStatus.Discontinued,
];

/** A small deterministic generator, so the catalogue is the same on every fresh start. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

export async function seedCatalogueDemo(services: Services, tenant: CurrentTenant, count = 200) {
  const ctx = systemContext(tenant);
  const dataDir = services.config.dataDir;
  await services.data.inTenant(ctx, async (tx) => {
    const [done] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.tenantId, tenant.id), like(products.sku, `${CATALOGUE_PREFIX}%`)))
      .limit(1);
    if (done) return;
    const { categories: cats, attribute: valuesOf, screenOptions } = await demoMasterData(tx, ctx);
    const supplierIds = new Map(
      (await tx.select({ id: suppliers.id, code: suppliers.code }).from(suppliers).where(owned(ctx, suppliers))).map(
        (s) => [s.code, s.id],
      ),
    );
    const screenOption = (valueEn: string) => screenOptions.find((o) => o.valueEn === valueEn);
    const colour = valuesOf('Color');
    const size = valuesOf('Size');
    const usable = lines.filter(([code]) => cats.has(code));
    if (!usable.length) return;

    const rnd = random(20260601);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
    // The form's sales facts draw on their own sequence, so the rest of the catalogue stays as it was.
    const rnd2 = random(20260602);
    const pick2 = <T>(xs: readonly T[]) => xs[Math.floor(rnd2() * xs.length)];
    const from = Date.UTC(2025, 0, 6);
    const span = Date.UTC(2026, 9, 1) - from;
    const now = Date.now();
    type Plan = {
      product: typeof products.$inferInsert;
      variants: Omit<typeof productVariants.$inferInsert, 'productId'>[];
      specifications: Omit<typeof productSpecifications.$inferInsert, 'productId'>[];
      vendors: Omit<typeof productVendors.$inferInsert, 'productId'>[];
      image: [number, number, number];
    };
    const plans: Plan[] = [];
    for (let i = 0; i < count; i++) {
      const [catCode, stem, hasColours, hasSizes, [low, high], weight, supplierCode, names] = usable[i % usable.length];
      const [nameZh, nameEn] = names[Math.floor(i / usable.length) % names.length];
      const [seriesZh, seriesEn] = series[Math.floor(i / (usable.length * names.length)) % series.length];
      const sku = `${CATALOGUE_PREFIX}${stem}-${String(i + 1).padStart(4, '0')}`;
      const price = Math.round((low + rnd() * (high - low)) * 10) / 10;
      const options: { attributeId: string; chosen: typeof colour.values }[] = [];
      if (hasColours && colour.id) {
        const n = 2 + Math.floor(rnd() * 2);
        options.push({ attributeId: colour.id, chosen: colour.values.slice(i % 2, (i % 2) + n) });
      }
      if (hasSizes && size.id) options.push({ attributeId: size.id, chosen: size.values.slice(1, 4) });
      let combos: { ids: string[]; codes: string[]; labels: string[] }[] = [{ ids: [], codes: [], labels: [] }];
      for (const o of options) {
        combos = combos.flatMap((c) =>
          o.chosen.map((v) => ({ ids: [...c.ids, v.id], codes: [...c.codes, v.code], labels: [...c.labels, v.value] })),
        );
      }
      if (!options.length) combos = [];
      const variantSkus = combos.map((c) => [sku, ...c.codes].join('-'));
      const status = pick(statuses);
      const name = `${nameZh}${seriesZh}`;
      const en = `${nameEn} (${seriesEn})`;
      const moq = pick([1, 5, 10, 20, 50]);
      const cost = Math.round(price * (0.3 + rnd() * 0.2) * 100) / 100;
      const tiers = (base: number): TierPrice[] => [
        { minQty: moq, unitPrice: base.toFixed(4) },
        { minQty: moq * 10, unitPrice: (Math.round(base * 92) / 100).toFixed(4) },
        { minQty: moq * 50, unitPrice: (Math.round(base * 85) / 100).toFixed(4) },
      ];
      const fact = facts[catCode];
      const developed = from + Math.floor(rnd2() * span);
      const screens = [pick2(fact.materials), pick2(fact.seasons)]
        .map(screenOption)
        .filter((o) => o !== undefined)
        .map((o) => ({ attributeId: o.attributeId, optionIds: [o.id] }));
      const specs = fact.specs.map(([specName, choices], sort) => ({ name: specName, value: pick2(choices), sort }));
      const vendorCodes = [
        supplierCode,
        ...(rnd() < 0.3 ? [pick(['SUP-001', 'SUP-002', 'SUP-003'].filter((c) => c !== supplierCode))] : []),
      ];
      plans.push({
        product: {
          tenantId: tenant.id,
          sku,
          name,
          nameEn: en,
          categoryIds: [cats.get(catCode)!],
          description: `${name}。${en}. 演示商品目录。`,
          price: price.toFixed(2),
          priceCurrency: 'CNY',
          pmsStatus: status,
          isActive: status !== PmsStatus.Discontinued,
          inStock: status === PmsStatus.OnSale && rnd() < 0.8,
          developer: pick(people),
          purchaser: pick(people),
          weight: Math.round(weight * (0.7 + rnd() * 0.6)),
          packageWeight: Math.round(weight * 1.15),
          declaredNameCn: nameZh,
          declaredNameEn: nameEn,
          declaredValue: moneyText(Math.max(1, Math.round(price / 7)), 'USD'),
          declaredCurrency: 'USD',
          variantOptions: options.map((o) => ({ attributeId: o.attributeId, valueIds: o.chosen.map((v) => v.id) })),
          searchText: [sku, name, en, ...variantSkus].join(' '),
          region: pick2(ProductRegions),
          developmentDate: isoDay(developed),
          launchDate: isoDay(developed + (14 + Math.floor(rnd2() * 60)) * day),
          salesTypes: pick2(fact.types),
          resource: pick2(ProductResources),
          screenValues: screens,
          detailContent: [`${name}(${en})`, ...specs.map((l) => `${l.name}:${l.value}`)].join('\n'),
          creationTime: new Date(now - Math.floor(rnd() * 120 * 86_400_000)),
        },
        variants: combos.map((c, sort) => ({
          tenantId: tenant.id,
          sku: variantSkus[sort],
          valueIds: c.ids,
          label: c.labels.join(' / '),
          price: price.toFixed(2),
          weight: Math.round(weight),
          sort,
        })),
        specifications: specs.map((l) => ({ tenantId: tenant.id, ...l })),
        vendors: vendorCodes
          .filter((code) => supplierIds.has(code))
          .map((code, n) => {
            const base = n === 0 ? cost : Math.round(cost * 1.05 * 100) / 100;
            return {
              tenantId: tenant.id,
              supplierId: supplierIds.get(code)!,
              url: `https://detail.1688.com/offer/${6_000_000_000 + i * 37 + n}.html`,
              purchasePrice: base.toFixed(4),
              moq,
              leadDays: 2 + Math.floor(rnd() * 10),
              isPrimary: n === 0,
              tiers: tiers(base),
            };
          }),
        image: palette[i % palette.length],
      });
    }

    const ids = await tx
      .insert(products)
      .values(plans.map((p) => p.product))
      .returning({ id: products.id, sku: products.sku });
    const idOf = new Map(ids.map((r) => [r.sku, r.id]));
    const withId = <T>(p: Plan, rows: T[]) => rows.map((r) => ({ ...r, productId: idOf.get(p.product.sku)! }));
    const variantRows = plans.flatMap((p) => withId(p, p.variants));
    if (variantRows.length) await tx.insert(productVariants).values(variantRows);
    const vendorRows = plans.flatMap((p) => withId(p, p.vendors));
    if (vendorRows.length) await tx.insert(productVendors).values(vendorRows);
    const specificationRows = plans.flatMap((p) => withId(p, p.specifications));
    if (specificationRows.length) await tx.insert(productSpecifications).values(specificationRows);
    // One image file per colour, shared by the products drawn in it.
    const urls = await Promise.all(palette.map((rgb) => storeFile(dataDir, tenant.id, placeholderPng(64, 64, rgb))));
    await tx.insert(productImages).values(
      plans.map((p, i) => ({
        tenantId: tenant.id,
        productId: idOf.get(p.product.sku)!,
        url: urls[i % palette.length].url,
        isMain: true,
      })),
    );
  });
}
