import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApiBeforeEach, sentBody } from '../../../../lib/testing/fake-http.ts';
import { audited } from '../../../../lib/testing/fixtures.ts';
import { click, expectErrorOf, fillIn, openNewFormOn, submit, typeInto } from '../../../../lib/testing/form-events.ts';
import { renderPage } from '../../../../lib/testing/render-page.tsx';
import { chineseTextsBeforeEach } from '../../../../lib/testing/server-texts.ts';
import type { TenantDto } from '../../api.ts';
import TenantsPage from './index.tsx';

/** The tenants page against a faked HTTP layer (the contract's shapes). */

const URL = '/api/tenant-management/tenants';
const P = 'AbpTenantManagement.Tenants';

const demo: TenantDto = {
  id: 't1',
  name: 'demo',
  normalizedName: 'DEMO',
  isActive: true,
  hasOwnDatabase: false,
  extraProperties: {},
  ...audited(),
};

const { calls } = fakeApiBeforeEach(
  () => ({
    [`GET ${URL}`]: { totalCount: 1, items: [demo] },
    [`POST ${URL}`]: { ...demo, id: 't2', name: 'shop-2' },
    [`GET ${URL}/t1/connection-string`]: { items: [] },
  }),
  [P, `${P}.Create`, `${P}.ManageConnectionStrings`],
);

chineseTextsBeforeEach({
  AbpTenantManagement: {
    'DisplayName:Name': '租户名称',
    'DisplayName:ConnectionName': '连接名称',
    InvalidTenantName: '租户名称只能包含字母、数字、- 和 _',
    InvalidConnectionName: '连接名称以字母开头',
  },
});

/** Types into an input (the element or the input inside it) and leaves it. */

describe('tenants page', () => {
  it('checks a new tenant with the shared tenants schema, then sends it', async () => {
    await openNewFormOn(<TenantsPage />, { testid: 'tenant-row-demo' }, 'tenant-form');
    await fillIn({
      'tenant-name': 'shop 2',
      'tenant-admin-email': 'admin@shop.example',
      'tenant-admin-password': '1q2w3E*',
    });
    await submit('tenant-form-submit');
    await expectErrorOf('tenant-name', '租户名称只能包含字母、数字、- 和 _');

    // a name that looks like an id is refused too (it would be taken for the tenant's id)
    await typeInto('tenant-name', '3f1d2c4b-0a9e-4c57-9b1e-2d3f4a5b6c7d');
    await submit('tenant-form-submit');
    await expectErrorOf('tenant-name', '租户名称只能包含字母、数字、- 和 _');
    expect(calls.some((c) => c.options.method === 'POST')).toBe(false);

    await typeInto('tenant-name', 'shop-2');
    await submit('tenant-form-submit');
    const sent = await sentBody(calls, `POST ${URL}`);
    expect(sent).toMatchObject({ name: 'shop-2', adminEmailAddress: 'admin@shop.example', adminPassword: '1q2w3E*' });
    // an empty connection string is not sent: the tenant shares the host's database
    expect(sent.defaultConnectionString).toBeUndefined();
  });

  it('checks a connection string name with the shared schema before saving it', async () => {
    renderPage(<TenantsPage />);
    await screen.findByTestId('tenant-row-demo');
    await click('tenant-connections-demo');
    await screen.findByTestId('connection-name');
    await fillIn({
      'connection-name': '1st',
      'connection-value': 'postgres://u:p@db:5432/shop',
    });
    await submit('connection-save');
    await expectErrorOf('connection-name', '连接名称以字母开头');
    expect(calls.some((c) => c.options.method === 'PUT')).toBe(false);
  });
});
