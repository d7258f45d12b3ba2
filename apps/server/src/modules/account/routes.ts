import { VerifyType } from '@seller/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RequestContext } from '../../core/context.ts';
import type { Tx } from '../../core/db/client.ts';
import { passwordSchema, phoneSchema } from '../identity/index.ts';
import { accountCommands, type Refusal } from './commands.ts';
import { countCodeSent } from './limits.ts';
import { accountQueries, type PhoneSettings } from './queries.ts';
import { LogSmsSender, sendPhoneCode, smsSender } from './sms.ts';

/**
 * Account by phone (contract §9) under `/api/account/phone`: each request reads the settings,
 * then runs one unit of work; a code is texted after its unit, and a wrong code refused after the
 * unit that counted it has committed.
 */
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
  const { data } = services;
  const queries = accountQueries;
  const commands = accountCommands(services);
  const sends = {
    'send-signin-code': VerifyType.Signin,
    'send-register-code': VerifyType.Register,
    'send-password-reset-code': VerifyType.ResetPassword,
  };

  /**
   * A flow checking a code: the settings, then one unit running `command`; a refusal it returns
   * (a wrong code, its try counted and logged) is raised once that unit has committed.
   */
  const refusedAfterCommit = async (
    reply: FastifyReply,
    ctx: RequestContext,
    command: (tx: Tx, settings: PhoneSettings) => Promise<Refusal>,
  ) => {
    const settings = await queries.settings(services, ctx);
    const refusal = await data.inTenant(ctx, (tx) => command(tx, settings));
    if (refusal) throw refusal;
    return reply.status(204).send();
  };

  for (const [path, purpose] of Object.entries(sends)) {
    app.post(
      `/api/account/phone/${path}`,
      { schema: { tags, body: phoneBody }, config: anonymous },
      async (req, reply) => {
        const { phoneNumber } = req.body;
        await countCodeSent(services, req.ctx, phoneNumber);
        const settings = await queries.settings(services, req.ctx);
        const code = await data.inTenant(req.ctx, (tx) =>
          commands.createCode(tx, req.ctx, settings, phoneNumber, purpose),
        );
        await sendPhoneCode(services, req.ctx, req.log, { phoneNumber, code, purpose });
        return reply.status(204).send();
      },
    );
  }

  app.post(
    '/api/account/phone/register',
    { schema: { tags, body: registerBody }, config: anonymous },
    async (req, reply) =>
      refusedAfterCommit(reply, req.ctx, (tx, settings) => commands.register(tx, req.ctx, settings, req.body)),
  );

  app.put(
    '/api/account/phone/reset-password',
    { schema: { tags, body: resetBody }, config: anonymous },
    async (req, reply) =>
      refusedAfterCommit(reply, req.ctx, (tx, settings) => commands.resetPassword(tx, req.ctx, settings, req.body)),
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
