import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allResources } from '../src/core/localization/index.ts';
import { as, createSignedInTestApp, type SignedInTestApp } from './harness.ts';
import type { Schema } from './openapi-cases.ts';

/**
 * Every refusal reads as a sentence with values in it, in both languages: for every API route with
 * a body or a query schema, bad input (no body, `{}`, wrong types, out of range, unknown ids, long
 * date ranges) is sent as demo's administrator (the host's for host routes) in zh-Hans and en, and
 * no message may hold a member path (`shopId`, `items.0.amount`, `lines[0].qty`, or in Chinese any
 * member name such as `to`), a raw text key (`Shops::X`, a bare `CamelCase` key) or an unfilled
 * placeholder (`{0}`).
 */
let t: SignedInTestApp;
beforeAll(async () => {
  t = await createSignedInTestApp();
}, 120_000);
afterAll(() => t?.close());

const jsonSchema = (s: unknown): Schema | null => {
  try {
    return z.toJSONSchema(s as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Schema;
  } catch {
    return null;
  }
};

/** The first alternative of a union that is not null, with allOf merged. */
function plain(s: Schema): Schema {
  const alternatives = (s.anyOf ?? s.oneOf)?.filter((a) => a.type !== 'null');
  if (alternatives?.length) return plain(alternatives[0]!);
  if (s.allOf?.length) return plain(Object.assign({}, ...s.allOf));
  return s;
}
const typeOf = (s: Schema) => [s.type ?? 'any'].flat().find((x) => x !== 'null') ?? 'any';

/** A value the schema may take, with every id unknown and every date range long. */
function plausible(raw: Schema, depth = 0, dates = { n: 0 }): unknown {
  const s = plain(raw);
  if (s.enum?.length) return s.enum[0];
  if ('const' in s) return s.const;
  switch (typeOf(s)) {
    case 'string': {
      if (s.format === 'uuid') return randomUUID();
      if (s.format === 'email') return 'nobody@example.com';
      if (s.format === 'date') return dates.n++ === 0 ? '2001-01-01' : '2099-12-31';
      if (s.format === 'date-time') return dates.n++ === 0 ? '2001-01-01T00:00:00Z' : '2099-12-31T00:00:00Z';
      if (s.format === 'uri') return 'https://example.com/x';
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    }
    case 'integer':
    case 'number':
      return s.minimum !== undefined && s.minimum > 1 ? s.minimum : Math.min(1, s.maximum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return depth > 4 ? [] : [plausible(s.items ?? {}, depth + 1, dates)];
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth > 4) return out;
      for (const [k, p] of Object.entries(s.properties ?? {})) out[k] = plausible(p, depth + 1, dates);
      return out;
    }
    default:
      return 'x';
  }
}

/** A value of another type than the schema's, members of objects and arrays each wrong in turn. */
function wrong(raw: Schema, depth = 0): unknown {
  const s = plain(raw);
  switch (typeOf(s)) {
    case 'string':
      return 12_345;
    case 'integer':
    case 'number':
      return 'x';
    case 'boolean':
      return 'x';
    case 'array':
      return depth > 4 ? 'x' : [wrong(s.items ?? {}, depth + 1)];
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth > 4) return 'x';
      for (const [k, p] of Object.entries(s.properties ?? {})) out[k] = wrong(p, depth + 1);
      return out;
    }
    default:
      return { x: 1 };
  }
}

/** Every bound crossed: strings too long, numbers below and above, too many items. */
function outOfRange(raw: Schema, low: boolean, depth = 0): unknown {
  const s = plain(raw);
  switch (typeOf(s)) {
    case 'string':
      if (s.enum?.length || s.format === 'uuid') return 'not-one-of-them';
      return low && s.minLength ? '' : 'x'.repeat((s.maxLength ?? 4000) + 1);
    case 'integer':
    case 'number':
      return low ? (s.minimum ?? -1e15) - 1 : (s.maximum ?? 1e15) + 1;
    case 'array': {
      const item = depth > 4 ? 'x' : outOfRange(s.items ?? {}, low, depth + 1);
      return low ? [item] : Array.from({ length: Math.min((s.maxItems ?? 0) + 1, 2000) || 1 }, () => item);
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth > 4) return out;
      for (const [k, p] of Object.entries(s.properties ?? {})) out[k] = outOfRange(p, low, depth + 1);
      return out;
    }
    default:
      return plausible(s);
  }
}

/** The names of every member a schema has, at any depth. */
function memberNames(raw: Schema | null, into = new Set<string>(), depth = 0): Set<string> {
  if (!raw || depth > 6) return into;
  const s = plain(raw);
  for (const [k, p] of Object.entries(s.properties ?? {})) {
    into.add(k);
    memberNames(p, into, depth + 1);
  }
  if (s.items) memberNames(s.items, into, depth + 1);
  return into;
}

const query = (v: Record<string, unknown>) =>
  Object.entries(v)
    .filter(([, x]) => x !== undefined && (typeof x !== 'object' || x === null))
    .map(([k, x]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(x))}`)
    .join('&');

/** What is wrong with a message, or null: a member path, a raw key or an unfilled placeholder. */
function defect(message: string, names: Set<string>, culture: string): string | null {
  if (/\{\w+\}/.test(message)) return 'placeholder';
  if (message.includes('::')) return 'text key';
  if (/^[A-Z][a-z]+[A-Z][A-Za-z]*(:[A-Za-z]+)*$/.test(message.trim())) return 'text key';
  // `items.0.amount`, `lines[0].qty` (not a host name such as detail.1688.com)
  for (const m of message.matchAll(/\b([A-Za-z_]\w*)(?:\.\d+|\[\d+\])/g)) if (names.has(m[1]!)) return 'member path';
  for (const token of message.split(/[^A-Za-z0-9_]+/)) {
    if (!token || !names.has(token)) continue;
    // camelCase names are member names in either language; a plain word only in Chinese, where an
    // English word is a name the code put there (in English "to" or "currency" is just a word)
    if (/[A-Z0-9_]/.test(token.slice(1)) || culture === 'zh-Hans') return `member ${token}`;
  }
  return null;
}

describe('refusal texts', () => {
  it('the detector finds what the issue found', () => {
    const names = new Set(['to', 'shopId', 'currency', 'items', 'amount']);
    expect(defect('一次最多 to 天。', names, 'zh-Hans')).toBe('member to');
    expect(defect('店铺不存在:shopId。', names, 'zh-Hans')).toBe('member shopId');
    expect(defect('Statement items.0.amount is fully matched already.', names, 'en')).toBe('member path');
    expect(defect('No exchange rate for currency', names, 'zh-Hans')).toBe('member currency');
    expect(defect('At most {1} days', names, 'en')).toBe('placeholder');
    expect(defect('Shops::NotAuthorized', names, 'en')).toBe('text key');
    expect(defect('NotAuthorized', names, 'en')).toBe('text key');
    expect(defect('At most 31 days at a time.', names, 'en')).toBeNull();
    expect(defect('Enter a host, e.g. detail.1688.com/offer/*.', names, 'en')).toBeNull();
    expect(defect('No exchange rate for USD: add it to the exchange rates setting.', names, 'en')).toBeNull();
  });

  it('number their values from {0}, without gaps, the same in both languages', () => {
    // a text numbered from {1} was written for the member in {0}: its first value would be missing
    const en = allResources('en');
    const zh = allResources('zh-Hans');
    const wrongly: string[] = [];
    const numbers = (text = '') =>
      [...new Set([...text.matchAll(/\{(\d+)\}/g)].map((m) => Number(m[1])))].sort((x, y) => x - y);
    for (const [resource, texts] of Object.entries(en)) {
      for (const [key, text] of Object.entries(texts)) {
        const a = numbers(text);
        const b = numbers(zh[resource]?.[key]);
        const expected = Array.from({ length: Math.max(a.length, b.length) }, (_, i) => i);
        if (a.join() !== expected.join() || b.join() !== expected.join()) wrongly.push(`${resource}::${key}`);
      }
    }
    expect(Object.keys(en).length).toBeGreaterThan(20);
    expect(wrongly).toEqual([]);
  });

  it('name values, never members, on every route in both languages', async () => {
    const routes = t.services.routes.filter(
      (r) =>
        r.url.startsWith('/api/') &&
        r.method !== 'HEAD' &&
        (r.schema?.body || r.schema?.querystring) &&
        !r.config?.anonymous &&
        // signing out ends the session this test runs in
        !/logout|sign-?out|revoke/i.test(r.url),
    );
    expect(routes.length).toBeGreaterThan(150);
    const found: string[] = [];
    let refusals = 0;
    for (const r of routes) {
      const side = (r.config as { side?: string } | undefined)?.side === 'host' ? 'host' : 'tenant';
      const url = r.url.replace(/:(\w+)/g, (_m, name: string) => (name === 'seconds' ? '60' : randomUUID()));
      const body = jsonSchema(r.schema?.body);
      const qs = jsonSchema(r.schema?.querystring);
      const names = memberNames(body, memberNames(qs));
      for (const m of r.url.matchAll(/:(\w+)/g)) names.add(m[1]!);
      const cases: Omit<InjectOptions, 'method' | 'url'>[] = [];
      const inputs = (s: Schema | null) =>
        s ? [{}, wrong(s), outOfRange(s, true), outOfRange(s, false), plausible(s)] : [];
      if (body) {
        cases.push({});
        for (const v of inputs(body))
          cases.push({ payload: JSON.stringify(v), headers: { 'content-type': 'application/json' } });
      }
      const withQuery = inputs(qs).map((v) => (typeof v === 'object' && v ? query(v as Record<string, unknown>) : ''));
      for (const culture of ['zh-Hans', 'en']) {
        const send = async (o: Omit<InjectOptions, 'method' | 'url'>, q = '') => {
          const target = q ? `${url}?${q}` : url;
          return as(t.app, t.tokens[side], culture)({ ...o, method: r.method as 'POST', url: target });
        };
        const responses = [
          ...(await Promise.all(cases.map((c) => send(c)))),
          ...(await Promise.all(withQuery.map((q) => send({}, q)))),
        ];
        for (const res of responses) {
          if (res.statusCode < 400 || !res.headers['content-type']?.toString().includes('json')) continue;
          const error = (res.json() as { error?: { message?: string; validationErrors?: { message: string }[] } })
            .error;
          if (!error) continue;
          refusals++;
          for (const message of [error.message ?? '', ...(error.validationErrors ?? []).map((v) => v.message)]) {
            const what = defect(message, names, culture);
            if (what) found.push(`${r.method} ${r.url} [${culture}] ${what}: ${message}`);
          }
        }
      }
    }
    expect(refusals).toBeGreaterThan(1000);
    expect([...new Set(found)]).toEqual([]);
  }, 600_000);
});
