import { PlatformType } from '@seller/contracts';
import { and, eq } from 'drizzle-orm';
import type { CurrentTenant } from '../../core/context.ts';
import { owned } from '../../core/crud.ts';
import type { Tx } from '../../core/db/client.ts';
import type { MenuDefinition } from '../../core/module.ts';
import type { Services } from '../../core/services.ts';
import { layouts, menus, roleMenus } from './schema.ts';

const DEFAULT_LAYOUT = { name: 'Default', displayName: '默认布局', path: 'Layout' };

async function ensureLayout(tx: Tx, tenant: CurrentTenant | null): Promise<string> {
  const ctx = { tenant, user: null };
  const [found] = await tx
    .select({ id: layouts.id })
    .from(layouts)
    .where(owned(ctx, layouts, eq(layouts.name, DEFAULT_LAYOUT.name)))
    .limit(1);
  if (found) return found.id;
  const [created] = await tx
    .insert(layouts)
    .values({ tenantId: tenant?.id ?? null, ...DEFAULT_LAYOUT, platformType: PlatformType.Web, meta: {} })
    .returning({ id: layouts.id });
  return created.id;
}

/**
 * Seeds menu entries for a tenant (or the host), idempotent by code: an existing code is
 * left as it is (an administrator may have edited it).
 */
export async function ensureMenus(
  services: Services,
  tenant: CurrentTenant | null,
  entries: readonly MenuDefinition[],
) {
  const ctx = { tenant, user: null };
  const tenantId = tenant?.id ?? null;
  await services.data.inTenant({ tenant }, async (tx) => {
    const layoutId = await ensureLayout(tx, tenant);
    const existing = await tx.select({ id: menus.id, code: menus.code }).from(menus).where(owned(ctx, menus));
    const idByCode = new Map(existing.map((m) => [m.code, m.id]));
    const sorted = entries
      .filter((e) => !e.hostOnly || tenant === null)
      .sort((a, b) => a.code.split('.').length - b.code.split('.').length || a.code.localeCompare(b.code));
    for (const e of sorted) {
      if (idByCode.has(e.code)) continue;
      const parentCode = e.code.includes('.') ? e.code.slice(0, e.code.lastIndexOf('.')) : null;
      const parentId = parentCode ? idByCode.get(parentCode) : null;
      if (parentCode && !parentId) continue; // parent deleted by an administrator: leave it out
      const [created] = await tx
        .insert(menus)
        .values({
          tenantId,
          layoutId,
          parentId: parentId ?? null,
          code: e.code,
          path: e.path,
          name: e.name,
          displayName: e.displayName,
          component: e.component,
          redirect: e.redirect ?? null,
          platformType: e.platformType ?? PlatformType.Web,
          isPublic: e.isPublic ?? false,
          sort: e.sort ?? 0,
          meta: e.meta,
        })
        .onConflictDoNothing()
        .returning({ id: menus.id });
      if (!created) continue;
      idByCode.set(e.code, created.id);
      const linkRoles = e.roles ?? (e.isPublic ? [] : ['admin']);
      if (linkRoles.length) {
        await tx
          .insert(roleMenus)
          .values(linkRoles.map((roleName) => ({ tenantId, roleName, menuId: created.id })))
          .onConflictDoNothing();
      }
    }
  });
}

/** The menu entries every running module declares, for a tenant or the host. */
export async function seedMenus(services: Services, tenant: CurrentTenant | null) {
  await ensureMenus(
    services,
    tenant,
    services.modules.flatMap((m) => m.menus ?? []),
  );
}

/** Whether a role is linked to a menu (tests, diagnostics). */
export async function roleHasMenu(services: Services, tenant: CurrentTenant | null, roleName: string, code: string) {
  return services.data.inTenant({ tenant }, async (tx) => {
    const rows = await tx
      .select({ id: menus.id })
      .from(roleMenus)
      .innerJoin(menus, eq(menus.id, roleMenus.menuId))
      .where(and(owned({ tenant, user: null }, menus, eq(menus.code, code)), eq(roleMenus.roleName, roleName)));
    return rows.length > 0;
  });
}
