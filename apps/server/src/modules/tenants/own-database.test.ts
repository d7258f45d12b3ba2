import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../../../test/harness.ts';
import { token } from '../permission-management/test-support.ts';

/**
 * A tenant whose `Default` connection string is set keeps its data in that database: on
 * PostgreSQL (TEST_DATABASE_URL) in a new database on the same server, on PGlite in a
 * `pglite:<folder>`.
 */
const URL = '/api/tenant-management/tenants';
const baseUrl = process.env.TEST_DATABASE_URL || '';

let t: TestApp;
let hostAdmin: string;
const created: { url: string; drop(): Promise<void> }[] = [];

/** A new, empty database for a tenant. */
async function newDatabase(): Promise<string> {
  if (!baseUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'seller-tenantdb-'));
    const url = `pglite:${join(dir, 'db')}`;
    created.push({ url, drop: async () => rmSync(dir, { recursive: true, force: true }) });
    return url;
  }
  const name = `seller_tenantdb_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new globalThis.URL(baseUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  created.push({
    url,
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  });
  return url;
}

/** Admin users of `tenantId` stored in the database at `url` (read directly, as the owner). */
async function adminRowsIn(url: string, tenantId: string): Promise<number> {
  if (url.startsWith('pglite:')) {
    const db = await t.services.data.databaseFor({
      id: tenantId,
      name: 'x',
      isActive: true,
      connectionStrings: [{ name: 'Default', value: url }],
    });
    const r = await db.db.execute<{ n: number }>(
      sql`select count(*)::int as n from identity_users where tenant_id = ${tenantId} and user_name = 'admin'`,
    );
    return r.rows[0].n;
  }
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query(
      "select count(*)::int as n from identity_users where tenant_id = $1 and user_name = 'admin'",
      [tenantId],
    );
    return r.rows[0].n;
  } finally {
    await c.end();
  }
}

/** The same count in the main database. */
async function adminRowsInMain(tenantId: string): Promise<number> {
  const r = await t.services.data.unscoped((tx) =>
    tx.execute<{ n: number }>(
      sql`select count(*)::int as n from identity_users where tenant_id = ${tenantId} and user_name = 'admin'`,
    ),
  );
  return r.rows[0].n;
}

beforeAll(async () => {
  t = await createTestApp();
  hostAdmin = await token(t.app, null);
});
afterAll(async () => {
  // close the tenant databases before dropping them
  for (const c of created) {
    const db = await t.services.data
      .databaseFor({
        id: crypto.randomUUID(),
        name: 'x',
        isActive: true,
        connectionStrings: [{ name: 'Default', value: c.url }],
      })
      .catch(() => null);
    await db?.close().catch(() => {});
  }
  await t?.close();
  for (const c of created) await c.drop().catch(() => {});
});

describe(`a tenant with its own database (${baseUrl ? 'PostgreSQL' : 'PGlite folder'})`, () => {
  it('is created there: its admin signs in against it, nothing of it is in the main database', async () => {
    const url = await newDatabase();
    const res = await as(
      t.app,
      hostAdmin,
    )({
      method: 'POST',
      url: URL,
      payload: {
        name: 'island',
        adminEmailAddress: 'boss@island.test',
        adminPassword: 'Isl4nd!pw',
        defaultConnectionString: url,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const island = res.json();
    expect(island.hasOwnDatabase).toBe(true);

    expect(await adminRowsIn(url, island.id)).toBe(1);
    expect(await adminRowsInMain(island.id)).toBe(0);

    const admin = await token(t.app, 'island', 'admin', 'Isl4nd!pw');
    const me = await as(t.app, admin)({ method: 'GET', url: '/api/identity/my-profile' });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('boss@island.test');
    const menus = await as(t.app, admin)({ method: 'GET', url: '/api/platform/menus/by-current-user' });
    expect(menus.json().items.map((m: { name: string }) => m.name)).toEqual(
      expect.arrayContaining(['Dashboard', 'Users', 'Menus']),
    );

    const check = await as(
      t.app,
      hostAdmin,
    )({ method: 'GET', url: `${URL}/${island.id}/connection-string/Default/check` });
    expect(check.json()).toEqual({ name: 'Default', reachable: true, message: null });
    const list = await as(t.app, hostAdmin)({ method: 'GET', url: `${URL}/${island.id}/connection-string` });
    expect(list.json()).toEqual({ items: [{ name: 'Default', value: url }] });
  });

  it('moves an existing tenant when Default is set: migrated, seeded, the admin keeps the password', async () => {
    const created_ = await as(
      t.app,
      hostAdmin,
    )({
      method: 'POST',
      url: URL,
      payload: { name: 'mover', adminEmailAddress: 'boss@mover.test', adminPassword: 'M0ver!pw' },
    });
    const mover = created_.json();
    expect(await adminRowsInMain(mover.id)).toBe(1);

    const url = await newDatabase();
    const put = await as(
      t.app,
      hostAdmin,
    )({
      method: 'PUT',
      url: `${URL}/${mover.id}/connection-string`,
      payload: { name: 'default', value: url },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ name: 'Default', value: url });
    expect((await as(t.app, hostAdmin)({ method: 'GET', url: `${URL}/${mover.id}` })).json().hasOwnDatabase).toBe(true);
    expect(await adminRowsIn(url, mover.id)).toBe(1);

    // the sign-in reads the new database: change the admin there, the main copy is not used
    const admin = await token(t.app, 'mover', 'admin', 'M0ver!pw');
    const profile = await as(t.app, admin)({ method: 'GET', url: '/api/identity/my-profile' });
    expect(profile.json().email).toBe('boss@mover.test');
    const changed = await as(
      t.app,
      admin,
    )({
      method: 'POST',
      url: '/api/identity/my-profile/change-password',
      payload: { currentPassword: 'M0ver!pw', newPassword: 'N3wer!pw' },
    });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    await token(t.app, 'mover', 'admin', 'N3wer!pw');

    // back to the shared database: the old admin row (old password) is used again
    const del = await as(t.app, hostAdmin)({ method: 'DELETE', url: `${URL}/${mover.id}/connection-string/Default` });
    expect(del.statusCode).toBe(204);
    await token(t.app, 'mover', 'admin', 'M0ver!pw');
  });
});
