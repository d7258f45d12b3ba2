import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TenantDatabase {
  /** The tenant's `Default` connection string. */
  url: string;
  drop(): Promise<void>;
}

/**
 * A new, empty database for a tenant's own data: a fresh PostgreSQL database on the server of
 * `TEST_DATABASE_URL` when that is set (as CI does), else an embedded `pglite:` folder.
 */
export async function newTenantDatabase(): Promise<TenantDatabase> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'seller-e2e-tenantdb-'));
    return { url: `pglite:${join(dir, 'db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const { default: pg } = await import('pg');
  const name = `seller_e2e_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
