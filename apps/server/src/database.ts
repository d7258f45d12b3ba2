import { type Database, openDatabase } from './core/db/client.ts';
import { viewsIn } from './core/db/views.ts';
import * as schema from './schema.ts';

/** Opens the product's database (migrated, with the views its modules declare next to their tables). */
export function openProductDatabase(opts: { url?: string; dir?: string; poolSize?: number }): Promise<Database> {
  return openDatabase({ ...opts, views: viewsIn(schema) });
}
