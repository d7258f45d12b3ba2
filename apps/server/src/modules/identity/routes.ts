import { changePasswordInput, profileDto, updateProfileInput } from '@seller/contracts/identity';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminRoutes } from './admin-routes.ts';
import { changePassword, getProfile, updateProfile } from './profile.ts';

/** HTTP routes of the identity module: the current user's profile and password. */
const authenticated = { authenticated: true } as const;
const tags = ['identity'];

export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const services = fastify.services;

  app.get(
    '/api/identity/my-profile',
    { schema: { tags, response: { 200: profileDto } }, config: authenticated },
    (req) => getProfile(services, req.ctx),
  );

  app.put(
    '/api/identity/my-profile',
    { schema: { tags, body: updateProfileInput, response: { 200: profileDto } }, config: authenticated },
    (req) => updateProfile(services, req.ctx, req.body),
  );

  app.post(
    '/api/identity/my-profile/change-password',
    { schema: { tags, body: changePasswordInput }, config: authenticated },
    async (req, reply) => {
      await changePassword(services, req.ctx, req.body);
      return reply.status(204).send();
    },
  );

  await adminRoutes(fastify);
}
