import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, members, xlsxSheets } from '../../../../test/harness.ts';
import { systemContext } from '../../../core/context.ts';
import { activeChannels } from './channels-service.ts';
import { band, type CarrierTest, carrier, carrierTest, channel, type Dto } from './test-support.ts';

const channels = '/api/logistics/channels';
const rates = (id: string) => `${channels}/${id}/rates`;

let c: CarrierTest;
let sf: Dto;
let zoneA: string;
let zoneB: string;
let theirZone: string;
let theirChannel: Dto;

type Row = { id: string; zoneName: string; [k: string]: unknown };
type Table = { channelId: string; currency: string; concurrencyStamp: string; rows: Row[] };

const table = async (who: string, id: string): Promise<Table> => {
  const res = await c.call(who, 'GET', rates(id));
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** The rows without their ids: what an import reproduces. */
/** The rate sheet's English headers up to the first fee modes' columns (the sheet's own order). */
const firstEnglishHeaders = [
  'Zone',
  'Weight from (g)',
  'Weight to (g)',
  'Fee mode',
  'First weight (g)',
  'First fee',
  'Additional unit (g)',
  'Additional fee',
];
const content = (t: Table) => t.rows.map(({ id: _, ...r }) => r);
const newChannel = async (code: string) => c.create(c.demoAdmin, channels, channel(sf.id, code, { currency: 'MYR' }));
const flat = (zoneId: string, weightFrom: number, weightTo: number, flatFee: string, extra: object = {}) => ({
  zoneId,
  weightFrom,
  weightTo,
  feeMode: 'FLAT',
  flatFee,
  ...extra,
});

async function workbook(rows: unknown[][], sheetName = '运价'): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function upload(who: string | null, id: string, file: Buffer, culture = 'en') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'rates.xlsx');
  return as(c.t.app, who, culture)({ method: 'POST', url: `${rates(id)}/import`, payload: form });
}

async function download(who: string, id: string, culture = 'en') {
  const res = await c.call(who, 'GET', `${rates(id)}/export`, undefined, culture);
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

beforeAll(async () => {
  c = await carrierTest();
  sf = await c.create(c.demoAdmin, '/api/logistics/carriers', carrier('T-SF'));
  zoneA = await c.zone(c.t.demo, 'T 东南亚一区', ['SG', 'MY']);
  zoneB = await c.zone(c.t.demo, 'T Zone B', ['TH']);
  theirZone = await c.zone(c.t.other, 'T Their zone');
  const theirCarrier = await c.create(c.otherAdmin, '/api/logistics/carriers', carrier('T-THEIRS'));
  theirChannel = await c.create(c.otherAdmin, channels, channel(theirCarrier.id, 'T-THEIRS'));
  const put = await c.call(c.otherAdmin, 'PUT', rates(theirChannel.id), { rows: [band(theirZone, 0, 1000)] });
  expect(put.statusCode, put.body).toBe(200);
});
afterAll(async () => {
  await c?.t.close();
});

describe('rate tables', () => {
  it('are replaced whole and read back by zone name and band, decimals as text, the channel’s stamp bumped', async () => {
    const ch = await newChannel('T-RATES');
    expect(await table(c.demoAdmin, ch.id)).toEqual({
      channelId: ch.id,
      currency: 'MYR',
      concurrencyStamp: ch.concurrencyStamp,
      rows: [],
    });
    const put = await c.call(c.demoAdmin, 'PUT', rates(ch.id), {
      concurrencyStamp: ch.concurrencyStamp,
      rows: [
        { zoneId: zoneB, weightFrom: 0, weightTo: 2000, feeMode: 'PER_KG', perKgFee: '45.1230', additionalUnit: 100 },
        band(zoneA, 500, 2000, { firstFee: '0.125', additionalFee: 3 }),
        flat(zoneA, 0, 500, '7.5', { effectiveFrom: '2025-01-01', effectiveTo: '2030-12-31' }),
        {
          zoneId: zoneB,
          weightFrom: 2000,
          weightTo: 30000,
          feeMode: 'BASE_PER_UNIT',
          baseFee: '12.0000',
          additionalUnit: 1000,
          additionalFee: '20',
        },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    const saved = put.json() as Table;
    expect(saved.concurrencyStamp).not.toBe(ch.concurrencyStamp);
    expect(await table(c.demoAdmin, ch.id)).toEqual(saved);
    expect(content(saved)).toEqual([
      {
        zoneId: zoneB,
        zoneName: 'T Zone B',
        weightFrom: 0,
        weightTo: 2000,
        feeMode: 'PER_KG',
        firstWeight: null,
        firstFee: null,
        additionalUnit: 100,
        additionalFee: null,
        baseFee: null,
        perKgFee: '45.123',
        flatFee: null,
        effectiveFrom: null,
        effectiveTo: null,
      },
      expect.objectContaining({ zoneName: 'T Zone B', weightFrom: 2000, baseFee: '12.00', additionalFee: '20.00' }),
      expect.objectContaining({
        zoneName: 'T 东南亚一区',
        weightFrom: 0,
        feeMode: 'FLAT',
        flatFee: '7.50',
        effectiveFrom: '2025-01-01',
        effectiveTo: '2030-12-31',
      }),
      expect.objectContaining({
        zoneName: 'T 东南亚一区',
        weightFrom: 500,
        firstWeight: 500,
        firstFee: '0.125',
        additionalFee: '3.00',
      }),
    ]);
    // the channel carries the new stamp and its counts
    expect((await c.call(c.demoAdmin, 'GET', `${channels}/${ch.id}`)).json()).toMatchObject({
      concurrencyStamp: saved.concurrencyStamp,
      rateCount: 4,
      zoneCount: 2,
    });

    // a stale stamp is a 409 and changes nothing
    const stale = await c.call(c.demoAdmin, 'PUT', rates(ch.id), {
      concurrencyStamp: ch.concurrencyStamp,
      rows: [band(zoneA, 0, 1000)],
    });
    expect(stale.statusCode).toBe(409);
    expect(await table(c.demoAdmin, ch.id)).toEqual(saved);

    // the next table keeps the ids of the rows it names, the others are new and the rest go
    const kept = saved.rows[2];
    const next = await c.call(c.demoAdmin, 'PUT', rates(ch.id), {
      concurrencyStamp: saved.concurrencyStamp,
      rows: [
        { ...flat(zoneA, 0, 500, '8'), id: kept.id },
        { ...band(zoneA, 500, 1000), id: theirChannel.id },
      ],
    });
    expect(next.statusCode, next.body).toBe(200);
    const after = next.json() as Table;
    expect(after.rows.map((r) => [r.weightFrom, r.flatFee ?? r.firstFee])).toEqual([
      [0, '8.00'],
      [500, '12.50'],
    ]);
    expect(after.rows[0].id).toBe(kept.id);
    expect(saved.rows.map((r) => r.id)).not.toContain(after.rows[1].id);
    expect(after.rows[1].id).not.toBe(theirChannel.id);
    // without a stamp the table is replaced whatever it was
    const blind = await c.call(c.demoAdmin, 'PUT', rates(ch.id), { rows: [band(zoneB, 0, 1000)] });
    expect(blind.statusCode).toBe(200);
    expect((await table(c.demoAdmin, ch.id)).rows.map((r) => r.zoneName)).toEqual(['T Zone B']);
  });

  it('take a full table of 5 000 rows, and no more', async () => {
    const ch = await newChannel('T-FULL');
    const rows = Array.from({ length: 5000 }, (_, i) =>
      band(i % 2 ? zoneA : zoneB, Math.floor(i / 2) * 100, Math.floor(i / 2) * 100 + 100, {
        firstFee: '12.3456',
        additionalFee: '1234.5678',
        effectiveFrom: '2025-01-01',
        effectiveTo: '2099-12-31',
      }),
    );
    const put = await c.call(c.demoAdmin, 'PUT', rates(ch.id), { rows });
    expect(put.statusCode, put.body.slice(0, 500)).toBe(200);
    expect((await table(c.demoAdmin, ch.id)).rows).toHaveLength(5000);
    expect((await c.call(c.demoAdmin, 'GET', `${channels}/${ch.id}`)).json()).toMatchObject({
      rateCount: 5000,
      zoneCount: 2,
    });
    const more = await c.call(c.demoAdmin, 'PUT', rates(ch.id), { rows: [...rows, band(zoneA, 600_000, 700_000)] });
    expect(more.statusCode).toBe(400);
    expect(members(more)).toEqual(['rows']);
  });

  it('record the replacement as a change of the channel in the audit log', async () => {
    const ch = await newChannel('T-AUDIT');
    const res = await as(
      c.t.app,
      c.demoAdmin,
    )({
      method: 'PUT',
      url: rates(ch.id),
      headers: { 'x-correlation-id': 'rates-audit-1' },
      payload: { rows: [band(zoneA, 0, 500), band(zoneA, 500, 1000)] },
    });
    expect(res.statusCode).toBe(200);
    let detail: { entityChanges: { entityId: string; entityTypeFullName: string; propertyChanges: Dto[] }[] } | null =
      null;
    for (let i = 0; i < 100 && !detail; i++) {
      const page = (await c.call(c.demoAdmin, 'GET', '/api/auditing/audit-log?correlationId=rates-audit-1')).json();
      if (page.totalCount === 1)
        detail = (await c.call(c.demoAdmin, 'GET', `/api/auditing/audit-log/${page.items[0].id}`)).json();
      else await new Promise((r) => setTimeout(r, 50));
    }
    expect(detail?.entityChanges).toHaveLength(1);
    expect(detail?.entityChanges[0]).toMatchObject({ entityTypeFullName: 'Channel', entityId: ch.id });
    expect(detail?.entityChanges[0].propertyChanges).toContainEqual({
      propertyName: 'rateRows',
      originalValue: '0',
      newValue: '2',
    });
  });

  it('refuse bad rows naming the field, and change nothing', async () => {
    const ch = await newChannel('T-BAD-ROWS');
    const good = await c.call(c.demoAdmin, 'PUT', rates(ch.id), { rows: [band(zoneA, 0, 1000)] });
    const before = good.json() as Table;
    const cases: [object[], string[]][] = [
      [[], ['rows']],
      [[band(zoneA, -1, 1000)], ['rows.0.weightFrom']],
      [[band(zoneA, 0, 0)], ['rows.0.weightTo']],
      [[band(zoneA, 0, 1000), band(zoneA, 1000, 1000)], ['rows.1.weightTo']],
      [[band(zoneA, 800, 500)], ['rows.0.weightTo']],
      [[band(zoneA, 0.5, 1000)], ['rows.0.weightFrom']],
      [[band(zoneA, 0, 1000, { firstFee: null, additionalUnit: '' })], ['rows.0.additionalUnit', 'rows.0.firstFee']],
      [[band(zoneA, 0, 1000, { firstWeight: 0, additionalFee: '-1' })], ['rows.0.additionalFee', 'rows.0.firstWeight']],
      [[band(zoneA, 0, 1000, { firstFee: '1.23456' })], ['rows.0.firstFee']],
      [[{ zoneId: zoneA, weightFrom: 0, weightTo: 1000, feeMode: 'PER_KG' }], ['rows.0.perKgFee']],
      [[{ zoneId: zoneA, weightFrom: 0, weightTo: 1000, feeMode: 'BY_VOLUME', flatFee: '1' }], ['rows.0.feeMode']],
      [[band(zoneA, 0, 1000, { effectiveFrom: '2025-07-01', effectiveTo: '2025-06-30' })], ['rows.0.effectiveTo']],
      [[band(zoneA, 0, 1000, { effectiveFrom: '2025/07/01' })], ['rows.0.effectiveFrom']],
      [[band(zoneA, 0, 1000), band(theirZone, 0, 1000)], ['rows.1.zoneId']],
      [[band(zoneA, 0, 1000), band(zoneB, 0, 1000), band(zoneA, 999, 2000)], ['rows.2.weightFrom']],
      [
        [
          band(zoneA, 0, 1000, { effectiveTo: '2025-06-30' }),
          band(zoneA, 500, 1500, { effectiveFrom: '2025-06-30' }),
          band(zoneA, 1500, 3000),
          band(zoneA, 2000, 2500),
        ],
        ['rows.1.weightFrom', 'rows.3.weightFrom'],
      ],
    ];
    for (const [rows, expected] of cases) {
      const res = await c.call(c.demoAdmin, 'PUT', rates(ch.id), { rows });
      expect(res.statusCode, JSON.stringify(rows)).toBe(400);
      expect([...new Set(members(res))].sort(), JSON.stringify(rows)).toEqual(expected);
    }
    expect(await table(c.demoAdmin, ch.id)).toEqual(before);

    const required = await c.call(c.demoAdmin, 'PUT', rates(ch.id), {
      rows: [{ zoneId: zoneA, weightFrom: 0, weightTo: 1000, feeMode: 'FLAT' }],
    });
    expect(required.json().error.validationErrors[0]).toEqual({
      message: 'Required for this fee mode.',
      members: ['rows.0.flatFee'],
    });
    const overlap = await c.call(
      c.demoAdmin,
      'PUT',
      rates(ch.id),
      { rows: [band(zoneA, 0, 1000), band(zoneA, 500, 1500)] },
      'zh-Hans',
    );
    expect(overlap.json().error.validationErrors).toEqual([
      { message: '重量区间与同一分区第 1 行重叠,且有效期也重叠。', members: ['rows.1.weightFrom'] },
    ]);
    const empty = await c.call(c.demoAdmin, 'PUT', rates(ch.id), { rows: [] });
    expect(empty.json().error.validationErrors[0].message).toBe('Add at least one rate row.');

    // bands that meet, and overlapping bands in periods apart, are fine
    const periods = await c.call(c.demoAdmin, 'PUT', rates(ch.id), {
      rows: [
        band(zoneA, 0, 1000, { effectiveTo: '2025-06-30' }),
        band(zoneA, 500, 1500, { effectiveFrom: '2025-07-01' }),
        band(zoneA, 1500, 3000),
        band(zoneB, 0, 3000),
      ],
    });
    expect(periods.statusCode, periods.body).toBe(200);
  });

  it('export as a workbook with localized headers and a sheet of fee modes', async () => {
    const ch = await newChannel('T-EXPORT');
    const put = await c.call(c.demoAdmin, 'PUT', rates(ch.id), {
      rows: [
        band(zoneA, 0, 500, { firstFee: '12.5', effectiveFrom: '2025-01-01' }),
        flat(zoneB, 0, 1000, '0.125', { effectiveTo: '2031-06-30' }),
      ],
    });
    expect(put.statusCode).toBe(200);
    const res = await download(c.demoAdmin, ch.id, 'zh-Hans');
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('运价表-T-EXPORT-');
    const [rateSheet, modes] = await xlsxSheets(res.rawPayload);
    expect(rateSheet.rows).toEqual([
      [
        '分区',
        '起始重量(g)',
        '截止重量(g)',
        '计费方式',
        '首重(g)',
        '首重费用',
        '续重单位(g)',
        '续重费用',
        '基础费',
        '每千克费用',
        '固定费用',
        '生效日期',
        '失效日期',
      ],
      // ExcelJS leaves the empty cells out of `values`
      [
        'T Zone B',
        0,
        1000,
        'FLAT',
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        0.125,
        undefined,
        new Date('2031-06-30T00:00:00Z'),
      ],
      [
        'T 东南亚一区',
        0,
        500,
        'FIRST_ADDITIONAL',
        500,
        12.5,
        500,
        3.25,
        undefined,
        undefined,
        undefined,
        new Date('2025-01-01T00:00:00Z'),
      ],
    ]);
    expect(modes.name).toBe('计费方式说明');
    expect(modes.rows.map((r) => r.slice(0, 3))).toEqual([
      ['代码', '计费方式', '需要填写的列'],
      ['FIRST_ADDITIONAL', '首重+续重', '首重(g), 首重费用, 续重单位(g), 续重费用'],
      ['BASE_PER_UNIT', '基础费+按单位', '基础费, 续重单位(g), 续重费用'],
      ['PER_KG', '按千克', '每千克费用'],
      ['FLAT', '固定费用', '固定费用'],
    ]);
    const [english] = await xlsxSheets((await download(c.demoAdmin, ch.id)).rawPayload);
    expect(english.rows[0]).toEqual([
      ...firstEnglishHeaders,
      'Base fee',
      'Per-kg fee',
      'Flat fee',
      'Effective from',
      'Effective to',
    ]);
  });

  it('import a sheet written by hand: headers in either language in any order, zones by name, labels, text or number cells', async () => {
    const ch = await newChannel('T-IMPORT');
    const file = await workbook([
      [
        'Fee mode',
        '分区',
        'Weight to (g)',
        '起始重量(g)',
        'First fee',
        '首重(g)',
        '续重单位(g)',
        '续重费用',
        '固定费用',
        '生效日期',
        'Effective to',
        'Notes',
      ],
      [
        '首重+续重',
        't 东南亚一区',
        500,
        0,
        12.5,
        500,
        500,
        '3.2',
        null,
        new Date('2025-01-01T00:00:00Z'),
        '2030-12-31',
        'ok',
      ],
      [],
      ['First + additional', ' T 东南亚一区 ', '2000', '500', '0.125', 500, 500, 3, null, '2025-01-01', null],
      ['flat', 'T Zone B', 1000, 0, null, null, null, null, '9.90'],
    ]);
    const res = await upload(c.demoAdmin, ch.id, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ imported: 3, zones: 2 });
    const imported = await table(c.demoAdmin, ch.id);
    expect(imported.concurrencyStamp).not.toBe(ch.concurrencyStamp);
    expect(content(imported)).toEqual([
      expect.objectContaining({
        zoneName: 'T Zone B',
        weightFrom: 0,
        weightTo: 1000,
        feeMode: 'FLAT',
        flatFee: '9.90',
      }),
      expect.objectContaining({
        zoneId: zoneA,
        weightFrom: 0,
        weightTo: 500,
        feeMode: 'FIRST_ADDITIONAL',
        firstWeight: 500,
        firstFee: '12.50',
        additionalUnit: 500,
        additionalFee: '3.20',
        effectiveFrom: '2025-01-01',
        effectiveTo: '2030-12-31',
      }),
      expect.objectContaining({
        weightFrom: 500,
        weightTo: 2000,
        firstFee: '0.125',
        additionalFee: '3.00',
        effectiveTo: null,
      }),
    ]);
  });

  it('refuse a sheet with bad rows, naming every row and column, writing nothing', async () => {
    const ch = await newChannel('T-IMPORT-BAD');
    const before = (await c.call(c.demoAdmin, 'PUT', rates(ch.id), { rows: [band(zoneB, 0, 1000)] })).json();
    const headers = [...firstEnglishHeaders, 'Flat fee'];
    const file = await workbook([
      headers,
      ['T Zone B', 0, 500, 'FLAT', null, null, null, null, 5],
      ['T Zone B', 500, 500, 'FLAT', null, null, null, null, 5],
      ['T Zone B', 500, 1000, 'FLAT', null, null, null, null, 5],
      ['Atlantis', 0, 1000, 'FIRST_ADDITIONAL', 500, 'abc', 500],
    ]);
    const res = await upload(c.demoAdmin, ch.id, file, 'zh-Hans');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.validationErrors).toEqual([
      { message: '不能小于下限。', members: ['rows.3.weightTo'] },
      { message: '没有名为“Atlantis”的分区。', members: ['rows.5.zoneId'] },
      { message: '请输入数字,如 12.50。', members: ['rows.5.firstFee'] },
      { message: '该计费方式必须填写。', members: ['rows.5.additionalFee'] },
    ]);
    expect(await table(c.demoAdmin, ch.id)).toEqual(before);

    // overlaps name the sheet's rows; empty required cells name their column
    const overlap = await upload(
      c.demoAdmin,
      ch.id,
      await workbook([
        headers,
        ['T Zone B', 0, 1000, 'FLAT', null, null, null, null, 5],
        ['T Zone B', 900, 2000, 'FLAT', null, null, null, null, 5],
        [null, 0, null, 'FLAT', null, null, null, null, 5],
      ]),
    );
    expect(overlap.json().error.validationErrors).toEqual([
      {
        message: 'The weight band overlaps row 2 of the same zone in an overlapping period.',
        members: ['rows.3.weightFrom'],
      },
      { message: 'Zone is required.', members: ['rows.4.zoneId'] },
      { message: 'Weight to (g) is required.', members: ['rows.4.weightTo'] },
    ]);

    const cases: [Buffer, string[], string][] = [
      [
        await workbook([
          ['Zone', 'Weight from (g)', 'Weight to (g)'],
          ['T Zone B', 0, 1000],
        ]),
        ['rows.1.feeMode'],
        'The sheet has no column "Fee mode".',
      ],
      [await workbook([headers]), ['rows'], 'Add at least one rate row.'],
      [Buffer.from('not a workbook'), ['file'], 'The file is not an Excel workbook (.xlsx).'],
      [Buffer.alloc(5 * 1024 * 1024 + 1), ['file'], 'The file is larger than 5 MB.'],
    ];
    for (const [body, expected, message] of cases) {
      const refused = await upload(c.demoAdmin, ch.id, body);
      expect(refused.statusCode).toBe(400);
      expect(members(refused)).toEqual(expected);
      expect(refused.json().error.validationErrors[0].message).toBe(message);
    }
    const noFile = await c.call(c.demoAdmin, 'POST', `${rates(ch.id)}/import`, { rows: [] });
    expect(noFile.statusCode).toBe(400);
    expect(members(noFile)).toEqual(['file']);
    expect(await table(c.demoAdmin, ch.id)).toEqual(before);
  });

  it('import an exported sheet back unchanged, in either language', async () => {
    const source = await newChannel('T-ROUND');
    const rows = [
      band(zoneA, 0, 500, {
        firstFee: '12.5',
        additionalFee: '0.1255',
        effectiveFrom: '2025-01-01',
        effectiveTo: '2025-12-31',
      }),
      band(zoneA, 0, 500, { firstFee: '13', effectiveFrom: '2026-01-01' }),
      band(zoneA, 500, 10_000_000, { firstWeight: 1000, firstFee: '9999999.9999', additionalUnit: 1 }),
      { zoneId: zoneB, weightFrom: 0, weightTo: 2000, feeMode: 'PER_KG', perKgFee: '45.123' },
      {
        zoneId: zoneB,
        weightFrom: 2000,
        weightTo: 5000,
        feeMode: 'BASE_PER_UNIT',
        baseFee: '0',
        additionalUnit: 500,
        additionalFee: '1.10',
      },
      flat(zoneB, 5000, 6000, '100', { effectiveTo: '2030-02-28' }),
    ];
    const put = await c.call(c.demoAdmin, 'PUT', rates(source.id), { rows });
    expect(put.statusCode, put.body).toBe(200);
    const original = content(put.json());
    for (const culture of ['en', 'zh-Hans']) {
      const target = await newChannel(`T-ROUND-${culture.toUpperCase()}`);
      const exported = await download(c.demoAdmin, source.id, culture);
      const res = await upload(c.demoAdmin, target.id, exported.rawPayload, culture);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ imported: 6, zones: 2 });
      expect(content(await table(c.demoAdmin, target.id))).toEqual(original);
      // and onto itself: the table stays the same
      expect((await upload(c.demoAdmin, source.id, exported.rawPayload, culture)).statusCode).toBe(200);
      expect(content(await table(c.demoAdmin, source.id))).toEqual(original);
    }
  });

  it('answer 404 for another tenant’s channel and leave its table unchanged', async () => {
    const theirs = await table(c.otherAdmin, theirChannel.id);
    const mine = await newChannel('T-MINE');
    const sheet = (await download(c.demoAdmin, mine.id)).rawPayload;
    expect((await c.call(c.demoAdmin, 'GET', rates(theirChannel.id))).statusCode).toBe(404);
    expect((await c.call(c.demoAdmin, 'GET', `${rates(theirChannel.id)}/export`)).statusCode).toBe(404);
    const put = await c.call(c.demoAdmin, 'PUT', rates(theirChannel.id), { rows: [band(zoneA, 0, 1000)] });
    expect(put.statusCode).toBe(404);
    const good = await workbook([
      ['Zone', 'Weight from (g)', 'Weight to (g)', 'Fee mode', 'Flat fee'],
      ['T Zone B', 0, 1000, 'FLAT', 1],
    ]);
    expect((await upload(c.demoAdmin, theirChannel.id, good)).statusCode).toBe(404);
    expect((await upload(c.demoAdmin, theirChannel.id, sheet)).statusCode).toBe(404);
    expect(await table(c.otherAdmin, theirChannel.id)).toEqual(theirs);
  });

  it('need Logistics.Carriers to read and Logistics.Carriers.Update to write', async () => {
    const ch = await newChannel('T-PERM');
    const before = (await c.call(c.demoAdmin, 'PUT', rates(ch.id), { rows: [band(zoneA, 0, 1000)] })).json();
    const body = { rows: [band(zoneB, 0, 1000)] };
    const sheet = (await download(c.demoAdmin, ch.id)).rawPayload;
    for (const [who, read, write] of [
      [null, 401, 401],
      [c.nobody, 403, 403],
      [c.reader, 200, 403],
    ] as const) {
      expect((await c.call(who, 'GET', rates(ch.id))).statusCode).toBe(read);
      expect((await c.call(who, 'GET', `${rates(ch.id)}/export`)).statusCode).toBe(read);
      expect((await c.call(who, 'PUT', rates(ch.id), body)).statusCode).toBe(write);
      expect((await upload(who, ch.id, sheet)).statusCode).toBe(write);
    }
    expect(await table(c.demoAdmin, ch.id)).toEqual(before);
  });
});

describe('what the freight engine reads', () => {
  it('keep the zones their rate tables price, written with each table', async () => {
    const near = await c.zone(c.t.demo, 'T Near');
    const far = await c.zone(c.t.demo, 'T Far');
    const a = await newChannel('T-LOOK-A');
    const b = await newChannel('T-LOOK-B');
    const d = await newChannel('T-LOOK-D');
    const tables: [Dto, object[]][] = [
      [a, [flat(far, 0, 1000, '10'), flat(near, 0, 500, '5'), flat(near, 500, 1000, '6')]],
      [
        b,
        [
          flat(far, 0, 2000, '20'),
          flat(near, 0, 1000, '1', { effectiveTo: '2025-05-31' }),
          flat(near, 0, 1000, '2', { effectiveFrom: '2025-07-01' }),
        ],
      ],
      [d, [band(near, 0, 100, { firstFee: '3.5' })]],
    ];
    for (const [ch, rows] of tables)
      expect((await c.call(c.demoAdmin, 'PUT', rates(ch.id), { rows })).statusCode).toBe(200);

    // the channels keep the zones their tables price
    const kept = await c.t.services.data.inTenant({ tenant: c.t.demo }, (tx) =>
      activeChannels(tx, systemContext(c.t.demo), [a.id, b.id, d.id]),
    );
    expect(kept.map((ch) => [ch.code, ch.zoneIds])).toEqual([
      ['T-LOOK-A', [far, near]],
      ['T-LOOK-B', [far, near]],
      ['T-LOOK-D', [near]],
    ]);
  });

  it('lists the channels with their carriers, the inactive ones flagged', async () => {
    const off = await c.create(
      c.demoAdmin,
      '/api/logistics/carriers',
      carrier('T-OFF', { name: '停运', isActive: false }),
    );
    const live = await c.create(
      c.demoAdmin,
      channels,
      channel(sf.id, 'T-ACT-LIVE', { fuelSurchargePct: '7.5', limits: { maxWeight: 2000, batteryAllowed: true } }),
    );
    const stopped = await c.create(c.demoAdmin, channels, channel(sf.id, 'T-ACT-STOPPED', { isActive: false }));
    const orphan = await c.create(c.demoAdmin, channels, channel(off.id, 'T-ACT-ORPHAN'));
    const load = (ids?: string[]) =>
      c.t.services.data.inTenant({ tenant: c.t.demo }, (tx) => activeChannels(tx, systemContext(c.t.demo), ids));
    const found = await load([live.id, stopped.id, orphan.id, theirChannel.id]);
    expect(found.map((ch) => [ch.code, ch.carrierName, ch.isActive, ch.carrierActive, ch.active])).toEqual([
      ['T-ACT-LIVE', 'Carrier T-SF', true, true, true],
      ['T-ACT-ORPHAN', '停运', true, false, false],
      ['T-ACT-STOPPED', 'Carrier T-SF', false, true, false],
    ]);
    expect(found[0]).toMatchObject({
      id: live.id,
      carrierId: sf.id,
      carrierCode: 'T-SF',
      currency: 'USD',
      volumeMode: 'MAX_ACTUAL_VOLUMETRIC',
      volumeDivisor: 5000,
      fuelSurchargePct: '7.50',
      registrationFee: '0.00',
      minimumCharge: null,
      limits: { maxWeight: 2000, batteryAllowed: true, declaredValueMin: null },
    });
    expect(found[0]).not.toHaveProperty('tenantId');
    const all = (await load()).map((ch) => ch.code);
    expect(all).toEqual(expect.arrayContaining(['T-ACT-LIVE', 'T-ACT-ORPHAN', 'T-ACT-STOPPED', 'T-RATES']));
    expect(all).not.toContain('T-THEIRS');
    expect(await load([])).toEqual([]);
  });
});
