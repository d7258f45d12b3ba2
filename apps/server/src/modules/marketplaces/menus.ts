import { MarketplacePermissions as P } from '@seller/contracts';
import { type MenuDefinition, menuPage } from '../../core/module.ts';

/**
 * The `/publishingPlatform` pages (spec §2): a Lazada group and a Shopee group with the same pages
 * for each platform (the page key names the platform), and the publish wizard between them. Spec §6:
 * the group needs any of the four administration permissions; this product also shows it to holders
 * of its own permissions.
 */
const platformGroup = (code: string, platform: 'Lazada' | 'Shopee', zh: string): MenuDefinition[] => {
  const key = platform.toLowerCase();
  return [
    {
      code,
      name: `${platform}Group`,
      displayName: zh,
      path: key,
      component: 'Layout',
      meta: { title: `Menus::${platform}`, icon: 'shopping', alwaysShow: true, permissions: Object.values(P) },
    },
    menuPage(
      `${code}.00001`,
      `Product${platform}`,
      `${zh}商品`,
      `product${platform}`,
      `marketplaces/items/${key}`,
      `${platform}Items`,
      'goods',
      P.Items,
    ),
    menuPage(
      `${code}.00002`,
      `${platform}Classified`,
      '类目映射',
      'classified',
      `marketplaces/category-mapping/${key}`,
      'CategoryMapping',
      'tree',
      P.CategoryMappings,
    ),
    menuPage(
      `${code}.00003`,
      `Shop${platform}`,
      '店铺管理',
      `shop${platform}`,
      `marketplaces/shops/${key}`,
      'Shops',
      'shop',
      P.Shops,
    ),
    menuPage(
      `${code}.00004`,
      `${platform}LogisticFreight`,
      '物流渠道',
      'logisticFreight',
      `marketplaces/logistics/${key}`,
      'MarketLogistics',
      'logistics',
      P.Logistics,
    ),
    menuPage(
      `${code}.00005`,
      `${platform}Published`,
      '刊登记录',
      'published',
      `marketplaces/listings/${key}`,
      'Published',
      'list',
      P.Listings,
    ),
    menuPage(
      `${code}.00006`,
      `${platform}StockSync`,
      '库存同步',
      'stockSync',
      `marketplaces/stock-sync/${key}`,
      'StockSync',
      'download',
      P.Shops,
    ),
  ];
};

export const menus: MenuDefinition[] = [
  {
    code: '00010',
    name: 'PublishingPlatform',
    displayName: '平台刊登',
    path: '/publishingPlatform',
    component: 'Layout',
    meta: {
      title: 'Menus::PublishingPlatform',
      icon: 'international',
      alwaysShow: true,
      permissions: [
        'AbpIdentity.Users',
        'AbpIdentity.Roles',
        'AbpSettingManagement.Settings',
        'AbpTenantManagement.Tenants',
        ...Object.values(P),
      ],
    },
  },
  ...platformGroup('00010.00001', 'Lazada', 'Lazada'),
  {
    code: '00010.00002',
    name: 'Publishs',
    displayName: '刊登',
    path: 'publishs',
    component: 'Layout',
    meta: { title: 'Menus::Publishs', icon: 'appstore', alwaysShow: true, permission: `${P.Listings}.Create` },
  },
  menuPage(
    '00010.00002.00001',
    'PublishLazadaShopee',
    '刊登商品',
    'publish-lazada-shopee',
    'marketplaces/publish/index',
    'PublishWizard',
    'appstore',
    `${P.Listings}.Create`,
  ),
  ...platformGroup('00010.00003', 'Shopee', 'Shopee'),
  // where a marketplace's consent page sends the seller back with a code; reached by redirect only
  {
    code: '00010.00004',
    name: 'ShopAuthorized',
    displayName: '店铺授权回调',
    path: 'shop-callback',
    component: 'marketplaces/shop-callback/index',
    meta: { title: 'Menus::ShopCallback', hidden: true, permission: `${P.Shops}.Authorize` },
  },
];
