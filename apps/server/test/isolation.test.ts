import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '../src/modules/identity/seed.ts';
import { createUser } from '../src/modules/permission-management/test-support.ts';
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
let tenantTables: string[];
/** The other tenant's row ids by table. */
let otherByTable: Record<string, string[]>;
/** One row id of the other tenant per table that has rows. */
let otherRowIdsByTable: Record<string, string>;

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length > 2)
    .map((w) => w.replace(/(ies)$/, 'y').replace(/s$/, ''));

/**
 * The other tenant's ids to aim at `url`: one from each table whose name shares the most words with
 * the route's path (`/api/crm/customers/:id` → `crm_customers`, `crm_contacts`…), so every route
 * meets the records it serves without a list per module, and the sweep stays bounded.
 */
function idsFor(url: string): string[] {
  const route = new Set(words(url.replace(/:\w+/g, '')));
  const scored = Object.entries(otherRowIdsByTable)
    .map(([table, id]) => ({ id, score: words(table).filter((w) => route.has(w)).length }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score);
  const best = scored[0]?.score ?? 0;
  // a route that names no table: every table's row
  if (!best) return Object.values(otherRowIdsByTable);
  return scored
    .filter((x) => x.score >= Math.max(1, best - 1))
    .map((x) => x.id)
    .slice(0, 12);
}

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
  // no job runs in this app: background work (a listing's publish, say) would change the other
  // tenant's rows while the write sweep compares them
  t = await createTestApp({ JOBS_WORKER: 'false' });
  // the other tenant gets every module's demo data, as demo has (with demo's staff, whom the CRM's
  // data belongs to, and a session of its own), so a leak of any module can show
  for (const u of demoUsers) await createUser(t.services, t.other, u.userName, [u.role]);
  for (const m of t.services.modules) await m.seedDemo?.(t.services, t.other);
  await signIn(t.app, { tenant: 'other' });
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
  otherRowIdsByTable = Object.fromEntries(
    Object.entries(other)
      .filter(([, ids]) => ids.length)
      .map(([table, ids]) => [table, ids[0] as string]),
  );
}, 300_000);
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
  it('has rows of the other tenant to try in every table where demo has rows', async () => {
    // the sweeps below are only as good as the rows they try: every module's data must be there
    const demo = await idsByTable(t.demo.id);
    const missing = tenantTables.filter((table) => demo[table]?.length && !otherByTable[table]?.length);
    expect(missing).toEqual([]);
    expect(tenantTables.filter((table) => otherByTable[table]?.length).length).toBeGreaterThan(40);
  });

  it('never returns another tenant or host record to a tenant token', { timeout: 300_000 }, async () => {
    const request = as(t.app, token);
    const apiRoutes = t.services.routes.filter((r) => r.url.startsWith('/api/') && r.method === 'GET');
    expect(apiRoutes.length).toBeGreaterThan(5);
    for (const route of apiRoutes) {
      const withIds = route.url.includes(':') ? [otherIds.user, otherIds.role, ...idsFor(route.url)] : [otherIds.menu];
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

  it('changes nothing of another tenant through write routes', { timeout: 300_000 }, async () => {
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
      for (const id of new Set([otherIds.menu, ...idsFor(route.url)])) {
        const url = fill(route.url).replaceAll(otherIds.menu, id);
        const res = await request({ method: route.method as 'PUT', url, payload: {} });
        expect(res.statusCode, `${route.method} ${url}`).toBeGreaterThanOrEqual(400);
      }
    }
    expect(await snapshot()).toBe(before);
  });
});
