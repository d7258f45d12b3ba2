import { listResult, SitekitPermissions as P } from '@seller/contracts';
import {
  bannerDto,
  bannerInput,
  bannerQuery,
  bannerUpdateInput,
  storeBannerDto,
  storeBannersQuery,
} from '@seller/contracts/sitekit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { t } from '../../../core/localization/index.ts';
import { resourceRoutes } from '../../../core/resource.ts';
import { inStore } from '../site-key.ts';
import { bannerService, liveBanners } from './service.ts';

/** `/api/sitekit/banners` (the kit, narrowed by `siteId` and `position`), and the storefront's `GET /api/store/banners`. */
export function bannerRoutes(fastify: FastifyInstance) {
  resourceRoutes(fastify, {
    texts: 'Sitekit',
    url: '/api/sitekit/banners',
    tag: 'Banners',
    permission: P.Banners,
    dto: bannerDto,
    input: bannerInput,
    updateInput: bannerUpdateInput,
    queries: bannerService.queries,
    commands: bannerService.commands(fastify.services),
    query: bannerQuery,
    exportName: 'Banners',
    exportColumns: [
      { header: 'DisplayName:Position', width: 16, value: (r, c) => t(c, `Sitekit::BannerPosition:${r.position}`) },
      { header: 'DisplayName:Title', width: 28, value: (r) => r.title },
      { header: 'DisplayName:ImageUrl', width: 40, value: (r) => r.imageUrl },
      { header: 'DisplayName:Link', width: 40, value: (r) => r.link },
      { header: 'DisplayName:SortOrder', width: 8, value: (r) => r.sortOrder },
      { header: 'DisplayName:StartAt', width: 20, value: (r) => r.startAt },
      { header: 'DisplayName:EndAt', width: 20, value: (r) => r.endAt },
      {
        header: 'DisplayName:IsActive',
        width: 8,
        value: (r, c) => t(c, `Sitekit::${r.isActive ? 'Active' : 'Inactive'}`),
      },
    ],
  });

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  app.get(
    '/api/store/banners',
    {
      config: { anonymous: true, noAudit: true },
      schema: { tags: ['Storefront'], querystring: storeBannersQuery, response: { 200: listResult(storeBannerDto) } },
    },
    (req, reply) =>
      inStore(s, { ...req.ctx, headers: req.headers }, reply, async (tx, { ctx, site }) => ({
        items: (await liveBanners(tx, ctx, site.id, req.query.position)).map((b) => ({
          position: b.position,
          title: b.title,
          subtitle: b.subtitle,
          imageUrl: b.imageUrl,
          mobileImageUrl: b.mobileImageUrl,
          link: b.link,
          altText: b.altText,
        })),
      })),
  );
}
