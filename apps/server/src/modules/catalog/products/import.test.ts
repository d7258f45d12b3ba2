import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { as, type TestApp } from '../../../../test/harness.ts';
import { PRODUCT_SHEET_HEADERS as HEADERS, productFacts, useCatalogApp } from '../test-support.ts';

const API = '/api/catalog/products';

const app = useCatalogApp();
const { post } = app;
let t: TestApp;
let demoAdmin: string;
let otherAdmin: string;
let nobody: string;

/** Region, development and launch dates, types, resource of a good row. */
const FACTS = ['MY', '2026-01-05', '2026-02-01', 'normal', 'selfDeveloped'];

async function workbook(rows: unknown[][], headers = HEADERS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('商品');
  sheet.addRow(headers);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function upload(who: string, content: Buffer, culture = 'zh-Hans') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), 'products.xlsx');
  return as(t.app, who, culture)({ method: 'POST', url: `${API}/import`, payload: form });
}

beforeAll(async () => {
  ({ t, demoAdmin, otherAdmin, nobody } = app);
  await post(demoAdmin, '/api/catalog/categories', { code: 'IMP-CUP', name: '杯子' });
  await post(demoAdmin, '/api/catalog/brands', { name: '山泉' });
  await post(otherAdmin, '/api/catalog/categories', { code: 'IMP-OTHER', name: '别家' });
});

describe('product import', () => {
  it('imports every row of a good sheet in one go', async () => {
    const res = await upload(
      demoAdmin,
      await workbook([
        ['imp-a-01', '导入保温杯一号', 'IMP-CUP', '山泉', 29.9, '导入的商品', 300, ...FACTS],
        // labels of either language for the option sets; a date cell as Excel stores it
        [
          'IMP-A-02',
          '导入保温杯二号',
          'imp-cup',
          '',
          '19.5',
          '导入的商品',
          '',
          '泰国',
          new Date(Date.UTC(2025, 10, 3)),
          '2025-12-01',
          'Bundle, 普通',
          '工厂',
        ],
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 2, errors: [] });
    const get = (url: string) => as(t.app, demoAdmin)({ method: 'GET', url });
    const found = (await get(`${API}?filter=IMP-A-0`)).json();
    expect(found.totalCount).toBe(2);
    const one = (await get(`${API}/by-sku?sku=IMP-A-01`)).json();
    expect(one).toMatchObject({
      name: '导入保温杯一号',
      price: '29.90',
      priceCurrency: 'CNY',
      weight: 300,
      pmsStatus: 1,
      ...productFacts,
    });
    expect(one.brandId).toBeTruthy();
    expect((await get(`${API}/by-sku?sku=IMP-A-02`)).json()).toMatchObject({
      region: 'TH',
      developmentDate: '2025-11-03',
      launchDate: '2025-12-01',
      salesTypes: ['bundle', 'normal'],
      resource: 'factory',
    });
  });

  it('writes nothing when a row is wrong and reports each bad row, column and localized message', async () => {
    const res = await upload(
      demoAdmin,
      await workbook([
        ['IMP-B-01', '好的商品', 'IMP-CUP', '', 10, '描述', '', ...FACTS],
        ['IMP-B-02', 'ab', 'IMP-CUP', '', 10, '描述', '', ...FACTS],
        ['IMP-B-03', '第三个商品', 'NOPE', '没有的品牌', '', '描述', '', ...FACTS],
        ['IMP-B-01', '重复的SKU', 'IMP-OTHER', '', 10, '描述', '', ...FACTS],
        ['IMP-A-01', '已占用的SKU', 'IMP-CUP', '', 10, '描述', '', ...FACTS],
        ['IMP-B-06', '缺区域的商品', 'IMP-CUP', '', 10, '描述', '', '', '2026-01-05', '2026-02-01', 'normal', '工厂'],
        ['IMP-B-07', '日期不对的商品', 'IMP-CUP', '', 10, '描述', '', 'MY', '2026-03-01', '2026-02-01', '礼品', ''],
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report.created).toBe(0);
    expect(report.errors.map((e: { row: number; field: string }) => [e.row, e.field])).toEqual([
      [3, 'name'],
      [4, 'categoryCodes'],
      [4, 'brand'],
      [4, 'price'],
      [5, 'categoryCodes'],
      [5, 'sku'],
      [7, 'region'],
      [8, 'salesTypes'],
      [8, 'resource'],
      [8, 'launchDate'],
    ]);
    expect(report.errors[0]).toMatchObject({ column: '名称', message: '长度在 3 个字符以上' });
    expect(report.errors[1].message).toBe('没有编码为 NOPE 的分类。');
    expect(report.errors[3].message).toBe('请填写价格');
    expect(report.errors[5].message).toBe('SKU IMP-B-01 已在第 2 行出现。');
    expect(report.errors.slice(6).map((e: { column: string; message: string }) => [e.column, e.message])).toEqual([
      ['区域', '请选择区域'],
      ['类型', '请选择给出的选项之一。'],
      ['资源', '请选择资源'],
      ['上架日期', '上架日期不能早于开发日期'],
    ]);
    expect((await as(t.app, demoAdmin)({ method: 'GET', url: `${API}?filter=IMP-B` })).json().totalCount).toBe(0);

    // rows fine on their own but taken in the tenant: still nothing written
    const taken = await upload(
      demoAdmin,
      await workbook([
        ['IMP-C-01', '新的商品', 'IMP-CUP', '', 10, '描述', '', ...FACTS],
        ['IMP-A-01', '已占用的SKU', 'IMP-CUP', '', 10, '描述', '', ...FACTS],
      ]),
      'en',
    );
    expect(taken.json()).toMatchObject({ created: 0, errors: [{ row: 3, field: 'sku', column: 'Parent SKU' }] });
    expect((await as(t.app, demoAdmin)({ method: 'GET', url: `${API}?filter=IMP-C` })).json().totalCount).toBe(0);
  });

  it('reports a missing column or a file that is not a workbook', async () => {
    const noPrice = await upload(
      demoAdmin,
      await workbook(
        [['X', '名称名称', 'IMP-CUP', '', '描述', ...FACTS]],
        HEADERS.filter((h) => h !== '价格' && h !== '重量 (g)'),
      ),
    );
    expect(noPrice.json()).toMatchObject({
      created: 0,
      errors: [{ row: 1, field: 'price', message: '缺少列“价格”。' }],
    });
    const noDates = await upload(
      demoAdmin,
      await workbook([], ['父SKU', '名称', '分类编码', '价格', '描述', '区域', '类型', '资源']),
      'en',
    );
    expect(noDates.json().errors.map((e: { field: string; message: string }) => [e.field, e.message])).toEqual([
      ['developmentDate', 'The column "Development date" is missing.'],
      ['launchDate', 'The column "Launch date" is missing.'],
    ]);
    const text = await upload(demoAdmin, Buffer.from('not a workbook'));
    expect(text.json()).toMatchObject({ created: 0, errors: [{ row: 0, field: 'file' }] });
  });

  it('serves a template whose headers import back', async () => {
    const res = await as(t.app, demoAdmin, 'en')({ method: 'GET', url: `${API}/import-template` });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const headers = (wb.worksheets[0].getRow(1).values as unknown[]).filter(Boolean);
    expect(headers).toEqual(
      expect.arrayContaining([
        'Parent SKU',
        'Name',
        'Category codes',
        'Price',
        'Description',
        'Region',
        'Development date',
        'Launch date',
        'Type',
        'Resource',
      ]),
    );
  });

  it('needs the create permission (403)', async () => {
    expect((await upload(nobody, await workbook([]))).statusCode).toBe(403);
    expect((await as(t.app, nobody)({ method: 'GET', url: `${API}/import-template` })).statusCode).toBe(403);
  });
});
