import { inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type CrudContext, owned } from './crud.ts';
import type { Tx } from './db/client.ts';
import { AppError, type ValidationErrorItem } from './errors.ts';

/**
 * Reference members: a body member that names a row of a tenant's table (`shopId`,
 * `lines.*.variantId`). Declared once with `ref(table)` and checked inside the request's own
 * transaction, so a row of another tenant (invisible under row-level security and the tenant
 * predicate), a deleted one or an id that was never issued is a 400 naming the member, and nothing
 * is written. A table of a module this one does not depend on is named instead (`ref('Shop')`):
 * the owning module declares it in its definition's `references`; without that module running,
 * no id can exist.
 */
// biome-ignore lint/suspicious/noExplicitAny: drizzle's table generics are not worth spelling out here
type AnyTable = PgTable & Record<string, any>;

export interface Reference {
  table: AnyTable | string;
  /** The refusal's text key (`{0}` is the id); "does not exist" by default. */
  text?: string;
}

/** A member naming a row of `table` (or of the table a module declares under that name). */
export const ref = (table: AnyTable | string, text?: string): Reference => ({ table, text });

/** By member path: `shopId`, `warehouseIds.*`, `lines.*.variantId`. */
export type References = Record<string, Reference>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const named = new Map<string, AnyTable>();

/** Called by the kernel for each module's `references`. */
export function registerReferenceTarget(name: string, table: AnyTable) {
  const existing = named.get(name);
  if (existing && existing !== table) throw new Error(`Two modules declare the reference target ${name}`);
  named.set(name, table);
}

/** Each [member, id] the input gives at `path` (`*` is every index of an array). */
function idsAt(value: unknown, path: string[], at: string[] = []): [string, string][] {
  if (!path.length) return typeof value === 'string' && value ? [[at.join('.'), value]] : [];
  const [head, ...rest] = path;
  if (head === '*') return Array.isArray(value) ? value.flatMap((v, i) => idsAt(v, rest, [...at, String(i)])) : [];
  if (typeof value !== 'object' || value === null) return [];
  return idsAt((value as Record<string, unknown>)[head!], rest, [...at, head!]);
}

/** 400 naming every member whose id is not a row of the caller's tenant; `tx` is the request's own. */
export async function assertReferences(tx: Tx, ctx: CrudContext, input: unknown, references: References | undefined) {
  if (!references) return;
  const errors: ValidationErrorItem[] = [];
  for (const [path, r] of Object.entries(references)) {
    const given = idsAt(input, path.split('.'));
    if (!given.length) continue;
    const table = typeof r.table === 'string' ? named.get(r.table) : r.table;
    // a value that is no uuid names no row (and must not reach a uuid column)
    const ids = [...new Set(given.map(([, id]) => id))].filter((id) => UUID.test(id));
    const found = new Set<string>();
    if (table && ids.length) {
      // share-locked until the write commits: a row deleted meanwhile waits, then sees the reference
      const rows = await tx
        .select({ id: table.id })
        .from(table as PgTable)
        .where(owned(ctx, table, inArray(table.id, ids)))
        .for('share');
      for (const row of rows) found.add(row.id as string);
    }
    for (const [member, id] of given) {
      if (!found.has(id)) errors.push({ message: r.text ?? 'Value:NotFound', members: [member], params: [id] });
    }
  }
  if (errors.length) throw new AppError({ status: 400, messageKey: 'ValidationError', validationErrors: errors });
}
