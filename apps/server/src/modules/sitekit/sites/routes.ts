import { type Culture, SitekitPermissions as P, TradePermissions } from '@seller/contracts';
import { queryFlag } from '@seller/contracts/fields';
import {
  siteDto,
  siteInput,
  siteSecretDto,
  siteSettingsDto,
  siteSettingsUpdateInput,
  siteUpdateInput,
} from '@seller/contracts/sitekit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { t } from '../../../core/localization/index.ts';
import { resourceRoutes } from '../../../core/resource.ts';
import { getSettingNumber } from '../../settings/index.ts';
import { SitekitSettings } from '../settings.ts';
import { siteCommands } from './commands.ts';
import { siteQueries } from './queries.ts';

const L = (culture: Culture, key: string) => t(culture, `Sitekit::${key}`);
const url = '/api/sitekit/sites';
const idParams = z.object({ id: z.guid() });

/**
 * `/api/sitekit/sites` (spec §Storefront): the kit's list, get, create, update, delete and Excel
 * export, and `PUT {id}/refresh-token` (empty body), which issues the site a new secret.
 */
export function siteRoutes(fastify: FastifyInstance) {
  const commands = siteCommands(fastify.services);
  resourceRoutes(fastify, {
    texts: 'Sitekit',
    url,
    tag: 'Sites',
    permission: P.Sites,
    // every page of a site starts by picking the site
    pickerPermissions: [P.Articles, P.Banners, P.Catalog, P.Shoppers, P.Carts, P.Reviews, TradePermissions.Orders],
    dto: siteDto,
    input: siteInput,
    updateInput: siteUpdateInput,
    queries: siteQueries,
    commands,
    query: z.object({ isActive: queryFlag }),
    exportColumns: [
      { header: 'DisplayName:Code', width: 14, value: (r) => r.code },
      { header: 'DisplayName:Name', width: 24, value: (r) => r.name },
      { header: 'DisplayName:Hosts', width: 30, value: (r) => r.hosts.join(', ') },
      { header: 'DisplayName:Languages', width: 14, value: (r) => r.languages.join(', ') },
      { header: 'DisplayName:Currencies', width: 12, value: (r) => r.currencies.join(', ') },
      { header: 'DisplayName:TimeZone', width: 18, value: (r) => r.timeZone },
      { header: 'DisplayName:Warehouse', width: 18, value: (r) => r.warehouseName },
      { header: 'DisplayName:PriceRule', width: 18, value: (r) => r.priceRuleName },
      { header: 'DisplayName:PublishableKey', width: 50, value: (r) => r.publishableKey },
      { header: 'DisplayName:Secret', width: 12, value: (r, c) => r.secretHint || L(c, 'NoSecret') },
      { header: 'DisplayName:IsActive', width: 8, value: (r, c) => L(c, r.isActive ? 'Active' : 'Inactive') },
      { header: 'DisplayName:LastUsedAt', width: 22, value: (r) => r.lastUsedAt },
      { header: 'DisplayName:CreationTime', width: 22, value: (r) => r.creationTime },
    ],
  });

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  app.put(
    `${url}/:id/refresh-token`,
    {
      config: { permission: `${P.Sites}.RefreshToken` },
      schema: { tags: ['Sites'], params: idParams, response: { 200: siteSecretDto } },
    },
    async (req) => {
      const graceHours = await getSettingNumber(
        s,
        { tenant: req.ctx.tenant, user: null },
        SitekitSettings.SecretGraceHours,
      );
      return s.data.inTenant(req.ctx, (tx) => commands.rotateSecret(tx, req.ctx, req.params.id, graceHours));
    },
  );
  app.get(
    `${url}/:id/settings`,
    {
      config: { permission: P.Sites },
      schema: { tags: ['Sites'], params: idParams, response: { 200: siteSettingsDto } },
    },
    (req) => s.data.inTenant(req.ctx, (tx) => siteQueries.settings(tx, req.ctx, req.params.id)),
  );
  app.put(
    `${url}/:id/settings`,
    {
      config: { permission: `${P.Sites}.Update` },
      schema: { tags: ['Sites'], params: idParams, body: siteSettingsUpdateInput, response: { 200: siteSettingsDto } },
    },
    (req) => s.data.inTenant(req.ctx, (tx) => commands.saveSettings(tx, req.ctx, req.params.id, req.body)),
  );
}
