import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members } from '../../../../test/harness.ts';
import { featureCommands } from '../../features/commands.ts';
import { organizationUnits, organizationUnitUsers } from '../../identity/index.ts';
import { createUser, token } from '../../permission-management/test-support.ts';
import { crmCustomerMembers, crmCustomers, crmOwnerRecords } from '../customers/schema.ts';
import { insertCustomer, useCrmApp } from '../test-support.ts';
import { runAutoReturn } from './jobs.ts';
import { returnReason } from './rule.ts';
import { crmCustomerLimits, crmPoolConfig, crmPoolReminders } from './schema.ts';

/**
 * The public pool over HTTP: the list, claim and assign (all or none, under the OWNER limits, with
 * and without dealt customers counted, never exceeded by concurrent claims), put back, lock and
 * unlock (the LOCK limit), the rules and limits (Crm.Pool.Settings), running the rule now; each
 * with 403 for `nobody`, 404 for another tenant's id or another salesman's customer, 400 naming
 * the field. And the rule's SQL predicate against the pure function on the same hand-worked
 * customers, with a controlled clock.
 */

const app = useCrmApp();
const DAY = 86_400_000;

let userCounter = 0;
/** A fresh salesman (own counts start at zero) with a token. */
async function salesman() {
  const name = `poolsales${++userCounter}`;
  const id = await createUser(app.t.services, app.t.demo, name, ['salesman']);
  return { id, token: await token(app.t.app, 'demo', name) };
}

const pooled = (name: string, extra: object = {}) =>
  insertCustomer(app.t, app.t.demo, { name, ownerUserId: null, poolTime: new Date(), ...extra });

const inDemo = <T>(fn: Parameters<typeof app.t.services.data.inTenant<T>>[1]) =>
  app.t.services.data.inTenant({ tenant: app.t.demo }, fn);

async function customer(id: string) {
  const [row] = await inDemo((tx) => tx.select().from(crmCustomers).where(eq(crmCustomers.id, id)));
  return row;
}

async function addLimit(values: Partial<typeof crmCustomerLimits.$inferInsert>) {
  return inDemo(async (tx) => {
    const [row] = await tx
      .insert(crmCustomerLimits)
      .values({ tenantId: app.t.demo.id, type: 'OWNER', maxCount: 1, ...values })
      .returning({ id: crmCustomerLimits.id });
    return row.id;
  });
}

async function setConfig(values: Partial<typeof crmPoolConfig.$inferInsert>) {
  await inDemo(async (tx) => {
    await tx.delete(crmPoolConfig);
    await tx.insert(crmPoolConfig).values({
      tenantId: app.t.demo.id,
      enabled: true,
      contactExpireDays: 30,
      dealExpireDays: 90,
      notifyEnabled: false,
      notifyDays: 3,
      ...values,
    });
  });
}

describe('the pool list', () => {
  it('lists pool customers with their pool time, reason and previous owner; filters, sorts, pages', async () => {
    const id = await pooled('Pool List Alpha Ltd', { level: 1, poolReason: 'AUTO:NO_DEAL' });
    await pooled('Pool List Beta Ltd', { level: 2, poolReason: 'Not interested' });
    await inDemo((tx) =>
      tx.insert(crmOwnerRecords).values({
        tenantId: app.t.demo.id,
        customerId: id,
        kind: 'AUTO_RETURN',
        fromUserId: app.sales1Id,
      }),
    );
    const res = await app.get(app.sales2, '/api/crm/pool/customers?filter=Pool%20List&sorting=name%20asc');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totalCount).toBe(2);
    expect(body.items.map((c: { name: string }) => c.name)).toEqual(['Pool List Alpha Ltd', 'Pool List Beta Ltd']);
    expect(body.items[0]).toMatchObject({
      poolReasonKind: 'NO_DEAL',
      poolReason: 'Returned by the pool rule: no deal for too long',
      previousOwnerId: app.sales1Id,
      previousOwnerName: 'sales1',
    });
    expect(body.items[0].poolTime).toBeTruthy();
    expect(body.items[1]).toMatchObject({ poolReasonKind: 'PUT_BACK', poolReason: 'Not interested' });

    const level = await app.get(app.sales2, '/api/crm/pool/customers?filter=Pool%20List&level=2');
    expect(level.json().items.map((c: { name: string }) => c.name)).toEqual(['Pool List Beta Ltd']);
    const reason = await app.get(app.sales2, '/api/crm/pool/customers?filter=Pool%20List&reasonKind=NO_DEAL');
    expect(reason.json().totalCount).toBe(1);
    const prev = await app.get(
      app.sales2,
      `/api/crm/pool/customers?filter=Pool%20List&previousOwnerId=${app.sales1Id}`,
    );
    expect(prev.json().totalCount).toBe(1);
    const paged = await app.get(app.sales2, '/api/crm/pool/customers?filter=Pool%20List&maxResultCount=1&skipCount=1');
    expect(paged.json()).toMatchObject({ totalCount: 2, items: [{ name: expect.any(String) }] });
    const zh = await app.t.app.inject({
      method: 'GET',
      url: '/api/crm/pool/customers?filter=Pool%20List%20Alpha',
      headers: { authorization: `Bearer ${app.sales2}`, 'accept-language': 'zh-Hans' },
    });
    expect(zh.json().items[0].poolReason).toBe('公海规则：超期未成交');
  });

  it('shows no owned customers, nothing of another tenant; 403 without Crm.Pool; 400 naming a bad filter', async () => {
    await insertCustomer(app.t, app.t.demo, { name: 'Pool List Owned', ownerUserId: app.sales1Id });
    await insertCustomer(app.t, app.t.other, { name: 'Pool List Other Tenant', ownerUserId: null });
    const res = await app.get(app.demoAdmin, '/api/crm/pool/customers?filter=Pool%20List%20O');
    expect(res.json().totalCount).toBe(0);
    expect((await app.get(app.nobody, '/api/crm/pool/customers')).statusCode).toBe(403);
    const bad = await app.get(app.sales1, '/api/crm/pool/customers?level=9');
    expect(bad.statusCode).toBe(400);
    expect(members(bad)).toContain('level');
    const sort = await app.get(app.sales1, '/api/crm/pool/customers?sorting=password');
    expect(members(sort)).toContain('sorting');
  });

  it('exports the pool as a spreadsheet', async () => {
    const res = await app.get(app.demoAdmin, '/api/crm/pool/customers/export?filter=Pool%20List');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect((await app.get(app.nobody, '/api/crm/pool/customers/export')).statusCode).toBe(403);
  });
});

describe('claim', () => {
  it('claims a pool customer: owner, owner time, CLAIM record; out of the pool', async () => {
    const id = await pooled('Claim Me Ltd', { poolReason: 'x' });
    const res = await app.post(app.sales1, '/api/crm/pool/claim', { ids: [id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 1 });
    const row = await customer(id);
    expect(row).toMatchObject({ ownerUserId: app.sales1Id, poolTime: null, poolReason: null });
    expect(row.ownerTime).toBeInstanceOf(Date);
    const records = await inDemo((tx) => tx.select().from(crmOwnerRecords).where(eq(crmOwnerRecords.customerId, id)));
    expect(records).toMatchObject([
      { kind: 'CLAIM', fromUserId: null, toUserId: app.sales1Id, byUserId: app.sales1Id },
    ]);
    // a second claim finds it owned: sales2 no longer sees it, the admin sees it is not in the pool
    expect((await app.post(app.sales2, '/api/crm/pool/claim', { ids: [id] })).statusCode).toBe(404);
    const again = await app.post(app.demoAdmin, '/api/crm/pool/claim', { ids: [id] });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CrmPool::NotInPool');
  });

  it('refuses locked and dealt pool customers, and claims a batch all or none', async () => {
    const locked = await pooled('Claim Locked', { lockStatus: true });
    const dealt = await pooled('Claim Dealt', { dealStatus: true });
    const fine = await pooled('Claim Fine');
    expect((await app.post(app.sales1, '/api/crm/pool/claim', { ids: [locked] })).json().error.code).toBe(
      'CrmPool::PoolCustomerLocked',
    );
    const batch = await app.post(app.sales1, '/api/crm/pool/claim', { ids: [fine, dealt] });
    expect(batch.statusCode).toBe(409);
    expect(batch.json().error.code).toBe('CrmPool::PoolCustomerDealt');
    expect((await customer(fine)).ownerUserId).toBeNull();
    const other = await pooled('Claim Fine Two');
    expect((await app.post(app.sales1, '/api/crm/pool/claim', { ids: [fine, other] })).json()).toEqual({ count: 2 });
  });

  it('403 without the permission, 404 for another tenant, 400 naming ids', async () => {
    const id = await pooled('Claim Perm');
    expect((await app.post(app.nobody, '/api/crm/pool/claim', { ids: [id] })).statusCode).toBe(403);
    const foreign = await insertCustomer(app.t, app.t.other, { name: 'Claim Foreign', ownerUserId: null });
    expect((await app.post(app.sales1, '/api/crm/pool/claim', { ids: [foreign] })).statusCode).toBe(404);
    for (const body of [{ ids: [] }, { ids: ['nope'] }, {}]) {
      const res = await app.post(app.sales1, '/api/crm/pool/claim', body);
      expect(res.statusCode).toBe(400);
      expect(members(res).some((m) => m.startsWith('ids'))).toBe(true);
    }
  });

  it('holds the OWNER limit; dealt customers count only when the limit says so', async () => {
    const u = await salesman();
    await insertCustomer(app.t, app.t.demo, { name: 'Limit Owned', ownerUserId: u.id });
    await insertCustomer(app.t, app.t.demo, { name: 'Limit Dealt', ownerUserId: u.id, dealStatus: true });
    const limit = await addLimit({ type: 'OWNER', userIds: [u.id], maxCount: 2, dealCountEnabled: false });
    const a = await pooled('Limit A');
    const b = await pooled('Limit B');
    // 1 owned (the dealt one not counted) + 1 = 2 ≤ 2
    expect((await app.post(u.token, '/api/crm/pool/claim', { ids: [a] })).statusCode).toBe(200);
    const refused = await app.post(u.token, '/api/crm/pool/claim', { ids: [b] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'CrmPool::OwnerLimitReached' });
    expect(refused.json().error.message).toContain('limit of 2');
    // counting dealt ones: 3 owned already
    await inDemo((tx) =>
      tx.update(crmCustomerLimits).set({ maxCount: 3, dealCountEnabled: true }).where(eq(crmCustomerLimits.id, limit)),
    );
    expect((await app.post(u.token, '/api/crm/pool/claim', { ids: [b] })).statusCode).toBe(403);
    await inDemo((tx) => tx.update(crmCustomerLimits).set({ maxCount: 4 }).where(eq(crmCustomerLimits.id, limit)));
    expect((await app.post(u.token, '/api/crm/pool/claim', { ids: [b] })).statusCode).toBe(200);
  });

  it('applies a limit through an organization unit above the user, the strictest one deciding', async () => {
    const u = await salesman();
    const [parent, child] = await inDemo(async (tx) => {
      const rows = await tx
        .insert(organizationUnits)
        .values([
          { tenantId: app.t.demo.id, code: '00901', displayName: 'Pool Sales' },
          { tenantId: app.t.demo.id, code: '00901.00001', displayName: 'Pool Sales East' },
        ])
        .returning({ id: organizationUnits.id });
      await tx
        .insert(organizationUnitUsers)
        .values({ tenantId: app.t.demo.id, organizationUnitId: rows[1].id, userId: u.id });
      return rows.map((r) => r.id);
    });
    await addLimit({ type: 'OWNER', organizationUnitIds: [parent], maxCount: 1 });
    await addLimit({ type: 'OWNER', userIds: [u.id], maxCount: 50 });
    const a = await pooled('Unit Limit A');
    const b = await pooled('Unit Limit B');
    expect((await app.post(u.token, '/api/crm/pool/claim', { ids: [a, b] })).statusCode).toBe(403);
    expect((await app.post(u.token, '/api/crm/pool/claim', { ids: [a] })).statusCode).toBe(200);
    expect(child).toBeTruthy();
  });

  it('never exceeds the limit under concurrent claims, and gives one customer to one claimant', async () => {
    const u = await salesman();
    await addLimit({ type: 'OWNER', userIds: [u.id], maxCount: 3 });
    const ids = await Promise.all(Array.from({ length: 8 }, (_, i) => pooled(`Race ${i}`)));
    const results = await Promise.all(ids.map((id) => app.post(u.token, '/api/crm/pool/claim', { ids: [id] })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 403)).toHaveLength(5);
    const owned = await inDemo((tx) =>
      tx
        .select({ id: crmCustomers.id })
        .from(crmCustomers)
        .where(and(eq(crmCustomers.ownerUserId, u.id))),
    );
    expect(owned).toHaveLength(3);

    const one = await pooled('Race Single');
    const rivals = await Promise.all([salesman(), salesman(), salesman(), salesman()]);
    const claims = await Promise.all(rivals.map((r) => app.post(r.token, '/api/crm/pool/claim', { ids: [one] })));
    expect(claims.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of claims.filter((c) => c.statusCode !== 200)) expect([404, 409]).toContain(r.statusCode);
    const records = await inDemo((tx) => tx.select().from(crmOwnerRecords).where(eq(crmOwnerRecords.customerId, one)));
    expect(records).toHaveLength(1);
  });
});

describe('assign', () => {
  it('assigns pool customers to a user with an ASSIGN record, under the user’s limit', async () => {
    const u = await salesman();
    await addLimit({ type: 'OWNER', userIds: [u.id], maxCount: 1 });
    const a = await pooled('Assign A');
    const b = await pooled('Assign B');
    const res = await app.post(app.demoAdmin, '/api/crm/pool/assign', { ids: [a], userId: u.id });
    expect(res.statusCode).toBe(200);
    expect((await customer(a)).ownerUserId).toBe(u.id);
    const [record] = await inDemo((tx) => tx.select().from(crmOwnerRecords).where(eq(crmOwnerRecords.customerId, a)));
    expect(record).toMatchObject({ kind: 'ASSIGN', toUserId: u.id });
    const over = await app.post(app.demoAdmin, '/api/crm/pool/assign', { ids: [b], userId: u.id });
    expect(over.statusCode).toBe(403);
    expect(over.json().error.code).toBe('CrmPool::OwnerLimitReached');
  });

  it('403 for a salesman and nobody, 400 naming userId and ids, 404 for another tenant', async () => {
    const a = await pooled('Assign Perm');
    expect((await app.post(app.sales1, '/api/crm/pool/assign', { ids: [a], userId: app.sales1Id })).statusCode).toBe(
      403,
    );
    expect((await app.post(app.nobody, '/api/crm/pool/assign', { ids: [a], userId: app.sales1Id })).statusCode).toBe(
      403,
    );
    const stranger = await app.post(app.demoAdmin, '/api/crm/pool/assign', {
      ids: [a],
      userId: '00000000-0000-4000-8000-000000000001',
    });
    expect(stranger.statusCode).toBe(400);
    expect(members(stranger)).toEqual(['userId']);
    expect(members(await app.post(app.demoAdmin, '/api/crm/pool/assign', { ids: [a] }))).toContain('userId');
    const foreign = await insertCustomer(app.t, app.t.other, { name: 'Assign Foreign', ownerUserId: null });
    expect(
      (await app.post(app.demoAdmin, '/api/crm/pool/assign', { ids: [foreign], userId: app.sales1Id })).statusCode,
    ).toBe(404);
  });
});

describe('put back', () => {
  it('puts an owned customer back with its reason: PUT_BACK record, team cleared', async () => {
    const id = await insertCustomer(app.t, app.t.demo, { name: 'Put Back Ltd', ownerUserId: app.sales1Id });
    await inDemo((tx) =>
      tx.insert(crmCustomerMembers).values({ tenantId: app.t.demo.id, customerId: id, userId: app.sales2Id, level: 3 }),
    );
    // sales2 is on its team but not its owner
    expect((await app.post(app.sales2, `/api/crm/customers/${id}/put-back`, { reason: 'mine now?' })).statusCode).toBe(
      403,
    );
    const res = await app.post(app.sales1, `/api/crm/customers/${id}/put-back`, { reason: 'Not interested' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ownerUserId: null, poolReason: 'Not interested' });
    const row = await customer(id);
    expect(row.ownerTime).toBeNull();
    expect(row.poolTime).toBeInstanceOf(Date);
    const team = await inDemo((tx) =>
      tx.select().from(crmCustomerMembers).where(eq(crmCustomerMembers.customerId, id)),
    );
    expect(team).toEqual([]);
    const [record] = await inDemo((tx) => tx.select().from(crmOwnerRecords).where(eq(crmOwnerRecords.customerId, id)));
    expect(record).toMatchObject({
      kind: 'PUT_BACK',
      fromUserId: app.sales1Id,
      toUserId: null,
      reason: 'Not interested',
    });
  });

  it("404 for sales2 on sales1's customer and for another tenant; 403 nobody; 400 naming reason; 409 locked", async () => {
    const id = await insertCustomer(app.t, app.t.demo, { name: 'Put Back Guard', ownerUserId: app.sales1Id });
    expect((await app.post(app.sales2, `/api/crm/customers/${id}/put-back`, { reason: 'x' })).statusCode).toBe(404);
    expect((await app.post(app.nobody, `/api/crm/customers/${id}/put-back`, { reason: 'x' })).statusCode).toBe(403);
    const foreign = await insertCustomer(app.t, app.t.other, { name: 'Put Back Foreign', ownerUserId: app.sales1Id });
    expect((await app.post(app.demoAdmin, `/api/crm/customers/${foreign}/put-back`, { reason: 'x' })).statusCode).toBe(
      404,
    );
    const blank = await app.post(app.sales1, `/api/crm/customers/${id}/put-back`, { reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(members(blank)).toEqual(['reason']);
    const locked = await insertCustomer(app.t, app.t.demo, {
      name: 'Put Back Locked',
      ownerUserId: app.sales1Id,
      lockStatus: true,
    });
    const res = await app.post(app.sales1, `/api/crm/customers/${locked}/put-back`, { reason: 'x' });
    expect(res.statusCode).toBe(409);
    // a dealt customer could never be claimed back out of the pool: it stays with its owner
    const dealt = await insertCustomer(app.t, app.t.demo, {
      name: 'Put Back Dealt',
      ownerUserId: app.sales1Id,
      dealStatus: true,
    });
    const refused = await app.post(app.sales1, `/api/crm/customers/${dealt}/put-back`, { reason: 'x' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('Put Back Dealt');
    // the admin (ViewAll) may put back anyone's
    expect((await app.post(app.demoAdmin, `/api/crm/customers/${id}/put-back`, { reason: 'x' })).statusCode).toBe(200);
  });
});

describe('lock and unlock', () => {
  it('locks and unlocks an owned customer; the owner’s LOCK limit holds', async () => {
    const u = await salesman();
    await addLimit({ type: 'LOCK', userIds: [u.id], maxCount: 1 });
    const a = await insertCustomer(app.t, app.t.demo, { name: 'Lock A', ownerUserId: u.id });
    const b = await insertCustomer(app.t, app.t.demo, { name: 'Lock B', ownerUserId: u.id });
    const res = await app.post(u.token, `/api/crm/customers/${a}/lock`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: a, lockStatus: true });
    const over = await app.post(u.token, `/api/crm/customers/${b}/lock`);
    expect(over.statusCode).toBe(403);
    expect(over.json().error.code).toBe('CrmPool::LockLimitReached');
    expect((await app.post(u.token, `/api/crm/customers/${a}/lock`)).statusCode).toBe(409);
    expect((await app.post(u.token, `/api/crm/customers/${a}/unlock`)).json()).toMatchObject({ lockStatus: false });
    expect((await app.post(u.token, `/api/crm/customers/${b}/lock`)).statusCode).toBe(200);
  });

  it('404 for another salesman and another tenant, 403 nobody and for pool customers, 400 for a bad id', async () => {
    const id = await insertCustomer(app.t, app.t.demo, { name: 'Lock Guard', ownerUserId: app.sales1Id });
    expect((await app.post(app.sales2, `/api/crm/customers/${id}/lock`)).statusCode).toBe(404);
    expect((await app.post(app.nobody, `/api/crm/customers/${id}/lock`)).statusCode).toBe(403);
    const foreign = await insertCustomer(app.t, app.t.other, { name: 'Lock Foreign', ownerUserId: app.sales1Id });
    expect((await app.post(app.demoAdmin, `/api/crm/customers/${foreign}/unlock`)).statusCode).toBe(404);
    const pool = await pooled('Lock Pool');
    expect((await app.post(app.sales1, `/api/crm/customers/${pool}/lock`)).statusCode).toBe(403);
    const bad = await app.post(app.sales1, '/api/crm/customers/nope/lock');
    expect(bad.statusCode).toBe(400);
    expect(members(bad)).toContain('id');
  });
});

describe('rules and limits', () => {
  it('reads and saves the rules (Crm.Pool.Settings); 400 naming the field; stale stamp 409', async () => {
    const got = await app.get(app.sales1, '/api/crm/pool/config');
    expect(got.statusCode).toBe(200);
    const input = { enabled: true, contactExpireDays: 15, dealExpireDays: 60, notifyEnabled: true, notifyDays: 2 };
    expect((await app.put(app.sales1, '/api/crm/pool/config', input)).statusCode).toBe(403);
    expect((await app.get(app.nobody, '/api/crm/pool/config')).statusCode).toBe(403);
    const saved = await app.put(app.demoAdmin, '/api/crm/pool/config', input);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject(input);
    const bad = await app.put(app.demoAdmin, '/api/crm/pool/config', { ...input, dealExpireDays: 0 });
    expect(bad.statusCode).toBe(400);
    expect(members(bad)).toEqual(['dealExpireDays']);
    const stale = await app.put(app.demoAdmin, '/api/crm/pool/config', { ...input, concurrencyStamp: 'old' });
    expect(stale.statusCode).toBe(409);
    const other = await app.get(app.otherAdmin, '/api/crm/pool/config');
    expect(other.json()).toMatchObject({ enabled: false, concurrencyStamp: null });
  });

  it('creates, lists, edits and deletes limits; 400 naming userIds; 404 across tenants; 403', async () => {
    const created = await app.post(app.demoAdmin, '/api/crm/pool/limits', {
      type: 'LOCK',
      userIds: [app.sales1Id],
      maxCount: 7,
      dealCountEnabled: true,
    });
    expect(created.statusCode).toBe(200);
    const limit = created.json();
    expect(limit).toMatchObject({ type: 'LOCK', maxCount: 7, users: [{ id: app.sales1Id, userName: 'sales1' }] });
    const list = await app.get(app.demoAdmin, '/api/crm/pool/limits?type=LOCK');
    expect(list.json().items.some((l: { id: string }) => l.id === limit.id)).toBe(true);
    const exported = await app.get(app.demoAdmin, '/api/crm/pool/limits/export?type=LOCK');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    expect((await app.get(app.demoAdmin, '/api/crm/pool/limits?type=NONE')).statusCode).toBe(400);
    const edited = await app.put(app.demoAdmin, `/api/crm/pool/limits/${limit.id}`, {
      type: 'LOCK',
      userIds: [app.sales1Id, app.sales2Id],
      maxCount: 8,
      concurrencyStamp: limit.concurrencyStamp,
    });
    expect(edited.json()).toMatchObject({ maxCount: 8, userIds: [app.sales1Id, app.sales2Id] });

    const none = await app.post(app.demoAdmin, '/api/crm/pool/limits', { type: 'OWNER', maxCount: 3 });
    expect(none.statusCode).toBe(400);
    expect(members(none)).toEqual(['userIds']);
    const foreignUser = await app.post(app.otherAdmin, '/api/crm/pool/limits', {
      type: 'OWNER',
      userIds: [app.sales1Id],
      maxCount: 3,
    });
    expect(members(foreignUser)).toEqual(['userIds']);
    const badType = await app.post(app.demoAdmin, '/api/crm/pool/limits', {
      type: 'X',
      userIds: [app.sales1Id],
      maxCount: 1,
    });
    expect(members(badType)).toEqual(['type']);

    expect((await app.get(app.sales1, '/api/crm/pool/limits')).statusCode).toBe(403);
    expect((await app.del(app.nobody, `/api/crm/pool/limits/${limit.id}`)).statusCode).toBe(403);
    expect((await app.del(app.otherAdmin, `/api/crm/pool/limits/${limit.id}`)).statusCode).toBe(404);
    expect(
      (
        await app.put(app.otherAdmin, `/api/crm/pool/limits/${limit.id}`, {
          type: 'LOCK',
          userIds: [],
          organizationUnitIds: [],
          maxCount: 1,
        })
      ).statusCode,
    ).toBe(400);
    expect((await app.del(app.demoAdmin, `/api/crm/pool/limits/${limit.id}`)).statusCode).toBe(204);
    expect((await app.del(app.demoAdmin, `/api/crm/pool/limits/${limit.id}`)).statusCode).toBe(404);
  });

  it('offers users and organization units to pick', async () => {
    const users = await app.get(app.demoAdmin, '/api/crm/pool/users?filter=sales1');
    expect(users.json().items).toContainEqual({ id: app.sales1Id, userName: 'sales1', name: 'sales1' });
    expect((await app.get(app.demoAdmin, '/api/crm/pool/organization-units')).statusCode).toBe(200);
    expect((await app.get(app.nobody, '/api/crm/pool/users')).statusCode).toBe(403);
  });
});

describe('the auto-return rule', () => {
  /** Hand-worked customers: contact 30 days, deal 90 days, at `now`. */
  const now = new Date('2030-06-01T00:00:00Z');
  const ago = (days: number, ms = 0) => new Date(now.getTime() - days * DAY + ms);
  const cases: Record<string, Partial<typeof crmCustomers.$inferInsert>> = {
    fresh: { ownerTime: ago(10) },
    dealBranch: { ownerTime: ago(90, -1000), contactLastTime: ago(1) },
    dealEdge: { ownerTime: ago(90), contactLastTime: ago(1) },
    neverFollowed: { ownerTime: ago(31) },
    staleFollowUp: { ownerTime: ago(31), contactLastTime: ago(30, -1000) },
    recentFollowUp: { ownerTime: ago(31), contactLastTime: ago(29) },
    newOwnerOldFollowUp: { ownerTime: ago(20), contactLastTime: ago(400) },
    locked: { ownerTime: ago(400), lockStatus: true },
    dealt: { ownerTime: ago(400), dealStatus: true },
    // would return within 3 days: a reminder
    soon: { ownerTime: ago(28) },
  };

  async function seedCases(owner: string, tag: string) {
    const ids: Record<string, string> = {};
    for (const [name, values] of Object.entries(cases)) {
      ids[name] = await insertCustomer(app.t, app.t.demo, {
        name: `Rule ${tag} ${name}`,
        ownerUserId: owner,
        ...values,
      });
    }
    return ids;
  }

  it('returns exactly what the pure function returns, with records, pool reason and teams cleared', async () => {
    const owner = await salesman();
    const ids = await seedCases(owner.id, 'A');
    await inDemo((tx) =>
      tx
        .insert(crmCustomerMembers)
        .values({ tenantId: app.t.demo.id, customerId: ids.dealBranch, userId: app.sales2Id, level: 2 }),
    );
    await setConfig({ enabled: true, contactExpireDays: 30, dealExpireDays: 90, notifyEnabled: false });
    const result = await runAutoReturn(app.t.services, app.t.demo, now);
    expect(result.enabled).toBe(true);

    const rows = await inDemo((tx) =>
      tx
        .select()
        .from(crmCustomers)
        .where(inArray(crmCustomers.id, Object.values(ids))),
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const expected = { dealBranch: 'NO_DEAL', neverFollowed: 'NO_FOLLOW_UP', staleFollowUp: 'NO_FOLLOW_UP' };
    for (const [name, values] of Object.entries(cases)) {
      const row = byId.get(ids[name])!;
      const pure = returnReason(
        {
          ownerUserId: owner.id,
          ownerTime: values.ownerTime as Date,
          lockStatus: values.lockStatus ?? false,
          dealStatus: values.dealStatus ?? false,
          contactLastTime: (values.contactLastTime as Date) ?? null,
        },
        { contactExpireDays: 30, dealExpireDays: 90 },
        now,
      );
      expect([name, pure]).toEqual([name, expected[name as keyof typeof expected] ?? null]);
      expect([name, row.ownerUserId === null]).toEqual([name, pure !== null]);
      if (pure) {
        expect(row.poolReason).toBe(`AUTO:${pure}`);
        expect(row.poolTime?.toISOString()).toBe(now.toISOString());
      }
    }
    const records = await inDemo((tx) =>
      tx
        .select()
        .from(crmOwnerRecords)
        .where(inArray(crmOwnerRecords.customerId, Object.values(ids))),
    );
    expect(records).toHaveLength(3);
    expect(records.every((r) => r.kind === 'AUTO_RETURN' && r.fromUserId === owner.id && r.toUserId === null)).toBe(
      true,
    );
    const team = await inDemo((tx) =>
      tx.select().from(crmCustomerMembers).where(eq(crmCustomerMembers.customerId, ids.dealBranch)),
    );
    expect(team).toEqual([]);
    // the customer's detail words the rule's reason in the reader's language, in its trail too
    const detail = (await app.get(app.demoAdmin, `/api/crm/customers/${ids.dealBranch}`)).json();
    expect(detail.poolReason).toBe('Returned by the pool rule: no deal for too long');
    expect(detail.ownerRecords[0]).toMatchObject({
      reason: 'Returned by the pool rule: no deal for too long',
    });
    // a second pass at the same moment finds nothing more of these
    await runAutoReturn(app.t.services, app.t.demo, now);
    const again = await inDemo((tx) =>
      tx
        .select()
        .from(crmOwnerRecords)
        .where(inArray(crmOwnerRecords.customerId, Object.values(ids))),
    );
    expect(again).toHaveLength(3);
  });

  it('does nothing while the rule is off', async () => {
    const owner = await salesman();
    const ids = await seedCases(owner.id, 'B');
    await setConfig({ enabled: false });
    expect(await runAutoReturn(app.t.services, app.t.demo, now)).toEqual({ enabled: false, returned: 0, reminded: 0 });
    const rows = await inDemo((tx) =>
      tx
        .select()
        .from(crmCustomers)
        .where(inArray(crmCustomers.id, Object.values(ids))),
    );
    expect(rows.every((r) => r.ownerUserId === owner.id)).toBe(true);
  });

  it('reminds each owner once a day with one notification counting their customers', async () => {
    const owner = await salesman();
    const ids = await seedCases(owner.id, 'C');
    await setConfig({ enabled: true, notifyEnabled: true, notifyDays: 3 });
    const first = await runAutoReturn(app.t.services, app.t.demo, now);
    expect(first.reminded).toBeGreaterThanOrEqual(1);
    const [reminder] = await inDemo((tx) =>
      tx.select().from(crmPoolReminders).where(eq(crmPoolReminders.userId, owner.id)),
    );
    // within 3 days: soon (owned 28 days), dealEdge (90 days to the millisecond), recentFollowUp
    // (its follow-up 29 days old); fresh (10 days) and the exempt ones not
    expect(reminder).toMatchObject({ count: 3, day: '2030-06-01' });
    const inbox = await app.get(owner.token, '/api/my-notifilers?maxResultCount=50');
    expect(inbox.statusCode).toBe(200);
    expect(inbox.json().items).toHaveLength(1);
    expect(JSON.stringify(inbox.json())).toContain('Crm.Pool.ReturnSoon');
    const second = await runAutoReturn(app.t.services, app.t.demo, new Date(now.getTime() + 3600_000));
    expect(second.reminded).toBe(0);
    expect((await customer(ids.soon)).ownerUserId).toBe(owner.id);
  });

  it('counts the owners a reminder was recorded for, whether or not the notification reaches them', async () => {
    const owner = await salesman();
    await seedCases(owner.id, 'D');
    await setConfig({ enabled: true, notifyEnabled: true, notifyDays: 3 });
    const recorded = async () =>
      (await inDemo((tx) => tx.select().from(crmPoolReminders).where(eq(crmPoolReminders.day, '2030-06-01')))).length;
    const before = await recorded();
    // the tenant's notifications are off: the reminder is recorded, nobody is told
    const off = [{ name: 'Notifications.Enable', value: 'false' }];
    await app.t.services.data.unscoped((tx) =>
      featureCommands(app.t.services).change(tx, { tenant: null, user: null }, app.t.demo, off),
    );
    let result: Awaited<ReturnType<typeof runAutoReturn>>;
    try {
      result = await runAutoReturn(app.t.services, app.t.demo, now);
    } finally {
      await app.t.services.data.unscoped((tx) =>
        featureCommands(app.t.services).change(tx, { tenant: null, user: null }, app.t.demo, [
          { name: 'Notifications.Enable', value: null },
        ]),
      );
    }
    expect(result.reminded).toBeGreaterThanOrEqual(1);
    expect(result.reminded).toBe((await recorded()) - before);
    const [reminder] = await inDemo((tx) =>
      tx.select().from(crmPoolReminders).where(eq(crmPoolReminders.userId, owner.id)),
    );
    expect(reminder).toMatchObject({ count: 3, day: '2030-06-01' });
    const inbox = await app.get(owner.token, '/api/my-notifilers?maxResultCount=50');
    expect(inbox.json().items).toHaveLength(0);
  });

  it('runs now over HTTP for Crm.Pool.Settings holders, with the count returned', async () => {
    await setConfig({ enabled: true, contactExpireDays: 30, dealExpireDays: 90 });
    const owner = await salesman();
    const id = await insertCustomer(app.t, app.t.demo, {
      name: 'Rule HTTP',
      ownerUserId: owner.id,
      ownerTime: new Date(Date.now() - 100 * DAY),
    });
    const res = await app.post(app.demoAdmin, '/api/crm/pool/auto-return');
    expect(res.statusCode).toBe(200);
    expect(res.json().returned).toBeGreaterThanOrEqual(1);
    expect((await customer(id)).ownerUserId).toBeNull();
    expect((await app.post(app.sales1, '/api/crm/pool/auto-return')).statusCode).toBe(403);
    expect((await app.post(app.otherAdmin, '/api/crm/pool/auto-return')).json()).toEqual({
      enabled: false,
      returned: 0,
      reminded: 0,
    });
    const config = await app.get(app.demoAdmin, '/api/crm/pool/config');
    expect(config.json().lastReturnedCount).toBe(res.json().returned);
  });
});
