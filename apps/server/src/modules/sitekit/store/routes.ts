import { DEFAULT_SITE_SETTINGS, storeSiteDto } from '@seller/contracts/sitekit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inStore } from '../site-key.ts';

/**
 * The public Storefront API (`/api/store/*`): what a storefront calls with its site's publishable
 * key (`x-site-key`), never with an admin token; anonymous as far as the admin API's sign-in goes.
 */
export function storeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const tags = ['Storefront'];

  /**
   * Preflights are answered for any origin: a browser sends no site key with them, and the call
   * itself is answered readable only to the site's allowed origins (`inStore`).
   */
  app.options('/api/store/*', { config: { anonymous: true, noAudit: true }, schema: { hide: true } }, (_req, reply) =>
    reply
      .header('access-control-allow-origin', _req.headers.origin ?? '*')
      .header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE')
      .header(
        'access-control-allow-headers',
        'x-site-key, x-site-secret, x-shopper-token, content-type, accept-language, authorization',
      )
      .header('access-control-max-age', '600')
      .header('vary', 'Origin')
      .status(204)
      .send(),
  );

  app.get(
    '/api/store/site',
    { config: { anonymous: true, noAudit: true }, schema: { tags, response: { 200: storeSiteDto } } },
    (req, reply) =>
      inStore(s, { ...req.ctx, headers: req.headers }, reply, async (_tx, { site }) => ({
        name: site.name,
        code: site.code,
        defaultLanguage: site.defaultLanguage,
        languages: site.languages,
        defaultCurrency: site.defaultCurrency,
        currencies: site.currencies,
        timeZone: site.timeZone,
        logoUrl: site.logoUrl,
        company: site.company,
        seo: site.seo,
        paymentTypes: { ...DEFAULT_SITE_SETTINGS, ...site.settings }.paymentTypes,
      })),
  );
}
