import type { DeclaredList, ListSpec, SortKeys } from '@seller/contracts/lists';
import { eq, getTableColumns, ne, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { RequestContext } from '../../../core/context.ts';
import { deleteOwned, insertOwned, owned, updateOwned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { newConcurrencyStamp, secretColumnsOf } from '../../../core/db/columns.ts';
import { listService } from '../../../core/lists.ts';
import { refuseQueriedSecrets, revealMasked, sealForInsert, sealForUpdate } from '../../../core/secret-columns.ts';
import { type Secrets, secretsFor } from '../../../core/secrets.ts';
import type { Services } from '../../../core/services.ts';
import { type CustomerViewer, customerQueries } from '../customers/queries.ts';
import { crmCustomers } from '../customers/schema.ts';
import type { RecordService } from '../resource-routes.ts';
import { loadThroughCustomer, seenThroughCustomer } from '../through.ts';

/**
 * A customer's child records (addresses, bank accounts, social accounts, subscriptions): the list
 * is the list kit's (`listService`, `listRoutes`: the records of the customers the caller sees),
 * a single record is reached through its customer (404 when the customer is not visible, 403 when
 * it is but may not be changed), writes lock the customer's row so rules over its records (one
 * default) see the committed state. Secret columns are sealed on write and answered masked.
 */
// biome-ignore lint/suspicious/noExplicitAny: drizzle's table generics are not worth spelling out here
type AnyTable = PgTable & Record<string, any>;
type Ctx = RequestContext;
type Row<T extends AnyTable> = T['$inferSelect'] & { customerName: string };
type Expr = AnyPgColumn | SQLWrapper;
/** What a record's routes read before the unit: who the caller is to the customers, the secrets' keys. */
type Before = { viewer: CustomerViewer; secrets: Secrets | undefined };

const { viewer: viewerOf, load: loadCustomer } = customerQueries;

export interface ChildRecord<T extends AnyTable, I extends { customerId: string }, U, D, L extends ListSpec> {
  table: T;
  /** Entity name (audit, 404 texts). */
  entity: string;
  /** The list's declaration (contracts) and, per declared filter and sort key, its column. */
  list: DeclaredList<L>;
  filters: { [K in keyof L['filters']]: Expr | ((value: never) => SQL | undefined) };
  sorts: { [K in SortKeys<L> & string]: AnyPgColumn };
  search: AnyPgColumn[];
  dto: z.ZodType<D>;
  input: z.ZodType<I>;
  updateInput: z.ZodType<U>;
  /**
   * Input → columns; `before` is the stored row on update. Throw field errors for rules Zod cannot
   * say. Secret columns (`secretText`) are returned as typed: the kit encrypts them.
   */
  values(tx: Tx, ctx: Ctx, input: I | U, before?: T['$inferSelect']): Promise<Partial<T['$inferInsert']>>;
  /** A column of which a customer has at most one `true` (the default record). */
  single?: AnyPgColumn;
  /** Row → DTO; the row's secret columns arrive masked. */
  toDto(row: Row<T>): D;
}

export function childRecord<T extends AnyTable, I extends { customerId: string }, U, D, L extends ListSpec>(
  r: ChildRecord<T, I, U, D, L>,
) {
  const columns = getTableColumns(r.table);
  refuseQueriedSecrets(r.entity, [...Object.values(r.sorts as Record<string, AnyPgColumn>), ...r.search]);
  const hasSecrets = secretColumnsOf(r.table).length > 0;
  const secretsOf = (services: Services): Promise<Secrets | undefined> =>
    hasSecrets ? secretsFor(services.config) : Promise.resolve(undefined);

  const select = (tx: Tx) =>
    tx
      .select({ ...columns, customerName: crmCustomers.name })
      .from(r.table as PgTable)
      .innerJoin(crmCustomers, eq(crmCustomers.id, r.table.customerId));

  /** Rows → DTOs, their secret columns masked. */
  const toDtos = (secrets: Secrets | undefined, rows: Record<string, unknown>[]) =>
    (secrets ? revealMasked(secrets, r.table, rows) : rows).map((row) => r.toDto(row as Row<T>));

  /** The list: the records of the customers the viewer sees, with the customer's name. */
  const list = listService<L, Record<string, unknown>, D>(r.list, {
    table: r.table,
    rows: (tx) => select(tx).$dynamic(),
    filters: r.filters as never,
    search: r.search,
    sorts: r.sorts as never,
    scope: seenThroughCustomer(r.table.customerId),
    context: async (services) => ({ secrets: await secretsOf(services) }),
    items: (_tx, ctx, rows) => toDtos((ctx as { secrets?: Secrets }).secrets, rows),
  });

  async function reread(secrets: Secrets | undefined, tx: Tx, ctx: Ctx, id: string) {
    const rows = await select(tx)
      .where(owned(ctx, r.table, eq(r.table.id, id)))
      .limit(1);
    return toDtos(secrets, rows)[0] as D;
  }

  /** Setting a default unsets the customer's other one (a new stamp: forms open on it are stale). */
  async function keepSingle(tx: Tx, ctx: Ctx, customerId: string, values: Record<string, unknown>, id?: string) {
    if (!r.single) return;
    const key = Object.entries(columns).find(([, c]) => c === r.single)?.[0];
    if (!key || values[key] !== true) return;
    await tx
      .update(r.table as PgTable)
      .set({ [key]: false, concurrencyStamp: newConcurrencyStamp() } as never)
      .where(
        owned(
          ctx,
          r.table,
          eq(r.table.customerId, customerId),
          eq(r.single, true),
          id ? ne(r.table.id, id) : undefined,
        ),
      );
  }

  /** The record through its customer (`need`), the customer's row locked for a write. */
  const load = (tx: Tx, ctx: Ctx, viewer: CustomerViewer, id: string, need: 'read' | 'write') =>
    loadThroughCustomer(tx, ctx, viewer, r.table, r.entity, id, need, { lockCustomer: need !== 'read' });

  /**
   * The record's read and writes in the service shape: `before` reads the caller's viewer and the
   * keys of the secret columns before the unit; the others run in the caller's transaction.
   */
  const service: RecordService<D, I, U, Before> = {
    before: async (services, ctx) => ({ viewer: await viewerOf(services, ctx), secrets: await secretsOf(services) }),
    async get(tx, ctx, { viewer, secrets }, id) {
      await load(tx, ctx, viewer, id, 'read');
      return reread(secrets, tx, ctx, id);
    },
    async create(tx, ctx, { viewer, secrets }, input) {
      await loadCustomer(tx, viewer, input.customerId, 'write', { forUpdate: true });
      const typed = { ...(await r.values(tx, ctx, input)), customerId: input.customerId };
      const values = secrets ? sealForInsert(secrets, r.table, typed) : typed;
      await keepSingle(tx, ctx, input.customerId, values);
      const row = await insertOwned(tx, ctx, r.table, r.entity, values as Partial<T['$inferInsert']>);
      return row.id as string;
    },
    async update(tx, ctx, { viewer, secrets }, id, input: U & { concurrencyStamp?: string }) {
      const { row: before } = await load(tx, ctx, viewer, id, 'write');
      const typed = await r.values(tx, ctx, input, before);
      // a secret sent back masked or left out is dropped here, so the stored one stays
      const values = secrets ? sealForUpdate(secrets, r.table, typed) : typed;
      await keepSingle(tx, ctx, before.customerId as string, values, id);
      await updateOwned(tx, ctx, r.table, r.entity, id, values, input.concurrencyStamp);
    },
    async remove(tx, ctx, { viewer }, id) {
      await load(tx, ctx, viewer, id, 'write');
      await deleteOwned(tx, ctx, r.table, r.entity, id);
    },
  };

  return {
    /** The list (the records of the customers the viewer sees), what is read before the unit, one record. */
    queries: { list, before: service.before, get: service.get },
    /** The writes, in the caller's transaction. */
    commands: { create: service.create, update: service.update, delete: service.remove },
  };
}
