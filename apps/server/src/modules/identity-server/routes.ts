import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { issuerOf, requestOrigin } from '../../core/auth/access-tokens.ts';
import { t } from '../../core/localization/index.ts';
import { identityServerCommands } from './commands.ts';
import { OAuthError } from './errors.ts';
import impersonationRoutes from './impersonation-routes.ts';
import { identityServerQueries } from './queries.ts';
import { inTokenUnit } from './unit.ts';

/** Token server (contract §8): `/connect/*` and `/.well-known/*`. */
const tokenForm = z
  .looseObject({
    grant_type: z.string().optional(),
    client_id: z.string().optional(),
    client_secret: z.string().optional(),
    scope: z.string().optional(),
    username: z.string().optional(),
    password: z.string().optional(),
    phone_number: z.string().optional(),
    phone_verify_code: z.string().optional(),
    refresh_token: z.string().optional(),
  })
  .optional();

const revocationForm = z
  .looseObject({
    token: z.string().optional(),
    token_type_hint: z.string().optional(),
    client_id: z.string().optional(),
    client_secret: z.string().optional(),
  })
  .optional();

const anonymous = { anonymous: true, noAudit: true };

/** ISSUER when configured (always in production); only in development the request's origin. */
function sendOAuthError(req: FastifyRequest, reply: FastifyReply, err: OAuthError) {
  if (err.status === 401) reply.header('www-authenticate', 'Basic realm="connect"');
  return reply
    .status(err.status)
    .header('cache-control', 'no-store')
    .send({ error: err.error, error_description: t(req.ctx.culture, err.descriptionKey, err.params) });
}

/** Runs `fn`, answering an OAuthError in the OAuth shape; anything else goes to the app's handler. */
async function oauth<T>(req: FastifyRequest, reply: FastifyReply, fn: () => Promise<T>) {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof OAuthError) return sendOAuthError(req, reply, err);
    throw err;
  }
}

export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const services = fastify.services;
  const { data } = services;
  const queries = identityServerQueries;
  const commands = identityServerCommands(services);

  app.post('/connect/token', { schema: { tags: ['connect'], body: tokenForm }, config: anonymous }, (req, reply) =>
    oauth(req, reply, async () => {
      const http = { issuer: issuerOf(req), authorization: req.headers.authorization, form: req.body ?? {} };
      const request = await queries.tokenRequest(services, req.ctx, http);
      const outcome = await inTokenUnit(services, [request.tenant?.id], (tx) => commands.token(tx, req.ctx, request));
      // a refusal is answered once what it wrote (security log, lockout count, revoked session) has committed
      if ('refused' in outcome) throw outcome.refused;
      return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(outcome.tokens);
    }),
  );

  for (const url of ['/connect/revocation', '/connect/revocat']) {
    app.post(url, { schema: { tags: ['connect'], body: revocationForm }, config: anonymous }, (req, reply) =>
      oauth(req, reply, async () => {
        const http = { authorization: req.headers.authorization, origin: requestOrigin(req), form: req.body ?? {} };
        const revoking = await queries.revocation(services, req.ctx, http);
        await inTokenUnit(services, [revoking.tenant?.id], (tx) => commands.revoke(tx, req.ctx, revoking));
        return reply.status(200).header('cache-control', 'no-store').send();
      }),
    );
  }

  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/connect/userinfo',
      schema: { tags: ['connect'] },
      config: { authenticated: true, noAudit: true },
      handler: (req) => data.inTenant(req.ctx, (tx) => queries.userInfo(tx, req.ctx)),
    });
  }

  app.get('/.well-known/openid-configuration', { schema: { tags: ['connect'] }, config: { anonymous: true } }, (req) =>
    data.unscoped((tx) => queries.discovery(tx, req.ctx, issuerOf(req))),
  );
  await impersonationRoutes(fastify);

  app.get('/.well-known/jwks', { schema: { tags: ['connect'] }, config: { anonymous: true } }, () =>
    queries.jwks(services),
  );
}
