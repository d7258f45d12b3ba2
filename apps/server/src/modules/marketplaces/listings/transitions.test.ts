import { randomUUID } from 'node:crypto';
import {
  ListingActions,
  ListingStatus,
  ListingStatusCodes,
  listingTransitions,
  MarketplacePermissions,
} from '@seller/contracts/marketplaces';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from '../../../../test/harness.ts';
import { type LogisticsUsers, logisticsUsers } from '../../logistics/test-support.ts';
import { listingEvents, listings } from './schema.ts';

let u: LogisticsUsers;
const url = '/api/catalog/listing';
beforeAll(async () => {
  u = await logisticsUsers(MarketplacePermissions.Listings);
});
afterAll(async () => {
  await u?.t.close();
});

/** A listing written as it would be in `status` (no job runs for it: the shop does not exist). */
async function listingIn(status: number, tenant: 'demo' | 'other' = 'demo', itemId: string | null = '1001') {
  const tenantId = tenant === 'demo' ? u.t.demo.id : u.t.other.id;
  const [row] = await u.t.services.data.unscoped((tx) =>
    tx
      .insert(listings)
      .values({
        tenantId,
        shopId: randomUUID(),
        shopName: 'Test shop',
        platform: 'LAZADA',
        region: 'MY',
        currency: 'MYR',
        productId: randomUUID(),
        productSku: `T-${randomUUID().slice(0, 8)}`,
        productName: 'Test product',
        draft: { categoryId: '1', categoryName: null, attributes: {}, price: '10.00', priceRuleId: null },
        status,
        price: '10.00',
        platformItemId: itemId,
        // not claimable by a worker meanwhile
        scheduledAt: new Date(Date.now() + 3600_000),
      })
      .returning(),
  );
  return row;
}

const call = (
  who: string | null,
  method: 'GET' | 'PUT' | 'DELETE' | 'POST',
  path: string,
  payload?: object,
  culture = 'en',
) => as(u.t.app, who, culture)({ method, url: path, payload });

describe('every cell of the transition table, through HTTP', () => {
  for (const status of ListingStatusCodes) {
    for (const action of ListingActions) {
      const target = listingTransitions[status][action];
      it(`${Object.entries(ListingStatus).find(([, v]) => v === status)![0]} × ${action} → ${target ?? 'refused'}`, async () => {
        const row = await listingIn(status);
        const res =
          action === 'drop'
            ? await call(u.demoAdmin, 'DELETE', `${url}/${row.id}/drop`)
            : await call(u.demoAdmin, 'PUT', `${url}/${row.id}/${action}`);
        const [now] = await u.t.services.data.unscoped((tx) =>
          tx.select().from(listings).where(eq(listings.id, row.id)),
        );
        if (target === undefined) {
          expect(res.statusCode, res.body).toBe(409);
          expect(res.json().error.message).toContain(`"${en[status]}"`);
          expect(now.status).toBe(status);
          expect(now.version).toBe(row.version);
          return;
        }
        if (target === 'deleted') {
          // a failed listing with an item removes the item first (Process), the others go at once
          if (status === ListingStatus.Failure) {
            expect(res.statusCode, res.body).toBe(200);
            expect(res.json().status).toBe(ListingStatus.Process);
            expect(now.op).toBe('DELETE');
          } else {
            expect(res.statusCode, res.body).toBe(204);
            expect(now.isDeleted).toBe(true);
          }
        } else {
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json().status).toBe(target);
          expect(now.status).toBe(target);
          expect(now.version).toBe(row.version + 1);
        }
        const events = await u.t.services.data.unscoped((tx) =>
          tx.select().from(listingEvents).where(eq(listingEvents.listingId, row.id)),
        );
        expect(events.map((e) => [e.fromStatus, e.event])).toEqual([[status, action]]);
      });
    }
  }
});

const en: Record<number, string> = {
  1: 'Queued',
  2: 'Processing',
  3: 'Live',
  4: 'Failed',
  5: 'On hold',
  6: 'Cancelled',
  10: 'Offline',
  20: 'Refreshing',
};

describe('refusals and guards', () => {
  it('refuses a refresh of a failed listing without an item, naming the state in Chinese', async () => {
    const row = await listingIn(ListingStatus.Failure, 'demo', null);
    const res = await call(u.demoAdmin, 'PUT', `${url}/${row.id}/refresh`, undefined, 'zh-Hans');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('状态为“刊登失败”的刊登不能执行“刷新”。');
  });

  it("answers 404 for another tenant's listing, 403 without the permission, 401 without a token", async () => {
    const theirs = await listingIn(ListingStatus.Queue, 'other');
    expect((await call(u.demoAdmin, 'PUT', `${url}/${theirs.id}/pause`)).statusCode).toBe(404);
    expect((await call(u.demoAdmin, 'GET', `${url}/${theirs.id}`)).statusCode).toBe(404);
    expect((await call(u.demoAdmin, 'GET', `${url}/${theirs.id}/events`)).statusCode).toBe(404);
    expect((await call(u.demoAdmin, 'DELETE', `${url}/${theirs.id}/drop`)).statusCode).toBe(404);
    const mine = await listingIn(ListingStatus.Queue);
    expect((await call(u.nobody, 'GET', url)).statusCode).toBe(403);
    expect((await call(u.reader, 'GET', url)).statusCode).toBe(200);
    expect((await call(u.reader, 'PUT', `${url}/${mine.id}/pause`)).statusCode).toBe(403);
    expect((await call(u.reader, 'DELETE', `${url}/${mine.id}/drop`)).statusCode).toBe(403);
    expect((await call(u.reader, 'PUT', `${url}/bulk-pause`, { ids: [mine.id] })).statusCode).toBe(403);
    expect((await call(u.reader, 'POST', url, { items: [] })).statusCode).toBe(403);
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
  });

  it('bulk pause and cancel answer per row; another tenant’s id is a refused row', async () => {
    const a = await listingIn(ListingStatus.Queue);
    const b = await listingIn(ListingStatus.Success);
    const theirs = await listingIn(ListingStatus.Queue, 'other');
    const res = await call(u.demoAdmin, 'PUT', `${url}/bulk-pause`, { ids: [a.id, b.id, theirs.id] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.items.map((i: { ok: boolean }) => i.ok)).toEqual([true, false, false]);
    expect(body.items[1].error).toContain('"Live"');
    expect(body.succeeded).toBe(1);
    const cancel = await call(u.demoAdmin, 'PUT', `${url}/bulk-cancel`, { ids: [a.id] });
    expect(cancel.json().items[0]).toMatchObject({ ok: true, status: ListingStatus.Cancel });
    const bad = await call(u.demoAdmin, 'PUT', `${url}/bulk-cancel`, { ids: ['x'] });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('ids');
  });

  it('DELETE ?ids= drops per row; the list, counts and events follow', async () => {
    const a = await listingIn(ListingStatus.Hold);
    const b = await listingIn(ListingStatus.Success);
    const res = await call(u.demoAdmin, 'DELETE', `${url}?ids=${a.id},${b.id}`);
    expect(res.json().items.map((i: { ok: boolean }) => i.ok)).toEqual([true, false]);
    const list = await call(u.demoAdmin, 'GET', `${url}?status=3&maxResultCount=100`);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.some((i: { id: string }) => i.id === b.id)).toBe(true);
    expect(list.json().items.some((i: { id: string }) => i.id === a.id)).toBe(false);
    expect(list.json().items.every((i: { status: number }) => i.status === 3)).toBe(true);
    const item = list.json().items.find((i: { id: string }) => i.id === b.id);
    expect(item.allowedActions).toEqual(['refresh', 'offline']);
    const counts = (await call(u.demoAdmin, 'GET', `${url}/counts`)).json();
    expect(counts.counts['3']).toBeGreaterThanOrEqual(1);
    expect((await call(u.demoAdmin, 'GET', `${url}?sorting=nope`)).statusCode).toBe(400);
    expect((await call(u.demoAdmin, 'GET', `${url}?status=7`)).statusCode).toBe(400);
    const ev = await call(u.demoAdmin, 'GET', `${url}/${b.id}/events`);
    expect(ev.statusCode).toBe(200);
  });
});

describe('Excel export', () => {
  it('writes the filtered list as a sheet (another tenant’s rows never in it), 403 without the permission, 400 on a bad filter', async () => {
    const mine = await listingIn(ListingStatus.Hold);
    const theirs = await listingIn(ListingStatus.Hold, 'other');
    const res = await call(u.demoAdmin, 'GET', `${url}/export?status=${ListingStatus.Hold}&filter=${mine.productSku}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0].slice(0, 2)).toEqual(['SKU', 'Product']);
    expect(rows.slice(1).map((r) => r[0])).toEqual([mine.productSku]);
    expect(rows[1][4]).toBe('On hold');
    // one format per column kind: the price a number, its currency a column of its own
    expect(rows[1][5]).toBe(10);
    expect(rows[1][6]).toBe('MYR');
    const other = await call(u.demoAdmin, 'GET', `${url}/export?filter=${theirs.productSku}`);
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(other.rawPayload as unknown as ArrayBuffer);
    expect(wb2.worksheets[0].rowCount).toBe(1);
    expect((await call(u.nobody, 'GET', `${url}/export`)).statusCode).toBe(403);
    expect((await call(u.demoAdmin, 'GET', `${url}/export?status=7`)).statusCode).toBe(400);
  });
});
