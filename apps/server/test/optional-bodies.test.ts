import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { as, createSignedInTestApp, type InjectedResponse, type SignedInTestApp } from './harness.ts';

/**
 * An action whose body has only optional members needs nothing from its caller: no body at all,
 * an empty body sent as JSON and `{}` are one request. On every route whose body schema accepts
 * `{}`, neither of the first two is refused for its body (a 400 naming `body`); the route may still
 * answer 404 or 409 for the random ids in its path.
 */
let t: SignedInTestApp;
beforeAll(async () => {
  t = await createSignedInTestApp();
}, 120_000);
afterAll(() => t?.close());

/** A refusal of the body as a whole: missing, or not an object. */
function bodyRefusal(res: InjectedResponse): string | null {
  if (res.statusCode !== 400) return null;
  const error = res.json().error as { validationErrors?: { message: string; members: string[] }[] | null };
  const whole = error.validationErrors?.find((v) => v.members.includes('body') || v.members.includes(''));
  return whole ? whole.message : null;
}

describe('a body of optional members only', () => {
  it('may be left out, or sent empty as JSON, on every route', async () => {
    const routes = t.services.routes.filter((r) => {
      if (!r.url.startsWith('/api/') || !r.schema?.body || r.config?.anonymous) return false;
      if (/logout|sign-?out|revoke/i.test(r.url)) return false;
      try {
        return (r.schema.body as z.ZodType).safeParse({}).success;
      } catch {
        return false;
      }
    });
    expect(routes.map((r) => `${r.method} ${r.url}`)).toContain('PUT /api/catalog/gathers/:id/set-as-claimed');
    expect(routes.length).toBeGreaterThan(10);
    const refused: string[] = [];
    for (const r of routes) {
      const side = (r.config as { side?: string } | undefined)?.side === 'host' ? 'host' : 'tenant';
      const url = r.url.replace(/:(\w+)/g, (_m, name: string) => (name === 'seconds' ? '60' : randomUUID()));
      const ways: [string, Omit<InjectOptions, 'method' | 'url'>][] = [
        ['no body', {}],
        ['empty JSON body', { headers: { 'content-type': 'application/json' }, payload: '' }],
        ['{}', { headers: { 'content-type': 'application/json' }, payload: '{}' }],
      ];
      for (const [way, o] of ways) {
        for (const culture of ['en', 'zh-Hans']) {
          const res = await as(t.app, t.tokens[side], culture)({ ...o, method: r.method as 'PUT', url });
          const why = bodyRefusal(res);
          if (why) refused.push(`${r.method} ${r.url} (${way}, ${culture}): ${why}`);
        }
      }
    }
    expect(refused).toEqual([]);
  }, 600_000);

  it('set-as-claimed answers a gathered item the same without a body, with an empty one and with {}', async () => {
    const call = as(t.app, t.tokens.tenant);
    const items: { id: string }[] = [];
    for (const n of [1, 2, 3]) {
      const res = await call({
        method: 'POST',
        url: '/api/catalog/gathers',
        payload: {
          sourceUrl: `https://detail.1688.com/offer/99000${n}.html`,
          title: `Optional body ${n}`,
          currency: 'CNY',
          skus: [{ options: { 颜色: '黑色' }, price: '9.9', stock: 1 }],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      items.push(res.json());
    }
    const ways: Omit<InjectOptions, 'method' | 'url'>[] = [
      {},
      { headers: { 'content-type': 'application/json' }, payload: '' },
      { headers: { 'content-type': 'application/json' }, payload: '{}' },
    ];
    for (const [i, o] of ways.entries()) {
      const res = await call({ ...o, method: 'PUT', url: `/api/catalog/gathers/${items[i]!.id}/set-as-claimed` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'CLAIMED',
        logs: [{ action: 'MarkedClaimed' }, { action: 'Gathered' }],
      });
    }
  });
});
