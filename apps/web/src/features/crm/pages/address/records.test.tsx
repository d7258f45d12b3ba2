import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNotSent, fakeApiBeforeEach, lastBody, lastParams, refusal } from '../../../../lib/testing/fake-http.ts';
import { audited } from '../../../../lib/testing/fixtures.ts';
import { click, errorOf, expectErrorOf, fillIn, pick, submit, typeInto } from '../../../../lib/testing/form-events.ts';
import { renderPage } from '../../../../lib/testing/render-page.tsx';
import { chineseTextsBeforeEach } from '../../../../lib/testing/server-texts.ts';
import type { Address, BankAccount, Subscription } from '../../api/records.ts';
import BankAccountTab from '../bank-account/CustomerTab.tsx';
import SocialAccountPage from '../social-account/index.tsx';
import SubscriptionPage from '../subscription/index.tsx';
import AddressPage from './index.tsx';

/** The customer record pages (addresses, bank accounts, social accounts, subscriptions) against a faked HTTP layer. */

const C1 = '00000000-0000-4000-8000-0000000000c1';
const audit = audited('s1');
const address: Address = {
  id: '00000000-0000-4000-8000-0000000000a1',
  customerId: C1,
  customerName: '华信贸易',
  type: 'SHIPPING',
  contactName: '王经理',
  phone: '13800000000',
  country: 'CN',
  province: '广东省',
  city: '深圳市',
  addressLine1: '南山区科技园 1 号',
  addressLine2: null,
  postcode: '518000',
  isDefault: true,
  ...audit,
};
const bank: BankAccount = {
  id: '00000000-0000-4000-8000-0000000000b1',
  customerId: C1,
  customerName: '华信贸易',
  bankName: '招商银行',
  accountName: '华信贸易',
  accountNumberMasked: '**** 5678',
  swift: 'CMBCCNBS',
  currency: 'USD',
  isDefault: false,
  remark: null,
  ...audit,
};
const subscription: Subscription = {
  id: '00000000-0000-4000-8000-0000000000d1',
  customerId: C1,
  customerName: '华信贸易',
  channel: 'EMAIL',
  topic: '新品推荐',
  status: 'UNSUBSCRIBED',
  subscribedAt: '2026-01-01T00:00:00Z',
  unsubscribedAt: '2026-01-05T00:00:00Z',
  source: null,
  ...audit,
};

const { calls, answers } = fakeApiBeforeEach(
  () => ({
    'GET /api/crm/customers': { totalCount: 1, items: [{ id: C1, name: '华信贸易' }] },
    'GET /api/crm/addresses': { totalCount: 1, items: [address] },
    'POST /api/crm/addresses': address,
    'GET /api/crm/bank-accounts': { totalCount: 1, items: [bank] },
    [`PUT /api/crm/bank-accounts/${bank.id}`]: bank,
    'GET /api/crm/social-accounts': { totalCount: 0, items: [] },
    'GET /api/crm/subscriptions': { totalCount: 1, items: [subscription] },
  }),
  ['Crm.Records', 'Crm.Records.Create', 'Crm.Records.Update', 'Crm.Records.Delete'],
);

chineseTextsBeforeEach({
  CrmRecords: {
    Customer: '客户',
    IsDefault: '默认',
    'AddressType:BILLING': '账单地址',
    'Status:UNSUBSCRIBED': '已退订',
    CountryFormat: '两位 ISO 国家代码，如 TH。',
  },
});

const openCreate = () =>
  act(async () => {
    fireEvent.click(screen.getAllByRole('button').find((b) => b.textContent?.match(/新建|New|Create/))!);
  });

describe('addresses page', () => {
  it('lists addresses across customers with the default marked, filters by customer', async () => {
    renderPage(<AddressPage />);
    expect(await screen.findByText('南山区科技园 1 号, 深圳市, 广东省, 518000')).toBeTruthy();
    expect(screen.getByText('华信贸易')).toBeTruthy();
    expect(screen.getByTestId('address-default-王经理')).toBeTruthy();
    await pick('crm-addresses-customer', '华信贸易');
    await waitFor(() => expect(lastParams(calls, 'GET /api/crm/addresses').customerId).toBe(C1));
    await pick('crm-addresses-type', '账单地址');
    await waitFor(() =>
      expect(lastParams(calls, 'GET /api/crm/addresses')).toMatchObject({ customerId: C1, type: 'BILLING' }),
    );
    // the customer and the kind sit in the list's filter bar
    const bar = screen.getByTestId('crm-addresses-filters');
    expect(within(bar).getByTestId('crm-addresses-customer')).toBeTruthy();
    expect(within(bar).getByTestId('crm-addresses-type')).toBeTruthy();
  });

  it('reads the customer from the page’s address, and starts a new address with it', async () => {
    renderPage(<AddressPage />, { at: `/crm/address?customerId=${C1}` });
    await screen.findByText('王经理');
    expect(lastParams(calls, 'GET /api/crm/addresses').customerId).toBe(C1);
    await openCreate();
    await fillIn({
      'address-contactName': '李小姐',
      'address-line1': '1 Sukhumvit',
    });
    // picked by its name, sent as its ISO code
    await pick('address-country', '泰国 (TH)');
    await submit('crm-addresses-form-submit');
    await waitFor(() =>
      expect(lastBody(calls, 'POST /api/crm/addresses')).toMatchObject({ customerId: C1, country: 'TH' }),
    );
  });

  it('creates an address for a picked customer; the server’s refusal shows under its field', async () => {
    renderPage(<AddressPage />);
    await screen.findByText('王经理');
    await openCreate();
    await fillIn({
      'address-contactName': '李小姐',
      'address-line1': '1 Sukhumvit',
    });
    await submit('crm-addresses-form-submit');
    // the shared schema refuses it before any call: no country, and no customer picked
    expect(await errorOf('address-country')).toBeTruthy();
    expectNotSent(calls, 'POST /api/crm/addresses');

    await pick('crm-addresses-form-customer', '华信贸易');
    await pick('address-country', '泰国 (TH)');
    answers['POST /api/crm/addresses'] = refusal(
      '/api/crm/addresses',
      [{ message: '电话格式不对', members: ['phone'] }],
      'x',
    );
    await submit('crm-addresses-form-submit');
    await expectErrorOf('address-phone', '电话格式不对');
    expect(lastBody(calls, 'POST /api/crm/addresses')).toMatchObject({
      customerId: C1,
      contactName: '李小姐',
      country: 'TH',
      addressLine1: '1 Sukhumvit',
      type: 'SHIPPING',
      isDefault: false,
    });
  });
});

describe('a customer’s bank accounts tab', () => {
  it('lists that customer’s accounts masked; an edit keeps the number unless one is typed', async () => {
    // inside a customer's detail on the customers page: that page's search and page are not the tab's
    renderPage(<BankAccountTab customerId={C1} />, { at: `/crm/customer?id=${C1}&filter=张&page=3` });
    expect(await screen.findByText('**** 5678')).toBeTruthy();
    expect(lastParams(calls, 'GET /api/crm/bank-accounts')).toMatchObject({ customerId: C1, skipCount: 0 });
    expect(lastParams(calls, 'GET /api/crm/bank-accounts').filter).toBeUndefined();
    // the customer is fixed: no picker; the tab keeps the page's own filters
    expect(screen.queryByTestId('crm-bank-accounts-customer')).toBeNull();
    await pick('crm-bank-accounts-currency', 'USD');
    await waitFor(() =>
      expect(lastParams(calls, 'GET /api/crm/bank-accounts')).toMatchObject({ customerId: C1, currency: 'USD' }),
    );
    // the customer's tab has no customer column
    expect(screen.queryAllByRole('columnheader').some((h) => h.textContent === '客户')).toBe(false);
    await click('crm-bank-accounts-edit-5678');
    await typeInto('bank-accountName', '华信贸易有限公司');
    await submit('crm-bank-accounts-form-submit');
    await waitFor(() => expect(lastBody(calls, `PUT /api/crm/bank-accounts/${bank.id}`)).toBeTruthy());
    const body = lastBody(calls, `PUT /api/crm/bank-accounts/${bank.id}`);
    expect(body).toMatchObject({ accountName: '华信贸易有限公司', currency: 'USD', concurrencyStamp: 's1' });
    expect(body.accountNumber).toBeUndefined();
  });
});

describe('social accounts and subscriptions pages', () => {
  it('show the empty state and the subscription status', async () => {
    renderPage(<SocialAccountPage />);
    await waitFor(() => expect(calls.some((c) => c.key === 'GET /api/crm/social-accounts')).toBe(true));
    cleanup();
    renderPage(<SubscriptionPage />);
    const status = await screen.findByTestId('subscription-status-新品推荐');
    expect(status.textContent).toBe('已退订');
  });
});
