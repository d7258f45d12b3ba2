import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminRoutes } from './admin-routes.ts';
import { changePassword, getProfile, updateProfile } from './profile.ts';
import { passwordSchema, phoneSchema } from './validation.ts';

/** HTTP routes of the identity module: the current user's profile and password. */
const profile = z.object({
  userName: z.string(),
  email: z.string().nullable(),
  emailConfirmed: z.boolean(),
  name: z.string().nullable(),
  surname: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  phoneNumberConfirmed: z.boolean(),
  isExternal: z.boolean(),
  hasPassword: z.boolean(),
  concurrencyStamp: z.string(),
  extraProperties: z.record(z.string(), z.unknown()),
});

const updateProfileBody = z.object({
  userName: z.string().trim().min(1).max(256),
  name: z.string().trim().max(64).nullish(),
  surname: z.string().trim().max(64).nullish(),
  email: z.email().max(256).nullish().or(z.literal('')),
  phoneNumber: phoneSchema.nullish().or(z.literal('')),
  concurrencyStamp: z.string().max(40).nullish(),
});

const changePasswordBody = z.object({ currentPassword: z.string().min(1).max(128), newPassword: passwordSchema });

const authenticated = { authenticated: true } as const;
const tags = ['identity'];

export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const services = fastify.services;

  app.get('/api/identity/my-profile', { schema: { tags, response: { 200: profile } }, config: authenticated }, (req) =>
    getProfile(services, req.ctx),
  );

  app.put(
    '/api/identity/my-profile',
    { schema: { tags, body: updateProfileBody, response: { 200: profile } }, config: authenticated },
    (req) => updateProfile(services, req.ctx, req.body),
  );

  app.post(
    '/api/identity/my-profile/change-password',
    { schema: { tags, body: changePasswordBody }, config: authenticated },
    async (req, reply) => {
      await changePassword(services, req.ctx, req.body);
      return reply.status(204).send();
    },
  );

  await adminRoutes(fastify);
}
