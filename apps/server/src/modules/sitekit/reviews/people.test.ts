import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness.ts';
import { logisticsUsers, resourceCalls } from '../../logistics/test-support.ts';
import { demoStore } from '../test-support.ts';

/** The back-office's shoppers, carts and reviews of a site: lists, actions, guards, another tenant's ids. */

let t: TestApp;
let demoAdmin: string;
let otherAdmin: string;
let nobody: string;
let reader: string;
let siteId: string;
const { call } = resourceCalls<{ id: string }>(() => t, '/api/sitekit/reviews');
type Row = { id: string; status: string; concurrencyStamp: string; [k: string]: unknown };
const itemsOf = async (who: string, path: string) => (await call(who, 'GET', path)).json().items as Row[];
const errorsOf = (res: { json(): { error: { validationErrors: { members: string[] }[] } } }) =>
  res.json().error.validationErrors.flatMap((v) => v.members);
const shopper = (email: string, password = '1q2w3E*') =>
  t.app.inject({
    method: 'POST',
    url: '/api/store/auth/token',
    payload: { email, password },
    headers: { 'x-site-key': key },
  });
let key: string;

beforeAll(async () => {
  // the reader holds every read of the three pages, nothing else
  ({ t, demoAdmin, otherAdmin, nobody, reader } = await logisticsUsers('Sitekit.Reviews'));
  ({ siteId } = await demoStore(t, demoAdmin));
  key = (await call(demoAdmin, 'GET', `/api/sitekit/sites/${siteId}`)).json().publishableKey;
});
afterAll(async () => {
  await t?.close();
});

describe('reviews in the back-office', () => {
  it('are moderated as the table allows, answered with the stamp checked, and deleted', async () => {
    const [waiting] = await itemsOf(demoAdmin, `/api/sitekit/reviews?siteId=${siteId}&status=PENDING`);
    expect(waiting).toMatchObject({ status: 'PENDING', verifiedPurchase: false });
    const [rejected] = await itemsOf(demoAdmin, `/api/sitekit/reviews?siteId=${siteId}&status=REJECTED`);
    // rejected → reject again is illegal; approve is allowed
    expect((await call(demoAdmin, 'POST', `/api/sitekit/reviews/${rejected!.id}/reject`)).statusCode).toBe(409);
    const approved = await call(demoAdmin, 'POST', `/api/sitekit/reviews/${rejected!.id}/approve`);
    expect(approved.json().status).toBe('APPROVED');
    const reply = await call(demoAdmin, 'PUT', `/api/sitekit/reviews/${waiting!.id}/reply`, {
      reply: 'Thanks, we are looking into the colour.',
      concurrencyStamp: waiting!.concurrencyStamp,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().repliedAt).toBeTruthy();
    const stale = await call(demoAdmin, 'PUT', `/api/sitekit/reviews/${waiting!.id}/reply`, {
      reply: 'again',
      concurrencyStamp: waiting!.concurrencyStamp,
    });
    expect(stale.statusCode).toBe(409);
    const long = await call(demoAdmin, 'PUT', `/api/sitekit/reviews/${waiting!.id}/reply`, { reply: 'x'.repeat(2001) });
    expect(errorsOf(long)).toEqual(['reply']);
    const five = await itemsOf(demoAdmin, `/api/sitekit/reviews?siteId=${siteId}&rating=5&verifiedPurchase=false`);
    expect(five.every((r) => r.rating === 5)).toBe(true);
    expect((await call(demoAdmin, 'DELETE', `/api/sitekit/reviews/${rejected!.id}`)).statusCode).toBe(204);
    expect((await call(demoAdmin, 'GET', `/api/sitekit/reviews/export?siteId=${siteId}`)).statusCode).toBe(200);
  });

  it('are guarded: 401, 403, a reader reads only, another tenant’s are 404 and unlisted', async () => {
    const [r] = await itemsOf(demoAdmin, `/api/sitekit/reviews?siteId=${siteId}`);
    expect((await call(null, 'GET', '/api/sitekit/reviews')).statusCode).toBe(401);
    expect((await call(nobody, 'GET', '/api/sitekit/reviews')).statusCode).toBe(403);
    expect((await call(reader, 'GET', `/api/sitekit/reviews?siteId=${siteId}`)).statusCode).toBe(200);
    expect((await call(reader, 'POST', `/api/sitekit/reviews/${r!.id}/approve`)).statusCode).toBe(403);
    expect((await call(reader, 'DELETE', `/api/sitekit/reviews/${r!.id}`)).statusCode).toBe(403);
    expect((await call(otherAdmin, 'POST', `/api/sitekit/reviews/${r!.id}/approve`)).statusCode).toBe(404);
    expect((await call(otherAdmin, 'PUT', `/api/sitekit/reviews/${r!.id}/reply`, { reply: 'x' })).statusCode).toBe(404);
    expect((await call(otherAdmin, 'DELETE', `/api/sitekit/reviews/${r!.id}`)).statusCode).toBe(404);
    expect((await call(otherAdmin, 'GET', '/api/sitekit/reviews')).json().totalCount).toBe(0);
    expect((await call(demoAdmin, 'POST', '/api/sitekit/reviews/not-an-id/approve')).statusCode).toBe(400);
  });
});

describe('shoppers in the back-office', () => {
  it('are listed per site; a disabled shopper is signed out and cannot sign in until enabled', async () => {
    const [emma] = await itemsOf(demoAdmin, `/api/sitekit/shoppers?siteId=${siteId}&filter=emma`);
    expect(emma).toMatchObject({ email: 'emma.tan@example.com', status: 'ACTIVE' });
    expect(emma).not.toHaveProperty('passwordHash');
    const token = (await shopper('emma.tan@example.com')).json().token;
    const me = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/store/customers/me',
        headers: { 'x-site-key': key, 'x-shopper-token': token },
      });
    expect((await me()).statusCode).toBe(200);
    expect((await call(reader, 'POST', `/api/sitekit/shoppers/${emma!.id}/disable`)).statusCode).toBe(403);
    expect((await call(otherAdmin, 'POST', `/api/sitekit/shoppers/${emma!.id}/disable`)).statusCode).toBe(404);
    expect((await call(otherAdmin, 'GET', `/api/sitekit/shoppers/${emma!.id}`)).statusCode).toBe(404);
    expect((await call(demoAdmin, 'POST', `/api/sitekit/shoppers/${emma!.id}/disable`)).json().status).toBe('DISABLED');
    expect((await me()).statusCode).toBe(401);
    expect((await shopper('emma.tan@example.com')).statusCode).toBe(400);
    expect((await call(demoAdmin, 'POST', `/api/sitekit/shoppers/${emma!.id}/enable`)).json().status).toBe('ACTIVE');
    expect((await shopper('emma.tan@example.com')).statusCode).toBe(200);
    const counts = (await call(demoAdmin, 'GET', `/api/sitekit/shoppers/counts?siteId=${siteId}`)).json();
    expect(counts.counts.ACTIVE).toBeGreaterThanOrEqual(4);
    expect((await call(nobody, 'GET', '/api/sitekit/shoppers')).statusCode).toBe(403);
  });
});

describe('carts in the back-office', () => {
  it('are listed with their lines; an abandoned one gets a recovery notice once it has an e-mail; carts are deleted', async () => {
    const [abandoned] = await itemsOf(demoAdmin, `/api/sitekit/carts?siteId=${siteId}&status=ABANDONED`);
    const one = (await call(demoAdmin, 'GET', `/api/sitekit/carts/${abandoned!.id}`)).json();
    expect(one.lines.length).toBeGreaterThan(0);
    expect(one.email).toBe('wei.chen@example.com');
    const sent = await call(demoAdmin, 'POST', `/api/sitekit/carts/${abandoned!.id}/send-recovery`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().recoveryNoticeAt).toBeTruthy();
    const [active] = await itemsOf(demoAdmin, `/api/sitekit/carts?siteId=${siteId}&status=ACTIVE`);
    expect((await call(demoAdmin, 'POST', `/api/sitekit/carts/${active!.id}/send-recovery`)).statusCode).toBe(409);
    expect((await call(reader, 'GET', `/api/sitekit/carts/${active!.id}`)).statusCode).toBe(403);
    expect((await call(otherAdmin, 'GET', `/api/sitekit/carts/${active!.id}`)).statusCode).toBe(404);
    expect((await call(otherAdmin, 'DELETE', `/api/sitekit/carts/${active!.id}`)).statusCode).toBe(404);
    expect((await call(nobody, 'DELETE', `/api/sitekit/carts/${active!.id}`)).statusCode).toBe(403);
    expect((await call(demoAdmin, 'DELETE', `/api/sitekit/carts/${active!.id}`)).statusCode).toBe(204);
    expect((await call(demoAdmin, 'GET', `/api/sitekit/carts/${active!.id}`)).statusCode).toBe(404);
    const bad = await call(demoAdmin, 'GET', `/api/sitekit/carts?siteId=${siteId}&sorting=email`);
    expect(errorsOf(bad)).toEqual(['sorting']);
  });
});
