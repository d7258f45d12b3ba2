import { and, eq } from 'drizzle-orm';
import type { CurrentTenant } from '../../core/context.ts';
import type { Services } from '../../core/services.ts';
import { normalizeName } from '../../core/tenancy.ts';
import { hashPassword } from './passwords.ts';
import { roles, securityLogs, userRoles, users } from './schema.ts';

/** Test helpers: users and security-log rows written and read straight in the database. */
export async function createUser(
  services: Services,
  tenant: CurrentTenant | null,
  input: {
    userName: string;
    password?: string;
    email?: string;
    phoneNumber?: string;
    phoneNumberConfirmed?: boolean;
    isActive?: boolean;
    roles?: string[];
  },
) {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return services.data.inTenant({ tenant }, async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        tenantId: tenant?.id ?? null,
        userName: input.userName,
        normalizedUserName: normalizeName(input.userName),
        email: input.email ?? null,
        normalizedEmail: input.email ? normalizeName(input.email) : null,
        phoneNumber: input.phoneNumber ?? null,
        phoneNumberConfirmed: input.phoneNumberConfirmed ?? !!input.phoneNumber,
        isActive: input.isActive ?? true,
        passwordHash,
        securityStamp: crypto.randomUUID(),
      })
      .returning();
    for (const name of input.roles ?? []) {
      const [role] = await tx
        .select()
        .from(roles)
        .where(eq(roles.normalizedName, normalizeName(name)));
      await tx.insert(userRoles).values({ tenantId: tenant?.id ?? null, userId: user.id, roleId: role.id });
    }
    return user;
  });
}

export async function updateUser(
  services: Services,
  tenant: CurrentTenant | null,
  id: string,
  values: Partial<typeof users.$inferInsert>,
) {
  await services.data.inTenant({ tenant }, (tx) => tx.update(users).set(values).where(eq(users.id, id)));
}

export async function findUser(services: Services, tenant: CurrentTenant | null, userName: string) {
  const [row] = await services.data.inTenant({ tenant }, (tx) =>
    tx
      .select()
      .from(users)
      .where(eq(users.normalizedUserName, normalizeName(userName))),
  );
  return row ?? null;
}

export function securityLogRows(services: Services, tenant: CurrentTenant | null, action?: string) {
  return services.data.inTenant({ tenant }, (tx) =>
    tx
      .select()
      .from(securityLogs)
      .where(action ? and(eq(securityLogs.action, action)) : undefined),
  );
}
