/**
 * Domain events (`services.events`) on a real application: in-transaction handlers share the
 * emitter's transaction (a failing one rolls the whole write back), after-commit handlers run
 * only once the write has committed and before the writer's call returns, and every-process
 * handlers reach a second application through Redis when TEST_REDIS_URL is set.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, createTestApp, type TestApp } from '../../test/harness.ts';
import { RoleRenamed } from '../modules/identity/events.ts';
import { roles } from '../modules/identity/schema.ts';
import { permissionGrants } from '../modules/permission-management/schema.ts';
import { token } from '../modules/permission-management/test-support.ts';
import type { CurrentTenant } from './context.ts';
import { defineEvent } from './events.ts';
import { normalizeName } from './tenancy.ts';

/** A fresh event name per use: two applications of one test run may share a Redis. */
const probe = () => defineEvent<{ tenantId: string | null; name: string }>(`test.probe.${randomUUID()}`);

/** Inserts a role row in `tenant` (a plain write to check commits against). */
const insertRole = (t: TestApp, tenant: CurrentTenant, name: string) =>
  t.services.data.inTenant({ tenant }, (tx) =>
    tx.insert(roles).values({ tenantId: tenant.id, name, normalizedName: normalizeName(name) }),
  );

const roleExists = async (t: TestApp, tenant: CurrentTenant, name: string) =>
  (
    await t.services.data.inTenant({ tenant }, (tx) =>
      tx
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.tenantId, tenant.id), eq(roles.normalizedName, normalizeName(name)))),
    )
  ).length === 1;

describe('domain events in one application', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('runs in-transaction handlers on the emitter’s transaction: their writes commit with it', async () => {
    const event = probe();
    t.services.events.on(event, 'in-transaction', (e, tx) =>
      tx
        .insert(roles)
        .values({ tenantId: e.tenantId, name: `${e.name}-b`, normalizedName: normalizeName(`${e.name}-b`) }),
    );
    await t.services.data.inTenant({ tenant: t.demo }, async (tx) => {
      await tx.insert(roles).values({ tenantId: t.demo.id, name: 'ev-a', normalizedName: normalizeName('ev-a') });
      await t.services.events.emit(tx, event, { tenantId: t.demo.id, name: 'ev-a' });
    });
    expect(await roleExists(t, t.demo, 'ev-a')).toBe(true);
    expect(await roleExists(t, t.demo, 'ev-a-b')).toBe(true);
  });

  it('rolls the emitter’s whole write back when an in-transaction handler fails, and runs nothing after', async () => {
    const event = probe();
    const after: string[] = [];
    t.services.events.on(event, 'in-transaction', async (e, tx) => {
      await tx
        .insert(roles)
        .values({ tenantId: e.tenantId, name: `${e.name}-b`, normalizedName: normalizeName(`${e.name}-b`) });
      throw new Error('subscriber refuses');
    });
    t.services.events.on(event, 'after-commit', (e) => {
      after.push(`after-commit ${e.name}`);
    });
    t.services.events.on(event, 'every-process', (e) => {
      after.push(`every-process ${e.name}`);
    });
    await expect(
      t.services.data.inTenant({ tenant: t.demo }, async (tx) => {
        await tx.insert(roles).values({ tenantId: t.demo.id, name: 'ev-c', normalizedName: normalizeName('ev-c') });
        await t.services.events.emit(tx, event, { tenantId: t.demo.id, name: 'ev-c' });
      }),
    ).rejects.toThrow('subscriber refuses');
    expect(await roleExists(t, t.demo, 'ev-c')).toBe(false);
    expect(await roleExists(t, t.demo, 'ev-c-b')).toBe(false);
    expect(after).toEqual([]);
  });

  it('runs after-commit handlers only for a committed write, once it is visible, before the writer returns', async () => {
    const event = probe();
    const seen: string[] = [];
    t.services.events.on(event, 'after-commit', async (e) => {
      // a unit of work of its own sees the committed row (a handler inside the unit could not open one)
      seen.push(`${e.name} committed: ${await roleExists(t, t.demo, e.name)}`);
    });
    t.services.events.on(event, 'every-process', (e) => {
      seen.push(`${e.name} every process`);
    });

    await t.services.data.inTenant({ tenant: t.demo }, async (tx) => {
      await tx.insert(roles).values({ tenantId: t.demo.id, name: 'ev-d', normalizedName: normalizeName('ev-d') });
      await t.services.events.emit(tx, event, { tenantId: t.demo.id, name: 'ev-d' });
      // raised twice with the same payload: handled once
      await t.services.events.emit(tx, event, { tenantId: t.demo.id, name: 'ev-d' });
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(['ev-d committed: true', 'ev-d every process']);

    // the emitter's own failure after raising the event: rolled back, nothing runs
    await expect(
      t.services.data.inTenant({ tenant: t.demo }, async (tx) => {
        await tx.insert(roles).values({ tenantId: t.demo.id, name: 'ev-e', normalizedName: normalizeName('ev-e') });
        await t.services.events.emit(tx, event, { tenantId: t.demo.id, name: 'ev-e' });
        throw new Error('emitter fails later');
      }),
    ).rejects.toThrow('emitter fails later');
    expect(await roleExists(t, t.demo, 'ev-e')).toBe(false);
    expect(seen).toHaveLength(2);
  });

  it('follows the commit of host units of work (`unscoped`) too', async () => {
    const event = probe();
    const seen: string[] = [];
    t.services.events.on(event, 'after-commit', (e) => {
      seen.push(e.name);
    });
    await t.services.data.unscoped((tx) => t.services.events.emit(tx, event, { tenantId: null, name: 'host' }));
    expect(seen).toEqual(['host']);
  });

  it('logs a failing logged after-commit handler with the event, and the write and the caller stand', async () => {
    // the dispatcher logs through the application's logger
    const logError = vi.spyOn(t.app.log, 'error');
    const events = t.services.events;
    const event = probe();
    const seen: string[] = [];
    events.on(event, 'after-commit-logged', () => {
      throw new Error('mail server down');
    });
    events.on(event, 'after-commit', (e) => {
      seen.push(e.name);
    });
    await t.services.data.inTenant({ tenant: t.demo }, async (tx) => {
      await tx.insert(roles).values({ tenantId: t.demo.id, name: 'ev-log', normalizedName: normalizeName('ev-log') });
      await events.emit(tx, event, { tenantId: t.demo.id, name: 'ev-log' });
    });
    expect(await roleExists(t, t.demo, 'ev-log')).toBe(true);
    expect(seen).toEqual(['ev-log']);
    const failures = logError.mock.calls.filter(([obj]) => (obj as { event?: string }).event === event.name);
    logError.mockRestore();
    expect(failures).toHaveLength(1);
    expect(failures[0]![0]).toMatchObject({ err: { message: 'mail server down' } });
  });

  it('refuses an event raised outside a unit of work (its commit could not be followed)', async () => {
    const event = probe();
    let escaped: unknown;
    await t.services.data.inTenant({ tenant: t.demo }, async (tx) => {
      escaped = tx;
    });
    await expect(t.services.events.emit(escaped as never, event, { tenantId: null, name: 'late' })).rejects.toThrow(
      /outside a unit of work/,
    );
  });

  it('keeps a role, its grants and its name when a subscriber of the rename fails', async () => {
    const admin = await token(t.app, 'demo');
    const created = await as(
      t.app,
      admin,
    )({ method: 'POST', url: '/api/identity/roles', payload: { name: 'ev-keeper' } });
    expect(created.statusCode, created.body).toBe(200);
    const role = created.json();
    const grant = await as(
      t.app,
      admin,
    )({
      method: 'PUT',
      url: '/api/permission-management/permissions?providerName=R&providerKey=ev-keeper',
      payload: { permissions: [{ name: 'AbpIdentity.Roles', isGranted: true }] },
    });
    expect(grant.statusCode, grant.body).toBe(204);
    t.services.events.on(RoleRenamed, 'in-transaction', (e) => {
      if (e.newName === 'ev-refused') throw new Error('subscriber refuses the rename');
    });

    const renamed = await as(
      t.app,
      admin,
    )({
      method: 'PUT',
      url: `/api/identity/roles/${role.id}`,
      payload: { name: 'ev-refused', concurrencyStamp: role.concurrencyStamp },
    });
    expect(renamed.statusCode).toBe(500);
    expect((await as(t.app, admin)({ method: 'GET', url: `/api/identity/roles/${role.id}` })).json().name).toBe(
      'ev-keeper',
    );
    // permission-management's own handler ran in the same transaction: its rename went back too
    const grants = await t.services.data.inTenant({ tenant: t.demo }, (tx) =>
      tx
        .select({ key: permissionGrants.providerKey })
        .from(permissionGrants)
        .where(and(eq(permissionGrants.tenantId, t.demo.id), eq(permissionGrants.name, 'AbpIdentity.Roles'))),
    );
    expect(grants.map((g) => g.key)).toContain('ev-keeper');
    expect(grants.map((g) => g.key)).not.toContain('ev-refused');

    // another name passes every subscriber, and the grants follow it
    const current = (await as(t.app, admin)({ method: 'GET', url: `/api/identity/roles/${role.id}` })).json();
    const ok = await as(
      t.app,
      admin,
    )({
      method: 'PUT',
      url: `/api/identity/roles/${role.id}`,
      payload: { name: 'ev-keeper2', concurrencyStamp: current.concurrencyStamp },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const after = await as(
      t.app,
      admin,
    )({
      method: 'GET',
      url: '/api/permission-management/permissions?providerName=R&providerKey=ev-keeper2',
    });
    const granted = after
      .json()
      .groups.flatMap((g: { permissions: { name: string; isGranted: boolean }[] }) => g.permissions)
      .filter((p: { isGranted: boolean }) => p.isGranted)
      .map((p: { name: string }) => p.name);
    expect(granted).toContain('AbpIdentity.Roles');
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('every-process handlers across applications sharing Redis', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL: redisUrl! });
    b = await createTestApp({ REDIS_URL: redisUrl! });
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('reaches the other application after the commit, and never for a rolled-back write', async () => {
    const event = probe();
    const inA: string[] = [];
    const inB: string[] = [];
    let arrived = () => {};
    const reachedB = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    a.services.events.on(event, 'every-process', (e) => {
      inA.push(e.name);
    });
    b.services.events.on(event, 'every-process', (e) => {
      inB.push(e.name);
      arrived();
    });
    // after-commit handlers stay in the emitting process
    b.services.events.on(event, 'after-commit', (e) => {
      inB.push(`after-commit ${e.name}`);
    });

    await expect(
      a.services.data.inTenant({ tenant: a.demo }, async (tx) => {
        await a.services.events.emit(tx, event, { tenantId: a.demo.id, name: 'rolled back' });
        throw new Error('emitter fails');
      }),
    ).rejects.toThrow('emitter fails');
    await insertRole(a, a.demo, 'ev-fan');
    await a.services.data.inTenant({ tenant: a.demo }, (tx) =>
      a.services.events.emit(tx, event, { tenantId: a.demo.id, name: 'ev-fan' }),
    );
    await reachedB;
    // Redis delivers one publisher's messages in order: the rolled-back one would have come first
    expect(inB).toEqual(['ev-fan']);
    expect(inA).toEqual(['ev-fan']);
  });
});
