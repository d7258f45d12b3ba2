import { SyncOutlined } from '@ant-design/icons';
import { SitekitPermissions } from '@seller/contracts';
import { siteProductList } from '@seller/contracts/sitekit';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Image, Space, Tag, TreeSelect, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Access, ConfirmButton, EditAction, useOpenForm, useRunAndRefresh } from '../../../../components/crud/index.ts';
import { FileImage } from '../../../../components/FileImage.tsx';
import { ListPage } from '../../../../components/list/index.ts';
import { type SiteDto, type SiteProductDto, SL, siteCategoriesApi, siteProductsApi } from '../../api.ts';
import { BulkRun } from '../../components/BulkRun.tsx';
import { SiteScoped, useSiteScope } from '../../components/SiteScope.tsx';
import { useSiteCategories } from '../../components/site-categories.ts';
import { treeSelectOptions } from '../../components/tree-rows.ts';
import { ProductForm, productForm } from './ProductForm.tsx';
import { SyncDialog } from './SyncDialog.tsx';

const P = SitekitPermissions.Catalog;
/** Most rows one bulk publish takes (one call each). */
const BULK_MAX = 100;

/** A row's actions: edit, publish or hide (asking first: the storefront changes at once), delete. */
function ProductActions({
  p,
  onEdit,
  act,
}: {
  p: SiteProductDto;
  onEdit(): void;
  act(run: () => Promise<unknown>, done?: string): void;
}) {
  const { t } = useTranslation();
  const id = (name: string) => `site-product-${name}-${p.slug}`;
  return (
    <>
      <EditAction permission={`${P}.Update`} onClick={onEdit} testid={id('edit')} />
      <Access permission={`${P}.Publish`}>
        {p.isPublished ? (
          <ConfirmButton
            title={SL('ProductUnpublishConfirm', p.title)}
            onConfirm={() => act(() => siteProductsApi.act(p.id, 'unpublish'), SL('ProductUnpublished'))}
            testid={id('unpublish')}
          >
            {SL('ProductUnpublish')}
          </ConfirmButton>
        ) : (
          <ConfirmButton
            title={SL('ProductPublishConfirm', p.title)}
            onConfirm={() => act(() => siteProductsApi.act(p.id, 'publish'), SL('ProductPublished'))}
            testid={id('publish')}
          >
            {SL('ProductPublish')}
          </ConfirmButton>
        )}
      </Access>
      <Access permission={`${P}.Delete`}>
        <ConfirmButton
          danger
          title={SL('ProductDeleteConfirm', p.title)}
          okText={t('crud.delete')}
          onConfirm={() => act(() => siteProductsApi.remove(p.id), t('crud.deleted'))}
          testid={id('delete')}
        >
          {t('crud.delete')}
        </ConfirmButton>
      </Access>
    </>
  );
}

/** One site's products: the list kit's page with the site's own category filter, sync and bulk publishing. */
function SiteProducts({ site, picker }: { site: SiteDto; picker: ReactNode }) {
  const queryClient = useQueryClient();
  const [syncing, setSyncing] = useState(false);
  const categories = useSiteCategories(site.id);
  const categoryOptions = useMemo(() => treeSelectOptions(categories.rows, (r) => r.name), [categories.rows]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [siteProductsApi.url] });
  const act = useRunAndRefresh(refresh);
  const form = useOpenForm<SiteProductDto, object>(
    (target) =>
      target === 'new'
        ? { title: '' }
        : { title: SL('Edit:SiteProduct', target.title), initial: productForm(target) as object },
    refresh,
  );
  return (
    <>
      <ListPage<SiteProductDto>
        list={siteProductList}
        url={siteProductsApi.url}
        testid="site-products"
        title={SL('SiteProducts')}
        fixed={{ siteId: site.id }}
        exportPermission={P}
        toolbar={
          <>
            {picker}
            <Access permission={`${P}.Sync`}>
              <Button icon={<SyncOutlined />} onClick={() => setSyncing(true)} data-testid="site-products-sync">
                {SL('SyncFromCatalog')}
              </Button>
            </Access>
          </>
        }
        filterInputs={{
          categoryId: ({ filters, onChange }) => (
            <TreeSelect
              allowClear
              showSearch={{ treeNodeFilterProp: 'title' }}
              treeDefaultExpandAll
              style={{ width: 200 }}
              placeholder={SL('DisplayName:Category')}
              aria-label={SL('DisplayName:Category')}
              loading={categories.query.isLoading}
              treeData={categoryOptions}
              value={filters.categoryId as string | undefined}
              onChange={(categoryId?: string) => onChange({ categoryId })}
              data-testid="site-products-filter-categoryId"
            />
          ),
        }}
        render={{
          title: (r) => (
            <Space>
              {/* the files store answers only with the token: its pictures through FileImage */}
              {r.imageUrl?.startsWith('/api/files/') ? (
                <FileImage url={r.imageUrl} size={40} alt={r.title} />
              ) : (
                r.imageUrl && (
                  <Image src={r.imageUrl} alt={r.title} width={40} height={40} style={{ objectFit: 'cover' }} />
                )
              )}
              <div>
                <div>{r.title}</div>
                {r.titleEn && <Typography.Text type="secondary">{r.titleEn}</Typography.Text>}
              </div>
            </Space>
          ),
          categoryNames: (r) =>
            r.categoryNames.length ? (
              <Space size={[0, 4]} wrap>
                {r.categoryNames.map((n) => (
                  <Tag key={n}>{n}</Tag>
                ))}
              </Space>
            ) : (
              <Typography.Text type="secondary">{SL('Uncategorized')}</Typography.Text>
            ),
          priceMode: (r) => (
            <Tag color={r.priceMode === 'MANUAL' ? 'purple' : undefined}>{SL(`PriceMode:${r.priceMode}`)}</Tag>
          ),
          state: (r) => (
            <Tag color={r.state === 'PUBLISHED' ? 'success' : 'default'}>{SL(`ProductState:${r.state}`)}</Tag>
          ),
        }}
        rowActions={(r) => <ProductActions p={r} onEdit={() => form.open(r)} act={act} />}
        selectionMax={BULK_MAX}
        bulkActions={(rows, done) => (
          <>
            <BulkRun
              rows={rows}
              applies={(r) => !r.isPublished}
              run={(r) => siteProductsApi.act(r.id, 'publish', true)}
              done={done}
              permission={`${P}.Publish`}
              label={SL('BulkPublish')}
              question={(n) => SL('BulkPublishConfirm', n)}
              testid="site-products-bulk-publish"
            />
            <BulkRun
              rows={rows}
              applies={(r) => r.isPublished}
              run={(r) => siteProductsApi.act(r.id, 'unpublish', true)}
              done={done}
              permission={`${P}.Publish`}
              label={SL('BulkUnpublish')}
              question={(n) => SL('BulkUnpublishConfirm', n)}
              testid="site-products-bulk-unpublish"
            />
          </>
        )}
      />
      <ProductForm siteId={site.id} form={form} />
      <SyncDialog
        site={site}
        open={syncing}
        onClose={() => setSyncing(false)}
        onSynced={() => {
          void refresh();
          void queryClient.invalidateQueries({ queryKey: [siteCategoriesApi.url] });
        }}
      />
    </>
  );
}

/**
 * /publishingPlatform/site/Product (站点商品): one site's products (the site kept in the URL),
 * published and hidden tabs with their counts, the site's category and price-source filters,
 * search, sort, export; synced from the catalogue in a dialog; edited in a drawer (texts,
 * categories, prices by the rule or by hand per variant, how it is shown); published, hidden and
 * deleted after asking, one at a time or the selected rows together.
 */
export default function SiteProductPage() {
  const scope = useSiteScope('site-products');
  return (
    <SiteScoped scope={scope} title={SL('SiteProducts')}>
      {(site) => <SiteProducts key={site.id} site={site} picker={scope.picker} />}
    </SiteScoped>
  );
}
