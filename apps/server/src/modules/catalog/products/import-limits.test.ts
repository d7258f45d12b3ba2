import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../../../../test/harness.ts';
import { MB, zipBombs } from '../../../../test/zip-bombs.ts';
import { token } from '../../permission-management/test-support.ts';

/**
 * Spreadsheet uploads are read within limits: a zip bomb (a few hundred KB that unpack to
 * hundreds of MB), a sheet of too many rows or columns is a 400 naming the limit. (How much memory
 * the reader takes while several arrive at once is measured by bench/spreadsheet-bombs.ts, not here.)
 */

const API = '/api/catalog/products';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await token(t.app, 'demo');
});
afterAll(async () => {
  await t?.close();
});

function upload(content: Buffer, culture = 'en') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), 'products.xlsx');
  return as(t.app, admin, culture)({ method: 'POST', url: `${API}/import`, payload: form });
}

const limitMessage = (res: { statusCode: number; json(): { error: { validationErrors: unknown[] } } }) => {
  expect(res.statusCode).toBe(400);
  return res.json().error.validationErrors;
};

describe('spreadsheet limits on import', () => {
  it('refuses zip bombs with a 400 naming the limit, several at once', async () => {
    const bombs = await zipBombs();
    for (const b of bombs) expect(b.length).toBeLessThan(2 * MB);

    // Several at once: each is stopped within 32 MB of inflated XML, whatever its headers claim.
    const answers = await Promise.all(bombs.map((b, i) => upload(b, i % 2 ? 'zh-Hans' : 'en')));
    answers.forEach((res, i) => {
      expect(limitMessage(res), res.body).toEqual([
        {
          members: ['file'],
          message:
            i % 2
              ? '工作簿过大:解压后的内容超过 32 MB。'
              : 'The workbook is too large: its content unpacks to more than 32 MB.',
        },
      ]);
    });
  }, 120_000);

  it('refuses a sheet of more rows than the import takes (400), counting rows below the header', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('商品');
    sheet.addRow(['父SKU', '名称']);
    for (let i = 1; i <= 2001; i++) sheet.addRow([`ROW-${i}`, `商品 ${i}`]);
    const res = await upload(Buffer.from(await wb.xlsx.writeBuffer()), 'zh-Hans');
    expect(limitMessage(res)).toEqual([{ members: ['file'], message: '工作表表头以下超过 2000 行。' }]);
  });

  it('refuses a sheet with values beyond the last column it takes (400); notes up to it are ignored', async () => {
    const headers = ['父SKU', '名称', '分类编码', '价格', '描述', '区域', '开发日期', '上架日期', '类型', '资源'];
    const good = [
      'LIM-01',
      '限额测试商品',
      '',
      10,
      '描述',
      'MY',
      '2026-01-05',
      '2026-02-01',
      'normal',
      'selfDeveloped',
    ];
    const sheetWith = async (column: number) => {
      const wb = new ExcelJS.Workbook();
      const sheet = wb.addWorksheet('商品');
      sheet.addRow(headers);
      sheet.addRow(good).getCell(column).value = '备注';
      return Buffer.from(await wb.xlsx.writeBuffer({ useSharedStrings: false }));
    };
    const wide = await upload(await sheetWith(101));
    expect(limitMessage(wide)).toEqual([{ members: ['file'], message: 'The sheet has values beyond column 100.' }]);

    // column 100 is still read (and ignored); the row is checked as usual: no category given
    const res = await upload(await sheetWith(100));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().errors.map((e: { row: number; field: string }) => [e.row, e.field])).toEqual([
      [2, 'categoryCodes'],
    ]);
  });
});
