import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApiBeforeEach, lastParams, sentBody } from '../../../../lib/testing/fake-http.ts';
import { audited } from '../../../../lib/testing/fixtures.ts';
import { click, expectErrorsOf, fillIn, openNewFormOn, submit } from '../../../../lib/testing/form-events.ts';
import { renderPage } from '../../../../lib/testing/render-page.tsx';
import { chineseTextsBeforeEach } from '../../../../lib/testing/server-texts.ts';
import { findRow } from '../../../../lib/testing/table.ts';
import type { ArticleDto } from '../../api.ts';
import ArticlePage from './index.tsx';

/** The articles page (content → 文章) against a faked HTTP layer. */

const URL = '/api/sitekit/articles';
const article = (over: Partial<ArticleDto>): ArticleDto => ({
  id: 'a1',
  siteId: 's2',
  language: 'zh-Hans',
  title: '夏季促销',
  slug: 'summer-sale',
  summary: null,
  content: '<p>全场八折</p>',
  coverImageUrl: null,
  tags: [],
  isPinned: false,
  status: 'DRAFT',
  publishedAt: null,
  deletionTime: null,
  ...audited(),
  ...over,
});
const draft = article({});
const live = article({ id: 'a2', title: '新品上市', slug: 'new-arrivals', status: 'PUBLISHED', isPinned: true });
const gone = article({ id: 'a3', title: '旧活动', slug: 'old-event', status: 'DELETED' });

const { calls } = fakeApiBeforeEach(
  () => ({
    'GET /api/sitekit/sites/all': {
      items: [
        { id: 's1', name: 'Demo Store', defaultLanguage: 'en' },
        { id: 's2', name: '第二个站', defaultLanguage: 'zh-Hans' },
      ],
    },
    [`GET ${URL}`]: { totalCount: 3, items: [draft, live, gone] },
    [`GET ${URL}/counts`]: { total: 3, capped: false, counts: { DRAFT: 1, PUBLISHED: 1, DELETED: 1 } },
    [`POST ${URL}`]: article({ id: 'a4' }),
    [`POST ${URL}/a1/publish`]: article({ status: 'PUBLISHED' }),
  }),
  [
    'Sitekit.Articles',
    'Sitekit.Articles.Create',
    'Sitekit.Articles.Update',
    'Sitekit.Articles.Publish',
    'Sitekit.Articles.Delete',
    'Sitekit.Articles.Purge',
  ],
);

chineseTextsBeforeEach({
  Sitekit: {
    Articles: '文章',
    'New:Article': '新建文章',
    'DisplayName:Title': '标题',
    'DisplayName:IsPinned': '置顶',
    'ArticleStatus:DRAFT': '草稿',
    'ArticleStatus:PUBLISHED': '已发布',
    'ArticleStatus:DELETED': '已删除',
    Publish: '发布',
    Unpublish: '撤回',
    MoveToDeleted: '删除',
    Restore: '恢复',
    Purge: '彻底删除',
    PublishConfirm: '发布“{0}”?发布后立即在店面显示。',
    SlugFormat: '请使用小写字母、数字和单个连字符,如 summer-sale。',
  },
});

describe('articles page', () => {
  it('lists the site’s articles in the spec’s colours, each with the actions its state allows', async () => {
    renderPage(<ArticlePage />, { at: '/publishingPlatform/site/content/Article?siteId=s2' });
    const table = await screen.findByTestId('articles');
    const draftRow = await findRow(table, '夏季促销');
    expect(within(draftRow).getByText('草稿').className).toContain('processing');
    expect(within(draftRow).getByText('发布')).toBeTruthy();
    const liveRow = await findRow(table, '新品上市');
    expect(within(liveRow).getByText('已发布').className).toContain('success');
    expect(within(liveRow).getByText('置顶')).toBeTruthy();
    expect(within(liveRow).getByText('撤回')).toBeTruthy();
    const goneRow = await findRow(table, '旧活动');
    expect(within(goneRow).getByText('已删除').className).toContain('error');
    expect(within(goneRow).getByText('恢复')).toBeTruthy();
    expect(within(goneRow).getByText('彻底删除')).toBeTruthy();
    expect(within(goneRow).queryByText('发布')).toBeNull();
    // the list is the chosen site's
    await waitFor(() => expect(lastParams(calls, `GET ${URL}`).siteId).toBe('s2'));
  });

  it('publishes only once confirmed', async () => {
    renderPage(<ArticlePage />, { at: '/publishingPlatform/site/content/Article?siteId=s2' });
    await screen.findByText('夏季促销');
    await click('article-publish-summer-sale');
    expect(await screen.findByText('发布“夏季促销”?发布后立即在店面显示。')).toBeTruthy();
    expect(calls.some((c) => c.key === `POST ${URL}/a1/publish`)).toBe(false);
    await click('article-publish-summer-sale-confirm');
    await waitFor(() => expect(calls.filter((c) => c.key === `POST ${URL}/a1/publish`)).toHaveLength(1));
  });

  it('writes a new article for the chosen site, checked by the shared schema, with a preview', async () => {
    await openNewFormOn(<ArticlePage />, '夏季促销', 'article-form');
    await fillIn({
      'article-title': '秋季上新',
      'article-slug': 'Not a slug!',
      'article-content': '<p>新款<b>到货</b></p>',
    });
    expect(screen.getByTestId('article-preview').textContent).toBe('新款到货');
    await submit('article-form-submit');
    await expectErrorsOf({ 'article-slug': '请使用小写字母、数字和单个连字符,如 summer-sale。' });
    await fillIn({ 'article-slug': 'autumn' });
    await submit('article-form-submit');
    // for the site shown (the first, none named in the URL), in its default language
    expect(await sentBody(calls, `POST ${URL}`)).toMatchObject({
      siteId: 's1',
      title: '秋季上新',
      slug: 'autumn',
      language: 'en',
      content: '<p>新款<b>到货</b></p>',
    });
  });
});
