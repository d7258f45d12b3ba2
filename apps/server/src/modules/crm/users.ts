import type { SQL, SQLWrapper } from 'drizzle-orm';
import { eq, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type CrudContext, owned } from '../../core/crud.ts';
import { contains } from '../../core/search.ts';
import { users } from '../identity/index.ts';

/** A user's display name as the CRM shows it: surname and name, else the user name. */
export const displayNameOf = sql<string>`coalesce(nullif(trim(concat_ws(' ', ${users.surname}, ${users.name})), ''), ${users.userName})`;

/** The display name of the user `id` names, looked up per row. */
export const userName = (id: SQL | AnyPgColumn) =>
  sql<string | null>`(select ${displayNameOf} from ${users} where ${users.id} = ${id})`;

/** The tenant's active users for a picker: those with `filter` in one of `columns` when there is one. */
export const activeUsersMatching = (ctx: CrudContext, filter: string | undefined, columns: SQLWrapper[]) =>
  owned(ctx, users, eq(users.isActive, true), filter ? or(...columns.map((c) => contains(c, filter))) : undefined);
