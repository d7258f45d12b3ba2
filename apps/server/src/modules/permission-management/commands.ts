import { eq, inArray } from 'drizzle-orm';
import { owned, recordChange } from '../../core/crud.ts';
import type { Tx } from '../../core/db/client.ts';
import { permissionDefinition } from '../../core/definitions/permissions.ts';
import { AppError, type ValidationErrorItem } from '../../core/errors.ts';
import { allowedOnSide } from '../../core/permissions.ts';
import type { Services } from '../../core/services.ts';
import { GrantsChanged } from './events.ts';
import { deleteProviderGrants, renameRoleGrants } from './grants.ts';
import { type Ctx, type ProviderName, permissionQueries } from './queries.ts';
import { permissionGrants } from './schema.ts';

/**
 * Permission management's writes (the service shape, `docs/architecture.md`), each taking the open
 * transaction of the caller's tenant. `update` raises `GrantsChanged`, whose after-commit handler
 * drops the tenant's cached grants and configurations; the clean-up after identity's changes runs
 * in identity's transaction, keyed by the tenant its event names.
 */
export const permissionCommands = (services: Pick<Services, 'events'>) => ({
  /**
   * Grants or revokes permissions of a role or user. Unknown names, or names not grantable
   * on this side, are a 400 before anything is written.
   */
  async update(
    tx: Tx,
    ctx: Ctx,
    providerName: ProviderName,
    providerKey: string,
    items: { name: string; isGranted: boolean }[],
  ) {
    const tenantId = ctx.tenant?.id ?? null;
    const errors: ValidationErrorItem[] = [];
    items.forEach((item, i) => {
      if (!permissionDefinition(item.name) || !allowedOnSide(item.name, tenantId)) {
        errors.push({
          message: 'AbpPermissionManagement::UnknownPermission',
          members: [`permissions.${i}.name`],
          params: [item.name],
        });
      }
    });
    if (errors.length) throw new AppError({ status: 400, messageKey: 'ValidationError', validationErrors: errors });
    const target = await permissionQueries.target(tx, ctx, providerName, providerKey);

    // The last word for a name wins when it is listed twice.
    const wanted = new Map(items.map((i) => [i.name, i.isGranted]));
    const existing = await tx
      .select()
      .from(permissionGrants)
      .where(
        owned(
          ctx,
          permissionGrants,
          eq(permissionGrants.providerName, target.providerName),
          eq(permissionGrants.providerKey, target.providerKey),
          inArray(permissionGrants.name, [...wanted.keys()]),
        ),
      );
    const held = new Map(existing.map((g) => [g.name, g]));
    const toAdd = [...wanted].filter(([name, on]) => on && !held.has(name)).map(([name]) => name);
    const toRemove = [...wanted].filter(([name, on]) => !on && held.has(name)).map(([name]) => held.get(name)!);
    if (toAdd.length) {
      const created = await tx
        .insert(permissionGrants)
        .values(
          toAdd.map((name) => ({
            tenantId,
            name,
            providerName: target.providerName,
            providerKey: target.providerKey,
          })),
        )
        .onConflictDoNothing()
        .returning();
      for (const row of created) recordChange(ctx, 'PermissionGrant', 0, row.id, {}, row);
    }
    if (toRemove.length) {
      await tx.delete(permissionGrants).where(
        inArray(
          permissionGrants.id,
          toRemove.map((g) => g.id),
        ),
      );
      for (const row of toRemove) recordChange(ctx, 'PermissionGrant', 2, row.id, row, {});
    }
    await services.events.emit(tx, GrantsChanged, { tenantId });
  },

  renameRoleGrants,
  deleteProviderGrants,
});
