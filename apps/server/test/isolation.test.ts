import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogDemo } from '../src/modules/catalog/seed.ts';
import { as, createTestApp, signIn, type TestApp } from './harness.ts';

/**
 * A sweep over every registered API route: a token of tenant `demo`'s admin, whatever
 * id or `__tenant` it sends, never receives a row of tenant `other` or of the host, and
 * host-only routes refuse it.
 */
let t: TestApp;
let token: string;
let foreignIds: string[];
let otherIds: Record<string, string>;
/** Ids of the other tenant's rows to try as `:id`: one per table that has rows. */
let otherRowIds: string[];
let tenantTables: string[];
/** The other tenant's row ids by table. */
let otherByTable: Record<string, string[]>;

type Tx = Parameters<Parameters<TestApp['services']['data']['inTenant']>[1]>[0];
const owner = <T>(fn: (tx: Tx) => Promise<T>) => t.services.data.unscoped(fn);

/** `id`s of `tenantId`'s rows (host rows when null) in every tenant table. */
async function idsByTable(tenantId: string | null): Promise<Record<string, string[]>> {
  return owner(async (tx) => {
    const out: Record<string, string[]> = {};
    for (const table of tenantTables) {
      const rows = await tx.execute<{ id: string }>(
        sql`select id::text as id from ${sql.identifier(table)} where tenant_id is not distinct from ${tenantId}::uuid`,
      );
      out[table] = rows.rows.map((r) => r.id);
    }
    return out;
  });
}

beforeAll(async () => {
  t = await createTestApp();
  // the other tenant gets the same business data as demo, so a leak of any module can show
  await seedCatalogDemo(t.services, t.other);
  token = (await signIn(t.app, { tenant: 'demo' })).access_token;
  tenantTables = await owner(async (tx) => {
    const rows = await tx.execute<{ table_name: string }>(sql`
      select c.table_name from information_schema.columns c
      join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
      where c.table_schema = current_schema() and c.column_name = 'tenant_id' and tb.table_type = 'BASE TABLE'
        and exists (select 1 from information_schema.columns i
                    where i.table_schema = c.table_schema and i.table_name = c.table_name and i.column_name = 'id')
      order by 1`);
    return rows.rows.map((r) => r.table_name);
  });
  const other = await idsByTable(t.other.id);
  otherByTable = other;
  const host = await idsByTable(null);
  foreignIds = [t.other.id, ...Object.values(other).flat(), ...Object.values(host).flat()];
  otherIds = {
    user: other.identity_users[0],
    role: other.identity_roles[0],
    menu: other.platform_menus[0] ?? other.identity_roles[0],
  };
  otherRowIds = Object.values(other)
    .map((ids) => ids[0])
    .filter((id): id is string => Boolean(id));
});
afterAll(() => t.close());

/** Fills `:param` segments with ids of the other tenant (or plain names). */
function fill(url: string): string {
  return url.replace(/:(\w+)/g, (_m, name: string) => {
    const n = name.toLowerCase();
    if (n.includes('user')) return otherIds.user;
    if (n.includes('role') && !n.includes('name')) return otherIds.role;
    if (n === 'id' || n.endsWith('id')) return otherIds.menu;
    if (n.includes('name') || n === 'role') return 'admin';
    if (n.includes('platform')) return '56';
    return otherIds.user;
  });
}

describe('tenant isolation across every endpoint', () => {
  it('has rows of the other tenant to try in the product tables', () => {
    // the sweeps below are only as good as the rows they try: the product parts must be seeded
    for (const table of ['catalog_products', 'catalog_product_variants', 'catalog_product_specifications']) {
      expect(tenantTables).toContain(table);
      expect(otherByTable[table]?.length, table).toBeGreaterThan(0);
    }
  });

  it('never returns another tenant or host record to a tenant token', async () => {
    const request = as(t.app, token);
    const apiRoutes = t.services.routes.filter((r) => r.url.startsWith('/api/') && r.method === 'GET');
    expect(apiRoutes.length).toBeGreaterThan(5);
    for (const route of apiRoutes) {
      const withIds = route.url.includes(':') ? [otherIds.user, otherIds.role, ...otherRowIds] : [otherIds.menu];
      for (const [i, id] of [...new Set(withIds)].entries()) {
        const url = fill(route.url).replaceAll(otherIds.menu, id);
        const tenantHeaders = i === 0 ? [{}, { __tenant: t.other.name }, { __tenant: t.other.id }] : [{}];
        for (const headers of tenantHeaders) {
          const res = await request({ method: 'GET', url, headers });
          expect(res.statusCode, `${route.method} ${url}`).toBeLessThan(500);
          const leaked = foreignIds.filter((id) => !url.includes(id) && res.body.includes(id));
          expect(leaked, `${route.method} ${url} leaked ${leaked.join(', ')}`).toEqual([]);
        }
      }
    }
  });

  it('refuses host-only routes to a tenant token', async () => {
    const request = as(t.app, token);
    const hostOnly = t.services.routes.filter(
      (r) => r.url.startsWith('/api/') && (r.config as { side?: string })?.side === 'host',
    );
    for (const route of hostOnly) {
      const res = await request({
        method: route.method as 'GET',
        url: fill(route.url),
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('changes nothing of another tenant through write routes', async () => {
    const request = as(t.app, token);
    // every row of every tenant table of the other tenant, as text
    const snapshot = () =>
      owner(async (tx) => {
        const parts: string[] = [];
        for (const table of tenantTables) {
          const rows = await tx.execute<{ v: string }>(
            sql`select coalesce(string_agg(t::text, '|' order by t.id), '') as v from ${sql.identifier(table)} t where tenant_id = ${t.other.id}::uuid`,
          );
          parts.push(`${table}:${rows.rows[0].v}`);
        }
        return parts.join('\n');
      });
    const before = await snapshot();
    const writes = t.services.routes.filter(
      (r) => r.url.startsWith('/api/') && r.url.includes(':') && ['PUT', 'DELETE', 'POST'].includes(r.method),
    );
    for (const route of writes) {
      for (const id of new Set([otherIds.menu, ...otherRowIds])) {
        const url = fill(route.url).replaceAll(otherIds.menu, id);
        const res = await request({ method: route.method as 'PUT', url, payload: {} });
        expect(res.statusCode, `${route.method} ${url}`).toBeGreaterThanOrEqual(400);
      }
    }
    expect(await snapshot()).toBe(before);
  });
});
