import { listResult, NotificationReadState } from '@seller/contracts';
import {
  inboxList,
  inboxMembers,
  notificationGroupDto,
  notificationIdParams,
  sendInput,
  sendResult,
  subscribeInput,
  subscriptionDto,
  subscriptionNameQuery,
  userNotificationDto,
} from '@seller/contracts/notifications';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listRoutes } from '../../core/lists.ts';
import { notificationCommands } from './commands.ts';
import { NotificationHub } from './hub.ts';
import { setHub } from './hub-registry.ts';
import { scheduleRetention } from './jobs.ts';
import { type NotificationContext, notificationQueries } from './queries.ts';

const SEND = 'Notifications.Notification.Send';

const contextOf = (req: FastifyRequest): NotificationContext => ({
  tenant: req.ctx.tenant,
  userId: req.ctx.user?.id ?? null,
  culture: req.ctx.culture,
  entityChanges: req.ctx.entityChanges,
});

/**
 * Notifications (spec §7): the user's inbox, subscriptions, the administrators' send call,
 * the live hub on the HTTP server, and the retention job.
 */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const { data } = s;
  const queries = notificationQueries;
  const commands = notificationCommands(s);

  const hub = await NotificationHub.attach(s, app.server, { redisUrl: s.config.redisUrl, log: app.log });
  setHub(s, hub);
  await scheduleRetention(s, app.log);
  // the HTTP server waits for open connections: end the hub's before it closes
  app.addHook('preClose', (done) => {
    hub.disconnectLocal();
    done();
  });
  app.addHook('onClose', async () => {
    setHub(s, undefined);
    await hub.close();
  });

  // A tenant with the feature off has no notifications at all (403, like ABP's RequiresFeature).
  app.addHook('onRequest', async (req) => {
    await queries.assertEnabled(s, req.ctx.tenant);
  });

  const inboxUrl = '/api/my-notifilers';
  const tags = ['Notifications'];
  const inbox = { config: { authenticated: true } } as const;

  // ABP names the inbox twice; both are the kit's list (the user's own rows, any signed-in user)
  for (const url of [inboxUrl, `${inboxUrl}/user-notifications`]) {
    listRoutes(app, {
      url,
      tag: tags[0]!,
      authenticated: true,
      list: inboxList,
      item: userNotificationDto,
      service: queries.inbox,
      query: inboxMembers,
    });
  }
  app.get(
    `${inboxUrl}/assignables`,
    { ...inbox, schema: { tags, response: { 200: listResult(notificationGroupDto) } } },
    (req) => queries.assignables(contextOf(req)),
  );
  app.get(
    `${inboxUrl}/:id`,
    { ...inbox, schema: { tags, params: notificationIdParams, response: { 200: userNotificationDto } } },
    (req) => data.inTenant(req.ctx, (tx) => queries.mine(tx, contextOf(req), req.params.id)),
  );
  app.delete(`${inboxUrl}/:id`, { ...inbox, schema: { tags, params: notificationIdParams } }, async (req, reply) => {
    await data.inTenant(req.ctx, (tx) => commands.deleteMine(tx, contextOf(req), req.params.id));
    return reply.status(204).send();
  });
  app.put(
    `${inboxUrl}/:id/set-as-read`,
    { ...inbox, schema: { tags, params: notificationIdParams } },
    async (req, reply) => {
      await data.inTenant(req.ctx, (tx) =>
        commands.changeState(tx, contextOf(req), req.params.id, NotificationReadState.Read),
      );
      return reply.status(204).send();
    },
  );

  const subscribesUrl = '/api/my-subscribes';
  const subTags = ['Notification subscriptions'];
  app.get(
    `${subscribesUrl}/all`,
    { ...inbox, schema: { tags: subTags, response: { 200: listResult(subscriptionDto) } } },
    (req) => data.inTenant(req.ctx, (tx) => queries.subscriptions(tx, contextOf(req))),
  );
  app.post(subscribesUrl, { ...inbox, schema: { tags: subTags, body: subscribeInput } }, async (req, reply) => {
    await data.inTenant(req.ctx, (tx) => commands.subscribe(tx, contextOf(req), req.body.name));
    return reply.status(204).send();
  });
  app.delete(
    subscribesUrl,
    { ...inbox, schema: { tags: subTags, querystring: subscriptionNameQuery } },
    async (req, reply) => {
      await data.inTenant(req.ctx, (tx) => commands.unsubscribe(tx, contextOf(req), req.query.name));
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/notifications/send',
    { config: { permission: SEND }, schema: { tags, body: sendInput, response: { 200: sendResult } } },
    (req) => data.inTenant(req.ctx, (tx) => commands.send(tx, contextOf(req), req.body)),
  );
}
