import { crudNode, permissionGroup } from '../permissions.ts';

/** Permission names of the seller's own storefronts (`/publishingPlatform/site`). */
export const SitekitPermissions = {
  /** Sites (the `channel` page, 站群管理); children create, edit, delete and rotate the secret. */
  Sites: 'Sitekit.Sites',
  /** A site's articles (content → Article); children write, publish and purge. */
  Articles: 'Sitekit.Articles',
  /** A site's banners and carousels (content → Banner, Carousels). */
  Banners: 'Sitekit.Banners',
  /** A site's categories (with their mapping from the catalogue's) and products; children write, sync and publish. */
  Catalog: 'Sitekit.Catalog',
  /** A site's shoppers (userList); Update disables and enables them. */
  Shoppers: 'Sitekit.Shoppers',
  /** A site's current carts (Cart); children send the recovery notice and delete. */
  Carts: 'Sitekit.Carts',
  /** A site's product reviews; children moderate and reply, and delete. */
  Reviews: 'Sitekit.Reviews',
} as const;

const P = SitekitPermissions;

export const sitekitPermissions = permissionGroup('Sitekit', ['Storefronts', '自建站'], 'tenant', {
  [P.Sites]: crudNode(['Sites', '站点'], { RefreshToken: ['Rotate the secret', '更换密钥'] }),
  [P.Articles]: crudNode(['Articles', '文章'], {
    Publish: ['Publish and unpublish', '发布与撤回'],
    Purge: ['Delete for good', '彻底删除'],
  }),
  [P.Banners]: crudNode(['Banners and carousels', '横幅与轮播']),
  [P.Catalog]: crudNode(['Site catalogue', '站点商品与分类'], {
    Sync: ['Sync from the catalogue', '从商品库同步'],
    Publish: ['Publish and hide', '上架与下架'],
  }),
  [P.Shoppers]: {
    displayName: ['Shoppers', '会员'],
    children: { Update: ['Disable and enable', '禁用与启用'] },
  },
  [P.Carts]: {
    displayName: ['Carts', '购物车'],
    children: { Recover: ['Send a recovery notice', '发送挽回提醒'], Delete: ['Delete', '删除'] },
  },
  [P.Reviews]: {
    displayName: ['Reviews', '评价'],
    children: { Moderate: ['Approve, reject and reply', '审核与回复'], Delete: ['Delete', '删除'] },
  },
});
