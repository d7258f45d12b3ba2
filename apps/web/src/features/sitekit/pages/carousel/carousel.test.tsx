import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApiBeforeEach, lastParams, sentBody } from '../../../../lib/testing/fake-http.ts';
import { audited } from '../../../../lib/testing/fixtures.ts';
import { expectErrorsOf, fillIn, openNewFormOn, submit } from '../../../../lib/testing/form-events.ts';
import { renderPage } from '../../../../lib/testing/render-page.tsx';
import { chineseTextsBeforeEach } from '../../../../lib/testing/server-texts.ts';
import { findRow } from '../../../../lib/testing/table.ts';
import type { BannerDto } from '../../api.ts';
import BannerPage from '../banner/index.tsx';
import CarouselPage from './index.tsx';

/** The carousel and banner pages (content → 首页轮播, 横幅) against a faked HTTP layer. */

const URL = '/api/sitekit/banners';
const slide = (over: Partial<BannerDto>): BannerDto => ({
  id: 'b1',
  siteId: 's1',
  position: 'HOME_CAROUSEL',
  title: '双十二',
  subtitle: null,
  imageUrl: '/demo/banner-2.svg',
  mobileImageUrl: null,
  link: null,
  altText: null,
  sortOrder: 1,
  startAt: null,
  endAt: null,
  isActive: true,
  ...audited(),
  ...over,
});

const { calls } = fakeApiBeforeEach(
  () => ({
    'GET /api/sitekit/sites/all': { items: [{ id: 's1', name: 'Demo Store' }] },
    [`GET ${URL}`]: {
      totalCount: 2,
      items: [slide({}), slide({ id: 'b2', title: '已结束', endAt: '2020-01-01T00:00:00Z', sortOrder: 2 })],
    },
    [`POST ${URL}`]: slide({ id: 'b3' }),
  }),
  ['Sitekit.Banners', 'Sitekit.Banners.Create', 'Sitekit.Banners.Update', 'Sitekit.Banners.Delete'],
);

chineseTextsBeforeEach({
  Sitekit: {
    Carousels: '首页轮播',
    Banners: '横幅',
    'New:Slide': '新建轮播图',
    ShownNow: '展示中',
    NotShownNow: '未展示',
    'BannerPosition:HOME_CAROUSEL': '首页轮播',
    UrlFormat: '请输入以 https:// 或 / 开头的网址。',
    EndBeforeStart: '结束时间必须晚于开始时间。',
  },
});

describe('carousel page', () => {
  it('lists the home carousel’s slides with whether each is showing now', async () => {
    renderPage(<CarouselPage />);
    const table = await screen.findByTestId('carousel');
    expect(within(await findRow(table, '双十二')).getByText('展示中')).toBeTruthy();
    expect(within(await findRow(table, '已结束')).getByText('未展示')).toBeTruthy();
    await waitFor(() =>
      expect(lastParams(calls, `GET ${URL}`)).toMatchObject({ siteId: 's1', position: 'HOME_CAROUSEL' }),
    );
  });

  it('adds a slide to the chosen site’s carousel, its address checked by the shared schema', async () => {
    await openNewFormOn(<CarouselPage />, '双十二', 'carousel-form');
    await fillIn({ 'banner-title': '春季上新', 'banner-image': 'javascript:alert(1)' });
    await submit('carousel-form-submit');
    await expectErrorsOf({ 'banner-image': '请输入以 https:// 或 / 开头的网址。' });
    await fillIn({ 'banner-image': 'https://img.example.com/spring.png' });
    await submit('carousel-form-submit');
    expect(await sentBody(calls, `POST ${URL}`)).toMatchObject({
      siteId: 's1',
      position: 'HOME_CAROUSEL',
      title: '春季上新',
      imageUrl: 'https://img.example.com/spring.png',
      startAt: null,
      endAt: null,
    });
  });
});

describe('banner page', () => {
  it('lists every position of the site’s banners', async () => {
    renderPage(<BannerPage />);
    await screen.findByTestId('banners');
    await waitFor(() => expect(lastParams(calls, `GET ${URL}`).siteId).toBe('s1'));
    expect(lastParams(calls, `GET ${URL}`).position).toBeUndefined();
  });
});
