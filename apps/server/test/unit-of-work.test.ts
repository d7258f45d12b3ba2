import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentTenant } from '../src/core/context.ts';
import { assertOutsideUnitOfWork, DataAccess, NestedUnitOfWorkError } from '../src/core/data.ts';
import { APP_ROLE, type Database, openDatabase } from '../src/core/db/client.ts';
import { AppError } from '../src/core/errors.ts';
import { freshDatabase } from './harness.ts';

/**
 * The unit-of-work rules of `services.data`, on PGlite and (with TEST_DATABASE_URL) PostgreSQL:
 * a unit opened inside another is served by the open transaction (same database, its scope switched
 * for the call and back) or refused at once; a unit past its bound is rolled back, answered 503,
 * and its connection serves the next unit.
 */
let database: Database;
let data: DataAccess;
let drop = async () => {};
const tenantA = { id: randomUUID(), name: 'a', isActive: true, connectionStrings: [] } satisfies CurrentTenant;
const tenantB = { id: randomUUID(), name: 'b', isActive: true, connectionStrings: [] } satisfies CurrentTenant;

beforeAll(async () => {
  const fresh = await freshDatabase();
  const url = fresh.url;
  drop = fresh.drop;
  database = await openDatabase({ url, poolSize: 3 });
  data = new DataAccess(database, { unitTimeoutMs: 10_000, acquireTimeoutMs: 2_000 });
  await database.db.execute(sql.raw('CREATE TABLE uow_probe (id serial PRIMARY KEY, tenant_id uuid, note text)'));
  await database.db.execute(sql.raw('ALTER TABLE uow_probe ENABLE ROW LEVEL SECURITY'));
  await database.db.execute(
    sql.raw(`CREATE POLICY tenant_isolation ON uow_probe
      USING (tenant_id IS NOT DISTINCT FROM nullif(current_setting('app.tenant_id', true), '')::uuid)
      WITH CHECK (tenant_id IS NOT DISTINCT FROM nullif(current_setting('app.tenant_id', true), '')::uuid)`),
  );
  await database.db.execute(sql.raw(`GRANT ALL ON uow_probe TO ${APP_ROLE}`));
  await database.db.execute(sql.raw(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE}`));
}, 120_000);
afterAll(async () => {
  await data?.close();
  await drop();
});

const notes = async (tx: Parameters<Parameters<DataAccess['unscoped']>[0]>[0]) =>
  (await tx.execute<{ note: string }>(sql`select note from uow_probe order by id`)).rows.map((r) => r.note);

describe('a unit of work inside another', () => {
  it('is served by the open transaction in the same scope: it sees the outer writes, and a failure undoes both', async () => {
    const seen = await data.inTenant({ tenant: tenantA }, async (tx) => {
      await tx.execute(sql`insert into uow_probe (tenant_id, note) values (${tenantA.id}, 'outer')`);
      return data.inTenant({ tenant: tenantA }, (inner) => notes(inner));
    });
    expect(seen).toEqual(['outer']);
    await expect(
      data.inTenant({ tenant: tenantA }, async (tx) => {
        await data.inTenant({ tenant: tenantA }, (inner) =>
          inner.execute(sql`insert into uow_probe (tenant_id, note) values (${tenantA.id}, 'undone')`),
        );
        await tx.execute(sql`select 1`);
        throw new Error('fails after the inner call');
      }),
    ).rejects.toThrow('fails after the inner call');
    expect(await data.inTenant({ tenant: tenantA }, notes)).toEqual(['outer']);
  });

  it('switches scope for an unscoped call or another tenant, and back: row-level security holds again after', async () => {
    await data.unscoped((tx) => tx.execute(sql`insert into uow_probe (tenant_id, note) values (${tenantB.id}, 'b')`));
    const seen = await data.inTenant({ tenant: tenantA }, async (tx) => {
      const before = await notes(tx);
      const asOwner = await data.unscoped(notes);
      const asB = await data.inTenant({ tenant: tenantB }, notes);
      const after = await notes(tx);
      return { before, asOwner, asB, after };
    });
    expect(seen).toEqual({ before: ['outer'], asOwner: ['outer', 'b'], asB: ['b'], after: ['outer'] });
    // the connection's next unit is in its own scope
    expect(await data.inTenant({ tenant: tenantB }, notes)).toEqual(['b']);
    expect(await data.inTenant({ tenant: tenantA }, notes)).toEqual(['outer']);
  });

  it('is refused at once when it is on another database, naming the call', async () => {
    // a tenant with a database of its own (embedded, in a folder)
    const other = {
      ...tenantB,
      connectionStrings: [{ name: 'Default', value: `pglite:${await mkdtemp(join(tmpdir(), 'uow-'))}` }],
    };
    await data.inTenant({ tenant: other }, (tx) => tx.execute(sql`select 1`));
    const started = Date.now();
    const refusal = data.inTenant({ tenant: tenantA }, () => data.inTenant({ tenant: other }, async () => 'served'));
    await expect(refusal).rejects.toBeInstanceOf(NestedUnitOfWorkError);
    await expect(refusal).rejects.toThrow(/inTenant\(tenant:.*inside the open unit of work inTenant\(tenant:/);
    const unscopedInside = data.inTenant({ tenant: other }, () => data.unscoped(async () => 'served'));
    await expect(unscopedInside).rejects.toThrow(/unscoped\(\) called inside the open unit of work/);
    // a read of the shared registries from there goes to the main database directly
    expect(await data.inTenant({ tenant: other }, () => data.readShared(notes))).toEqual(['outer', 'b']);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses an enqueue inside a unit at once, and allows it after the commit', async () => {
    await expect(
      data.inTenant({ tenant: tenantA }, async () => assertOutsideUnitOfWork('jobs.send(x)')),
    ).rejects.toThrow(/jobs\.send\(x\) called inside the open unit of work/);
    // work scheduled from inside a unit but run after it ended is outside it
    let later: Promise<void> = Promise.resolve();
    await data.inTenant({ tenant: tenantA }, async () => {
      later = new Promise((resolve, reject) =>
        setImmediate(() => {
          try {
            assertOutsideUnitOfWork('jobs.send(y)');
            resolve();
          } catch (err) {
            reject(err);
          }
        }),
      );
    });
    await expect(later).resolves.toBeUndefined();
  });
});

describe('bounds', () => {
  it('rolls a unit back past its bound, answers 503, and the next unit gets a working connection', async () => {
    const stuck = data.inTenant(
      { tenant: tenantA },
      async (tx) => {
        await tx.execute(sql`insert into uow_probe (tenant_id, note) values (${tenantA.id}, 'stuck')`);
        await new Promise(() => {}); // waits forever, as a nested unit on PGlite used to
      },
      { timeoutMs: 300 },
    );
    const error = await stuck.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(503);
    // nothing of it was kept, and the database serves the next units
    for (let i = 0; i < 5; i++) expect(await data.inTenant({ tenant: tenantA }, notes)).toEqual(['outer']);
  });

  // PGlite's one connection: units queue in front of it with a bounded wait (PostgreSQL's pool has
  // its own, connectionTimeoutMillis, answered 503 alike)
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'answers 503 to a unit that waits too long for the connection',
    async () => {
      const holder = data.inTenant({ tenant: tenantA }, () => new Promise((r) => setTimeout(r, 4_000)), {
        timeoutMs: 8_000,
      });
      const waiter = await data.inTenant({ tenant: tenantA }, notes).catch((e: unknown) => e);
      expect(waiter).toBeInstanceOf(AppError);
      expect((waiter as AppError).status).toBe(503);
      await holder;
      expect(await data.inTenant({ tenant: tenantA }, notes)).toEqual(['outer']);
    },
  );
});
