import { beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../../../test/harness.ts';
import { useCatalogApp } from '../test-support.ts';

const API = '/api/catalog/products';
const SETTINGS = '/api/setting-management/settings';

const app = useCatalogApp();
const { post } = app;
let demoAdmin: string;
let otherAdmin: string;
let nobody: string;

const generate = async (who: string, query: string) => {
  const res = await post(who, `${API}/generate-sku?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().sku as string;
};
const setPattern = (who: string, value: string) =>
  app.put(who, `${SETTINGS}/change-current-tenant`, { settings: [{ name: 'Catalog.Sku.Pattern', value }] });

const now = new Date();
const yy = String(now.getUTCFullYear()).slice(2);
const yyMM = yy + String(now.getUTCMonth() + 1).padStart(2, '0');

beforeAll(() => {
  ({ demoAdmin, otherAdmin, nobody } = app);
});

describe('generate-sku with the tenant pattern', () => {
  it('follows the default pattern {prefix}{category}{yyMM}-{seq4}, one sequence per stem', async () => {
    const bag = (await post(demoAdmin, '/api/catalog/categories', { code: 'skubag', name: '箱包SKU' })).json();
    expect(await generate(demoAdmin, `prefix=zx-&categoryId=${bag.id}`)).toBe(`ZX-SKUBAG${yyMM}-0001`);
    expect(await generate(demoAdmin, `prefix=ZX-&categoryId=${bag.id}`)).toBe(`ZX-SKUBAG${yyMM}-0002`);
    // without a category the placeholder is empty, and that stem counts on its own
    expect(await generate(demoAdmin, 'prefix=ZX-')).toBe(`ZX-${yyMM}-0001`);
    // another tenant's category is not found; nothing was counted for it
    const theirs = (await post(otherAdmin, '/api/catalog/categories', { code: 'SHOE', name: '鞋' })).json();
    expect(members(await post(demoAdmin, `${API}/generate-sku?prefix=ZX-&categoryId=${theirs.id}`))).toEqual([
      'categoryId',
    ]);
    expect(members(await post(demoAdmin, `${API}/generate-sku?prefix=ZX-&categoryId=nope`))).toEqual(['categoryId']);
  });

  it('uses a pattern the tenant set, for that tenant only', async () => {
    expect((await setPattern(demoAdmin, '{yy}{prefix}{seq5}')).statusCode).toBe(200);
    expect(await generate(demoAdmin, 'prefix=AB')).toBe(`${yy}AB00001`);
    expect(await generate(demoAdmin, 'prefix=AB')).toBe(`${yy}AB00002`);
    expect(await generate(otherAdmin, 'prefix=AB-')).toBe(`AB-${yyMM}-0001`);
    // a pattern whose result breaks the SKU rules answers 400 on the prefix
    expect((await setPattern(demoAdmin, '{prefix}-{seq3}')).statusCode).toBe(200);
    expect(members(await post(demoAdmin, `${API}/generate-sku?prefix=AB-`))).toEqual(['prefix']);
    expect(await generate(demoAdmin, 'prefix=AB')).toBe('AB-001');
  });

  it('refuses patterns without one sequence or with other characters', async () => {
    for (const bad of [
      '{prefix}{yyMM}',
      '{prefix}{seq4}{seq4}',
      '{prefix}_{seq4}',
      '{prefix}{day}{seq4}',
      'ab{seq4}',
    ]) {
      expect((await setPattern(demoAdmin, bad)).statusCode, bad).toBe(400);
    }
    expect((await post(nobody, `${API}/generate-sku?prefix=AB`)).statusCode).toBe(403);
  });
});
