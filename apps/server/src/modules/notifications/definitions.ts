import { NotificationLifetime, NotificationType } from '@seller/contracts';
import { type SettingGroupDefinition, SettingValueType } from '../../core/definitions/settings.ts';
import { registerResource } from '../../core/localization/index.ts';

type Text = { en: string; 'zh-Hans': string };
const text = (en: string, zh: string): Text => ({ en, 'zh-Hans': zh });

/** The localization resource of this module (definition texts, page texts, errors). */
export const RESOURCE = 'Notifications';
/** Tenant feature that switches notifications on or off (features module). */
export const FEATURE = 'Notifications.Enable';
/** Read notifications older than this many days are removed by the retention job. */
export const RETENTION_SETTING = 'Notifications.RetentionDays';
export const ANNOUNCEMENT = 'Notifications.Announcement';

export interface NotificationDefinition {
  name: string;
  displayName: Text;
  description?: Text;
  /** Persistent 0; OnlyOne 1: a subscriber's subscription ends once it has been sent (one-time subscription). */
  lifetime?: number;
  /** Application 0, System 10, User 20. */
  type?: number;
  /** Users may subscribe and unsubscribe themselves (listed in `assignables`). Default true. */
  allowSubscriptionToClients?: boolean;
  /** A user who never chose is subscribed. Default true. */
  subscribedByDefault?: boolean;
}

export interface NotificationGroupDefinition {
  name: string;
  displayName: Text;
  notifications: NotificationDefinition[];
}

export interface ResolvedDefinition {
  name: string;
  groupName: string;
  lifetime: number;
  type: number;
  allowSubscriptionToClients: boolean;
  subscribedByDefault: boolean;
  hasDescription: boolean;
}

const groups: { name: string; notifications: ResolvedDefinition[] }[] = [];
const registeredGroups = new WeakSet<NotificationGroupDefinition>();
const byName = new Map<string, ResolvedDefinition>();

/**
 * Registers a group of notifications a module publishes, with zh-Hans and en texts in the
 * `Notifications` resource (`Group:<name>`, `DisplayName:<name>`, `Description:<name>`).
 * A module calls it from its definition's `start` (through this module's index.ts), never on
 * import; registering the same group object again is a no-op (several apps in one process).
 */
export function defineNotificationGroup(group: NotificationGroupDefinition) {
  if (registeredGroups.has(group)) return;
  registeredGroups.add(group);
  let target = groups.find((g) => g.name === group.name);
  if (!target) {
    target = { name: group.name, notifications: [] };
    groups.push(target);
  }
  const en: Record<string, string> = { [`Group:${group.name}`]: group.displayName.en };
  const zh: Record<string, string> = { [`Group:${group.name}`]: group.displayName['zh-Hans'] };
  for (const n of group.notifications) {
    if (byName.has(n.name)) throw new Error(`Notification ${n.name} is defined twice`);
    const resolved: ResolvedDefinition = {
      name: n.name,
      groupName: group.name,
      lifetime: n.lifetime ?? NotificationLifetime.Persistent,
      type: n.type ?? NotificationType.Application,
      allowSubscriptionToClients: n.allowSubscriptionToClients ?? true,
      subscribedByDefault: n.subscribedByDefault ?? true,
      hasDescription: Boolean(n.description),
    };
    byName.set(n.name, resolved);
    target.notifications.push(resolved);
    en[`DisplayName:${n.name}`] = n.displayName.en;
    zh[`DisplayName:${n.name}`] = n.displayName['zh-Hans'];
    if (n.description) {
      en[`Description:${n.name}`] = n.description.en;
      zh[`Description:${n.name}`] = n.description['zh-Hans'];
    }
  }
  registerResource(RESOURCE, { en, 'zh-Hans': zh });
}

export const notificationDefinition = (name: string) => byName.get(name);
export const notificationGroups = (): readonly { name: string; notifications: readonly ResolvedDefinition[] }[] =>
  groups;

/** The notifications this module publishes itself: announcements. */
export const announcements: NotificationGroupDefinition = {
  name: 'Notifications',
  displayName: text('Notifications', '通知'),
  notifications: [
    {
      name: ANNOUNCEMENT,
      displayName: text('Announcements', '公告'),
      description: text(
        'Messages administrators send to everyone in the tenant or to chosen users.',
        '管理员发送给租户全体用户或指定用户的消息。',
      ),
      type: NotificationType.System,
    },
  ],
};

export const notificationSettings: SettingGroupDefinition = {
  name: 'Notifications',
  displayName: text('Notifications', '通知'),
  settings: [
    {
      name: RETENTION_SETTING,
      defaultValue: '90',
      valueType: SettingValueType.Number,
      isVisibleToClients: false,
      providers: ['G', 'T'],
      min: 1,
      max: 3650,
      displayName: text('Keep read notifications (days)', '已读通知保留天数'),
      description: text(
        'Read notifications older than this are removed from every inbox.',
        '超过此天数的已读通知将从收件箱中删除。',
      ),
    },
  ],
};
