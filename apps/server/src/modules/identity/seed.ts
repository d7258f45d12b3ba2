import { and, eq } from 'drizzle-orm';
import type { CurrentTenant } from '../../core/context.ts';
import type { Tx } from '../../core/db/client.ts';
import type { Services } from '../../core/services.ts';
import { normalizeName } from '../../core/tenancy.ts';
import { seedClaimTypes } from './claim-types.ts';
import { hashPassword } from './passwords.ts';
import { roles, userRoles, users } from './schema.ts';

/** Business roles of a seller company (what each may open is granted by permission-management's seed). */
export const businessRoles = ['salesman', 'stockman', 'finance'] as const;

export const DEFAULT_ADMIN_PASSWORD = '1q2w3E*';

/**
 * Roles `admin`, salesman, stockman, finance and the
 * `admin` user for a tenant (or the host), the static claim types, and for the tenant named
 * `demo` a few business users (see `demoUsers`). Idempotent: existing rows are left alone.
 */
export async function seedIdentity(
  services: Services,
  tenant: CurrentTenant | null,
  opts: { adminPassword?: string; adminEmail?: string; demoUsers?: boolean } = {},
) {
  const tenantId = tenant?.id ?? null;
  await services.data.inTenant({ tenant }, async (tx) => {
    const adminRole = await ensureRole(tx, tenantId, 'admin', true);
    for (const name of businessRoles) await ensureRole(tx, tenantId, name, false);

    await seedClaimTypes(tx, tenantId);
    if (tenant?.name === 'demo' && opts.demoUsers !== false) await seedDemoUsers(tx, tenantId);

    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.normalizedUserName, 'ADMIN'), eq(users.isDeleted, false)))
      .limit(1);
    if (existing) return;
    const email = opts.adminEmail ?? (tenant ? `admin@${tenant.name.toLowerCase()}.local` : 'admin@host.local');
    const [admin] = await tx
      .insert(users)
      .values({
        tenantId,
        userName: 'admin',
        normalizedUserName: 'ADMIN',
        name: 'admin',
        email,
        normalizedEmail: email.toUpperCase(),
        emailConfirmed: true,
        passwordHash: await hashPassword(opts.adminPassword ?? DEFAULT_ADMIN_PASSWORD),
        securityStamp: crypto.randomUUID(),
      })
      .returning({ id: users.id });
    await tx.insert(userRoles).values({ tenantId, userId: admin.id, roleId: adminRole });
  });
  await services.permissions.invalidate(tenantId);
}

async function ensureRole(tx: Tx, tenantId: string | null, name: string, isStatic: boolean): Promise<string> {
  const [found] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.normalizedName, normalizeName(name)))
    .limit(1);
  if (found) return found.id;
  const [created] = await tx
    .insert(roles)
    .values({ tenantId, name, normalizedName: normalizeName(name), isStatic, isPublic: true })
    .returning({ id: roles.id });
  return created.id;
}

/**
 * Demo staff of tenant `demo` (password: the default admin password): one per business role, and
 * two more salesmen so the CRM's customers have three owners.
 */
export const demoUsers = [
  { userName: 'zhang.wei', name: 'Wei', surname: 'Zhang', role: 'salesman', phoneNumber: '13900000101' },
  { userName: 'li.na', name: 'Na', surname: 'Li', role: 'stockman', phoneNumber: '13900000102' },
  { userName: 'wang.fang', name: 'Fang', surname: 'Wang', role: 'finance', phoneNumber: '13900000103' },
  { userName: 'liu.yang', name: 'Yang', surname: 'Liu', role: 'salesman', phoneNumber: '13900000104' },
  { userName: 'chen.jing', name: 'Jing', surname: 'Chen', role: 'salesman', phoneNumber: '13900000105' },
];

async function seedDemoUsers(tx: Tx, tenantId: string | null) {
  let hash: string | undefined;
  for (const u of demoUsers) {
    const normalized = normalizeName(u.userName);
    const [found] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.normalizedUserName, normalized))
      .limit(1);
    if (found) continue;
    hash ??= await hashPassword(DEFAULT_ADMIN_PASSWORD);
    const email = `${u.userName}@demo.local`;
    const [created] = await tx
      .insert(users)
      .values({
        tenantId,
        userName: u.userName,
        normalizedUserName: normalized,
        name: u.name,
        surname: u.surname,
        email,
        normalizedEmail: email.toUpperCase(),
        emailConfirmed: true,
        phoneNumber: u.phoneNumber,
        phoneNumberConfirmed: true,
        passwordHash: hash,
        securityStamp: crypto.randomUUID(),
      })
      .returning({ id: users.id });
    const [role] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.normalizedName, normalizeName(u.role)))
      .limit(1);
    if (role) await tx.insert(userRoles).values({ tenantId, userId: created.id, roleId: role.id });
  }
}
