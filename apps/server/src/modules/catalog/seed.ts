import { PaymentType, SettlementCycle, SettlementForm } from '@seller/contracts';
import { blankSupplier, type SupplierInput } from '@seller/contracts/catalog';
import { eq } from 'drizzle-orm';
import { type CurrentTenant, systemContext } from '../../core/context.ts';
import type { Tx } from '../../core/db/client.ts';
import type { Services } from '../../core/services.ts';
import { seedGathersDemo } from './gathers/seed.ts';
import { masterDataCommands } from './master-data/commands.ts';
import {
  attributeGroups,
  brands,
  categories,
  purchaseAttributes,
  screenAttributes,
  suppliers,
  vendorSources,
} from './master-data/schema.ts';
import { seedProductsDemo } from './products/seed.ts';

type AnyTable =
  | typeof attributeGroups
  | typeof brands
  | typeof categories
  | typeof purchaseAttributes
  | typeof screenAttributes
  | typeof suppliers
  | typeof vendorSources;

/**
 * A small believable catalogue master for a demo tenant, written through the services (so
 * it obeys their rules). Idempotent: each kind is seeded only while the tenant has none.
 */
export async function seedCatalogDemo(services: Services, tenant: CurrentTenant) {
  const ctx = systemContext(tenant);
  const commands = masterDataCommands(services);
  /** A kit's create in a unit of its own, as its route makes it. */
  const creator =
    <I, R>(create: (tx: Tx, c: typeof ctx, input: I) => Promise<R>) =>
    (input: I) =>
      services.data.inTenant(ctx, (tx) => create(tx, ctx, input));
  const create = {
    vendorSource: creator(commands.vendorSources.create),
    purchaseAttribute: creator(commands.purchaseAttributes.create),
    screenAttribute: creator(commands.screenAttributes.create),
    attributeGroup: creator(commands.attributeGroups.create),
    category: creator(commands.categories.create),
    brand: creator(commands.brands.create),
    supplier: creator(commands.suppliers.create),
  };
  /** No row at all, recycled ones included (their codes stay taken). */
  const isEmpty = (table: AnyTable) =>
    services.data.inTenant(ctx, async (tx) => {
      const rows = await tx.select({ id: table.id }).from(table).where(eq(table.tenantId, tenant.id)).limit(1);
      return rows.length === 0;
    });

  if (await isEmpty(vendorSources)) {
    const sources: [string, string, string[]][] = [
      ['1688', 'https://www.1688.com', ['detail.1688.com/offer/*', '*.1688.com']],
      ['淘宝', 'https://www.taobao.com', ['item.taobao.com/item.htm*', '*.taobao.com']],
      ['天猫', 'https://www.tmall.com', ['detail.tmall.com/*']],
      ['拼多多', 'https://www.pinduoduo.com', ['mobile.yangkeduo.com/*']],
      ['AliExpress', 'https://www.aliexpress.com', ['*.aliexpress.com/item/*']],
    ];
    for (const [i, [name, website, urlPatterns]] of sources.entries()) {
      await create.vendorSource({ name, website, urlPatterns, sort: i });
    }
  }

  const attributeIds: Record<string, string> = {};
  if (await isEmpty(purchaseAttributes)) {
    const color = await create.purchaseAttribute({
      name: '颜色',
      nameEn: 'Color',
      sort: 0,
      values: [
        ['黑色', 'Black', 'BLK'],
        ['白色', 'White', 'WHT'],
        ['红色', 'Red', 'RED'],
        ['蓝色', 'Blue', 'BLU'],
        ['灰色', 'Grey', 'GRY'],
      ].map(([value, valueEn, code], sort) => ({ value, valueEn, code, sort })),
    });
    const size = await create.purchaseAttribute({
      name: '尺码',
      nameEn: 'Size',
      sort: 1,
      values: ['S', 'M', 'L', 'XL', 'XXL'].map((code, sort) => ({ value: code, valueEn: code, code, sort })),
    });
    attributeIds.color = color.id;
    attributeIds.size = size.id;
  }
  if (await isEmpty(screenAttributes)) {
    const material = await create.screenAttribute({
      name: '材质',
      nameEn: 'Material',
      sort: 0,
      options: [
        ['棉', 'Cotton'],
        ['涤纶', 'Polyester'],
        ['皮革', 'Leather'],
        ['塑料', 'Plastic'],
      ].map(([value, valueEn], sort) => ({ value, valueEn, sort })),
    });
    const season = await create.screenAttribute({
      name: '季节',
      nameEn: 'Season',
      sort: 1,
      options: [
        ['春夏', 'Spring/Summer'],
        ['秋冬', 'Autumn/Winter'],
        ['四季', 'All seasons'],
      ].map(([value, valueEn], sort) => ({ value, valueEn, sort })),
    });
    attributeIds.material = material.id;
    attributeIds.season = season.id;
  }

  const groupIds: Record<string, string> = {};
  if ((await isEmpty(attributeGroups)) && attributeIds.color && attributeIds.material) {
    const item = (kind: 'purchase' | 'screen', attributeId: string, required: boolean, sort: number) => ({
      kind,
      attributeId,
      required,
      sort,
    });
    groupIds.apparel = (
      await create.attributeGroup({
        name: '服装',
        description: '颜色、尺码必填',
        items: [
          item('purchase', attributeIds.color, true, 0),
          item('purchase', attributeIds.size, true, 1),
          item('screen', attributeIds.material, false, 2),
          item('screen', attributeIds.season, false, 3),
        ],
      })
    ).id;
    groupIds.bags = (
      await create.attributeGroup({
        name: '箱包',
        description: null,
        items: [item('purchase', attributeIds.color, true, 0), item('screen', attributeIds.material, false, 1)],
      })
    ).id;
  }

  if (await isEmpty(categories)) {
    const tree: [
      code: string,
      name: string,
      nameEn: string,
      group: string | null,
      children: [string, string, string][],
    ][] = [
      [
        'APPAREL',
        '服装',
        'Apparel',
        'apparel',
        [
          ['WOMEN', '女装', 'Women'],
          ['MEN', '男装', 'Men'],
        ],
      ],
      [
        'BAG',
        '箱包',
        'Bags',
        'bags',
        [
          ['BACKPACK', '双肩包', 'Backpacks'],
          ['HANDBAG', '手提包', 'Handbags'],
        ],
      ],
      [
        'HOME',
        '家居',
        'Home',
        null,
        [
          ['KITCHEN', '厨房用品', 'Kitchen'],
          ['STORAGE', '收纳整理', 'Storage'],
        ],
      ],
      ['ELEC', '3C 数码', 'Electronics', null, [['PHONE-ACC', '手机配件', 'Phone accessories']]],
    ];
    for (const [sort, [code, name, nameEn, group, children]] of tree.entries()) {
      const attributeGroupId = group ? (groupIds[group] ?? null) : null;
      const parent = await create.category({
        parentId: null,
        code,
        name,
        nameEn,
        attributeGroupId,
        sort,
      });
      for (const [i, [childCode, childName, childEn]] of children.entries()) {
        await create.category({
          parentId: parent.id,
          code: childCode,
          name: childName,
          nameEn: childEn,
          attributeGroupId,
          sort: i,
        });
      }
    }
  }

  if (await isEmpty(brands)) {
    for (const [name, nameEn] of [
      ['悦家', 'Yuejia'],
      ['简行', 'Jianxing'],
      ['森屿', 'Senyu'],
      ['迈途', 'Maitu'],
      ['小棉', 'Xiaomian'],
    ]) {
      await create.brand({ name, nameEn, website: null, description: null });
    }
  }

  if (await isEmpty(suppliers)) {
    const blank = blankSupplier('', '');
    const rows: SupplierInput[] = [
      {
        ...blank,
        code: 'SUP-001',
        fullName: '义乌市佳美箱包有限公司',
        grade: 'A',
        contactPerson: '王丽',
        phone: '13800000001',
        wangwang: 'jiamei-bags',
        province: '浙江',
        city: '金华',
        address: '义乌市国际商贸城三区 12 街',
        settlementForm: SettlementForm.Periodic,
        settlementCycle: SettlementCycle.Monthly,
        paymentType: PaymentType.BACS,
        payeeAccount: '6222000000000001',
        accountName: '义乌市佳美箱包有限公司',
        bank: '中国工商银行义乌分行',
        isDefault: true,
      },
      {
        ...blank,
        code: 'SUP-002',
        fullName: '广州市白云区锦绣服饰厂',
        grade: 'B',
        contactPerson: '陈强',
        phone: '13800000002',
        qq: '100200300',
        province: '广东',
        city: '广州',
        address: '白云区石井街 88 号',
        settlementForm: SettlementForm.PaymentBeforeDelivery,
        paymentType: PaymentType.Alipay,
        payeeAccount: 'jinxiu@example.com',
      },
      {
        ...blank,
        code: 'SUP-003',
        fullName: '深圳市华强数码配件商行',
        grade: 'B',
        contactPerson: '李明',
        phone: '13800000003',
        wechat: 'hq-digital',
        province: '广东',
        city: '深圳',
        address: '福田区华强北路 1 号',
        settlementForm: SettlementForm.CashOnDelivery,
        paymentType: PaymentType.WeChat,
      },
    ];
    for (const row of rows) await create.supplier(row);
  }

  await seedProductsDemo(services, tenant);
  await seedGathersDemo(services, tenant);
}
