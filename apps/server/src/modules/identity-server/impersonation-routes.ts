import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { issuerOf } from '../../core/auth/access-tokens.ts';
import { getBackToken, getImpersonationToken, redeemImpersonationToken } from './impersonation.ts';

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
  const tags = ['Impersonation'];

  app.post(
    '/api/identity/impersonation/get-token',
    {
      config: { permission: 'AbpIdentity.Users.Impersonation' },
      schema: { tags, body: getTokenInput, response: { 200: tokenReply } },
    },
    (req) => getImpersonationToken(services, req.ctx, req.body),
  );

  app.get(
    '/api/identity/impersonation/get-back-token/:id',
    {
      config: { authenticated: true },
      schema: { tags, params: z.object({ id: z.guid() }), response: { 200: tokenReply } },
    },
    (req) => getBackToken(services, req.ctx, req.params.id),
  );

  app.get(
    '/api/impersonation/:token/access-token',
    {
      config: { anonymous: true },
      schema: { tags, params: z.object({ token: z.string().max(256) }), response: { 200: accessTokenReply } },
    },
    async (req, reply) => {
      const result = await redeemImpersonationToken(services, req.ctx, issuerOf(req), req.params.token);
      return reply.header('cache-control', 'no-store').send(result);
    },
  );
}
