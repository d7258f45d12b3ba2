import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApiBeforeEach, refusal, sentBody } from '../../../../lib/testing/fake-http.ts';
import { click, expectErrorOf } from '../../../../lib/testing/form-events.ts';
import { renderPage } from '../../../../lib/testing/render-page.tsx';
import { chineseTextsBeforeEach } from '../../../../lib/testing/server-texts.ts';
import SiteSettingPage from './index.tsx';

/** The site settings page (站点设置) against a faked HTTP layer. */

const URL = '/api/sitekit/sites';
const settings = {
  siteId: 's2',
  concurrencyStamp: 'stamp-9',
  paymentTypes: ['Cash', 'Alipay'],
  cancelUnpaidAfterMinutes: 60,
  abandonCartAfterHours: 1,
  expireEmptyCartsAfterHours: 6,
  expireAnonymousCartsAfterDays: 30,
  expireContactCartsAfterDays: 90,
  reviewsMustBeApproved: true,
  reviewsOnlyAfterPurchase: false,
  oneReviewPerProduct: true,
  notifyOwnerOfReviews: true,
};

const { calls, answers } = fakeApiBeforeEach(
  () => ({
    [`GET ${URL}/all`]: {
      items: [
        { id: 's1', name: 'Demo Store' },
        { id: 's2', name: '第二个站' },
      ],
    },
    [`GET ${URL}/s2/settings`]: settings,
    [`PUT ${URL}/s2/settings`]: { ...settings, concurrencyStamp: 'stamp-10', reviewsMustBeApproved: false },
  }),
  ['Sitekit.Sites', 'Sitekit.Sites.Update'],
);

chineseTextsBeforeEach({
  Sitekit: {
    Settings: '站点设置',
    'Setting:reviewsMustBeApproved': '评价需要审核',
    'PaymentType:Cash': '货到付款',
    'PaymentType:Alipay': '支付宝',
    PaymentTypeRequired: '请至少选择一种支付方式。',
    SavedSettings: '{0} 的设置已保存。',
  },
});

describe('site settings page', () => {
  it('opens the site named in the URL and saves its settings with the site’s stamp', async () => {
    renderPage(<SiteSettingPage />, { at: '/publishingPlatform/site/Setting?siteId=s2' });
    expect(await screen.findByText('支付宝')).toBeTruthy();
    expect(screen.getByText('货到付款')).toBeTruthy();
    await click('site-setting-reviewsMustBeApproved');
    await click('site-settings-save');
    expect(await sentBody(calls, `PUT ${URL}/s2/settings`)).toMatchObject({
      paymentTypes: ['Cash', 'Alipay'],
      reviewsMustBeApproved: false,
      cancelUnpaidAfterMinutes: 60,
      concurrencyStamp: 'stamp-9',
    });
    expect(calls.some((c) => c.key === `GET ${URL}/s1/settings`)).toBe(false);
  });

  it('shows the server’s refusal under its field', async () => {
    answers[`PUT ${URL}/s2/settings`] = refusal(`${URL}/s2/settings`, [
      { message: '请至少选择一种支付方式。', members: ['paymentTypes'] },
    ]);
    renderPage(<SiteSettingPage />, { at: '/publishingPlatform/site/Setting?siteId=s2' });
    await screen.findByText('支付宝');
    await click('site-settings-save');
    await expectErrorOf('site-setting-paymentTypes', '请至少选择一种支付方式。');
  });
});
