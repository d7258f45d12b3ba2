import type { WarehouseInput } from '@seller/contracts/logistics';
import { asc, desc, eq, ne } from 'drizzle-orm';
import { type CrudContext, getOwned, owned, takeTurns, updateOwned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { fieldError } from '../../../core/errors.ts';
import { firstOwnedId } from '../../../core/owned-rows.ts';
import { resourceService } from '../../../core/resource.ts';
import { warehouses } from './schema.ts';

const entity = 'Warehouse';

/** The tenant's default warehouse other than `except`. */
async function otherDefault(tx: Tx, ctx: CrudContext, except?: string) {
  return firstOwnedId(
    tx,
    ctx,
    warehouses,
    eq(warehouses.isDefault, true),
    except ? ne(warehouses.id, except) : undefined,
  );
}

/** Through `updateOwned`, so the change is audited and an open form of that row gets a 409. */
const markDefault = (tx: Tx, ctx: CrudContext, id: string, isDefault: boolean) =>
  updateOwned(tx, ctx, warehouses, entity, id, { isDefault });

/** The tenant's active warehouses, as a form's picker lists them: the default first, then by code. */
export const activeWarehouseOptions = (tx: Tx, ctx: CrudContext) =>
  tx
    .select({ id: warehouses.id, code: warehouses.code, name: warehouses.name, isDefault: warehouses.isDefault })
    .from(warehouses)
    .where(owned(ctx, warehouses, eq(warehouses.isActive, true)))
    .orderBy(desc(warehouses.isDefault), asc(warehouses.code));

export const warehouseService = resourceService({
  table: warehouses,
  entity,
  texts: 'Logistics',
  sortable: {
    code: warehouses.code,
    name: warehouses.name,
    type: warehouses.type,
    countryCode: warehouses.countryCode,
    isDefault: warehouses.isDefault,
    isActive: warehouses.isActive,
    creationTime: warehouses.creationTime,
  },
  defaultSort: [asc(warehouses.code)],
  search: [warehouses.code, warehouses.name, warehouses.address],
  unique: [{ member: 'code', column: warehouses.code }],
  values: ({ concurrencyStamp: _, ...i }: WarehouseInput & { concurrencyStamp?: string }) => i,
  /**
   * Exactly one default per tenant (writers of a tenant's warehouses take turns, so the default
   * read is the committed one). The first warehouse is the default whatever the form says; a
   * new default unsets the previous one before the write (the unique index never sees two); the
   * default is replaced, not unset.
   */
  async validate(tx, ctx, input, id) {
    await takeTurns(tx, ctx, warehouses);
    const previous = await otherDefault(tx, ctx, id);
    if (previous && input.isDefault) await markDefault(tx, ctx, previous, false);
    if (previous) return;
    if (id && !input.isDefault) throw fieldError('isDefault', 'Logistics::DefaultRequired');
    input.isDefault = true;
  },
  /** Deleting the default makes the oldest remaining warehouse the default. */
  async beforeDelete(tx, ctx, id) {
    await takeTurns(tx, ctx, warehouses);
    if (!(await getOwned(tx, ctx, warehouses, entity, id)).isDefault) return;
    await markDefault(tx, ctx, id, false);
    const [oldest] = await tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(owned(ctx, warehouses, ne(warehouses.id, id)))
      .orderBy(asc(warehouses.creationTime), asc(warehouses.id))
      .limit(1);
    if (oldest) await markDefault(tx, ctx, oldest.id, true);
  },
  toDtos: (_tx, _ctx, rows) => Promise.resolve(rows),
});
