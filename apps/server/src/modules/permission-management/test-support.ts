import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { as, createTestApp, signIn, type TestApp } from '../../../test/harness.ts';
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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A test app for an area's API tests (started before the file's tests, closed after): the admins
 * of tenants `demo` and `other`, a token for each demo user of `users` (created with the roles
 * given) and its id in `ids`, and request helpers taking the caller's token.
 */
export function useApiApp<U extends string>(users: Record<U, string[]>, env: Record<string, string> = {}) {
  const app = { ids: {} } as { t: TestApp; demoAdmin: string; otherAdmin: string; ids: Record<U, string> } & Record<
    U,
    string
  >;
  const names = Object.keys(users) as U[];
  beforeAll(async () => {
    app.t = await createTestApp(env);
    for (const name of names) app.ids[name] = await createUser(app.t.services, app.t.demo, name, users[name]);
    app.demoAdmin = await token(app.t.app, 'demo');
    app.otherAdmin = await token(app.t.app, 'other');
    for (const name of names) (app as Record<U, string>)[name] = await token(app.t.app, 'demo', name);
  }, 120_000);
  afterAll(async () => {
    await app.t?.close();
  });
  const call = (method: Method) => (who: string | null, url: string, payload?: object) =>
    as(app.t.app, who)({ method, url, payload });
  return Object.assign(app, { get: call('GET'), post: call('POST'), put: call('PUT'), del: call('DELETE') });
}
