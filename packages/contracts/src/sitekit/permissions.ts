import { crudNode, permissionGroup } from '../permissions.ts';

/** Permission names of the seller's own storefronts (`/publishingPlatform/site`). */
export const SitekitPermissions = {
  /** Sites (the `channel` page, 站群管理); children create, edit, delete and rotate the secret. */
  Sites: 'Sitekit.Sites',
  /** A site's articles (content → Article); children write, publish and purge. */
  Articles: 'Sitekit.Articles',
  /** A site's banners and carousels (content → Banner, Carousels). */
  Banners: 'Sitekit.Banners',
} as const;

const P = SitekitPermissions;

export const sitekitPermissions = permissionGroup('Sitekit', ['Storefronts', '自建站'], 'tenant', {
  [P.Sites]: crudNode(['Sites', '站点'], { RefreshToken: ['Rotate the secret', '更换密钥'] }),
  [P.Articles]: crudNode(['Articles', '文章'], {
    Publish: ['Publish and unpublish', '发布与撤回'],
    Purge: ['Delete for good', '彻底删除'],
  }),
  [P.Banners]: crudNode(['Banners and carousels', '横幅与轮播']),
});
