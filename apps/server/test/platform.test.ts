import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { owned } from '../src/core/crud.ts';
import type { Tx } from '../src/core/db/client.ts';
import { roles } from '../src/modules/identity/schema.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('row-level security (the second lock)', () => {
  it('hides other tenants rows even from a query without a tenant predicate', async () => {
    const seen = await t.services.data.inTenant({ tenant: t.demo }, (tx) => tx.select().from(roles));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => r.tenantId === t.demo.id)).toBe(true);

    const host = await t.services.data.inTenant({ tenant: null }, (tx) => tx.select().from(roles));
    expect(host.every((r) => r.tenantId === null)).toBe(true);

    const all = await t.services.data.unscoped((tx) => tx.select().from(roles));
    expect(new Set(all.map((r) => r.tenantId))).toEqual(new Set([null, t.demo.id, t.other.id]));
  });

  it('refuses to write a row into another tenant', async () => {
    await expect(
      t.services.data.inTenant({ tenant: t.demo }, (tx) =>
        tx.insert(roles).values({ tenantId: t.other.id, name: 'intruder', normalizedName: 'INTRUDER' }),
      ),
    ).rejects.toThrow();
    const leaked = await t.services.data.unscoped((tx) => tx.select().from(roles).where(eq(roles.name, 'intruder')));
    expect(leaked).toHaveLength(0);
  });

  it('refuses to update another tenant row by id', async () => {
    const [otherAdmin] = await t.services.data.inTenant({ tenant: t.other }, (tx) =>
      tx.select().from(roles).where(eq(roles.name, 'admin')),
    );
    const updated = await t.services.data.inTenant({ tenant: t.demo }, (tx) =>
      tx.update(roles).set({ isPublic: false }).where(eq(roles.id, otherAdmin.id)).returning(),
    );
    expect(updated).toHaveLength(0);
  });

  it('the first lock adds the tenant predicate', async () => {
    const rows = await t.services.data.unscoped((tx) =>
      tx
        .select({ n: sql<number>`count(*)::int` })
        .from(roles)
        .where(owned({ tenant: t.other, user: null }, roles)),
    );
    expect(rows[0].n).toBe(4);
  });
});

describe('units of work', () => {
  it('roll back every write when a later statement fails', async () => {
    await expect(
      t.services.data.inTenant({ tenant: t.demo }, async (tx) => {
        await tx.select().from(roles);
        await tx.insert(roles).values({ tenantId: t.demo.id, name: 'half', normalizedName: 'HALF' });
        await tx.insert(roles).values({ tenantId: t.demo.id, name: 'half', normalizedName: 'HALF' }); // unique clash
      }),
    ).rejects.toThrow();
    const rows = await t.services.data.unscoped((tx) => tx.select().from(roles).where(eq(roles.name, 'half')));
    expect(rows).toHaveLength(0);
  });

  it('switch tenant and owner scopes on the same pooled connections without mixing them', async () => {
    for (let i = 0; i < 30; i++) {
      const tenant = [t.demo, t.other, null][i % 3];
      const seen = await t.services.data.inTenant({ tenant }, (tx) =>
        tx.select({ tenantId: roles.tenantId }).from(roles),
      );
      expect(new Set(seen.map((r) => r.tenantId))).toEqual(new Set([tenant?.id ?? null]));
      const all = await t.services.data.unscoped((tx) => tx.select({ tenantId: roles.tenantId }).from(roles));
      expect(new Set(all.map((r) => r.tenantId)).size).toBe(3);
    }
  });
});

describe('error envelope and tenancy resolution', () => {
  it('answers an unknown API path with a localized 404 envelope', async () => {
    const en = await t.app.inject({ url: '/api/nothing-here', headers: { 'accept-language': 'en' } });
    expect(en.statusCode).toBe(404);
    expect(en.headers._abperrorformat).toBe('true');
    expect(en.json().error.message).toBe('The requested resource does not exist!');
    const zh = await t.app.inject({ url: '/api/nothing-here', headers: { 'accept-language': 'zh-CN' } });
    expect(zh.json().error.message).toBe('您所请求的资源不存在!');
  });

  it('refuses an unknown tenant named by header, query, cookie or host name', async () => {
    for (const req of [
      { url: '/api/nothing-here', headers: { __tenant: 'nope' } },
      { url: '/api/nothing-here?__tenant=nope' },
      { url: '/api/nothing-here', headers: { cookie: 'theme=dark; __tenant=nope' } },
      { url: '/api/nothing-here', headers: { host: 'nope.localhost:9527' } },
    ]) {
      const res = await t.app.inject({ ...req, headers: { 'accept-language': 'en', ...req.headers } });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('the given tenant is not available (nope)');
      expect(res.headers['abp-tenant-resolve-error']).toBeTruthy();
    }
  });

  it('resolves the tenant from the __tenant cookie, and sends no CORS grants by default', async () => {
    const res = await t.app.inject({
      url: '/api/abp/application-configuration',
      headers: { cookie: 'a=1; __tenant=demo', origin: 'https://elsewhere.example' },
    });
    expect(res.json().currentTenant).toMatchObject({ name: 'demo', isAvailable: true });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses an invalid bearer token with 401', async () => {
    const res = await t.app.inject({
      url: '/api/abp/application-configuration',
      headers: { authorization: 'Bearer x.y.z' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBeTruthy();
  });
});

describe('units of work', () => {
  it('runs a nested transaction as a savepoint: its rollback undoes only its own writes, the unit stays one transaction', async () => {
    const names = ['unit-outer', 'unit-inner', 'unit-after'];
    const role = (name: string) => ({ tenantId: t.demo.id, name, normalizedName: name.toUpperCase() });
    // the first row, then a savepoint that writes the second and fails
    const outerThenFailedInner = async (tx: Tx) => {
      await tx.insert(roles).values(role(names[0]!));
      await tx
        .transaction(async (inner) => {
          await inner.insert(roles).values(role(names[1]!));
          throw new Error('inner refused');
        })
        .catch(() => {});
    };
    const failing = t.services.data.inTenant({ tenant: t.demo }, async (tx) => {
      await outerThenFailedInner(tx);
      await tx.insert(roles).values(role(names[2]!));
      throw new Error('outer refused');
    });
    await expect(failing).rejects.toThrow('outer refused');
    const count = async () =>
      (
        await t.services.data.unscoped((tx) =>
          tx.select({ name: roles.name }).from(roles).where(sql`${roles.name} in ${names}`),
        )
      ).map((r) => r.name);
    // the outer failure took everything with it, the inner rollback did not commit the rest early
    expect(await count()).toEqual([]);

    await t.services.data.inTenant({ tenant: t.demo }, async (tx) => {
      await outerThenFailedInner(tx);
      await tx.transaction(async (inner) => {
        await inner.insert(roles).values(role(names[2]!));
      });
    });
    expect((await count()).sort()).toEqual([names[0]!, names[2]!].sort());
  });
});
