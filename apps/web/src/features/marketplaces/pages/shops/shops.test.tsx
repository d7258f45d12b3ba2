import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyServerTexts } from '../../../../lib/i18n/index.ts';
import { expectNotSent, fakeApiBeforeEach, refusal } from '../../../../lib/testing/fake-http.ts';
import { audited } from '../../../../lib/testing/fixtures.ts';
import { click, errorOf, submit, typeInto } from '../../../../lib/testing/form-events.ts';
import { renderPage, renderRoutes } from '../../../../lib/testing/render-page.tsx';
import type { Shop } from '../../api.ts';
import ShopCallbackPage from '../shop-callback/index.tsx';
import LazadaShopsPage from './lazada.tsx';
import { expiresIn } from './ShopsPage.tsx';

/** The shop pages against a faked HTTP layer (the contract's shapes) and the server's own texts. */

const serverTexts = import.meta.glob<{ Shops: Record<string, Record<string, string>> }>(
  '../../../../../../server/src/modules/marketplaces/shops/texts.ts',
  { import: 'texts', eager: true },
);
const texts = Object.values(serverTexts)[0].Shops;

const URL = '/api/sitekit/shopes';

const shop = (over: Partial<Shop> = {}): Shop => ({
  id: 's1',
  platform: 'LAZADA',
  regions: ['MY'],
  name: 'Lazada MY',
  sellerId: '1000101',
  shortCode: 'MY0001SIM',
  account: 'demo-my@lazada.sim',
  remark: null,
  status: 'active',
  authorized: true,
  accessExpiresAt: new Date(Date.now() + 3 * 86_400_000 + 3_600_000).toISOString(),
  refreshExpiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  refreshedAt: '2026-01-01T00:00:00Z',
  authorizedAt: '2026-01-01T00:00:00Z',
  lastError: null,
  ...audited(),
  ...over,
});
const active = shop();
const bare = shop({
  id: 's2',
  name: 'New shop',
  sellerId: null,
  status: 'unauthorized',
  authorized: false,
  accessExpiresAt: null,
  refreshExpiresAt: null,
});
const revoked = shop({ id: 's3', name: 'Old shop', status: 'revoked', lastError: 'IllegalRefreshToken: invalid' });

let assign: ReturnType<typeof vi.fn>;

const { calls, answers } = fakeApiBeforeEach(
  () => ({
    [`GET ${URL}/management`]: { totalCount: 3, items: [active, bare, revoked] },
    [`POST ${URL}`]: shop({ id: 's4', name: 'Added' }),
    [`PUT ${URL}/s1/refresh-token`]: active,
    [`DELETE ${URL}/s2`]: undefined,
    [`GET ${URL}/authorize-url`]: { url: 'http://127.0.0.1:1/marketplace-sim/lazada/oauth/authorize?x=1', state: 'st' },
    [`GET ${URL}/s1/logs`]: {
      totalCount: 1,
      items: [
        {
          id: 'c1',
          at: '2026-01-01T00:00:00Z',
          platform: 'LAZADA',
          api: '/auth/token/create',
          method: 'POST',
          httpStatus: 200,
          code: '0',
          type: null,
          message: null,
          requestId: 'req-123',
          detail: null,
          durationMs: 12,
        },
      ],
    },
  }),
  [
    'Marketplaces.Shops',
    'Marketplaces.Shops.Create',
    'Marketplaces.Shops.Update',
    'Marketplaces.Shops.Delete',
    'Marketplaces.Shops.Authorize',
  ],
);

beforeEach(() => {
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, origin: 'http://admin.test', assign });
  applyServerTexts('zh-Hans', { Shops: texts['zh-Hans'] });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const renderShops = () => renderPage(<LazadaShopsPage />, { at: '/publishingPlatform/lazada/shopLazada' });

describe('shops page', () => {
  it('lists the platform shops with their token state in colour and time left', async () => {
    renderShops();
    const tag = await screen.findByTestId('shop-status-Lazada MY');
    expect(tag.textContent).toContain('已授权');
    expect(tag.querySelector('.ant-tag-success')).toBeTruthy();
    expect(tag.textContent).toMatch(/3天/);
    expect(screen.getByTestId('shop-status-New shop').textContent).toContain('未授权');
    expect(screen.getByTestId('shop-status-Old shop').querySelector('.ant-tag-error')).toBeTruthy();
    // the management list of the page's platform only, never without it
    const asked = calls.filter((c) => c.key === `GET ${URL}/management`);
    expect(asked.length).toBeGreaterThan(0);
    for (const c of asked) expect(c.options.params).toMatchObject({ platform: 'LAZADA' });
    // an unauthorized shop has no refresh, an authorized one has
    expect(screen.queryByTestId('shop-refresh-New shop')).toBeNull();
    expect(screen.getByTestId('shop-refresh-Lazada MY')).toBeTruthy();
  });

  it('authorize asks the server for the consent link with the callback page, and goes there', async () => {
    renderShops();
    await screen.findByTestId('shop-status-Lazada MY');
    await click('shops-lazada-authorize');
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://127.0.0.1:1/marketplace-sim/lazada/oauth/authorize?x=1'),
    );
    const asked = calls.find((c) => c.key === `GET ${URL}/authorize-url`)!;
    expect(asked.options.params).toEqual({
      platform: 'LAZADA',
      redirectUri: 'http://admin.test/publishingPlatform/shop-callback',
    });
    await click('shop-reauthorize-Old shop');
    await waitFor(() => expect(calls.filter((c) => c.key === `GET ${URL}/authorize-url`)).toHaveLength(2));
    expect(calls.filter((c) => c.key === `GET ${URL}/authorize-url`)[1].options.params).toMatchObject({ shopId: 's3' });
  });

  it('adds a shop with the platform of the page; the form names a missing name', async () => {
    renderShops();
    await screen.findByTestId('shop-status-Lazada MY');
    await act(async () => {
      fireEvent.click(within(screen.getByTestId('shops-lazada')).getByRole('button', { name: /新\s?建/ }));
    });
    await screen.findByTestId('shop-form');
    await submit('shop-form-submit');
    await errorOf('shop-name');
    await typeInto('shop-name', 'Added');
    await submit('shop-form-submit');
    await waitFor(() => expect(calls.some((c) => c.key === `POST ${URL}`)).toBe(true));
    expect(calls.find((c) => c.key === `POST ${URL}`)!.options.json).toMatchObject({
      name: 'Added',
      regions: ['MY'],
      platform: 'LAZADA',
    });
  });

  it('refreshes a token, deletes after confirming, shows the call log', async () => {
    renderShops();
    await screen.findByTestId('shop-status-Lazada MY');
    await click('shop-refresh-Lazada MY');
    await waitFor(() => expect(calls.some((c) => c.key === `PUT ${URL}/s1/refresh-token`)).toBe(true));
    await click('shop-delete-New shop');
    await act(async () => {
      await waitFor(() => expect(document.querySelector('.ant-popover .ant-btn-dangerous')).toBeTruthy());
      fireEvent.click(document.querySelector('.ant-popover .ant-btn-dangerous')!);
    });
    await waitFor(() => expect(calls.some((c) => c.key === `DELETE ${URL}/s2`)).toBe(true));
    await click('shop-log-Lazada MY');
    expect(await screen.findByText('req-123')).toBeTruthy();
    expect(screen.getByText('POST /auth/token/create')).toBeTruthy();
  });

  it('says how long a token has left, or nothing once past', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(expiresIn('2026-01-01T00:30:00Z', now)).toMatch(/30/);
    expect(expiresIn('2025-12-31T00:00:00Z', now)).toBeNull();
  });
});

const renderCallback = (search: string) =>
  renderRoutes(
    [{ path: '/publishingPlatform/shop-callback', element: <ShopCallbackPage /> }],
    `/publishingPlatform/shop-callback${search}`,
  );

describe('shop callback page', () => {
  it('posts the code, state and Shopee shop_id once, then shows the shop and the way back', async () => {
    answers[`POST ${URL}/authorize`] = shop({ platform: 'SHOPEE', name: 'Demo Shopee MY shop', sellerId: '600101' });
    renderCallback('?code=abc&state=st&shop_id=600101');
    expect((await screen.findByTestId('shop-callback-success')).textContent).toContain('Demo Shopee MY shop');
    const posted = calls.filter((c) => c.key === `POST ${URL}/authorize`);
    expect(posted).toHaveLength(1);
    expect(posted[0].options.json).toEqual({ code: 'abc', state: 'st', shopId: '600101' });
    expect(screen.getByTestId('shop-callback-back').getAttribute('href')).toBe('/publishingPlatform/shopee/shopShopee');
  });

  it("shows the server's refusal", async () => {
    answers[`POST ${URL}/authorize`] = refusal(URL, [{ message: '此授权已过期，请重新发起', members: ['state'] }]);
    renderCallback('?code=abc&state=st');
    expect((await screen.findByTestId('shop-callback-error')).textContent).toContain('此授权已过期');
  });

  it('without a code says so and posts nothing', async () => {
    renderCallback('?error=access_denied');
    expect((await screen.findByTestId('shop-callback-error')).textContent).toContain('平台未返回授权码');
    expectNotSent(calls, `POST ${URL}/authorize`);
  });
});
