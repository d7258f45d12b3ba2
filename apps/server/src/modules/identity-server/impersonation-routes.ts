import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { issuerOf } from '../../core/auth/access-tokens.ts';
import { identityServerCommands } from './commands.ts';
import { identityServerQueries } from './queries.ts';
import { inTokenUnit } from './unit.ts';

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const getTokenInput = z.object({
  userId: z.preprocess(emptyToUndefined, z.guid().optional()),
  tenantId: z.preprocess(emptyToUndefined, z.guid().optional()),
});

const tokenReply = z.object({
  token: z.string(),
  expiresIn: z.number().int(),
  userId: z.string(),
  userName: z.string(),
  tenantId: z.string().nullable(),
  tenantName: z.string().nullable(),
});

const accessTokenReply = z.object({
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int(),
  isBack: z.boolean(),
  userId: z.string(),
  userName: z.string(),
  tenantId: z.string().nullable(),
  tenantName: z.string().nullable(),
});

/** Impersonation routes (spec §7): get-token, get-back-token and the anonymous redemption. */
export default async function impersonationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const services = fastify.services;
  const commands = identityServerCommands(services);
  const tags = ['Impersonation'];

  app.post(
    '/api/identity/impersonation/get-token',
    {
      config: { permission: 'AbpIdentity.Users.Impersonation' },
      schema: { tags, body: getTokenInput, response: { 200: tokenReply } },
    },
    (req) =>
      inTokenUnit(services, [req.ctx.tenant?.id, req.body.tenantId], (tx) =>
        commands.impersonationToken(tx, req.ctx, req.body),
      ),
  );

  app.get(
    '/api/identity/impersonation/get-back-token/:id',
    {
      config: { authenticated: true },
      schema: { tags, params: z.object({ id: z.guid() }), response: { 200: tokenReply } },
    },
    (req) => inTokenUnit(services, [], (tx) => commands.backToken(tx, req.ctx, req.params.id)),
  );

  app.get(
    '/api/impersonation/:token/access-token',
    {
      config: { anonymous: true },
      schema: { tags, params: z.object({ token: z.string().max(256) }), response: { 200: accessTokenReply } },
    },
    async (req, reply) => {
      const { token } = req.params;
      const tenants = await identityServerQueries.impersonationTokenTenants(services, req.ctx, token);
      const outcome = await inTokenUnit(services, tenants, (tx) =>
        commands.redeemImpersonationToken(tx, req.ctx, issuerOf(req), token),
      );
      // a refused token stays consumed: the refusal is answered once the unit has committed
      if ('refused' in outcome) throw outcome.refused;
      return reply.header('cache-control', 'no-store').send(outcome.redeemed);
    },
  );
}
