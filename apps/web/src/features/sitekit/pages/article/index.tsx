import { SitekitPermissions } from '@seller/contracts';
import { articleInput, articleList, articleUpdateInput } from '@seller/contracts/sitekit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Col, Empty, Input, Row, Select, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  ConfirmButton,
  CrudField,
  EditAction,
  FormOverlay,
  TextField,
  useOpenForm,
  useRunAndRefresh,
} from '../../../../components/crud/index.ts';
import { HtmlContent } from '../../../../components/html-content.tsx';
import { ListPage } from '../../../../components/list/index.ts';
import { type ArticleDto, articlesApi, SL, sitekitKeys, siteLanguageOptions, sitesApi } from '../../api.ts';

const P = SitekitPermissions.Articles;
/** The spec's colours: draft info, published success, deleted danger. */
const STATUS_COLOR = { DRAFT: 'processing', PUBLISHED: 'success', DELETED: 'error' } as const;
const L = (key: string) => SL(`DisplayName:${key}`);

/** A row's state actions, each asking first (publishing shows it on the storefront at once). */
function ArticleActions({ a, onEdit, act }: { a: ArticleDto; onEdit(): void; act(run: () => Promise<unknown>): void }) {
  const confirm = (key: string) => SL(key, a.title);
  const id = (name: string) => `article-${name}-${a.slug}`;
  if (a.status === 'DELETED')
    return (
      <>
        <ConfirmButton
          title={confirm('RestoreConfirm')}
          onConfirm={() => act(() => articlesApi.act(a.id, 'restore'))}
          testid={id('restore')}
        >
          {SL('Restore')}
        </ConfirmButton>
        <ConfirmButton
          title={confirm('PurgeConfirm')}
          danger
          onConfirm={() => act(() => articlesApi.purge(a.id))}
          testid={id('purge')}
        >
          {SL('Purge')}
        </ConfirmButton>
      </>
    );
  return (
    <>
      <EditAction permission={`${P}.Update`} onClick={onEdit} testid={id('edit')} />
      {a.status === 'DRAFT' ? (
        <ConfirmButton
          title={confirm('PublishConfirm')}
          onConfirm={() => act(() => articlesApi.act(a.id, 'publish'))}
          testid={id('publish')}
        >
          {SL('Publish')}
        </ConfirmButton>
      ) : (
        <ConfirmButton
          title={confirm('UnpublishConfirm')}
          onConfirm={() => act(() => articlesApi.act(a.id, 'unpublish'))}
          testid={id('unpublish')}
        >
          {SL('Unpublish')}
        </ConfirmButton>
      )}
      <ConfirmButton
        title={confirm('DeleteConfirm')}
        danger
        onConfirm={() => act(() => articlesApi.act(a.id, 'delete'))}
        testid={id('delete')}
      >
        {SL('MoveToDeleted')}
      </ConfirmButton>
    </>
  );
}

/**
 * /publishingPlatform/site/content/Article: one site's articles (the site kept in the URL), status
 * tabs with their counts in the spec's colours, search, sort, export; written in a drawer with a
 * preview of the sanitized HTML; published, taken off, deleted, restored and purged after asking.
 */
export default function ArticlePage() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const sites = useQuery({ queryKey: sitekitKeys.siteOptions, queryFn: () => sitesApi.all() });
  const items = sites.data?.items ?? [];
  const site = items.find((s) => s.id === params.get('siteId')) ?? items[0];
  const refresh = () => queryClient.invalidateQueries({ queryKey: [articlesApi.url] });
  const act = useRunAndRefresh(refresh);
  const [preview, setPreview] = useState('');
  const form = useOpenForm<ArticleDto, object>((target) => {
    setPreview(target === 'new' ? '' : target.content);
    return target === 'new'
      ? {
          title: SL('New:Article'),
          initial: { language: site?.defaultLanguage ?? 'zh-Hans', content: '', tags: [], isPinned: false },
        }
      : { title: SL('Edit:Article', target.title), initial: target };
  }, refresh);

  const picker = (
    <Select
      style={{ minWidth: 180 }}
      loading={sites.isLoading}
      value={site?.id}
      onChange={(siteId: string) => setParams({ siteId })}
      options={items.map((s) => ({ value: s.id, label: s.name }))}
      aria-label={SL('ChooseSite')}
      data-testid="articles-site"
    />
  );
  if (!sites.isLoading && !site)
    return (
      <Card title={SL('Articles')}>
        <Empty description={SL('NoSites')} />
      </Card>
    );
  return (
    <>
      {site && (
        <ListPage<ArticleDto>
          key={site.id}
          list={articleList}
          url={articlesApi.url}
          testid="articles"
          title={SL('Articles')}
          fixed={{ siteId: site.id }}
          toolbar={picker}
          exportPermission={P}
          onCreate={() => form.open('new')}
          createPermission={`${P}.Create`}
          render={{
            title: (r) => (
              <>
                {r.isPinned && <Tag color="gold">{L('IsPinned')}</Tag>}
                {r.title}
              </>
            ),
            status: (r) => <Tag color={STATUS_COLOR[r.status]}>{SL(`ArticleStatus:${r.status}`)}</Tag>,
            slug: (r) => <Typography.Text code>{r.slug}</Typography.Text>,
          }}
          rowActions={(r) => <ArticleActions a={r} onEdit={() => form.open(r)} act={act} />}
        />
      )}
      <FormOverlay
        {...form.overlay}
        width={760}
        schema={form.editing === 'new' ? articleInput.omit({ siteId: true }) : articleUpdateInput}
        onSubmit={(values) =>
          form.save(form.editing === 'new' ? { ...values, siteId: site?.id } : values, {
            create: articlesApi.create,
            update: articlesApi.update,
          })
        }
        testid="article-form"
      >
        <Row gutter={12}>
          <Col xs={24} sm={16}>
            <TextField name="title" label={L('Title')} autoFocus data-testid="article-title" />
          </Col>
          <Col xs={24} sm={8}>
            <CrudField name="language" label={L('Language')}>
              <Select options={siteLanguageOptions()} data-testid="article-language" />
            </CrudField>
          </Col>
        </Row>
        <TextField name="slug" label={L('Slug')} extra={SL('SlugHint')} data-testid="article-slug" />
        <CrudField name="summary" label={L('Summary')}>
          <Input.TextArea rows={2} maxLength={500} data-testid="article-summary" />
        </CrudField>
        <CrudField name="content" label={L('Content')}>
          <Input.TextArea rows={8} onChange={(e) => setPreview(e.target.value)} data-testid="article-content" />
        </CrudField>
        <Typography.Text type="secondary">{SL('Preview')}</Typography.Text>
        <div
          className="article-preview"
          data-testid="article-preview"
          style={{ border: '1px solid #eee', padding: 8, marginBottom: 16 }}
        >
          <HtmlContent html={preview} />
        </div>
        <TextField name="coverImageUrl" label={L('CoverImageUrl')} data-testid="article-cover" />
        <CrudField name="tags" label={L('Tags')} extra={SL('TagsHint')}>
          <Select mode="tags" open={false} tokenSeparators={[',']} data-testid="article-tags" />
        </CrudField>
        <CrudField name="isPinned" label={L('IsPinned')} valuePropName="checked">
          <Switch data-testid="article-pinned" />
        </CrudField>
      </FormOverlay>
    </>
  );
}
