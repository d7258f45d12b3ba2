import { users } from './schema.ts';

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
  creationTime: u.creationTime,
  creatorId: u.creatorId,
  lastModificationTime: u.lastModificationTime,
  lastModifierId: u.lastModifierId,
  isDeleted: u.isDeleted,
  deleterId: u.deleterId,
  deletionTime: u.deletionTime,
});

/** Fields the users list may sort by. */
export const userSortable = {
  userName: users.userName,
  name: users.name,
  surname: users.surname,
  email: users.email,
  phoneNumber: users.phoneNumber,
  isActive: users.isActive,
  lockoutEnd: users.lockoutEnd,
  creationTime: users.creationTime,
  lastModificationTime: users.lastModificationTime,
};
