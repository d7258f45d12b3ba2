import { PlusOutlined } from '@ant-design/icons';
import { SitekitPermissions } from '@seller/contracts';
import { siteCategoryInput, siteCategoryUpdateInput } from '@seller/contracts/sitekit';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Input, InputNumber, Row, Space, Switch, Tag, TreeSelect, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  Access,
  ConfirmButton,
  CrudField,
  EditAction,
  FormOverlay,
  RowAction,
  TextField,
  useOpenForm,
  useRunAndRefresh,
} from '../../../../components/crud/index.ts';
import { SmallTable } from '../../../../components/SmallTable.tsx';
import { useTreeExpansion } from '../../../../components/useTreeExpansion.ts';
import { toTree } from '../../../../lib/tree.ts';
import { type SiteCategoryDto, type SiteDto, SL, siteCategoriesApi } from '../../api.ts';
import { SiteScoped, useSiteScope } from '../../components/SiteScope.tsx';
import { catalogLabel, useCatalogCategories, useSiteCategories } from '../../components/site-categories.ts';
import {
  subtreeIds,
  type TableTreeNode,
  tableTree,
  treeSelectOptions,
  withAncestors,
} from '../../components/tree-rows.ts';

const P = SitekitPermissions.Catalog;
const L = (key: string) => SL(`DisplayName:${key}`);

/** An empty order box is "no order" (0), as the contract's default. */
const sortOrder = z.preprocess((v) => (v === null || v === '' ? undefined : v), siteCategoryInput.shape.sortOrder);
const createSchema = siteCategoryInput.omit({ siteId: true }).extend({ sortOrder });
const updateSchema = siteCategoryUpdateInput.extend({ sortOrder });

/** The tree of one site's categories with its toolbar, row actions and form. */
function CategoryTree({ site, picker }: { site: SiteDto; picker: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const search = params.get('filter') ?? '';
  const { query, rows } = useSiteCategories(site.id);
  const catalog = useCatalogCategories();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [siteCategoriesApi.url] });
  const act = useRunAndRefresh(refresh);
  const form = useOpenForm<SiteCategoryDto, object, [SiteCategoryDto?]>((target, parent) =>
    target === 'new'
      ? {
          title: parent ? SL('New:SubCategory', parent.name) : SL('New:SiteCategory'),
          initial: { parentId: parent?.id ?? null, sortOrder: 0, isPublished: true, catalogCategoryIds: [] },
        }
      : { title: SL('Edit:SiteCategory', target.name), initial: target },
  );

  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    if (!needle) return rows;
    return withAncestors(rows, (r) => [r.name, r.nameEn, r.slug].some((v) => v?.toLowerCase().includes(needle)));
  }, [rows, search]);
  const tree = useMemo(() => tableTree(toTree(shown)), [shown]);
  const expansion = useTreeExpansion(rows);
  const setSearch = (v: string) =>
    setParams((now) => {
      const next = new URLSearchParams(now);
      if (v.trim()) next.set('filter', v.trim());
      else next.delete('filter');
      return next;
    });

  const editing = form.editing;
  const parentOptions = useMemo(
    () =>
      treeSelectOptions(rows, (r) => r.name, editing && editing !== 'new' ? subtreeIds(rows, editing.id) : undefined),
    [rows, editing],
  );
  const catalogOptions = useMemo(() => treeSelectOptions(catalog.rows, catalogLabel), [catalog.rows]);

  const columns: ColumnsType<TableTreeNode<SiteCategoryDto>> = [
    {
      key: 'name',
      title: L('Name'),
      render: (_v, r) => <span data-testid={`site-category-${r.slug}`}>{r.name}</span>,
    },
    { key: 'nameEn', title: L('NameEn'), dataIndex: 'nameEn' },
    { key: 'slug', title: L('Slug'), render: (_v, r) => <Typography.Text code>{r.slug}</Typography.Text> },
    { key: 'sortOrder', title: L('SortOrder'), dataIndex: 'sortOrder', width: 80, align: 'right' },
    {
      key: 'isPublished',
      title: L('IsPublished'),
      width: 100,
      render: (_v, r) => (r.isPublished ? <Tag color="success">{SL('Shown')}</Tag> : <Tag>{SL('NotShown')}</Tag>),
    },
    { key: 'productCount', title: L('ProductCount'), dataIndex: 'productCount', width: 90, align: 'right' },
    {
      key: 'catalogCategoryIds',
      title: L('CatalogCategories'),
      render: (_v, r) =>
        r.catalogCategoryIds.length ? (
          <Space size={[0, 4]} wrap>
            {r.catalogCategoryIds.map((id) => {
              const c = catalog.byId.get(id);
              return <Tag key={id}>{c ? c.name : SL('UnknownCatalogCategory')}</Tag>;
            })}
          </Space>
        ) : (
          <Typography.Text type="secondary">{SL('NoCatalogMapping')}</Typography.Text>
        ),
    },
    {
      key: 'actions',
      title: t('crud.actions'),
      render: (_v, r) => (
        <Space size={0} wrap>
          <RowAction
            permission={`${P}.Create`}
            icon={<PlusOutlined />}
            onClick={() => form.open('new', r)}
            testid={`site-category-add-${r.slug}`}
          >
            {SL('AddSubCategory')}
          </RowAction>
          <EditAction permission={`${P}.Update`} onClick={() => form.open(r)} testid={`site-category-edit-${r.slug}`} />
          <Access permission={`${P}.Delete`}>
            <ConfirmButton
              danger
              title={SL('DeleteCategoryConfirm', r.name)}
              description={t('crud.deleteWarning')}
              okText={t('crud.delete')}
              onConfirm={() => act(() => siteCategoriesApi.remove(r.id), t('crud.deleted'))}
              testid={`site-category-delete-${r.slug}`}
            >
              {t('crud.delete')}
            </ConfirmButton>
          </Access>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Card
        title={SL('SiteCategories')}
        data-testid="site-categories"
        extra={
          <Space wrap>
            {picker}
            <Input.Search
              allowClear
              key={search}
              defaultValue={search}
              placeholder={SL('SearchSiteCategories')}
              aria-label={SL('SearchSiteCategories')}
              onSearch={setSearch}
              style={{ width: 200 }}
              data-testid="site-categories-search"
            />
            <Access permission={`${P}.Create`}>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => form.open('new')}
                data-testid="site-categories-new"
              >
                {t('crud.create')}
              </Button>
            </Access>
          </Space>
        }
      >
        <SmallTable<TableTreeNode<SiteCategoryDto>>
          rowKey="id"
          loading={query.isLoading}
          dataSource={tree}
          columns={columns}
          scroll={{ x: 'max-content' }}
          expandable={{
            expandedRowKeys: search ? shown.map((r) => r.id) : expansion.expandedKeys,
            onExpandedRowsChange: (keys) => expansion.onExpand([...keys]),
          }}
          locale={{ emptyText: search ? t('crud.empty') : SL('NoSiteCategories') }}
        />
      </Card>
      <FormOverlay
        {...form.overlay}
        width={640}
        schema={form.editing === 'new' ? createSchema : updateSchema}
        onSubmit={(values) =>
          form.save(form.editing === 'new' ? { ...values, siteId: site.id } : values, {
            create: siteCategoriesApi.create,
            update: siteCategoriesApi.update,
          })
        }
        testid="site-category-form"
      >
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <TextField name="name" label={L('Name')} autoFocus data-testid="site-category-name" />
          </Col>
          <Col xs={24} sm={12}>
            <TextField name="nameEn" label={L('NameEn')} data-testid="site-category-name-en" />
          </Col>
        </Row>
        <TextField name="slug" label={L('Slug')} extra={SL('SlugFromNameHint')} data-testid="site-category-slug" />
        <CrudField name="parentId" label={L('Parent')}>
          <TreeSelect
            allowClear
            showSearch={{ treeNodeFilterProp: 'title' }}
            treeDefaultExpandAll
            placeholder={SL('TopLevel')}
            treeData={parentOptions}
            data-testid="site-category-parent"
          />
        </CrudField>
        <CrudField name="catalogCategoryIds" label={L('CatalogCategories')} extra={SL('CatalogCategoriesHint')}>
          <TreeSelect
            multiple
            allowClear
            showSearch={{ treeNodeFilterProp: 'title' }}
            treeDefaultExpandAll
            loading={catalog.query.isLoading}
            treeData={catalogOptions}
            data-testid="site-category-catalog"
          />
        </CrudField>
        <CrudField name="description" label={L('Description')}>
          <Input.TextArea rows={3} maxLength={1000} data-testid="site-category-description" />
        </CrudField>
        <TextField name="imageUrl" label={L('ImageUrl')} data-testid="site-category-image" />
        <Row gutter={12}>
          <Col xs={12}>
            <CrudField name="sortOrder" label={L('SortOrder')}>
              <InputNumber precision={0} style={{ width: '100%' }} data-testid="site-category-sort" />
            </CrudField>
          </Col>
          <Col xs={12}>
            <CrudField name="isPublished" label={L('IsPublished')} valuePropName="checked">
              <Switch data-testid="site-category-published" />
            </CrudField>
          </Col>
        </Row>
      </FormOverlay>
    </>
  );
}

/**
 * /publishingPlatform/site/Commodity (站点分类): one site's category tree (the site kept in the
 * URL, the search too), each with its address, order, whether it is shown, its products and the
 * catalogue categories mapped into it; added at the top or under a category, edited in a drawer
 * (the parent and the mapped catalogue categories picked from their trees), deleted after asking.
 */
export default function SiteCommodityPage() {
  const scope = useSiteScope('site-categories');
  return (
    <SiteScoped scope={scope} title={SL('SiteCategories')}>
      {(site) => <CategoryTree key={site.id} site={site} picker={scope.picker} />}
    </SiteScoped>
  );
}
