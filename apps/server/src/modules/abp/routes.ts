import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cultureFrom } from '../../core/localization/index.ts';
import { apiDefinitionJson } from './api-definition.ts';
import { applicationConfigurationJson, applicationLocalization, watchConfiguration } from './configuration.ts';

/** `true`/`false`/`1`/`0` in a query string; absent or empty gives the default. */
const queryFlag = (fallback: boolean) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : String(v).toLowerCase()),
    z
      .enum(['true', 'false', '1', '0'])
      .optional()
      .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1')),
  );

/** HTTP routes of the abp module: application configuration, localization and API definition. */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  watchConfiguration(app.services);

  app.get(
    '/api/abp/application-configuration',
    {
      config: { anonymous: true },
      schema: {
        tags: ['Abp'],
        querystring: z.object({ includeLocalizationResources: queryFlag(true) }),
      },
    },
    async (req, reply) => {
      const json = await applicationConfigurationJson(app.services, req.ctx, req.query.includeLocalizationResources);
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );

  app.get(
    '/api/abp/application-localization',
    {
      config: { anonymous: true },
      schema: {
        tags: ['Abp'],
        querystring: z.object({
          cultureName: z.string().max(16).optional(),
          onlyDynamics: queryFlag(false),
        }),
      },
    },
    (req) =>
      applicationLocalization(
        { culture: req.query.cultureName ? cultureFrom(req.query.cultureName) : req.ctx.culture },
        req.query.onlyDynamics,
      ),
  );

  app.get(
    '/api/abp/api-definition',
    {
      config: { anonymous: true },
      schema: { tags: ['Abp'], querystring: z.object({ includeTypes: queryFlag(false) }) },
    },
    (req, reply) =>
      reply.type('application/json; charset=utf-8').send(apiDefinitionJson(app.services, req.query.includeTypes)),
  );
}
