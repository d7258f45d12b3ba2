import { auditedFields } from '../../core/db/columns.ts';
import type { users } from './schema.ts';

/** The user as the admin API shows it (ABP `IdentityUserDto`, wire contract §10). */
export const USER = 'IdentityUser';
type User = typeof users.$inferSelect;

export const toUserDto = (u: User) => ({
  id: u.id,
  tenantId: u.tenantId,
  userName: u.userName,
  name: u.name,
  surname: u.surname,
  email: u.email,
  emailConfirmed: u.emailConfirmed,
  phoneNumber: u.phoneNumber,
  phoneNumberConfirmed: u.phoneNumberConfirmed,
  isActive: u.isActive,
  lockoutEnabled: u.lockoutEnabled,
  lockoutEnd: u.lockoutEnd,
  accessFailedCount: u.accessFailedCount,
  twoFactorEnabled: u.twoFactorEnabled,
  concurrencyStamp: u.concurrencyStamp,
  extraProperties: u.extraProperties,
  ...auditedFields(u),
  isDeleted: u.isDeleted,
  deleterId: u.deleterId,
  deletionTime: u.deletionTime,
});
