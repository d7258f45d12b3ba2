import type { Culture } from '@seller/contracts';
import type { UserNotificationDto } from '@seller/contracts/notifications';
import { t } from '../../core/localization/index.ts';
import type { NotificationText, notifications } from './schema.ts';

export type Notification = typeof notifications.$inferSelect;

/** The `data.type` of the wire shape (LINGYUN's notification data). */
const DATA_TYPE = 'NotificationData';

function isLocalizable(v: unknown): v is { resourceName: string; name: string; values?: unknown } {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as { resourceName?: unknown }).resourceName === 'string' &&
    typeof (v as { name?: unknown }).name === 'string'
  );
}

function render(v: NotificationText | null | undefined, culture: Culture): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  if (isLocalizable(v)) {
    const values = v.values as Record<string, unknown> | unknown[] | undefined;
    return t(culture, `${v.resourceName}::${v.name}`, values);
  }
  return String(v);
}

/** The user's view of a notification (wire contract §10), its texts in `culture`. */
export function toUserNotificationDto(n: Notification, state: number, culture: Culture): UserNotificationDto {
  const { title, message, description, ...extra } = n.data;
  return {
    id: n.id,
    name: n.name,
    data: {
      type: DATA_TYPE,
      extraProperties: {
        ...extra,
        title: render(title, culture),
        message: render(message, culture),
        description: render(description, culture),
        // rendered already: the client shows the texts as they are
        L: false,
      },
    },
    creationTime: n.creationTime,
    type: n.type,
    lifetime: n.lifetime,
    severity: n.severity,
    state,
    contentType: n.contentType,
  };
}
