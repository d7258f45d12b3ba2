import { changePasswordInput, profileDto, updateProfileInput } from '@seller/contracts/identity';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminRoutes } from './admin-routes.ts';
import { identityCommands } from './commands.ts';
import { countPasswordChange } from './limits.ts';
import { identityQueries } from './queries.ts';

/**
 * HTTP routes of the identity module: the current user's profile and password, each request one
 * unit of work (the settings it needs read before it).
 */
const authenticated = { authenticated: true } as const;
const tags = ['identity'];

export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const services = fastify.services;
  const { data } = services;
  const queries = identityQueries;
  const commands = identityCommands(services);

  app.get(
    '/api/identity/my-profile',
    { schema: { tags, response: { 200: profileDto } }, config: authenticated },
    (req) => data.inTenant(req.ctx, (tx) => queries.profile(tx, req.ctx)),
  );

  app.put(
    '/api/identity/my-profile',
    { schema: { tags, body: updateProfileInput, response: { 200: profileDto } }, config: authenticated },
    async (req) => {
      const editable = await queries.profileSettings(services, req.ctx);
      return data.inTenant(req.ctx, (tx) => commands.updateProfile(tx, req.ctx, editable, req.body));
    },
  );

  app.post(
    '/api/identity/my-profile/change-password',
    { schema: { tags, body: changePasswordInput }, config: authenticated },
    async (req, reply) => {
      await countPasswordChange(services, req.ctx);
      const policy = await queries.passwordPolicy(services, req.ctx);
      await data.inTenant(req.ctx, (tx) => commands.changePassword(tx, req.ctx, policy, req.body));
      return reply.status(204).send();
    },
  );

  await adminRoutes(fastify);
}
