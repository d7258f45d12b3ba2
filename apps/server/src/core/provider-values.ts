import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type CrudContext, recordChange } from './crud.ts';
import type { Tx } from './db/client.ts';
import type { ValidationErrorItem } from './errors.ts';

/**
 * ABP's value stores (features, settings): one row per (name, provider, key). A table of that
 * shape, and the audit name of its rows.
 */
export interface ProviderValueTable {
  table: PgTable & {
    id: PgColumn;
    name: PgColumn;
    value: PgColumn;
    providerName: PgColumn;
    providerKey: PgColumn;
  };
  entity: string;
}

interface StoredValue {
  id: string;
  name: string;
  value: string;
  providerName: string;
  providerKey: string;
}

/** Rows of a value store's table (its columns are checked by `ProviderValueTable`). */
const stored = (rows: unknown) => rows as StoredValue[];

/**
 * Writes `items` for one provider and key: an item whose value `isDefault` removes its row, any
 * other inserts or updates it; each change goes to the audit log. Items are checked beforehand.
 */
export async function storeProviderValues(
  tx: Tx,
  ctx: CrudContext,
  store: ProviderValueTable,
  provider: { name: string; key: string },
  items: { name: string; value: string | null }[],
  isDefault: (item: { name: string; value: string | null }) => boolean,
): Promise<void> {
  const { table, entity } = store;
  const names = [...new Set(items.map((i) => i.name))];
  const existing = stored(
    await tx
      .select()
      .from(table as PgTable)
      .where(
        and(eq(table.providerName, provider.name), eq(table.providerKey, provider.key), inArray(table.name, names)),
      ),
  );
  const byName = new Map(existing.map((r) => [r.name, r]));
  for (const item of items) {
    const row = byName.get(item.name);
    if (item.value === null || isDefault(item)) {
      if (!row) continue;
      await tx.delete(table).where(eq(table.id, row.id));
      byName.delete(item.name);
      recordChange(ctx, entity, 2, row.id, { ...row }, {});
    } else if (row) {
      if (row.value === item.value) continue;
      const [after] = stored(
        await tx
          .update(table)
          .set({ value: item.value } as never)
          .where(eq(table.id, row.id))
          .returning(),
      );
      byName.set(item.name, after);
      recordChange(ctx, entity, 1, row.id, { ...row }, { ...after });
    } else {
      const [created] = stored(
        await tx
          .insert(table)
          .values({
            name: item.name,
            value: item.value,
            providerName: provider.name,
            providerKey: provider.key,
          } as never)
          .returning(),
      );
      byName.set(item.name, created);
      recordChange(ctx, entity, 0, created.id, {}, { ...created });
    }
  }
}

/** The refusals of a list of named changes, as field errors naming `<list>.<i>.<member>`. */
export function itemRefusals<I>(
  list: string,
  items: I[],
  refusalOf: (item: I) => { message: string; member: 'name' | 'value'; params: string[] } | undefined,
): ValidationErrorItem[] {
  return items.flatMap((item, i) => {
    const refusal = refusalOf(item);
    return refusal
      ? [{ message: refusal.message, members: [`${list}.${i}.${refusal.member}`], params: refusal.params }]
      : [];
  });
}
