import { VerifyType } from '@seller/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { passwordSchema, phoneSchema } from '../identity/index.ts';
import { registerByPhone, resetPasswordByPhone, sendCode } from './service.ts';
import { LogSmsSender, smsSender } from './sms.ts';

/** Account by phone (contract §9) under `/api/account/phone`. */
const phoneBody = z.object({ phoneNumber: phoneSchema });
const code = z.string().trim().min(1).max(16);

const registerBody = z.object({
  phoneNumber: phoneSchema,
  name: z.string().trim().max(64).nullish(),
  userName: z.string().trim().max(256).nullish(),
  emailAddress: z.email().max(256).nullish().or(z.literal('')),
  password: passwordSchema,
  code,
});

const resetBody = z.object({ phoneNumber: phoneSchema, newPassword: passwordSchema, code });

const inboxItem = z.object({
  phoneNumber: z.string(),
  text: z.string(),
  code: z.string().nullable(),
  purpose: z.number().nullable(),
  creationTime: z.string(),
});

const anonymous = { anonymous: true } as const;
const tags = ['account'];

export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const services = fastify.services;
  const sends = {
    'send-signin-code': VerifyType.Signin,
    'send-register-code': VerifyType.Register,
    'send-password-reset-code': VerifyType.ResetPassword,
  };

  for (const [path, purpose] of Object.entries(sends)) {
    app.post(
      `/api/account/phone/${path}`,
      { schema: { tags, body: phoneBody }, config: anonymous },
      async (req, reply) => {
        await sendCode(services, req.ctx, req.log, req.body.phoneNumber, purpose);
        return reply.status(204).send();
      },
    );
  }

  app.post(
    '/api/account/phone/register',
    { schema: { tags, body: registerBody }, config: anonymous },
    async (req, reply) => {
      await registerByPhone(services, req.ctx, req.body);
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/account/phone/reset-password',
    { schema: { tags, body: resetBody }, config: anonymous },
    async (req, reply) => {
      await resetPasswordByPhone(services, req.ctx, req.body);
      return reply.status(204).send();
    },
  );

  // Development inbox of the `log` SMS sender: never registered in production.
  if (!services.config.production) {
    app.get(
      '/api/account/phone/dev-inbox',
      {
        schema: {
          tags,
          querystring: z.object({ phoneNumber: z.string().trim().optional() }),
          response: { 200: z.object({ items: z.array(inboxItem) }) },
        },
        config: { anonymous: true, noAudit: true },
      },
      async (req) => {
        const sender = smsSender(services, req.log);
        const all = sender instanceof LogSmsSender ? sender.inbox : [];
        const phone = req.query.phoneNumber;
        return { items: phone ? all.filter((m) => m.phoneNumber === phone) : all };
      },
    );
  }
}
