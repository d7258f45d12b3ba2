import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../../lib/http/errors.ts';
import { applyServerTexts } from '../../../../lib/i18n/index.ts';
import { expectNotSent, fakeApiBeforeEach } from '../../../../lib/testing/fake-http.ts';
import { fillIn, pick, submit, typeInto } from '../../../../lib/testing/form-events.ts';
import { quietUi, renderRoutes } from '../../../../lib/testing/render-page.tsx';
import type { Customer } from '../../api/customers.ts';
import CustomerEditingPage from './index.tsx';

/** The customer editing page against a faked HTTP layer: create, edit, the duplicate check, field errors. */

const ui = quietUi();
const success = vi.mocked(ui.message.success);
const URL = '/api/crm/customers';
const T1 = '33333333-3333-4333-8333-333333333333';

const saved = (over: Partial<Customer> = {}): Customer => ({
  id: 'c9',
  name: '义乌星辰进出口有限公司',
  mobile: '13500001234',
  telephone: null,
  email: null,
  country: 'CN',
  industry: 3,
  level: 2,
  source: null,
  ownerUserId: 'u1',
  ownerName: 'Zhang Wei',
  ownerTime: '2026-11-01T00:00:00Z',
  tags: [{ id: T1, name: 'VIP', color: 'gold' }],
  followUpStatus: false,
  contactLastTime: null,
  contactLastContent: null,
  contactNextTime: null,
  lockStatus: false,
  dealStatus: false,
  creationTime: '2026-11-01T00:00:00Z',
  qq: null,
  wechat: null,
  detailAddress: null,
  remark: '老客户介绍',
  poolTime: null,
  poolReason: null,
  creatorId: 'u1',
  creatorName: 'Zhang Wei',
  concurrencyStamp: 'stamp-1',
  members: [],
  contacts: [],
  ownerRecords: [],
  access: { write: true, owner: true },
  ...over,
});

const { calls, answers } = fakeApiBeforeEach(
  () => ({
    [`GET ${URL}/tags`]: { items: [{ id: T1, name: 'VIP', color: 'gold' }] },
    [`POST ${URL}/duplicates`]: { items: [] },
    [`POST ${URL}`]: saved(),
    [`GET ${URL}/c9`]: saved(),
    [`PUT ${URL}/c9`]: saved({ name: '义乌星辰进出口有限公司(总部)' }),
  }),
  ['Crm.Customers', 'Crm.Customers.Create', 'Crm.Customers.Update'],
);

beforeEach(() => {
  success.mockClear();
  applyServerTexts('zh-Hans', {
    CrmCustomers: {
      Duplicates: '疑似重复客户',
      DuplicateHidden: '您无权查看的客户(负责人:{0})',
      SaveAnyway: '仍然保存',
      InvalidPhone: '不是有效的电话号码。',
      Saved: '已保存',
    },
  });
});

const CustomerPageStub = () => <div data-testid="customer-page" />;

const renderAt = (path: string) =>
  renderRoutes(
    [
      { path: '/crm/customer-editing', Component: CustomerEditingPage },
      { path: '/crm/customer', Component: CustomerPageStub },
    ],
    path,
    { ui },
  );

const sent = (key: string) => calls.find((c) => c.key === key)?.options.json;

describe('customer editing page', () => {
  it('creates a customer after showing the duplicates found and confirming', async () => {
    answers[`POST ${URL}/duplicates`] = {
      items: [
        {
          visible: true,
          id: 'c2',
          name: '义乌星辰进出口有限公司',
          mobile: '13500009999',
          email: null,
          matchedOn: ['name'],
          ownerName: 'Zhang Wei',
          inPool: false,
        },
        {
          visible: false,
          id: null,
          name: null,
          mobile: null,
          email: null,
          matchedOn: ['mobile'],
          ownerName: 'Liu Yang',
          inPool: false,
        },
      ],
    };
    const router = renderAt('/crm/customer-editing');
    await screen.findByTestId('customer-form');
    await fillIn({
      'customer-form-name': '义乌星辰进出口有限公司',
      'customer-form-mobile': '13500001234',
    });
    // the country is picked by its name, kept as its ISO code
    await pick('customer-form-country', '中国 (CN)');
    await submit('customer-form-submit');

    const list = await screen.findByTestId('customer-duplicates');
    expect(within(list).getByText('义乌星辰进出口有限公司')).toBeTruthy();
    expect(within(list).getByText('您无权查看的客户(负责人:Liu Yang)')).toBeTruthy();
    expect(sent(`POST ${URL}/duplicates`)).toEqual({ name: '义乌星辰进出口有限公司', mobile: '13500001234' });
    expectNotSent(calls, `POST ${URL}`);

    await submit('customer-duplicates-save');
    await waitFor(() => expect(calls.some((c) => c.key === `POST ${URL}`)).toBe(true));
    expect(sent(`POST ${URL}`)).toMatchObject({
      name: '义乌星辰进出口有限公司',
      mobile: '13500001234',
      country: 'CN',
      level: 2,
      tagIds: [],
    });
    expect(await screen.findByTestId('customer-page')).toBeTruthy();
    expect(router.state.location.search).toBe('?id=c9');
    expect(success).toHaveBeenCalledWith('已保存');
  });

  it('edits a customer (?id=): the form holds its values and saves without asking when nothing matches', async () => {
    const router = renderAt('/crm/customer-editing?id=c9');
    const name = (await screen.findByTestId('customer-form-name')) as HTMLInputElement;
    expect(name.value).toBe('义乌星辰进出口有限公司');
    expect(await within(screen.getByTestId('customer-form-tags')).findByText('VIP')).toBeTruthy();
    await typeInto(name, '义乌星辰进出口有限公司(总部)');
    await submit('customer-form-submit');
    await waitFor(() => expect(calls.some((c) => c.key === `PUT ${URL}/c9`)).toBe(true));
    expect(sent(`POST ${URL}/duplicates`)).toMatchObject({ excludeId: 'c9' });
    expect(sent(`PUT ${URL}/c9`)).toMatchObject({
      name: '义乌星辰进出口有限公司(总部)',
      industry: 3,
      remark: '老客户介绍',
      tagIds: [T1],
      concurrencyStamp: 'stamp-1',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/customer'));
  });

  it('shows field errors of the shared schema and of the server on their inputs', async () => {
    renderAt('/crm/customer-editing');
    await screen.findByTestId('customer-form');
    await fillIn({
      'customer-form-name': '测试客户',
      'customer-form-mobile': 'abc',
    });
    await submit('customer-form-submit');
    expect(await screen.findByText('不是有效的电话号码。')).toBeTruthy();
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);

    answers[`POST ${URL}`] = new HttpError(
      400,
      { error: { message: '', validationErrors: [{ message: '标签不存在或不是客户标签。', members: ['tagIds'] }] } },
      URL,
      'ValidationError',
    );
    await typeInto('customer-form-mobile', '13500001234');
    await submit('customer-form-submit');
    expect(await screen.findByText('标签不存在或不是客户标签。')).toBeTruthy();
  });
});
