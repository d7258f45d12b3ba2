import { matchPath } from 'react-router';

/** A page of the product at its default path, with the page component when this build has it. */
export interface ProductPage {
  path: string;
  component?: string;
}

/** Pages of one route group: `name` alone, or `[name, component]` for a page this build has. */
function group(base: string, pages: Array<string | [string, string]>): ProductPage[] {
  return pages.map((p) =>
    typeof p === 'string' ? { path: `${base}/${p}` } : { path: `${base}/${p[0]}`, component: p[1] },
  );
}

/**
 * The route catalogue: every page of the product (spec §2, and the menu pages this build seeds), by
 * default path. It answers one question only: does a path the user may not open name a page that
 * exists? Then the user sees the 401 page; an unknown path is 404. What a user may open comes from
 * their menus (the server filters them by permission), never from here. A test checks that every
 * menu page of this build is listed, so a new module's pages cannot be forgotten.
 */
export const productPages: ProductPage[] = [
  { path: '/dashboard', component: 'dashboard/index' },
  ...group('/profile', [
    ['index', 'profile/index'],
    ['setting', 'profile/setting'],
  ]),
  ...group('/admin', [
    ['users', 'admin/users/index'],
    ['roles', 'admin/roles/index'],
    ['tenants', 'admin/tenants/index'],
    ['organization-unit', 'admin/organization-unit/index'],
    ['claim-type', 'admin/claim-type/index'],
    ['settings', 'admin/settings/index'],
    ['background-jobs', 'background-jobs/index'],
  ]),
  ...group('/auditing', [
    ['audit-log', 'auditing/audit-log/index'],
    ['security-log', 'auditing/security-log/index'],
  ]),
  ...group('/container', [
    ['layouts', 'container/layouts/index'],
    ['menus', 'container/menus/index'],
  ]),
  ...group('/message', [['notification', 'notifications/notification/index']]),
  ...group('/notifications', [['send', 'notifications/send/index']]),
  ...group('/product', [
    ['catalog', 'catalog/categories/index'],
    ['brach', 'catalog/brands/index'],
    ['supplier', 'catalog/suppliers/index'],
    ['vendor-source', 'catalog/vendor-sources/index'],
    ['purchase-attributes', 'catalog/purchase-attributes/index'],
    ['screen-attributes', 'catalog/screen-attributes/index'],
    ['attributes-group', 'catalog/attribute-groups/index'],
    ['productList', 'catalog/products/index'],
    ['recycle', 'catalog/recycle/index'],
    ['product-detail', 'catalog/product-detail/index'],
    ['price-rules', 'pricing/price-rules/index'],
    ['gather-list', 'catalog/gathers/index'],
    ['sku-download-img', 'catalog/sku-images/index'],
    ['collector', 'catalog/collector/index'],
  ]),
  ...group('/charts', ['statistics-erp']),
  ...group('/apigateway', ['group', 'global', 'route', 'aggregate-route']),
  ...group('/physical', [
    ['Charge', 'logistics/charge/index'],
    ['Country', 'logistics/country/index'],
    ['FreightStrategy', 'logistics/freight-strategy/index'],
    ['Physical', 'logistics/physical/index'],
    ['Warehouse', 'logistics/warehouse/index'],
    ['Zone', 'logistics/zone/index'],
  ]),
  ...group('/order', [
    ['orders', 'trade/orders/index'],
    ['purchase', 'trade/purchase/index'],
    ['receiving', 'trade/receiving/index'],
    ['stock', 'trade/stock/index'],
    ['statistics-order', 'trade/statistics/index'],
    ['shipment', 'trade/shipment/index'],
    ['shipment-record', 'trade/shipment-record/index'],
    'financial',
    ['financial/statement', 'trade/financial/index'],
    ['financial/arrival', 'trade/arrival/index'],
  ]),
  ...group('/crm', [
    ['customer', 'crm/customer/index'],
    ['public-customer', 'crm/public-customer/index'],
    ['customer-editing', 'crm/customer-editing/index'],
    ['activity', 'crm/activity/index'],
    ['address', 'crm/address/index'],
    ['bank-account', 'crm/bank-account/index'],
    ['social-account', 'crm/social-account/index'],
    ['subscription', 'crm/subscription/index'],
    ['tag', 'crm/tag/index'],
    ['crm-order', 'crm/order/index'],
    ['job-report', 'crm/job-report/index'],
    ['crm-business', 'crm/business/index'],
  ]),
  ...group('/identityServer', ['clients', 'api-resources', 'identity-resources']),
  ...group('/publishingPlatform', [
    ['lazada/productLazada', 'marketplaces/items/lazada'],
    ['lazada/classified', 'marketplaces/category-mapping/lazada'],
    ['lazada/shopLazada', 'marketplaces/shops/lazada'],
    ['lazada/logisticFreight', 'marketplaces/logistics/lazada'],
    ['lazada/published', 'marketplaces/listings/lazada'],
    ['lazada/stockSync', 'marketplaces/stock-sync/lazada'],
    ['publishs/publish-lazada-shopee', 'marketplaces/publish/index'],
    ['shopee/productShopee', 'marketplaces/items/shopee'],
    ['shopee/classified', 'marketplaces/category-mapping/shopee'],
    ['shopee/shopShopee', 'marketplaces/shops/shopee'],
    ['shopee/logisticFreight', 'marketplaces/logistics/shopee'],
    ['shopee/published', 'marketplaces/listings/shopee'],
    ['shopee/stockSync', 'marketplaces/stock-sync/shopee'],
    ['shop-callback', 'marketplaces/shop-callback/index'],
    ['site/channel', 'sitekit/channel/index'],
    ['site/Setting', 'sitekit/setting/index'],
    ['site/content/Article', 'sitekit/article/index'],
    ['site/content/Banner', 'sitekit/banner/index'],
    ['site/content/Carousels', 'sitekit/carousel/index'],
    ['site/Commodity', 'sitekit/commodity/index'],
    ['site/category-mapping', 'sitekit/category-mapping/index'],
    ['site/Product', 'sitekit/product/index'],
    ['site/order', 'sitekit/order/index'],
    ['site/userList', 'sitekit/user-list/index'],
    ['site/Cart', 'sitekit/cart/index'],
    ['site/reviews', 'sitekit/reviews/index'],
  ]),
  // spec §2 names the storefront pages but not all their paths: the whole site group
  { path: '/publishingPlatform/site/*' },
];

/** Whether a path names a page of the product (whether or not the user may open it). */
export function isProductPage(pathname: string): boolean {
  return productPages.some((p) => matchPath({ path: p.path, end: true }, pathname) !== null);
}
