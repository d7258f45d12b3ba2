import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApiBeforeEach, refusal, sentBody } from '../../../../lib/testing/fake-http.ts';
import { audited } from '../../../../lib/testing/fixtures.ts';
import {
  expectErrorOf,
  expectErrorsOf,
  fillIn,
  openNewFormOn,
  pick,
  submit,
} from '../../../../lib/testing/form-events.ts';
import { renderPage } from '../../../../lib/testing/render-page.tsx';
import { chineseTextsBeforeEach } from '../../../../lib/testing/server-texts.ts';
import { findRow, rowWith } from '../../../../lib/testing/table.ts';
import type { WarehouseDto } from '../../api.ts';
import WarehousesPage from './index.tsx';

/** The warehouses page against a faked HTTP layer (the contract's shapes). */

const URL = '/api/logistics/warehouses';

const row = (over: Partial<WarehouseDto>): WarehouseDto => ({
  id: 'w1',
  code: 'SZ-01',
  name: '深圳仓',
  type: 'OWN',
  countryCode: 'CN',
  address: null,
  contact: { name: '王仓管', phone: '+86 138-0000-0001' },
  isDefault: true,
  isActive: true,
  ...audited(),
  ...over,
});
const shenzhen = row({});
const penang = row({
  id: 'w2',
  code: 'MY-01',
  name: '马来西亚海外仓',
  type: 'OVERSEAS',
  countryCode: 'MY',
  contact: null,
  isDefault: false,
  isActive: false,
  concurrencyStamp: 'stamp-2',
});

const { calls, answers } = fakeApiBeforeEach(
  () => ({
    [`GET ${URL}`]: { totalCount: 2, items: [penang, shenzhen] },
    [`POST ${URL}`]: row({ id: 'w3', code: 'BKK-01', isDefault: false }),
    [`PUT ${URL}/w1`]: shenzhen,
  }),
  ['Logistics.Warehouses', 'Logistics.Warehouses.Create', 'Logistics.Warehouses.Update'],
);

chineseTextsBeforeEach({
  Logistics: {
    Warehouses: '仓库管理',
    'New:Warehouse': '新增仓库',
    'DisplayName:Code': '仓库编码',
    'DisplayName:IsDefault': '默认',
    'WarehouseType:OWN': '自建仓',
    'WarehouseType:OVERSEAS': '海外仓',
    'WarehouseType:THIRD_PARTY': '第三方仓',
    'WarehouseType:PLATFORM': '平台仓',
    Active: '启用',
    Inactive: '停用',
    CodeFormat: '只能使用大写字母、数字和单个连字符。',
    CountryCodeFormat: '请输入两位大写国家代码(ISO 3166-1),如 CN。',
    PhoneFormat: '请输入正确的电话号码。',
  },
});

/** Types into an input (the element or the input inside it) and leaves it. */

describe('warehouses page', () => {
  it('lists warehouses with their type, the default tag and the status', async () => {
    renderPage(<WarehousesPage />);
    const table = await screen.findByTestId('warehouses');
    const shenzhenRow = await findRow(table, 'SZ-01');
    expect(within(shenzhenRow).getByText('默认')).toBeTruthy();
    expect(within(shenzhenRow).getByText('自建仓')).toBeTruthy();
    expect(within(shenzhenRow).getByText('启用')).toBeTruthy();
    expect(within(shenzhenRow).getByText('王仓管 +86 138-0000-0001')).toBeTruthy();
    const penangRow = rowWith(table, 'MY-01');
    expect(within(penangRow).queryByText('默认')).toBeNull();
    expect(within(penangRow).getByText('海外仓')).toBeTruthy();
    expect(within(penangRow).getByText('停用')).toBeTruthy();
  });

  it('checks a new warehouse with the shared schema, then sends it', async () => {
    await openNewFormOn(<WarehousesPage />, 'SZ-01', 'warehouses-form');
    await fillIn({
      'warehouse-code': 'bkk-01',
      'warehouse-name': '曼谷仓',
      'warehouse-country': 'th',
      'warehouse-phone': 'call me',
    });
    await submit('warehouses-form-submit');
    await expectErrorsOf({
      'warehouse-code': '只能使用大写字母、数字和单个连字符。',
      'warehouse-country': '请输入两位大写国家代码(ISO 3166-1),如 CN。',
      'warehouse-phone': '请输入正确的电话号码。',
    });
    expect(calls.some((c) => c.options.method === 'POST')).toBe(false);

    await fillIn({
      'warehouse-code': 'BKK-01',
      'warehouse-country': 'TH',
      'warehouse-phone': '',
    });
    await pick('warehouse-type', '第三方仓');
    await submit('warehouses-form-submit');
    expect(await sentBody(calls, `POST ${URL}`)).toEqual({
      code: 'BKK-01',
      name: '曼谷仓',
      type: 'THIRD_PARTY',
      countryCode: 'TH',
      address: null,
      contact: null,
      isDefault: false,
      isActive: true,
    });
  });

  it('shows the server’s refusal to unset the default under the default switch', async () => {
    answers[`PUT ${URL}/w1`] = refusal(`${URL}/w1`, [
      { message: '始终需要一个默认仓库:请把另一个仓库设为默认。', members: ['isDefault'] },
    ]);
    renderPage(<WarehousesPage />);
    await screen.findByText('SZ-01');
    await act(async () => {
      fireEvent.click(screen.getByTestId('warehouses-edit-SZ-01'));
    });
    await screen.findByTestId('warehouses-form');
    await act(async () => {
      fireEvent.click(screen.getByTestId('warehouse-default'));
    });
    await submit('warehouses-form-submit');
    await expectErrorOf('warehouse-default', '始终需要一个默认仓库:请把另一个仓库设为默认。');
    expect(calls.find((c) => c.key === `PUT ${URL}/w1`)?.options.json).toMatchObject({
      code: 'SZ-01',
      contact: { name: '王仓管', phone: '+86 138-0000-0001' },
      isDefault: false,
      concurrencyStamp: 'stamp-1',
    });
  });
});
