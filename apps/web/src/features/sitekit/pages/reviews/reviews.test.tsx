import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAbp } from '../../../../lib/abp/config-store.ts';
import { expectNotSent, fakeApiBeforeEach, lastParams, sentBody } from '../../../../lib/testing/fake-http.ts';
import { click, pick, submit, typeInto } from '../../../../lib/testing/form-events.ts';
import { renderPage } from '../../../../lib/testing/render-page.tsx';
import { findRow } from '../../../../lib/testing/table.ts';
import type { ReviewDto } from '../../api.ts';
import { sitekitChineseTextsBeforeEach } from '../../components/server-texts.testing.ts';
import SiteReviewsPage from './index.tsx';

/** The reviews page (评价) against a faked HTTP layer and the server's own texts. */

const URL = '/api/sitekit/reviews';
const review = (over: Partial<ReviewDto>): ReviewDto => ({
  id: 'r1',
  siteId: 's1',
  siteProductId: 'sp1',
  productTitle: '纯棉T恤',
  shopperId: 'u1',
  shopperName: 'Alice',
  shopperEmail: 'alice@example.com',
  rating: 4,
  title: '很舒服',
  text: '面料柔软,尺码标准。',
  status: 'PENDING',
  verifiedPurchase: true,
  reply: null,
  repliedAt: null,
  creationTime: '2026-01-05T03:00:00Z',
  concurrencyStamp: 'stamp-r1',
  ...over,
});
const waiting = review({});
const approved = review({
  id: 'r2',
  shopperName: 'Bob',
  shopperEmail: 'bob@example.com',
  rating: 2,
  title: null,
  text: '颜色和图片不一样。',
  status: 'APPROVED',
  verifiedPurchase: false,
  reply: '抱歉,已为您安排换货。',
});

const { calls } = fakeApiBeforeEach(
  () => ({
    'GET /api/sitekit/sites/all': { items: [{ id: 's1', name: 'Demo Store' }] },
    [`GET ${URL}`]: { totalCount: 2, items: [waiting, approved] },
    [`GET ${URL}/counts`]: { total: 2, capped: false, counts: { PENDING: 1, APPROVED: 1 } },
    [`POST ${URL}/r1/approve`]: review({ status: 'APPROVED' }),
    [`POST ${URL}/r2/approve`]: approved,
    [`PUT ${URL}/r1/reply`]: review({ reply: '谢谢支持!' }),
  }),
  ['Sitekit.Reviews', 'Sitekit.Reviews.Moderate', 'Sitekit.Reviews.Delete'],
);
sitekitChineseTextsBeforeEach();

describe('reviews page', () => {
  it('shows each review’s stars, text, verified purchase and reply, with the moderation its state allows', async () => {
    renderPage(<SiteReviewsPage />);
    const table = await screen.findByTestId('reviews');
    const first = await findRow(table, '面料柔软,尺码标准。');
    expect(within(first).getByRole('img', { name: '4 星' })).toBeTruthy();
    expect(within(first).getByText('很舒服')).toBeTruthy();
    expect(within(first).getByText('已购买')).toBeTruthy();
    expect(within(first).getByText('待审核')).toBeTruthy();
    expect(within(first).getByTestId('review-approve-r1')).toBeTruthy();
    expect(within(first).getByTestId('review-reject-r1')).toBeTruthy();
    const second = await findRow(table, '颜色和图片不一样。');
    expect(within(second).getByRole('img', { name: '2 星' })).toBeTruthy();
    expect(within(second).queryByText('已购买')).toBeNull();
    expect(within(second).getByTestId('review-answer-r2').textContent).toBe('商家回复:抱歉,已为您安排换货。');
    // approved: it can be rejected, not approved again
    expect(within(second).queryByTestId('review-approve-r2')).toBeNull();
    expect(within(second).getByTestId('review-reject-r2')).toBeTruthy();
    // the declared filters: rating and verified purchase
    expect(screen.getByTestId('reviews-filter-rating')).toBeTruthy();
    expect(screen.getByTestId('reviews-filter-verifiedPurchase')).toBeTruthy();
    expect(lastParams(calls, `GET ${URL}`).siteId).toBe('s1');
    await pick('reviews-filter-rating', '2 星');
    await waitFor(() => expect(lastParams(calls, `GET ${URL}`)).toMatchObject({ rating: '2', siteId: 's1' }));
  });

  it('replies to a review with its stamp', async () => {
    renderPage(<SiteReviewsPage />);
    await screen.findByText('很舒服');
    await click('review-reply-r1');
    await screen.findByTestId('review-reply-form');
    expect(screen.getByText('回复 Alice 的评价')).toBeTruthy();
    await typeInto('review-reply-text', '谢谢支持!');
    await submit('review-reply-form-submit');
    expect(await sentBody(calls, `PUT ${URL}/r1/reply`)).toEqual({ reply: '谢谢支持!', concurrencyStamp: 'stamp-r1' });
  });

  it('approves the selected reviews that wait, once asked', async () => {
    renderPage(<SiteReviewsPage />);
    const table = await screen.findByTestId('reviews');
    const box = async (text: string) =>
      (await findRow(table, text)).querySelector('input[type="checkbox"]') as HTMLElement;
    await click(await box('面料柔软,尺码标准。'));
    await click(await box('颜色和图片不一样。'));
    await click('reviews-bulk-approve');
    expect(await screen.findByText('通过所选中的 1 条评价?')).toBeTruthy();
    expectNotSent(calls, `POST ${URL}/r1/approve`);
    await click('reviews-bulk-approve-confirm');
    await waitFor(() => expect(calls.filter((c) => c.key === `POST ${URL}/r1/approve`)).toHaveLength(1));
    expectNotSent(calls, `POST ${URL}/r2/approve`);
  });

  it('offers no moderation and no delete without their permissions', async () => {
    useAbp.setState({ permissions: ['Sitekit.Reviews'] });
    renderPage(<SiteReviewsPage />);
    await screen.findByText('很舒服');
    expect(screen.queryByTestId('review-approve-r1')).toBeNull();
    expect(screen.queryByTestId('review-reject-r1')).toBeNull();
    expect(screen.queryByTestId('review-reply-r1')).toBeNull();
    expect(screen.queryByTestId('review-delete-r1')).toBeNull();
  });
});
