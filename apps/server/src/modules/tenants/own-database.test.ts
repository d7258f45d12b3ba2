import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
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

/** A tenant object served from the database at `url` (to reach that database directly). */
const servedFrom = (url: string) => ({
  id: crypto.randomUUID(),
  name: 'x',
  isActive: true,
  connectionStrings: [{ name: 'Default', value: url }],
});

/**
 * A query in the database at `url` (`null`: the main database) as its owner, so row-level
 * security does not hide anything.
 */
async function queryIn<T>(url: string | null, text: string, params: unknown[] = []): Promise<T[]> {
  const pgUrl = url ?? t.services.config.databaseUrl;
  if (pgUrl?.startsWith('postgres')) {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    try {
      return (await c.query(text, params)).rows as T[];
    } finally {
      await c.end();
    }
  }
  const database = url ? await t.services.data.databaseFor(servedFrom(url)) : t.services.data.main;
  const client = (database.db as unknown as { $client: { query(q: string, p: unknown[]): Promise<{ rows: T[] }> } })
    .$client;
  return (await client.query(text, params)).rows;
}

/**
 * Rows of `tenantId` per table (tables without any left out) in the database at `url`; the
 * token server's tables, always in the main database, are not counted.
 */
async function tenantRows(url: string | null, tenantId: string): Promise<Record<string, number>> {
  const tables = await queryIn<{ table_name: string }>(
    url,
    `select table_name from information_schema.columns where table_schema = current_schema() and column_name = 'tenant_id'
     and table_name not in ('oauth_refresh_tokens', 'identity_impersonation_tokens')
     and table_name in (select table_name from information_schema.tables where table_type = 'BASE TABLE')`,
  );
  const out: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [r] = await queryIn<{ n: number }>(
      url,
      `select count(*)::int as n from "${table_name}" where tenant_id = $1`,
      [tenantId],
    );
    if (Number(r.n)) out[table_name] = Number(r.n);
  }
  return out;
}

/** Admin users of `tenantId` stored in the database at `url` (`null`: the main database). */
async function adminRowsIn(url: string | null, tenantId: string): Promise<number> {
  const [r] = await queryIn<{ n: number }>(
    url,
    "select count(*)::int as n from identity_users where tenant_id = $1 and user_name = 'admin'",
    [tenantId],
  );
  return Number(r.n);
}

const adminRowsInMain = (tenantId: string) => adminRowsIn(null, tenantId);

const host = (opts: InjectOptions) => as(t.app, hostAdmin)(opts);

/** A tenant in the shared database, created through the API. */
async function createTenant(name: string, adminPassword: string): Promise<{ id: string }> {
  const res = await host({
    method: 'POST',
    url: URL,
    payload: { name, adminEmailAddress: `boss@${name}.test`, adminPassword },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
  hostAdmin = await token(t.app, null);
});
afterAll(async () => {
  // close the tenant databases before dropping them
  for (const c of created) {
    const db = await t.services.data.databaseFor(servedFrom(c.url)).catch(() => null);
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

  it('moves an existing tenant with all its rows when Default is set, and back when it is deleted', async () => {
    const mover = await createTenant('mover', 'M0ver!pw');
    const admin = await token(t.app, 'mover', 'admin', 'M0ver!pw');
    // data beyond the seed: a role, and the audit and security log entries of this session
    const role = await as(t.app, admin)({ method: 'POST', url: '/api/identity/roles', payload: { name: 'packer' } });
    expect(role.statusCode, role.body).toBe(200);
    const inMain = await tenantRows(null, mover.id);
    expect(inMain).toMatchObject({ identity_users: 1, identity_security_logs: expect.any(Number) });
    expect(inMain.identity_roles).toBeGreaterThanOrEqual(2);

    const url = await newDatabase();
    const put = await host({
      method: 'PUT',
      url: `${URL}/${mover.id}/connection-string`,
      payload: { name: 'default', value: url },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ name: 'Default', value: url });
    const moved = (await host({ method: 'GET', url: `${URL}/${mover.id}` })).json();
    expect(moved).toMatchObject({ hasOwnDatabase: true, isActive: true });
    // every row went, none was added or left behind
    expect(await tenantRows(url, mover.id)).toEqual(inMain);
    expect(await tenantRows(null, mover.id)).toEqual({});

    // the tenant works from the new database: same password, same role, same audit trail
    const again = await token(t.app, 'mover', 'admin', 'M0ver!pw');
    const roles = await as(t.app, again)({ method: 'GET', url: '/api/identity/roles/all' });
    expect(roles.json().items.map((r: { name: string }) => r.name)).toContain('packer');
    const audit = await as(t.app, again)({ method: 'GET', url: '/api/auditing/audit-log?url=/api/identity/roles' });
    expect(audit.json().totalCount).toBeGreaterThanOrEqual(1);
    const changed = await as(
      t.app,
      again,
    )({
      method: 'POST',
      url: '/api/identity/my-profile/change-password',
      payload: { currentPassword: 'M0ver!pw', newPassword: 'N3wer!pw' },
    });
    expect(changed.statusCode, changed.body).toBeLessThan(300);

    // back to the shared database: the rows come back, with the password changed meanwhile
    const del = await host({ method: 'DELETE', url: `${URL}/${mover.id}/connection-string/Default` });
    expect(del.statusCode, del.body).toBe(204);
    expect(await tenantRows(url, mover.id)).toEqual({});
    expect(await adminRowsInMain(mover.id)).toBe(1);
    await token(t.app, 'mover', 'admin', 'N3wer!pw');
    expect((await host({ method: 'GET', url: `${URL}/${mover.id}` })).json()).toMatchObject({
      hasOwnDatabase: false,
      isActive: true,
    });
  });

  it('refuses to move a tenant into a database that already holds its data, and changes nothing', async () => {
    const stay = await createTenant('stayer', 'St4yer!pw');
    const url = await newDatabase();
    // the target, migrated, holds one row of the tenant
    await t.services.data.databaseFor(servedFrom(url));
    await queryIn(
      url,
      "insert into platform_layouts (id, tenant_id, name, display_name, path, concurrency_stamp) values ($1, $2, 'Stray', 'Stray', 'Layout', 'x')",
      [crypto.randomUUID(), stay.id],
    );
    const before = await tenantRows(null, stay.id);

    const res = await host({
      method: 'PUT',
      url: `${URL}/${stay.id}/connection-string`,
      payload: { name: 'Default', value: url },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/already holds data of tenant stayer \(table platform_layouts\)/);
    const zh = await as(
      t.app,
      hostAdmin,
      'zh-Hans',
    )({ method: 'PUT', url: `${URL}/${stay.id}/connection-string`, payload: { name: 'Default', value: url } });
    expect(zh.json().error.message).toMatch(/目标数据库中已有租户 stayer 的数据/);

    expect((await host({ method: 'GET', url: `${URL}/${stay.id}` })).json()).toMatchObject({
      hasOwnDatabase: false,
      isActive: true,
    });
    expect((await host({ method: 'GET', url: `${URL}/${stay.id}/connection-string` })).json()).toEqual({ items: [] });
    expect(await tenantRows(null, stay.id)).toEqual(before);
    expect(await tenantRows(url, stay.id)).toEqual({ platform_layouts: 1 });
    await token(t.app, 'stayer', 'admin', 'St4yer!pw');
  });

  it('refuses to move a tenant back to the shared database while that holds rows of it', async () => {
    const away = await createTenant('awayer', 'Aw4yer!pw');
    const url = await newDatabase();
    const put = await host({
      method: 'PUT',
      url: `${URL}/${away.id}/connection-string`,
      payload: { name: 'Default', value: url },
    });
    expect(put.statusCode, put.body).toBe(200);
    await queryIn(
      null,
      "insert into platform_layouts (id, tenant_id, name, display_name, path, concurrency_stamp) values ($1, $2, 'Stray', 'Stray', 'Layout', 'x')",
      [crypto.randomUUID(), away.id],
    );
    const del = await host({ method: 'DELETE', url: `${URL}/${away.id}/connection-string/Default` });
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toMatch(/platform_layouts/);
    expect((await host({ method: 'GET', url: `${URL}/${away.id}/connection-string` })).json()).toEqual({
      items: [{ name: 'Default', value: url }],
    });
    expect(await adminRowsIn(url, away.id)).toBe(1);
    await token(t.app, 'awayer', 'admin', 'Aw4yer!pw');
  });

  it('leaves the tenant where it was when the copy fails half-way', async () => {
    const half = await createTenant('halfway', 'H4lfway!pw');
    const before = await tenantRows(null, half.id);
    const url = await newDatabase();
    // the target refuses the tenant's roles: users (copied before them) must be removed again
    await t.services.data.databaseFor(servedFrom(url));
    await queryIn(url, "alter table identity_roles add constraint no_roles_here check (name = 'none')");

    const res = await host({
      method: 'PUT',
      url: `${URL}/${half.id}/connection-string`,
      payload: { name: 'Default', value: url },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(await tenantRows(url, half.id)).toEqual({});
    expect(await tenantRows(null, half.id)).toEqual(before);
    expect((await host({ method: 'GET', url: `${URL}/${half.id}` })).json()).toMatchObject({
      hasOwnDatabase: false,
      isActive: true,
    });
    await token(t.app, 'halfway', 'admin', 'H4lfway!pw');
  });

  it('needs the connection-string permission and a tenant of the host', async () => {
    const demoAdmin = await token(t.app, 'demo');
    const url = await newDatabase();
    const res = await as(
      t.app,
      demoAdmin,
    )({ method: 'PUT', url: `${URL}/${t.demo.id}/connection-string`, payload: { name: 'Default', value: url } });
    expect(res.statusCode).toBe(403);
    const ghost = await host({
      method: 'PUT',
      url: `${URL}/${crypto.randomUUID()}/connection-string`,
      payload: { name: 'Default', value: url },
    });
    expect(ghost.statusCode).toBe(404);
    expect(await tenantRows(url, t.demo.id)).toEqual({});
  });
});
