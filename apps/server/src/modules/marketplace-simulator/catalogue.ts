/**
 * The simulator's category trees, attributes, brands and logistics channels, generated
 * deterministically (no table): 8 top categories × 6 sub-categories × 6 leaves = 344 categories
 * per platform, 3 levels, English and Chinese names. Lazada ids: top 1000+, second level 10000+,
 * leaves 10000000+ (like the real 10002019); Shopee ids: top 100000+, second 100100+, leaves
 * 101000+. Only leaves take items.
 *
 * Attributes per leaf: name, description, brand, warranty_type (mandatory everywhere), material
 * (mandatory in fashion and home branches), model, short_description; sale properties color_family
 * (every branch) and size (fashion branches). Shopee's attribute tree has the product attributes
 * only (warranty type, material, country of origin): variations are tiers (init_tier_variation).
 */

export interface SimCategory {
  id: string;
  parentId: string | null;
  name: string;
  nameZh: string;
  leaf: boolean;
  level: number;
  /** Index of the top category (branch). */
  branch: number;
}

interface Branch {
  en: string;
  zh: string;
  fashion: boolean;
  materialMandatory: boolean;
  subs: Array<[string, string]>;
}

const branches: Branch[] = [
  {
    en: "Women's Clothing",
    zh: '女装',
    fashion: true,
    materialMandatory: true,
    subs: [
      ['Dresses', '连衣裙'],
      ['Tops', '上衣'],
      ['Skirts', '半身裙'],
      ['Pants', '裤子'],
      ['Outerwear', '外套'],
      ['Sleepwear', '睡衣'],
    ],
  },
  {
    en: "Men's Clothing",
    zh: '男装',
    fashion: true,
    materialMandatory: true,
    subs: [
      ['T-Shirts', 'T恤'],
      ['Shirts', '衬衫'],
      ['Jeans', '牛仔裤'],
      ['Jackets', '夹克'],
      ['Shorts', '短裤'],
      ['Underwear', '内衣'],
    ],
  },
  {
    en: 'Shoes & Bags',
    zh: '鞋包',
    fashion: true,
    materialMandatory: true,
    subs: [
      ['Sneakers', '运动鞋'],
      ['Sandals', '凉鞋'],
      ['Boots', '靴子'],
      ['Handbags', '手提包'],
      ['Backpacks', '双肩包'],
      ['Wallets', '钱包'],
    ],
  },
  {
    en: 'Home & Living',
    zh: '家居生活',
    fashion: false,
    materialMandatory: true,
    subs: [
      ['Kitchenware', '厨具'],
      ['Bedding', '床上用品'],
      ['Storage', '收纳'],
      ['Lighting', '灯具'],
      ['Decor', '装饰'],
      ['Cleaning', '清洁用品'],
    ],
  },
  {
    en: 'Electronics',
    zh: '电子产品',
    fashion: false,
    materialMandatory: false,
    subs: [
      ['Phone Accessories', '手机配件'],
      ['Audio', '音频设备'],
      ['Computer Accessories', '电脑配件'],
      ['Cameras', '相机'],
      ['Smart Home', '智能家居'],
      ['Wearables', '可穿戴设备'],
    ],
  },
  {
    en: 'Beauty & Health',
    zh: '美妆健康',
    fashion: false,
    materialMandatory: false,
    subs: [
      ['Skincare', '护肤'],
      ['Makeup', '彩妆'],
      ['Hair Care', '护发'],
      ['Fragrance', '香水'],
      ['Personal Care', '个人护理'],
      ['Beauty Tools', '美容工具'],
    ],
  },
  {
    en: 'Toys & Kids',
    zh: '玩具母婴',
    fashion: false,
    materialMandatory: false,
    subs: [
      ['Building Toys', '积木'],
      ['Dolls', '玩偶'],
      ['Educational Toys', '益智玩具'],
      ['Baby Care', '婴儿护理'],
      ['Kids Clothing', '童装'],
      ['Outdoor Toys', '户外玩具'],
    ],
  },
  {
    en: 'Sports & Outdoors',
    zh: '运动户外',
    fashion: true,
    materialMandatory: false,
    subs: [
      ['Fitness', '健身'],
      ['Camping', '露营'],
      ['Cycling', '骑行'],
      ['Swimming', '游泳'],
      ['Sportswear', '运动服'],
      ['Team Sports', '团队运动'],
    ],
  },
];

const qualifiers: Array<[string, string]> = [
  ['Classic', '经典'],
  ['Premium', '高端'],
  ['Everyday', '日常'],
  ['Travel', '旅行'],
  ['Gift Set', '礼盒'],
  ['Accessory', '配件'],
];

function buildTree(platform: 'lazada' | 'shopee'): SimCategory[] {
  const out: SimCategory[] = [];
  const ids =
    platform === 'lazada'
      ? { top: (t: number) => 1000 + t, sub: (t: number, s: number) => 10_000 + t * 100 + s }
      : { top: (t: number) => 100_000 + t, sub: (t: number, s: number) => 100_100 + t * 10 + s };
  const leafId = (t: number, s: number, l: number) =>
    platform === 'lazada' ? 10_000_000 + t * 1000 + s * 10 + l : 101_000 + t * 100 + s * 10 + l;
  branches.forEach((b, t) => {
    const topId = String(ids.top(t));
    out.push({ id: topId, parentId: null, name: b.en, nameZh: b.zh, leaf: false, level: 1, branch: t });
    b.subs.forEach(([en, zh], s) => {
      const subId = String(ids.sub(t, s));
      out.push({ id: subId, parentId: topId, name: en, nameZh: zh, leaf: false, level: 2, branch: t });
      qualifiers.forEach(([qen, qzh], l) => {
        out.push({
          id: String(leafId(t, s, l)),
          parentId: subId,
          name: `${qen} ${en}`,
          nameZh: `${qzh}${zh}`,
          leaf: true,
          level: 3,
          branch: t,
        });
      });
    });
  });
  return out;
}

export const categoryTrees = { lazada: buildTree('lazada'), shopee: buildTree('shopee') };
const byId = {
  lazada: new Map(categoryTrees.lazada.map((c) => [c.id, c])),
  shopee: new Map(categoryTrees.shopee.map((c) => [c.id, c])),
};
export const findCategory = (platform: 'lazada' | 'shopee', id: string | number) => byId[platform].get(String(id));

/** Chinese asked for: `zh_CN`, `zh-Hans`, `zh-hans`, `zh`… */
export const wantsChinese = (language: unknown) => typeof language === 'string' && /^zh/i.test(language);

// ---------------------------------------------------------------- attributes

export interface SimAttribute {
  id: number;
  name: string;
  label: string;
  labelZh: string;
  mandatory: boolean;
  inputType: 'text' | 'richText' | 'singleSelect' | 'multiSelect' | 'enumInput' | 'multiEnumInput' | 'numeric';
  saleProp: boolean;
  options: Array<{ id: number; name: string; nameZh: string }>;
}

const opts = (base: number, list: Array<[string, string]>) =>
  list.map(([name, nameZh], i) => ({ id: base + i, name, nameZh }));

export const warrantyOptions = opts(5000, [
  ['No Warranty', '无保修'],
  ['Local Manufacturer Warranty', '本地制造商保修'],
  ['International Manufacturer Warranty', '国际制造商保修'],
  ['Local Supplier Warranty', '本地供应商保修'],
]);
export const materialOptions = opts(5100, [
  ['Cotton', '棉'],
  ['Polyester', '涤纶'],
  ['Leather', '皮革'],
  ['Wood', '木'],
  ['Plastic', '塑料'],
  ['Metal', '金属'],
  ['Glass', '玻璃'],
  ['Silicone', '硅胶'],
]);
export const colorOptions = opts(5200, [
  ['Black', '黑色'],
  ['White', '白色'],
  ['Red', '红色'],
  ['Blue', '蓝色'],
  ['Green', '绿色'],
  ['Yellow', '黄色'],
  ['Pink', '粉色'],
  ['Grey', '灰色'],
  ['Multicolor', '多色'],
]);
export const sizeOptions = opts(5300, [
  ['XS', 'XS'],
  ['S', 'S'],
  ['M', 'M'],
  ['L', 'L'],
  ['XL', 'XL'],
  ['XXL', 'XXL'],
  ['Int:One size', '均码'],
]);
const originOptions = opts(5400, [
  ['China', '中国'],
  ['Malaysia', '马来西亚'],
  ['Thailand', '泰国'],
  ['Vietnam', '越南'],
]);

/** Lazada's attributes of a leaf (`/category/attributes/get`). */
export function lazadaAttributes(category: SimCategory): SimAttribute[] {
  const b = branches[category.branch]!;
  const list: SimAttribute[] = [
    attr(1, 'name', 'Name', '商品名称', true, 'text'),
    attr(2, 'description', 'Long Description', '详细描述', true, 'richText'),
    attr(3, 'short_description', 'Highlights', '商品亮点', false, 'richText'),
    {
      ...attr(4, 'brand', 'Brand', '品牌', true, 'singleSelect'),
      options: lazadaBrands.map((x) => ({ id: x.id, name: x.name, nameZh: x.name })),
    },
    attr(5, 'model', 'Model', '型号', false, 'text'),
    { ...attr(6, 'warranty_type', 'Warranty Type', '保修类型', true, 'singleSelect'), options: warrantyOptions },
    {
      ...attr(7, 'material', 'Material', '材质', b.materialMandatory, 'enumInput'),
      options: materialOptions,
    },
    { ...attr(8, 'color_family', 'Color Family', '颜色', false, 'multiEnumInput', true), options: colorOptions },
  ];
  if (b.fashion) list.push({ ...attr(9, 'size', 'Size', '尺码', false, 'singleSelect', true), options: sizeOptions });
  return list;
}

/** Shopee's attribute tree of a leaf (`get_attribute_tree`): product attributes only. */
export function shopeeAttributes(category: SimCategory): SimAttribute[] {
  const b = branches[category.branch]!;
  return [
    { ...attr(100010, 'warranty_type', 'Warranty Type', '保修类型', true, 'singleSelect'), options: warrantyOptions },
    { ...attr(100134, 'material', 'Material', '材质', b.materialMandatory, 'enumInput'), options: materialOptions },
    {
      ...attr(100037, 'country_of_origin', 'Country of Origin', '原产地', false, 'singleSelect'),
      options: originOptions,
    },
  ];
}

function attr(
  id: number,
  name: string,
  label: string,
  labelZh: string,
  mandatory: boolean,
  inputType: SimAttribute['inputType'],
  saleProp = false,
): SimAttribute {
  return { id, name, label, labelZh, mandatory, inputType, saleProp, options: [] };
}

// ---------------------------------------------------------------- brands

const brandNames = ['SimWear', 'HomeSim', 'Voltix', 'Lumina', 'KidJoy', 'PeakRun'];
export const lazadaBrands = [
  { id: 30768, name: 'No Brand' },
  ...brandNames.map((name, i) => ({ id: 41_001 + i, name })),
];
export const shopeeBrands = [{ id: 0, name: 'No Brand' }, ...brandNames.map((name, i) => ({ id: 1_001 + i, name }))];

// ---------------------------------------------------------------- logistics

export function lazadaShipmentProviders(country: string) {
  return [
    {
      name: `LEX ${country}`,
      default: 1,
      api_integration: 1,
      cod: 1,
      tracking_url: 'https://tracker.lel.asia/tracker?trackingNumber=@',
    },
    { name: 'Ninja Van', default: 0, api_integration: 1, cod: 1, tracking_url: 'https://www.ninjavan.co/track?id=@' },
    {
      name: 'J&T Express',
      default: 0,
      api_integration: 1,
      cod: 0,
      tracking_url: 'https://www.jtexpress.my/track?billcode=@',
    },
  ];
}

export function shopeeChannels(region: string) {
  const channel = (
    id: number,
    name: string,
    enabled: boolean,
    feeType: string,
    maxWeight: number,
    mask = 0,
    cod = true,
  ) => ({
    logistics_channel_id: id,
    logistics_channel_name: name,
    cod_enabled: cod,
    enabled,
    fee_type: feeType,
    size_list: [],
    weight_limit: { item_max_weight: maxWeight, item_min_weight: 0.01 },
    item_max_dimension: { height: 60, width: 60, length: 60, unit: 'cm', dimension_sum: 180 },
    volume_limit: { item_max_volume: 216000, item_min_volume: 0 },
    mask_channel_id: mask,
    support_cross_border: true,
    force_enable: false,
    preprint: false,
    logistics_capability: { seller_logistics: false },
  });
  return [
    channel(20011, `Standard Delivery (${region})`, true, 'SIZE_INPUT', 30),
    channel(20012, `Economy Delivery (${region})`, true, 'FIXED_DEFAULT_PRICE', 20, 0, false),
    channel(20013, `Bulky Delivery (${region})`, false, 'CUSTOM_PRICE', 100),
    channel(20014, `Shopee Xpress (${region})`, true, 'SIZE_INPUT', 30, 20011),
  ];
}
