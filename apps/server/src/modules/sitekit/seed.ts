import type { SiteInput } from '@seller/contracts/sitekit';
import { eq } from 'drizzle-orm';
import { type CurrentTenant, systemContext } from '../../core/context.ts';
import { owned } from '../../core/crud.ts';
import type { Services } from '../../core/services.ts';
import { activeWarehouseOptions } from '../logistics/index.ts';
import { articleCommands } from './articles/service.ts';
import { bannerService } from './banners/service.ts';
import { seedShopDemo } from './shop-seed.ts';
import { siteCommands } from './sites/commands.ts';
import { siteQueries } from './sites/queries.ts';
import { sites } from './sites/schema.ts';

/** The demo's shoppers sign in with the demo's password (README, "Demo sign-in"). */
const DEMO_PASSWORD = '1q2w3E*';

/** The demo's storefront (issue #26): "Demo Store", code `demo`, USD and CNY, English and Chinese. */
const demoStore = (warehouseId: string | null): SiteInput => ({
  name: 'Demo Store',
  code: 'demo',
  hosts: ['localhost'],
  defaultLanguage: 'en',
  languages: ['en', 'zh-Hans'],
  defaultCurrency: 'USD',
  currencies: ['USD', 'CNY'],
  timeZone: 'Asia/Shanghai',
  logoUrl: null,
  company: {
    name: '深圳演示贸易有限公司',
    address: '广东省深圳市南山区科技园 1 号',
    phone: '+86 755 0000 0000',
    email: 'store@demo.example.com',
    vat: null,
  },
  seo: {
    title: 'Demo Store: home, kitchen and travel goods',
    description: 'Everyday goods shipped from Shenzhen and Kuala Lumpur.',
    keywords: 'home, kitchen, travel',
  },
  allowedOrigins: ['http://localhost:9527'],
  warehouseId,
  priceRuleId: null,
  isActive: true,
});

/** The demo site's articles, one in each state (the spec's three colours). */
const demoArticles = [
  {
    language: 'en' as const,
    title: 'Free shipping on orders over USD 49',
    slug: 'free-shipping',
    summary: 'Until the end of the month, every order over USD 49 ships free to Malaysia and Singapore.',
    content:
      '<h2>Free shipping</h2><p>Until the end of the month, every order over <b>USD 49</b> ships free to Malaysia and Singapore.</p><ul><li>Dispatched from Shenzhen within 48 hours</li><li>Tracked all the way</li></ul>',
    tags: ['shipping', 'promotion'],
    isPinned: true,
    end: 'PUBLISHED' as const,
  },
  {
    language: 'zh-Hans' as const,
    title: '双十二备货指南',
    slug: 'double-twelve-guide',
    summary: '双十二大促前的备货与发货安排。',
    content: '<p>双十二期间订单量大增,请提前下单。<b>12 月 10 日</b>前下单保证节前发货。</p>',
    tags: ['promotion'],
    isPinned: false,
    end: 'DRAFT' as const,
  },
  {
    language: 'en' as const,
    title: 'Summer clearance (ended)',
    slug: 'summer-clearance',
    summary: 'Last summer’s clearance sale.',
    content: '<p>The summer clearance has ended. Thank you for shopping with us.</p>',
    tags: [],
    isPinned: false,
    end: 'DELETED' as const,
  },
];

/** Three carousel slides and two side banners (pictures the web app ships under `/demo/`). */
const demoBanners = [
  { position: 'HOME_CAROUSEL', title: 'Free shipping over USD 49', image: 'banner-1', link: '/articles/free-shipping' },
  { position: 'HOME_CAROUSEL', title: 'Double 12: up to 30% off', image: 'banner-2', link: null },
  { position: 'HOME_CAROUSEL', title: 'New arrivals every week', image: 'banner-3', link: null },
  { position: 'HOME_SIDE', title: 'Kitchen favourites', image: 'banner-side-1', link: null },
  { position: 'HOME_SIDE', title: 'Travel in style', image: 'banner-side-2', link: null },
] as const;

/** Seeds the demo's site while the tenant has none, with a secret issued (its value is not kept anywhere). */
export async function seedSitekitDemo(services: Services, demo: CurrentTenant) {
  const ctx = systemContext(demo);
  const commands = siteCommands(services);
  await services.data.inTenant(ctx, async (tx) => {
    const [existing] = await tx
      .select()
      .from(sites)
      .where(owned(ctx, sites, eq(sites.code, 'demo')));
    if (existing) return seedShopDemo(services, tx, ctx, existing, DEMO_PASSWORD);
    if ((await siteQueries.all(tx, ctx)).items.length) return;
    const [warehouse] = await activeWarehouseOptions(tx, ctx);
    const site = await commands.create(tx, ctx, demoStore(warehouse?.id ?? null));
    await commands.rotateSecret(tx, ctx, site.id, 0);
    for (const { end, ...input } of demoArticles) {
      const article = await articleCommands.create(tx, ctx, { ...input, siteId: site.id, coverImageUrl: null });
      if (end === 'PUBLISHED') await articleCommands.act(tx, ctx, article.id, 'publish');
      if (end === 'DELETED') await articleCommands.act(tx, ctx, article.id, 'delete');
    }
    const banners = bannerService.commands(services);
    for (const [i, b] of demoBanners.entries())
      await banners.create(tx, ctx, {
        siteId: site.id,
        position: b.position,
        title: b.title,
        subtitle: null,
        imageUrl: `/demo/${b.image}.svg`,
        mobileImageUrl: null,
        link: b.link,
        altText: b.title,
        sortOrder: i + 1,
        startAt: null,
        endAt: null,
        isActive: true,
      });
    const [made] = await tx
      .select()
      .from(sites)
      .where(owned(ctx, sites, eq(sites.id, site.id)));
    await seedShopDemo(services, tx, ctx, made!, DEMO_PASSWORD);
  });
}
