import type { TenantUpdateInput } from '@seller/contracts/tenants';
import { and, eq, ne } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import { type CrudContext, modifiedBy, recordChange } from '../../core/crud.ts';
import type { Tx } from '../../core/db/client.ts';
import { newConcurrencyStamp } from '../../core/db/columns.ts';
import { conflict, fieldError } from '../../core/errors.ts';
import { isUniqueViolation } from '../../core/resource.ts';
import type { Services } from '../../core/services.ts';
import { normalizeName } from '../../core/tenancy.ts';
import { TenantChanged } from './events.ts';
import { tenantQueries } from './queries.ts';
import { type ConnectionString, tenants } from './schema.ts';
import { live, masked, TENANT, type Tenant, toTenantDto } from './service.ts';

type Ctx = CrudContext & Pick<RequestContext, 'culture'>;

async function assertNameFree(tx: Tx, name: string, exceptId?: string) {
  const [clash] = await tx
    .select({ id: tenants.id })
    .from(tenants)
    .where(and(eq(tenants.normalizedName, normalizeName(name)), exceptId ? ne(tenants.id, exceptId) : undefined))
    .limit(1);
  if (clash) throw fieldError('name', 'AbpTenantManagement::DuplicateTenantName', [name]);
}

/** Runs `write`; a unique violation (a concurrent writer took the name) is the name's 400. */
async function naming<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e)) throw fieldError('name', 'AbpTenantManagement::DuplicateTenantName', [name]);
    throw e;
  }
}

/**
 * The tenants module's writes to the registry (the service shape, `docs/architecture.md`), each
 * taking the open transaction (on the main database) and the context, and raising
 * `TenantChanged`, whose after-commit handler drops the kernel's cached tenants (and grants).
 * Setting up a new tenant and moving one between databases span several databases: they are
 * steps around these commands, in `provisioning.ts`.
 */
export const tenantCommands = (services: Pick<Services, 'events'>) => {
  const changed = (tx: Tx, tenantId: string, grants: boolean) =>
    services.events.emit(tx, TenantChanged, { tenantId, grants });

  return {
    /** Stores a new tenant's record (its set-up follows in units of its own). */
    async create(tx: Tx, ctx: Ctx, name: string, connectionStrings: ConnectionString[]): Promise<Tenant> {
      await assertNameFree(tx, name);
      const [row] = await naming(name, () =>
        tx
          .insert(tenants)
          .values({ name, normalizedName: normalizeName(name), connectionStrings, creatorId: ctx.user?.id ?? null })
          .returning(),
      );
      recordChange(ctx, TENANT, 0, row!.id, {}, { ...row!, connectionStrings: masked(row!.connectionStrings) });
      await changed(tx, row!.id, false);
      return row!;
    },

    /** Removes the record of a tenant whose set-up failed: it never existed. */
    async discard(tx: Tx, _ctx: Ctx, id: string) {
      await tx.delete(tenants).where(eq(tenants.id, id));
      await changed(tx, id, true);
    },

    /** Renames and activates/deactivates a tenant; a stale `concurrencyStamp` is a 409. */
    async update(tx: Tx, ctx: Ctx, id: string, input: TenantUpdateInput) {
      const before = await tenantQueries.row(tx, ctx, id);
      if (input.concurrencyStamp && input.concurrencyStamp !== before.concurrencyStamp) throw conflict();
      if (normalizeName(input.name) !== before.normalizedName) await assertNameFree(tx, input.name, id);
      const [after] = await naming(input.name, () =>
        tx
          .update(tenants)
          .set({
            name: input.name,
            normalizedName: normalizeName(input.name),
            isActive: input.isActive,
            ...modifiedBy(ctx),
          })
          .where(live(eq(tenants.id, id), eq(tenants.concurrencyStamp, before.concurrencyStamp)))
          .returning(),
      );
      if (!after) throw conflict(); // changed between the read and the write
      recordChange(ctx, TENANT, 1, id, { ...before, connectionStrings: [] }, { ...after, connectionStrings: [] });
      await changed(tx, id, false);
      return toTenantDto(after);
    },

    /**
     * Soft-deletes a tenant: it can no longer be signed in to or resolved (its tokens stop
     * working at once); its data stays where it is.
     */
    async delete(tx: Tx, ctx: Ctx, id: string) {
      const before = await tenantQueries.row(tx, ctx, id);
      await tx
        .update(tenants)
        .set({ isDeleted: true, deletionTime: new Date(), deleterId: ctx.user?.id ?? null })
        .where(eq(tenants.id, id));
      recordChange(ctx, TENANT, 2, id, { ...before, connectionStrings: masked(before.connectionStrings) }, {});
      await changed(tx, id, true);
    },

    /** Stores the tenant's connection strings (and whether it is active); grants cached from its database go. */
    async saveConnectionStrings(
      tx: Tx,
      ctx: Ctx,
      before: Tenant,
      next: ConnectionString[],
      isActive = before.isActive,
    ) {
      const [after] = await tx
        .update(tenants)
        .set({ connectionStrings: next, isActive, ...modifiedBy(ctx) })
        .where(eq(tenants.id, before.id))
        .returning();
      recordChange(
        ctx,
        TENANT,
        1,
        before.id,
        { connectionStrings: masked(before.connectionStrings) },
        { connectionStrings: masked(after!.connectionStrings) },
      );
      await changed(tx, before.id, true);
      return after!;
    },

    /**
     * Deactivates the tenant for a move, its stamp the lock against a concurrent change: a 409
     * when it changed since `before` was read.
     */
    async lockForMove(tx: Tx, _ctx: Ctx, before: Tenant) {
      const [locked] = await tx
        .update(tenants)
        .set({ isActive: false, concurrencyStamp: newConcurrencyStamp() })
        .where(live(eq(tenants.id, before.id), eq(tenants.concurrencyStamp, before.concurrencyStamp)))
        .returning({ id: tenants.id });
      if (!locked) throw conflict();
      await changed(tx, before.id, false);
    },

    /** Gives a tenant whose move failed its activity back, where it was. */
    async unlockAfterMove(tx: Tx, _ctx: Ctx, before: Tenant) {
      await tx
        .update(tenants)
        .set({ isActive: before.isActive, concurrencyStamp: newConcurrencyStamp() })
        .where(eq(tenants.id, before.id));
      await changed(tx, before.id, false);
    },
  };
};
