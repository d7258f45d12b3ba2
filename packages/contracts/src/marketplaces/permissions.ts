import { CRUD_CHILDREN, crudNode, permissionGroup } from '../permissions.ts';

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

const P = MarketplacePermissions;

export const marketplacePermissions = permissionGroup(
  'Marketplaces',
  ['Marketplace publishing', '平台刊登'],
  'tenant',
  {
    [P.Shops]: crudNode(['Shops', '店铺'], { Authorize: ['Authorize', '授权'] }),
    [P.Gateway]: { displayName: ['API gateway', '接口网关'] },
    [P.CategoryMappings]: crudNode(['Category mapping', '类目映射']),
    [P.Listings]: {
      displayName: ['Listings', '刊登'],
      children: {
        Create: ['Publish', '发布'],
        Manage: ['Pause, resume, cancel, refresh, online, offline', '暂停、恢复、取消、刷新、上下架'],
        Delete: CRUD_CHILDREN.Delete,
      },
    },
    [P.Items]: {
      displayName: ['Marketplace items', '平台商品'],
      children: { Sync: ['Sync price and stock', '同步价格库存'] },
    },
    [P.Logistics]: { displayName: ['Marketplace logistics', '平台物流'], children: { Update: CRUD_CHILDREN.Update } },
  },
);
