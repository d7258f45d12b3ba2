import { CRUD, type PermissionGroupDefinition, withChildren, withDisplayNames } from '../permissions.ts';

/** Permission names of marketplace publishing (shops, category mapping, listings, marketplace items). */
export const MarketplacePermissions = {
  /** Marketplace shops: list and read; children create, edit, delete, authorize (tokens). */
  Shops: 'Marketplaces.Shops',
  /** Calls a marketplace API through a shop's credentials (`/api/sitekit/shop-gateway`). */
  Gateway: 'Marketplaces.Gateway',
  /** Catalogue category → platform category and attribute mappings. */
  CategoryMappings: 'Marketplaces.CategoryMappings',
  /** Listings: read; children publish (create), act on them (manage), drop and delete. */
  Listings: 'Marketplaces.Listings',
  /** Items as they are on the marketplace, and pushing price/stock to them. */
  Items: 'Marketplaces.Items',
  /** The marketplace's logistics channels per shop. */
  Logistics: 'Marketplaces.Logistics',
} as const;

export const marketplacePermissions: PermissionGroupDefinition = withDisplayNames(
  {
    name: 'Marketplaces',
    displayName: ['Marketplace publishing', '平台刊登'],
    permissions: [
      ...withChildren(MarketplacePermissions.Shops, [...CRUD, 'Authorize'], 'tenant'),
      ...withChildren(MarketplacePermissions.Gateway, [], 'tenant'),
      ...withChildren(MarketplacePermissions.CategoryMappings, CRUD, 'tenant'),
      ...withChildren(MarketplacePermissions.Listings, ['Create', 'Manage', 'Delete'], 'tenant'),
      ...withChildren(MarketplacePermissions.Items, ['Sync'], 'tenant'),
      ...withChildren(MarketplacePermissions.Logistics, ['Update'], 'tenant'),
    ],
  },
  {
    [MarketplacePermissions.Shops]: ['Shops', '店铺'],
    [`${MarketplacePermissions.Shops}.Authorize`]: ['Authorize', '授权'],
    [MarketplacePermissions.Gateway]: ['API gateway', '接口网关'],
    [MarketplacePermissions.CategoryMappings]: ['Category mapping', '类目映射'],
    [MarketplacePermissions.Listings]: ['Listings', '刊登'],
    [`${MarketplacePermissions.Listings}.Create`]: ['Publish', '发布'],
    [`${MarketplacePermissions.Listings}.Manage`]: [
      'Pause, resume, cancel, refresh, online, offline',
      '暂停、恢复、取消、刷新、上下架',
    ],
    [MarketplacePermissions.Items]: ['Marketplace items', '平台商品'],
    [`${MarketplacePermissions.Items}.Sync`]: ['Sync price and stock', '同步价格库存'],
    [MarketplacePermissions.Logistics]: ['Marketplace logistics', '平台物流'],
    [`${MarketplacePermissions.Logistics}.Update`]: ['Edit', '编辑'],
  },
);
