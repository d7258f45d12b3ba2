import { LogisticsPermissions, listResult } from '@seller/contracts';
import { countryDto, countryEnableInput, countryList } from '@seller/contracts/logistics';
import type { FastifyInstance } from 'fastify';
import { areaRoutes } from '../../../core/area-routes.ts';
import { countryCommands } from './commands.ts';
import { countryQueries } from './queries.ts';

const url = '/api/logistics/countries';

/**
 * `/api/logistics/countries`: the ISO list with the tenant's choice (paged), the enabled ones for
 * pickers, and enabling or disabling some. Enabling is a tenant setting (`side: 'tenant'`): the
 * host is answered 403 `TenantOnly`, and its permission `Logistics.Countries.Update` is a
 * tenant-side one anyway.
 */
export function countryRoutes(fastify: FastifyInstance) {
  const P = LogisticsPermissions.Countries;
  const { app, s, tags, read, inTx, lists } = areaRoutes(fastify, 'Countries', P);
  const commands = countryCommands(s);

  lists(url, { list: countryList, item: countryDto, service: countryQueries.list });
  app.get(`${url}/all`, { config: read, schema: { tags, response: { 200: listResult(countryDto) } } }, (req) =>
    inTx(req.ctx, (tx) => countryQueries.enabled(tx, req.ctx)),
  );
  app.put(
    `${url}/enabled`,
    {
      config: { permission: `${P}.Update`, side: 'tenant' },
      schema: { tags, body: countryEnableInput },
    },
    async (req, reply) => {
      await inTx(req.ctx, (tx) => commands.setEnabled(tx, req.ctx, req.body));
      return reply.status(204).send();
    },
  );
}
