import type { GatherDetailDto, GatherImportResult } from '@seller/contracts/catalog';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { as, members } from '../../../../test/harness.ts';
import { useCatalogApp } from '../test-support.ts';

const api = useCatalogApp();
const base = '/api/catalog/gathers';

function upload(who: string, content: Buffer, name: string, culture = 'en') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), name);
  return as(api.t.app, who, culture)({ method: 'POST', url: `${base}/import`, payload: form });
}

async function workbook(rows: unknown[][], headers: string[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('采集箱');
  sheet.addRow(headers);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const item = (n: number, extra: object = {}) => ({
  sourceUrl: `https://item.taobao.com/item.htm?id=91000${n}`,
  title: `导入测试商品 ${n}`,
  priceMin: '9.9',
  images: ['https://img.alicdn.com/imgextra/i1/taobao-680000000001-1.png'],
  ...extra,
});

describe('uploading gathered products', () => {
  it('creates the valid items of a JSON array and reports the others by index and member', async () => {
    const body = [
      item(1),
      item(2, { title: '' }),
      item(3, { skus: [{ options: { 颜色: '红' }, price: 'abc' }] }),
      item(4),
    ];
    const res = await upload(api.demoAdmin, Buffer.from(JSON.stringify(body)), 'items.json');
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as GatherImportResult;
    expect(result).toMatchObject({ total: 4, created: 2 });
    expect(result.errors).toEqual([
      { row: 2, field: 'title', message: 'Enter the title.' },
      { row: 3, field: 'skus.0.price', message: 'Enter an amount with at most 4 decimal places.' },
    ]);
    const first = (await api.get(api.demoAdmin, `${base}/${result.ids[0]}`)).json() as GatherDetailDto;
    expect(first).toMatchObject({
      title: '导入测试商品 1',
      origin: 'upload',
      sourcePlatform: 'TAOBAO',
      sourceItemId: '910001',
      priceMin: '9.90',
    });
  });

  it('reads an Excel sheet of one row per SKU (headers of the template, either language)', async () => {
    const template = await api.get(api.demoAdmin, `${base}/import-template`);
    expect(template.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const headers = (wb.worksheets[0].getRow(1).values as string[]).slice(1);
    expect(headers.slice(0, 4)).toEqual(['Source URL', 'Platform', 'Item ID', 'Title']);
    const col = (name: string) => headers.indexOf(name);
    const row = (values: Record<string, unknown>) => {
      const r: unknown[] = headers.map(() => null);
      for (const [k, v] of Object.entries(values)) r[col(k)] = v;
      return r;
    };
    const url = 'https://www.aliexpress.com/item/1005009999000001.html';
    const content = await workbook(
      [
        row({
          'Source URL': url,
          Title: 'Excel Imported Hoodie',
          Currency: 'USD',
          Images: 'https://ae01.alicdn.com/kf/a.png\nhttps://ae01.alicdn.com/kf/b.png',
          Supplier: 'Hoodie Factory',
          Attributes: 'Material: Cotton; Season: Winter',
          'Option 1': 'Color',
          'Option 1 value': 'Red',
          'Option 2': 'Size',
          'Option 2 value': 'M',
          'SKU price': 15.5,
          'SKU stock': 20,
        }),
        row({
          'Option 1': 'Color',
          'Option 1 value': 'Red',
          'Option 2': 'Size',
          'Option 2 value': 'L',
          'SKU price': '16.00',
          'SKU stock': 0,
        }),
        row({ 'Source URL': 'https://www.amazon.com/dp/B0XLSX0001', Title: 'No price here' }),
        row({
          'Source URL': 'https://www.amazon.com/dp/B0XLSX0002',
          Title: 'Sheet lamp',
          'Lowest price': 12,
          Currency: 'usd',
        }),
      ],
      headers,
    );
    const res = await upload(api.demoAdmin, content, 'gathers.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as GatherImportResult;
    expect(result).toMatchObject({ total: 3, created: 2, errors: [{ row: 4, field: 'priceMin' }] });
    const hoodie = (await api.get(api.demoAdmin, `${base}/${result.ids[0]}`)).json() as GatherDetailDto;
    expect(hoodie).toMatchObject({
      sourcePlatform: 'ALIEXPRESS',
      priceMin: '15.50',
      priceMax: '16.00',
      currency: 'USD',
      optionNames: ['Color', 'Size'],
      images: ['https://ae01.alicdn.com/kf/a.png', 'https://ae01.alicdn.com/kf/b.png'],
      attributes: [
        { name: 'Material', value: 'Cotton' },
        { name: 'Season', value: 'Winter' },
      ],
      supplierName: 'Hoodie Factory',
    });
    expect(hoodie.skus.map((s) => [s.options, s.price, s.stock])).toEqual([
      [{ Color: 'Red', Size: 'M' }, '15.50', 20],
      [{ Color: 'Red', Size: 'L' }, '16.00', 0],
    ]);

    // a SKU row's refusal is reported on its own sheet row and column, in the reader's language
    const bad = await workbook(
      [
        row({ 'Source URL': url, Title: 'T', 'Option 1': 'Color', 'Option 1 value': 'Red', 'SKU price': 1 }),
        row({ 'Option 1': 'Color', 'Option 1 value': 'Red', 'SKU price': 2 }),
      ],
      headers,
    );
    const refused = (await upload(api.demoAdmin, bad, 'bad.xlsx', 'zh-Hans')).json() as GatherImportResult;
    expect(refused).toMatchObject({
      created: 0,
      errors: [{ row: 3, field: 'option1Name', message: '有两个 SKU 行的规格值相同。' }],
    });
  });

  it('refuses files that are neither, empty or too many items, naming the file; needs the permission', async () => {
    const cases: [Buffer, string][] = [
      [Buffer.from('hello'), 'a.txt'],
      [Buffer.from('{"not":"a list"}'), 'a.json'],
      [Buffer.from('[1, 2'), 'a.json'],
      [Buffer.from('[]'), 'a.json'],
      [Buffer.from(JSON.stringify(Array.from({ length: 501 }, (_, i) => item(i)))), 'a.json'],
      [Buffer.from('PK\u0003\u0004 broken'), 'a.xlsx'],
    ];
    for (const [content, name] of cases) {
      const res = await upload(api.demoAdmin, content, name);
      expect(res.statusCode, `${name} ${res.body}`).toBe(400);
      expect(members(res)).toEqual(['file']);
    }
    const noFile = await as(api.t.app, api.demoAdmin)({ method: 'POST', url: `${base}/import`, payload: { x: 1 } });
    expect(noFile.statusCode).toBe(400);
    expect((await upload(api.nobody, Buffer.from(JSON.stringify([item(9)])), 'a.json')).statusCode).toBe(403);
    expect((await api.get(api.nobody, `${base}/import-template`)).statusCode).toBe(403);
    // an upload lands in the uploader's tenant only
    const mine = (await upload(api.otherAdmin, Buffer.from(JSON.stringify([item(8)])), 'a.json')).json();
    expect((await api.get(api.demoAdmin, `${base}/${mine.ids[0]}`)).statusCode).toBe(404);
  });
});
