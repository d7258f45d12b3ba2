/**
 * Views kept by code: a fresh database gets them after migrating, with the application role's
 * grant; a column added to a table reaches its view at the next start without a migration; an
 * unchanged view is left alone. On PGlite (a folder) or, with TEST_DATABASE_URL, on a scratch
 * PostgreSQL database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../schema.ts';
import { APP_ROLE, type Database, openDatabase } from './client.ts';
import { viewsIn } from './views.ts';

const baseUrl = process.env.TEST_DATABASE_URL;

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

let target: { open: () => Promise<Database>; drop: () => Promise<void> };

beforeAll(async () => {
  if (baseUrl) {
    const name = `views_test_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    target = {
      open: () => openDatabase({ url: url.toString(), poolSize: 2, views: viewsIn(schema) }),
      drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'views-test-'));
    target = {
      open: () => openDatabase({ dir, views: viewsIn(schema) }),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
});

afterAll(async () => {
  await target?.drop();
});

const viewColumns = async (database: Database, view: string) =>
  (
    await database.db.execute<{ name: string }>(sql`
      select column_name as name from information_schema.columns
      where table_schema = current_schema() and table_name = ${view} order by ordinal_position`)
  ).rows.map((r) => r.name);

const viewOid = async (database: Database, view: string) =>
  (await database.db.execute<{ oid: number }>(sql`select to_regclass(${view})::oid as oid`)).rows[0]?.oid;

describe('views kept by code', () => {
  it('opens with the views the schema files define', async () => {
    const database = await target.open();
    try {
      const defined = viewsIn(schema)
        .map((v) => ({ name: v.name, select: v.select }))
        .sort((a, b) => a.name.localeCompare(b.name));
      expect(defined.map((v) => v.name)).toEqual([
        'catalog_products_scoped',
        'crm_customers_scoped',
        'identity_users_scoped',
        'sitekit_products_scoped',
        'trade_sales_order_tallies_scoped',
        'trade_sales_orders_scoped',
      ]);
      expect(
        database.views.map((v) => ({ name: v.name, select: v.select })).sort((a, b) => a.name.localeCompare(b.name)),
      ).toEqual(defined);
    } finally {
      await database.close();
    }
  });

  it('creates each view with every column of its table, readable by the application role for its tenant only', async () => {
    const database = await target.open();
    try {
      const table = (
        await database.db.execute<{ name: string }>(sql`
          select column_name as name from information_schema.columns
          where table_schema = current_schema() and table_name = 'catalog_products' order by ordinal_position`)
      ).rows.map((r) => r.name);
      expect(await viewColumns(database, 'catalog_products_scoped')).toEqual(table);
      const tenantA = '11111111-1111-1111-1111-111111111111';
      const tenantB = '22222222-2222-2222-2222-222222222222';
      await database.db.execute(sql`
        insert into catalog_products (tenant_id, sku, name, category_ids, description, price, concurrency_stamp)
        values (${tenantA}, 'VIEW-A', 'a', '{}', '', 1, 'x'), (${tenantB}, 'VIEW-B', 'b', '{}', '', 1, 'x')`);
      const seen = await database.db.transaction(async (tx) => {
        await tx.execute(
          sql`select set_config('role', ${APP_ROLE}, true), set_config('app.tenant_id', ${tenantA}, true)`,
        );
        return (await tx.execute<{ sku: string }>(sql`select sku from catalog_products_scoped`)).rows.map((r) => r.sku);
      });
      expect(seen).toEqual(['VIEW-A']);
    } finally {
      await database.close();
    }
  });

  it('adds a new table column to the view at the next start and leaves an unchanged view alone', async () => {
    let database = await target.open();
    const before = await viewOid(database, 'identity_users_scoped');
    await database.db.execute(sql.raw('ALTER TABLE catalog_products ADD COLUMN view_probe text'));
    await database.close();

    database = await target.open();
    try {
      expect(await viewColumns(database, 'catalog_products_scoped')).toContain('view_probe');
      expect(await viewOid(database, 'identity_users_scoped')).toBe(before);
    } finally {
      await database.close();
    }
  });
});
