import { SitekitPermissions as P } from '@seller/contracts';
import { type MenuDefinition, menuPage } from '../../core/module.ts';

/** The storefront group of `/publishingPlatform` (spec §2: `site`), with the pages built so far. */
export const menus: MenuDefinition[] = [
  {
    code: '00010.00005',
    name: 'SiteGroup',
    displayName: '自建站',
    path: 'site',
    component: 'Layout',
    meta: { title: 'Menus::Site', icon: 'international', alwaysShow: true, permissions: Object.values(P) },
  },
  menuPage(
    '00010.00005.00001',
    'SiteChannel',
    '站群管理',
    'channel',
    'sitekit/channel/index',
    'SiteChannel',
    'site',
    P.Sites,
  ),
  menuPage(
    '00010.00005.00002',
    'SiteSetting',
    '站点设置',
    'Setting',
    'sitekit/setting/index',
    'SiteSetting',
    'setting',
    P.Sites,
  ),
  // spec §2: content holds the home-page sections, articles, banners and carousels
  {
    code: '00010.00005.00003',
    name: 'SiteContent',
    displayName: '内容管理',
    path: 'content',
    component: 'Layout',
    meta: { title: 'Menus::SiteContent', icon: 'list', alwaysShow: true, permissions: [P.Articles, P.Banners] },
  },
  menuPage(
    '00010.00005.00003.00001',
    'SiteArticle',
    '文章',
    'Article',
    'sitekit/article/index',
    'SiteArticle',
    'message',
    P.Articles,
  ),
  menuPage(
    '00010.00005.00003.00002',
    'SiteBanner',
    '横幅',
    'Banner',
    'sitekit/banner/index',
    'SiteBanner',
    'picture',
    P.Banners,
  ),
  menuPage(
    '00010.00005.00003.00003',
    'SiteCarousels',
    '首页轮播',
    'Carousels',
    'sitekit/carousel/index',
    'SiteCarousel',
    'picture',
    P.Banners,
  ),
];
