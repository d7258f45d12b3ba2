import { type Culture, NotificationLifetime, NotificationReadState, NotificationSeverity } from '@seller/contracts';
import type { SendInput } from '@seller/contracts/notifications';
import { inboxList } from '@seller/contracts/notifications';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { EntityChange } from '../../core/audit-changes.ts';
import type { CurrentTenant } from '../../core/context.ts';
import { owned, recordChange } from '../../core/crud.ts';
import type { DbOrTx, Tx } from '../../core/db/client.ts';
import { AppError, fieldError, forbidden, notFound } from '../../core/errors.ts';
import { listService } from '../../core/lists.ts';
import { t } from '../../core/localization/index.ts';
import { containsPattern } from '../../core/search.ts';
import type { Services } from '../../core/services.ts';

import { getFeature } from '../features/index.ts';
import { users } from '../identity/index.ts';
import { FEATURE, notificationDefinition, notificationGroups, RESOURCE } from './definitions.ts';
import { NotificationStateChanged, NotificationStored } from './events.ts';
import { type Notification, toUserNotificationDto } from './render.ts';
import { type NotificationPayload, notificationSubscriptions, notifications, userNotifications } from './schema.ts';

type Events = Pick<Services, 'events'>;

/** Who is asking: the tenant (null = host), the signed-in user, the reader's language. */
export interface NotificationContext {
  tenant: CurrentTenant | null;
  userId: string | null;
  culture: Culture;
  entityChanges?: EntityChange[];
}

const ENTITY = 'UserNotification';

/** The tenant predicate helpers only look at the tenant. */
const scope = (tenant: CurrentTenant | null) => ({ tenant, user: null });
/** Where entity changes of this request are collected for the audit log. */
const audit = (ctx: NotificationContext) => ({ tenant: ctx.tenant, user: null, entityChanges: ctx.entityChanges });

function me(ctx: NotificationContext): string {
  // client-credential tokens have no inbox
  if (!ctx.userId) throw forbidden();
  return ctx.userId;
}

/** 403 "Feature is not enabled" (ABP's Volo.Feature:010001) when the tenant has notifications off. */
export async function assertEnabled(services: Services, tenant: CurrentTenant | null) {
  if (await isEnabled(services, tenant)) return;
  throw new AppError({
    status: 403,
    code: 'Volo.Feature:010001',
    messageKey: `${RESOURCE}::FeatureNotEnabled`,
    params: { FeatureName: FEATURE },
  });
}

export async function isEnabled(services: Services, tenant: CurrentTenant | null) {
  return (await getFeature(services, tenant, FEATURE)) === 'true';
}

// ---------------------------------------------------------------------------------------------
// Inbox

/** A notification whose name or texts hold the search (correlated: the kit counts the inbox rows alone). */
function inboxSearch(text: string): SQL {
  const pattern = containsPattern(text);
  return sql`exists (select 1 from ${notifications} n where n.id = ${userNotifications.notificationId} and (
    n.name ilike ${pattern} or n.data->>'title' ilike ${pattern}
    or n.data->>'message' ilike ${pattern} or n.data->>'description' ilike ${pattern}))`;
}

/**
 * The signed-in user's inbox, newest first unless ABP's `reverse` is false. A client-credential
 * token has no inbox (403).
 */
export const inboxListService = listService(inboxList, {
  table: userNotifications,
  rows: (tx) =>
    tx
      .select({ notification: notifications, state: userNotifications.state })
      .from(userNotifications)
      .innerJoin(notifications, eq(notifications.id, userNotifications.notificationId))
      .$dynamic(),
  search: inboxSearch,
  filters: {},
  tab: userNotifications.state,
  sorts: { creationTime: userNotifications.creationTime, state: userNotifications.state },
  tieBreak: userNotifications.notificationId,
  sortOf: (q) => (q.reverse === false ? 'creationTime asc' : undefined),
  scope: (_s, _tx, ctx) => {
    if (!ctx.user) throw forbidden();
    return eq(userNotifications.userId, ctx.user.id);
  },
  items: (_tx, ctx, rows: { notification: Notification; state: number }[]) =>
    rows.map((r) => toUserNotificationDto(r.notification, r.state, ctx.culture)),
});

/** The user's copy of notification `id`, in the caller's tenant. */
const userCopy = (ctx: NotificationContext, userId: string, id: string) =>
  owned(
    scope(ctx.tenant),
    userNotifications,
    eq(userNotifications.userId, userId),
    eq(userNotifications.notificationId, id),
  );

async function findMine(tx: DbOrTx, ctx: NotificationContext, userId: string, id: string) {
  const [row] = await tx
    .select({ notification: notifications, state: userNotifications.state })
    .from(userNotifications)
    .innerJoin(notifications, eq(notifications.id, userNotifications.notificationId))
    .where(userCopy(ctx, userId, id))
    .limit(1);
  if (!row) throw notFound(ENTITY, id);
  return row;
}

export async function getMine(tx: Tx, ctx: NotificationContext, id: string) {
  const row = await findMine(tx, ctx, me(ctx), id);
  return toUserNotificationDto(row.notification, row.state, ctx.culture);
}

/** Sets the read state of one of the user's notifications (HTTP set-as-read and the hub's ChangeState). */
export async function changeState(services: Events, tx: Tx, ctx: NotificationContext, id: string, state: number) {
  const userId = me(ctx);
  const row = await findMine(tx, ctx, userId, id);
  if (row.state === state) return;
  await tx
    .update(userNotifications)
    .set({ state })
    .where(userCopy(ctx, userId, id));
  recordChange(audit(ctx), ENTITY, 1, id, { state: row.state }, { state });
  await services.events.emit(tx, NotificationStateChanged, { userId, change: { id, state } });
}

export async function deleteMine(services: Events, tx: Tx, ctx: NotificationContext, id: string) {
  const userId = me(ctx);
  const row = await findMine(tx, ctx, userId, id);
  await tx.delete(userNotifications).where(userCopy(ctx, userId, id));
  recordChange(audit(ctx), ENTITY, 2, id, { name: row.notification.name, state: row.state }, {});
  // the state it had, so other tabs know whether their unread count goes down
  await services.events.emit(tx, NotificationStateChanged, {
    userId,
    change: { id, state: row.state, deleted: true },
  });
}

// ---------------------------------------------------------------------------------------------
// Definitions and subscriptions

const L = (culture: Culture, key: string) => t(culture, `${RESOURCE}::${key}`);

/** Notification groups the user may subscribe to, with texts in the reader's language. */
export function assignableNotifications(ctx: Pick<NotificationContext, 'culture'>) {
  const items = notificationGroups()
    .map((g) => ({
      name: g.name,
      displayName: L(ctx.culture, `Group:${g.name}`),
      notifications: g.notifications
        .filter((n) => n.allowSubscriptionToClients)
        .map((n) => ({
          name: n.name,
          displayName: L(ctx.culture, `DisplayName:${n.name}`),
          description: n.hasDescription ? L(ctx.culture, `Description:${n.name}`) : null,
          lifetime: n.lifetime,
          type: n.type,
          allowSubscriptionToClients: n.allowSubscriptionToClients,
        })),
    }))
    .filter((g) => g.notifications.length > 0);
  return { items };
}

/** The names the user is subscribed to: explicit choices, else each definition's default. */
export async function mySubscriptions(tx: Tx, ctx: NotificationContext) {
  const userId = me(ctx);
  const rows = await tx
    .select({ name: notificationSubscriptions.name, subscribed: notificationSubscriptions.subscribed })
    .from(notificationSubscriptions)
    .where(owned(scope(ctx.tenant), notificationSubscriptions, eq(notificationSubscriptions.userId, userId)));
  const chosen = new Map(rows.map((r) => [r.name, r.subscribed]));
  const items: { name: string }[] = [];
  for (const g of notificationGroups()) {
    for (const n of g.notifications) {
      if (chosen.get(n.name) ?? n.subscribedByDefault) items.push({ name: n.name });
    }
  }
  return { items };
}

function subscribable(name: string) {
  const def = notificationDefinition(name);
  if (!def?.allowSubscriptionToClients) throw fieldError('name', `${RESOURCE}::UnknownNotification`, [name]);
  return def;
}

/** Subscribes the user to notification `name`, or unsubscribes them. */
export async function choose(tx: Tx, ctx: NotificationContext, name: string, subscribed: boolean) {
  const userId = me(ctx);
  subscribable(name);
  const [row] = await tx
    .insert(notificationSubscriptions)
    .values({ tenantId: ctx.tenant?.id ?? null, userId, name, subscribed })
    .onConflictDoUpdate({
      target: [notificationSubscriptions.userId, notificationSubscriptions.name],
      set: { subscribed },
    })
    .returning({ id: notificationSubscriptions.id });
  recordChange(audit(ctx), 'NotificationSubscription', 1, row.id, {}, { name, subscribed });
}

// ---------------------------------------------------------------------------------------------
// Publishing

export interface PublishOptions {
  /** Named recipients (ids, or `{ userId }`); omitted = every user subscribed to the notification. */
  users?: Array<string | { userId: string; userName?: string | null }>;
  /** The tenant whose users receive it; null or omitted = the host. */
  tenant?: CurrentTenant | null;
  /** Success 0, Info 10 (default), Warn 20, Error 30, Fatal 40. */
  severity?: number;
  /** The user who caused it, if any. */
  creatorId?: string | null;
}

export interface PublishResult {
  /** The stored notification, or null when nobody receives it (or the tenant has notifications off). */
  id: string | null;
  recipientCount: number;
}

const activeUsers = (tenant: CurrentTenant | null, ...extra: (SQL | undefined)[]) =>
  owned(scope(tenant), users, eq(users.isActive, true), ...extra);

const NOTHING: PublishResult = { id: null, recipientCount: 0 };

/**
 * Publishes a notification other modules define (`defineNotificationGroup`): stores it once,
 * gives each recipient an unread inbox entry, and pushes it live to their open connections
 * on every server node. Recipients are the named users of the tenant, or else every user
 * subscribed to `name`. A tenant with the `Notifications.Enable` feature off gets nothing.
 * Call it outside your own unit of work (after your transaction has committed): it opens its own.
 */
export async function publish(
  services: Services,
  name: string,
  data: NotificationPayload,
  opts: PublishOptions = {},
): Promise<PublishResult> {
  if (!notificationDefinition(name)) throw new Error(`Notification ${name} is not defined`);
  const tenant = opts.tenant ?? null;
  if (!(await isEnabled(services, tenant))) return NOTHING;
  if (opts.users && opts.users.length === 0) return NOTHING;
  return services.data.inTenant({ tenant }, (tx) => storeNotification(services, tx, name, data, opts));
}

/**
 * Stores what `publish` sends, in the open unit of `opts.tenant`, and raises `NotificationStored`,
 * whose after-commit handler pushes it live. Nobody to receive it: nothing is stored.
 */
async function storeNotification(
  services: Events,
  tx: Tx,
  name: string,
  data: NotificationPayload,
  opts: PublishOptions,
): Promise<PublishResult> {
  const def = notificationDefinition(name)!;
  const tenant = opts.tenant ?? null;
  const named = opts.users?.map((u) => (typeof u === 'string' ? u : u.userId));
  const now = new Date();
  const [notification] = await tx
    .insert(notifications)
    .values({
      tenantId: tenant?.id ?? null,
      name,
      data,
      severity: opts.severity ?? NotificationSeverity.Info,
      type: def.type,
      lifetime: def.lifetime,
      creationTime: now,
      creatorId: opts.creatorId ?? null,
    })
    .returning();

  const chose = (subscribed: boolean) =>
    sql`exists (select 1 from ${notificationSubscriptions} where ${notificationSubscriptions.userId} = ${users.id} and ${notificationSubscriptions.name} = ${name} and ${notificationSubscriptions.subscribed} = ${subscribed})`;
  const audience = named
    ? activeUsers(tenant, inArray(users.id, [...new Set(named)]))
    : def.subscribedByDefault
      ? activeUsers(tenant, sql`not ${chose(false)}`)
      : activeUsers(tenant, chose(true));
  // fan-out in the database: one statement whatever the number of recipients
  const inserted = await tx.execute<{ user_id: string }>(sql`
    insert into ${userNotifications} (tenant_id, user_id, notification_id, state, creation_time)
    select ${users.tenantId}, ${users.id}, ${notification!.id}::uuid, ${NotificationReadState.UnRead}::int,
      ${now.toISOString()}::timestamptz
    from ${users} where ${audience}
    on conflict do nothing
    returning user_id`);
  const recipients = inserted.rows.map((r) => r.user_id);
  if (recipients.length === 0) {
    await tx.delete(notifications).where(eq(notifications.id, notification!.id));
    return NOTHING;
  }

  // a user-room push for named users; the tenant room (minus those who opted out) for "everyone"
  let optedOut: string[] = [];
  if (!named && def.subscribedByDefault) {
    const rows = await tx
      .select({ userId: notificationSubscriptions.userId })
      .from(notificationSubscriptions)
      .where(
        owned(
          scope(tenant),
          notificationSubscriptions,
          eq(notificationSubscriptions.name, name),
          eq(notificationSubscriptions.subscribed, false),
        ),
      );
    optedOut = rows.map((r) => r.userId);
  }
  if (!named && def.lifetime === NotificationLifetime.OnlyOne) {
    // a one-time subscription ends with the notification it was for
    await tx
      .insert(notificationSubscriptions)
      .values(recipients.map((userId) => ({ tenantId: tenant?.id ?? null, userId, name, subscribed: false })))
      .onConflictDoUpdate({
        target: [notificationSubscriptions.userId, notificationSubscriptions.name],
        set: { subscribed: false },
      });
  }
  await services.events.emit(tx, NotificationStored, {
    tenantId: tenant?.id ?? null,
    notification: notification!,
    recipients,
    optedOut,
    toRecipients: !!named || !def.subscribedByDefault,
  });
  return { id: notification!.id, recipientCount: recipients.length };
}

/**
 * `POST /api/notifications/send`: an administrator's notification (by default an
 * announcement) to chosen users of the tenant, or to everyone when `toUsers` is empty.
 */
export async function send(
  services: Services,
  tx: Tx,
  ctx: NotificationContext,
  input: SendInput,
): Promise<PublishResult> {
  if (!notificationDefinition(input.name)) throw fieldError('name', `${RESOURCE}::UnknownNotification`, [input.name]);
  const ids = input.toUsers.map((u) => u.userId);
  if (ids.length) {
    const found = await tx
      .select({ id: users.id })
      .from(users)
      .where(owned(scope(ctx.tenant), users, inArray(users.id, [...new Set(ids)])));
    const known = new Set(found.map((r) => r.id));
    const missing = ids.findIndex((id) => !known.has(id));
    // another tenant's user is unknown here, like a made-up id
    if (missing >= 0) throw fieldError(`toUsers.${missing}.userId`, `${RESOURCE}::UnknownUser`, [ids[missing]]);
  }
  // the feature is a cached registry read: served by this unit (or one of its own on the main database)
  if (!(await isEnabled(services, ctx.tenant))) return NOTHING;
  const { title, message, description } = input.data;
  return storeNotification(
    services,
    tx,
    input.name,
    { title, message, description: description ?? null },
    {
      users: ids.length ? ids : undefined,
      tenant: ctx.tenant,
      severity: input.severity,
      creatorId: ctx.userId,
    },
  );
}
