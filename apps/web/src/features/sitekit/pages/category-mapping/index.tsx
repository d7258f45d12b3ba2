import { SitekitPermissions } from '@seller/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Input, Space, Switch, Tag, TreeSelect, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useRunAndRefresh } from '../../../../components/crud/index.ts';
import { SmallTable } from '../../../../components/SmallTable.tsx';
import { useTreeExpansion } from '../../../../components/useTreeExpansion.ts';
import { useAccess } from '../../../../lib/access.tsx';
import { toTree } from '../../../../lib/tree.ts';
import {
  type CatalogCategoryOption,
  categoryUpdateBody,
  type SiteCategoryDto,
  type SiteDto,
  SL,
  siteCategoriesApi,
} from '../../api.ts';
import { SiteScoped, useSiteScope } from '../../components/SiteScope.tsx';
import { useCatalogCategories, useSiteCategories } from '../../components/site-categories.ts';
import { type TableTreeNode, tableTree, treeSelectOptions, withAncestors } from '../../components/tree-rows.ts';

const P = SitekitPermissions.Catalog;
const UNMAPPED = 'unmapped';

/**
 * Moves a catalogue category to another site category (or to none): taken out of every site
 * category that maps it now, then added to the new one, each a whole update with its stamp.
 */
async function remap(catalogId: string, to: SiteCategoryDto | undefined, mapping: SiteCategoryDto[]) {
  for (const old of mapping.filter((m) => m.id !== to?.id))
    await siteCategoriesApi.update(
      old.id,
      categoryUpdateBody(old, { catalogCategoryIds: old.catalogCategoryIds.filter((id) => id !== catalogId) }),
    );
  if (to && !mapping.some((m) => m.id === to.id))
    await siteCategoriesApi.update(
      to.id,
      categoryUpdateBody(to, { catalogCategoryIds: [...to.catalogCategoryIds, catalogId] }),
    );
}

/** The catalogue's tree beside one site's categories. */
function Mapping({ site, picker }: { site: SiteDto; picker: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canChange = useAccess().can(`${P}.Update`);
  const [params, setParams] = useSearchParams();
  const onlyUnmapped = params.get(UNMAPPED) === 'true';
  const search = params.get('filter') ?? '';
  const siteCategories = useSiteCategories(site.id);
  const catalog = useCatalogCategories();
  const [saving, setSaving] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [siteCategoriesApi.url] });
  const act = useRunAndRefresh(refresh);

  /** Which site categories map each catalogue category. */
  const mappedBy = useMemo(() => {
    const map = new Map<string, SiteCategoryDto[]>();
    for (const s of siteCategories.rows)
      for (const id of s.catalogCategoryIds) map.set(id, [...(map.get(id) ?? []), s]);
    return map;
  }, [siteCategories.rows]);
  const unmapped = catalog.rows.filter((c) => !mappedBy.has(c.id)).length;
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const matches = (c: CatalogCategoryOption) =>
      (!onlyUnmapped || !mappedBy.has(c.id)) &&
      (!needle || [c.name, c.nameEn, c.code].some((v) => v?.toLowerCase().includes(needle)));
    return onlyUnmapped || needle ? withAncestors(catalog.rows, matches) : catalog.rows;
  }, [catalog.rows, mappedBy, onlyUnmapped, search]);
  const tree = useMemo(() => tableTree(toTree(shown)), [shown]);
  const expansion = useTreeExpansion(catalog.rows);
  const siteOptions = useMemo(() => treeSelectOptions(siteCategories.rows, (r) => r.name), [siteCategories.rows]);

  const setParam = (name: string, value: string | undefined) =>
    setParams((now) => {
      const next = new URLSearchParams(now);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  const change = (c: CatalogCategoryOption, toId: string | undefined) => {
    const mapping = mappedBy.get(c.id) ?? [];
    const to = siteCategories.rows.find((s) => s.id === toId);
    setSaving(c.id);
    void act(
      () => remap(c.id, to, mapping),
      to ? SL('MappingSaved', c.name, to.name) : SL('MappingRemoved', c.name),
    ).finally(() => setSaving(null));
  };

  const columns: ColumnsType<TableTreeNode<CatalogCategoryOption>> = [
    {
      key: 'name',
      title: SL('CatalogCategory'),
      render: (_v, c) => (
        <span data-testid={`mapping-row-${c.code}`}>
          {c.name} <Typography.Text type="secondary">{c.code}</Typography.Text>
        </span>
      ),
    },
    {
      key: 'state',
      title: SL('MappingState'),
      width: 110,
      render: (_v, c) =>
        mappedBy.has(c.id) ? (
          <Tag color="success">{SL('Mapped')}</Tag>
        ) : (
          <Tag color="warning" data-testid={`mapping-unmapped-${c.code}`}>
            {SL('Unmapped')}
          </Tag>
        ),
    },
    {
      key: 'siteCategory',
      title: SL('SiteCategory'),
      render: (_v, c) => {
        const mapping = mappedBy.get(c.id) ?? [];
        const names = mapping.map((m) => m.name).join('、');
        if (!canChange)
          return names ? (
            <span data-testid={`mapping-site-${c.code}`}>{names}</span>
          ) : (
            <Typography.Text type="secondary">—</Typography.Text>
          );
        return (
          <Space orientation="vertical" size={2} style={{ width: '100%' }}>
            <TreeSelect
              allowClear
              showSearch={{ treeNodeFilterProp: 'title' }}
              treeDefaultExpandAll
              style={{ width: '100%', minWidth: 220 }}
              placeholder={SL('ChooseSiteCategory')}
              value={mapping[0]?.id}
              treeData={siteOptions}
              loading={saving === c.id}
              disabled={saving !== null}
              onChange={(id?: string) => change(c, id)}
              aria-label={SL('SiteCategoryOf', c.name)}
              data-testid={`mapping-select-${c.code}`}
            />
            {mapping.length > 1 && (
              <Typography.Text type="warning" style={{ fontSize: 12 }}>
                {SL('MappedSeveral', names)}
              </Typography.Text>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <Card
      title={SL('CategoryMapping')}
      data-testid="category-mapping"
      extra={
        <Space wrap>
          {picker}
          <Input.Search
            allowClear
            key={search}
            defaultValue={search}
            placeholder={SL('SearchCatalogCategories')}
            aria-label={SL('SearchCatalogCategories')}
            onSearch={(v) => setParam('filter', v.trim() || undefined)}
            style={{ width: 200 }}
            data-testid="category-mapping-search"
          />
          <Space size={4}>
            <Switch
              checked={onlyUnmapped}
              onChange={(on) => setParam(UNMAPPED, on ? 'true' : undefined)}
              aria-label={SL('OnlyUnmapped')}
              data-testid="category-mapping-only-unmapped"
            />
            <span>{SL('OnlyUnmapped')}</span>
          </Space>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{SL('MappingHint')}</Typography.Paragraph>
      {!catalog.query.isLoading && !siteCategories.query.isLoading && catalog.rows.length > 0 && (
        <Typography.Paragraph data-testid="category-mapping-summary">
          {unmapped ? (
            <Typography.Text type="warning">{SL('UnmappedCount', unmapped, catalog.rows.length)}</Typography.Text>
          ) : (
            <Typography.Text type="success">{SL('AllMapped', catalog.rows.length)}</Typography.Text>
          )}
        </Typography.Paragraph>
      )}
      {!siteCategories.query.isLoading && siteCategories.rows.length === 0 && canChange && (
        <Typography.Paragraph type="warning">{SL('NoSiteCategoriesToMap')}</Typography.Paragraph>
      )}
      <SmallTable<TableTreeNode<CatalogCategoryOption>>
        rowKey="id"
        loading={catalog.query.isLoading || siteCategories.query.isLoading}
        dataSource={tree}
        columns={columns}
        scroll={{ x: 'max-content' }}
        expandable={{
          expandedRowKeys: onlyUnmapped || search ? shown.map((c) => c.id) : expansion.expandedKeys,
          onExpandedRowsChange: (keys) => expansion.onExpand([...keys]),
        }}
        locale={{
          emptyText: onlyUnmapped && !search ? SL('AllMapped', catalog.rows.length) : t('crud.empty'),
        }}
      />
    </Card>
  );
}

/**
 * /publishingPlatform/site/category-mapping (分类映射): the catalogue's category tree, each with
 * the site category its products go into when synced, changed in place (the site categories
 * written with their stamps); the unmapped ones marked and counted, "only unmapped" and the
 * search kept in the URL with the site.
 */
export default function CategoryMappingPage() {
  const scope = useSiteScope('category-mapping');
  return (
    <SiteScoped scope={scope} title={SL('CategoryMapping')}>
      {(site) => <Mapping key={site.id} site={site} picker={scope.picker} />}
    </SiteScoped>
  );
}
