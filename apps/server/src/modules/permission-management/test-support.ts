import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { signIn } from '../../../test/harness.ts';
import type { CurrentTenant } from '../../core/context.ts';
import type { Services } from '../../core/services.ts';
import { normalizeName } from '../../core/tenancy.ts';
import { hashPassword } from '../identity/passwords.ts';
import { roles, userRoles, users } from '../identity/schema.ts';

/** Test-only helpers shared by the platform modules' API tests. */
export const TEST_PASSWORD = 'Test1q2w3E*';

/** Inserts an active user (with the given role names) into a tenant or the host; returns its id. */
export async function createUser(
  services: Services,
  tenant: CurrentTenant | null,
  userName: string,
  roleNames: string[] = [],
): Promise<string> {
  const passwordHash = await hashPassword(TEST_PASSWORD);
  return services.data.inTenant({ tenant }, async (tx) => {
    const email = `${userName}@test.local`;
    const [user] = await tx
      .insert(users)
      .values({
        tenantId: tenant?.id ?? null,
        userName,
        normalizedUserName: normalizeName(userName),
        name: userName,
        email,
        normalizedEmail: email.toUpperCase(),
        emailConfirmed: true,
        passwordHash,
        securityStamp: randomUUID(),
      })
      .returning({ id: users.id });
    for (const roleName of roleNames) {
      const [role] = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(eq(roles.normalizedName, normalizeName(roleName)))
        .limit(1);
      if (!role) throw new Error(`no role ${roleName}`);
      await tx.insert(userRoles).values({ tenantId: tenant?.id ?? null, userId: user.id, roleId: role.id });
    }
    return user.id;
  });
}

/** The id of a user by name in a tenant (or the host). */
export async function userIdOf(services: Services, tenant: CurrentTenant | null, userName: string): Promise<string> {
  return services.data.inTenant({ tenant }, async (tx) => {
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.normalizedUserName, normalizeName(userName)))
      .limit(1);
    if (!row) throw new Error(`no user ${userName}`);
    return row.id;
  });
}

/** Signs in (sign-in rate limits reset first: test files sign in many times from one IP). */
export async function token(
  app: FastifyInstance,
  tenant: string | null,
  username = 'admin',
  password?: string,
): Promise<string> {
  app.services.rateLimiter.reset();
  const res = await signIn(app, {
    tenant,
    username,
    password: password ?? (username === 'admin' ? undefined : TEST_PASSWORD),
  });
  return res.access_token;
}
