import { and, eq, or, sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/client.ts';
import type { Services } from '../../core/services.ts';
import { normalizeName } from '../../core/tenancy.ts';
import { dummyHash, verifyPassword } from './passwords.ts';
import { roles, userRoles, users } from './schema.ts';
import { identitySetting } from './settings.ts';

/**
 * Sign-in checks shared by the token server and the account module: finding the user,
 * lockout bookkeeping and the password check. Each function runs inside the caller's
 * tenant transaction.
 */
export type User = typeof users.$inferSelect;

/** The user whose user name or e-mail is `login` (not deleted). User name wins. */
export async function findUserByLogin(tx: DbOrTx, login: string): Promise<User | null> {
  const normalized = normalizeName(login);
  const rows = await tx
    .select()
    .from(users)
    .where(
      and(
        eq(users.isDeleted, false),
        or(eq(users.normalizedUserName, normalized), eq(users.normalizedEmail, normalized)),
      ),
    )
    .limit(2);
  return rows.find((u) => u.normalizedUserName === normalized) ?? rows[0] ?? null;
}

/** The user owning `phoneNumber` with a confirmed phone (not deleted). */
export async function findUserByConfirmedPhone(tx: DbOrTx, phoneNumber: string): Promise<User | null> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.isDeleted, false), eq(users.phoneNumber, phoneNumber), eq(users.phoneNumberConfirmed, true)))
    .limit(1);
  return row ?? null;
}

export async function findUserById(tx: DbOrTx, id: string): Promise<User | null> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.isDeleted, false)))
    .limit(1);
  return row ?? null;
}

export async function roleNamesOf(tx: DbOrTx, userId: string): Promise<string[]> {
  const rows = await tx
    .select({ name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  return rows.map((r) => r.name).sort();
}

export const isLockedOut = (user: User, now = new Date()) =>
  user.lockoutEnabled && !!user.lockoutEnd && user.lockoutEnd > now;

/**
 * Whether a change of a user row takes away the right to the tokens already issued: new
 * credentials (password or security stamp), deactivation, deletion, a lockout that starts.
 * Such a change raises `UserSignInsEnded` (identity/events.ts), on which the token server ends
 * the user's sessions once it has committed. A lockout from failed sign-in attempts ends
 * nothing: anyone could trigger it.
 */
export function endsSignIns(before: User, after: User, now = new Date()): boolean {
  return (
    after.passwordHash !== before.passwordHash ||
    after.securityStamp !== before.securityStamp ||
    (before.isActive && !after.isActive) ||
    (after.isDeleted && !before.isDeleted) ||
    (isLockedOut(after, now) && !isLockedOut(before, now))
  );
}

/** Checks a password; an unknown user is compared against a dummy hash so timing tells nothing. */
export async function checkPassword(user: User | null, password: string): Promise<boolean> {
  if (!user?.passwordHash) {
    await verifyPassword(password, await dummyHash());
    return false;
  }
  return verifyPassword(password, user.passwordHash);
}

/** Lockout settings of the tenant; read before a transaction opens (PGlite has one connection). */
export async function lockoutPolicy(services: Services, ctx: Pick<RequestContext, 'tenant'>) {
  return {
    maxFailedAccessAttempts: await identitySetting(services, ctx, 'Abp.Identity.Lockout.MaxFailedAccessAttempts'),
    lockoutSeconds: await identitySetting(services, ctx, 'Abp.Identity.Lockout.LockoutDuration'),
  };
}

/**
 * Counts one failed attempt; at the limit the account is locked for the lockout duration
 * and the counter starts again. Returns whether the user is now locked out.
 */
export async function recordFailedAccess(
  tx: DbOrTx,
  user: User,
  policy: Awaited<ReturnType<typeof lockoutPolicy>>,
): Promise<boolean> {
  if (!user.lockoutEnabled) return false;
  const [row] = await tx
    .update(users)
    .set({ accessFailedCount: sql`${users.accessFailedCount} + 1` })
    .where(eq(users.id, user.id))
    .returning({ count: users.accessFailedCount });
  if (!row || row.count < policy.maxFailedAccessAttempts) return false;
  await tx
    .update(users)
    .set({ accessFailedCount: 0, lockoutEnd: new Date(Date.now() + policy.lockoutSeconds * 1000) })
    .where(eq(users.id, user.id));
  return true;
}

/** After a successful sign-in: the failure counter and any past lockout are cleared. */
export async function resetFailedAccess(tx: DbOrTx, user: User) {
  if (user.accessFailedCount === 0 && !user.lockoutEnd) return;
  await tx.update(users).set({ accessFailedCount: 0, lockoutEnd: null }).where(eq(users.id, user.id));
}

/** Tenants whose sign-in is refused: inactive (or deleted after the token was issued). */
export async function tenantAllowsSignIn(services: Services, tenantId: string | null) {
  if (!tenantId) return { ok: true as const, tenant: null };
  const tenant = await services.tenants.find(tenantId);
  return tenant?.isActive ? { ok: true as const, tenant } : { ok: false as const, tenant: null };
}
