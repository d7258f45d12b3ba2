import { type Database, openDatabase } from './core/db/client.ts';
import { viewsIn } from './core/db/views.ts';
import { secretTablesIn } from './core/secret-columns.ts';
import * as schema from './schema.ts';

/**
 * Opens the product's database (migrated, with the views its modules declare next to their
 * tables, and knowing its secret columns so the app can encrypt clear values left in them).
 */
export function openProductDatabase(opts: {
  url?: string;
  dir?: string;
  poolSize?: number;
  loadDataDir?: Blob;
}): Promise<Database> {
  return openDatabase({ ...opts, views: viewsIn(schema), secretTables: secretTablesIn(schema) });
}
