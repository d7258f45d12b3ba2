import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from '../identity/index.ts';

/** A user's display name as the CRM shows it: surname and name, else the user name. */
export const displayNameOf = sql<string>`coalesce(nullif(trim(concat_ws(' ', ${users.surname}, ${users.name})), ''), ${users.userName})`;

/** The display name of the user `id` names, looked up per row. */
export const userName = (id: SQL | AnyPgColumn) =>
  sql<string | null>`(select ${displayNameOf} from ${users} where ${users.id} = ${id})`;
