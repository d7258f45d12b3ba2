/** The notification a user receives, as the live hub sends it (the schemas live in `@seller/contracts/notifications`). */
export type { UserNotificationDto } from '@seller/contracts/notifications';
