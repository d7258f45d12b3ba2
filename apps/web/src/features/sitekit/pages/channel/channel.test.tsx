import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApiBeforeEach, sentBody } from '../../../../lib/testing/fake-http.ts';
import { audited } from '../../../../lib/testing/fixtures.ts';
import { click, expectErrorsOf, fillIn, openNewFormOn, submit } from '../../../../lib/testing/form-events.ts';
import { renderPage } from '../../../../lib/testing/render-page.tsx';
import { chineseTextsBeforeEach } from '../../../../lib/testing/server-texts.ts';
import { findRow, rowWith } from '../../../../lib/testing/table.ts';
import type { SiteDto } from '../../api.ts';
import SiteChannelPage from './index.tsx';

/** The sites page (站群管理) against a faked HTTP layer (the contract's shapes). */

const URL = '/api/sitekit/sites';
const SECRET = `sk_${'a'.repeat(39)}Zz9Q`;

const row = (over: Partial<SiteDto>): SiteDto => ({
  id: 's1',
  name: 'Demo Store',
  code: 'demo',
  hosts: ['localhost'],
  defaultLanguage: 'en',
  languages: ['en', 'zh-Hans'],
  defaultCurrency: 'USD',
  currencies: ['USD', 'CNY'],
  timeZone: 'Asia/Shanghai',
  logoUrl: null,
  company: { name: null, address: null, phone: null, email: null, vat: null },
  seo: { title: null, description: null, keywords: null },
  allowedOrigins: [],
  warehouseId: null,
  warehouseName: null,
  priceRuleId: null,
  priceRuleName: null,
  isActive: true,
  publishableKey: 'pk_AAAAAAAAAAAAAAAAAAAAAA_BBBBBBBBBBBBBBBBBBBBBB',
  secretHint: 'sk_…x1Y2',
  secretIssuedAt: '2026-12-01T00:00:00Z',
  previousSecretExpiresAt: null,
  lastUsedAt: '2026-12-06T08:00:00Z',
  ...audited(),
  ...over,
});
const demo = row({});
const fresh = row({ id: 's2', name: '新站', code: 'new-shop', secretHint: '', secretIssuedAt: null, lastUsedAt: null });

const { calls } = fakeApiBeforeEach(
  () => ({
    [`GET ${URL}`]: { totalCount: 2, items: [demo, fresh] },
    [`POST ${URL}`]: row({ id: 's3', code: 'shop-b' }),
    [`PUT ${URL}/s1/refresh-token`]: {
      secret: SECRET,
      secretHint: 'sk_…Zz9Q',
      previousSecretExpiresAt: '2026-12-07T08:00:00Z',
    },
    'GET /api/logistics/warehouses/all': { items: [] },
    'GET /api/catalog/price-rule': { totalCount: 0, items: [] },
  }),
  ['Sitekit.Sites', 'Sitekit.Sites.Create', 'Sitekit.Sites.Update', 'Sitekit.Sites.RefreshToken'],
);

chineseTextsBeforeEach({
  Sitekit: {
    Sites: '站点',
    'New:Site': '新建站点',
    'DisplayName:Name': '名称',
    NoSecret: '未生成',
    NeverUsed: '从未',
    IssueSecret: '生成密钥',
    RotateSecret: '更换密钥',
    RotateSecretConfirm: '为 {0} 生成新密钥?当前密钥在 {1} 之前仍然有效。',
    IssueSecretConfirm: '为 {0} 生成私密密钥?',
    NewSecretTitle: '新的私密密钥',
    NewSecretOnce: '请立即复制:密钥只显示这一次。',
    PreviousSecretUntil: '旧密钥在 {0} 之前仍然有效。',
    CodeFormat: '请使用 2 到 32 位小写字母、数字和单个连字符。',
    DefaultNotAmong: '默认值必须是已选项之一。',
    Active: '启用',
    Inactive: '停用',
  },
});

describe('sites page', () => {
  it('lists each site with its secret hint or none, and its last use', async () => {
    renderPage(<SiteChannelPage />);
    const table = await screen.findByTestId('sites');
    const demoRow = await findRow(table, 'Demo Store');
    expect(within(demoRow).getByText('sk_…x1Y2')).toBeTruthy();
    expect(within(demoRow).getByText('pk_AAAAAAAAAAA…')).toBeTruthy();
    expect(within(demoRow).getByText('更换密钥')).toBeTruthy();
    const freshRow = rowWith(table, '新站');
    expect(within(freshRow).getByText('未生成')).toBeTruthy();
    expect(within(freshRow).getByText('从未')).toBeTruthy();
    expect(within(freshRow).getByText('生成密钥')).toBeTruthy();
  });

  it('rotates a secret only once confirmed, then shows the new one once', async () => {
    renderPage(<SiteChannelPage />);
    await screen.findByText('Demo Store');
    await click('sites-rotate-demo');
    expect(await screen.findByText(/为 Demo Store 生成新密钥/)).toBeTruthy();
    expect(calls.some((c) => c.key === `PUT ${URL}/s1/refresh-token`)).toBe(false);
    await click('sites-rotate-demo-confirm');
    expect((await screen.findByTestId('site-new-secret')).textContent).toContain(SECRET);
    expect(screen.getByText('请立即复制:密钥只显示这一次。')).toBeTruthy();
    expect(calls.filter((c) => c.key === `PUT ${URL}/s1/refresh-token`)).toHaveLength(1);
  });

  it('checks a new site with the shared schema, then sends it', async () => {
    await openNewFormOn(<SiteChannelPage />, 'Demo Store', 'sites-form');
    await fillIn({ 'site-name': '第二个站', 'site-code': 'a b' });
    await submit('sites-form-submit');
    await expectErrorsOf({ 'site-code': '请使用 2 到 32 位小写字母、数字和单个连字符。' });
    // a default currency not among the site's currencies is named on its field
    await fillIn({ 'site-code': 'Shop-B', 'site-default-currency': 'USD' });
    await submit('sites-form-submit');
    await expectErrorsOf({ 'site-default-currency': '默认值必须是已选项之一。' });
    expect(calls.some((c) => c.options.method === 'POST')).toBe(false);

    await fillIn({ 'site-code': 'Shop-B', 'site-default-currency': 'CNY' });
    await submit('sites-form-submit');
    expect(await sentBody(calls, `POST ${URL}`)).toMatchObject({
      name: '第二个站',
      code: 'shop-b',
      defaultLanguage: 'zh-Hans',
      languages: ['zh-Hans', 'en'],
      defaultCurrency: 'CNY',
      currencies: ['CNY'],
      timeZone: 'Asia/Shanghai',
      hosts: [],
      isActive: true,
    });
  });
});
