import { PmsStatus } from '@seller/contracts';
import { eq } from 'drizzle-orm';
import type { Services } from '../../app.ts';
import { type CurrentTenant, systemContext } from '../../platform/context.ts';
import { owned } from '../../platform/crud.ts';
import { seedCatalogueDemo } from './product-catalogue-seed.ts';
import type { ProductInput } from './product-dto.ts';
import { productService } from './products.ts';
import { brands, categories, products, purchaseAttributes, purchaseAttributeValues } from './schema.ts';

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
    const cats = await tx
      .select({ id: categories.id, code: categories.code })
      .from(categories)
      .where(owned(ctx, categories));
    const brandRows = await tx.select({ id: brands.id, name: brands.name }).from(brands).where(owned(ctx, brands));
    const attrs = await tx
      .select({ id: purchaseAttributes.id, name: purchaseAttributes.nameEn })
      .from(purchaseAttributes)
      .where(owned(ctx, purchaseAttributes));
    const values = await tx
      .select({
        id: purchaseAttributeValues.id,
        attributeId: purchaseAttributeValues.attributeId,
        code: purchaseAttributeValues.code,
      })
      .from(purchaseAttributeValues)
      .where(owned(ctx, purchaseAttributeValues));
    return { cats, brandRows, attrs, values };
  });
  if (!lookup) return;
  const category = new Map(lookup.cats.map((c) => [c.code, c.id]));
  const brand = new Map(lookup.brandRows.map((b) => [b.name, b.id]));
  const attribute = (name: string) => lookup.attrs.find((a) => a.name === name)?.id;
  const option = (name: string, codes: string[]) => {
    const attributeId = attribute(name);
    const valueIds = lookup.values
      .filter((v) => v.attributeId === attributeId && codes.includes(v.code))
      .map((v) => v.id);
    return attributeId && valueIds.length ? [{ attributeId, valueIds }] : [];
  };
  for (const [sku, name, nameEn, cat, brandName, price, weight, colours, sizes, status] of demos) {
    const categoryId = category.get(cat);
    if (!categoryId) continue;
    const input: ProductInput = {
      sku,
      name,
      nameEn,
      categoryIds: [categoryId],
      brandId: brand.get(brandName) ?? null,
      description: `${name}。演示数据。`,
      price,
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
      declaredValue: Math.round(price / 7),
      declaredCurrency: 'USD',
      hsCode: null,
      specialAttributes: cat === 'PHONE-ACC' && sku.endsWith('008') ? ['magnetic'] : [],
      variantOptions: [...option('Color', colours), ...option('Size', sizes)],
    };
    const created = await productService.create(services, ctx, input);
    // Walk the lifecycle to the demo status along allowed moves.
    const path: Record<number, number[]> = {
      [PmsStatus.Developing]: [],
      [PmsStatus.TrialSale]: [PmsStatus.TrialSale],
      [PmsStatus.OnSale]: [PmsStatus.OnSale],
      [PmsStatus.Clearance]: [PmsStatus.OnSale, PmsStatus.Clearance],
      [PmsStatus.Discontinued]: [PmsStatus.Discontinued],
    };
    for (const pmsStatus of path[status]) await productService.approve(services, ctx, { id: created.id, pmsStatus });
  }
}
