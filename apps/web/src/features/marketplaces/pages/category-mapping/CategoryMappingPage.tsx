import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  type CategoryMappingInput,
  type MarketPlatform,
  MarketplacePermissions,
  PRODUCT_FILLED_ATTRIBUTES,
} from '@seller/contracts/marketplaces';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Form, Input, Popconfirm, Select, Space, Tag, TreeSelect, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Access, type CrudColumn, ResourceList } from '../../../../components/crud/index.ts';
import { LinkButton } from '../../../../components/LinkButton.tsx';
import { SmallTable } from '../../../../components/SmallTable.tsx';
import { useAccess } from '../../../../lib/access.tsx';
import { HttpError } from '../../../../lib/http/errors.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import {
  type CatalogOptions,
  type CategoryMapping,
  categoryMappingApi,
  type ListingShop,
  LM,
  mappingKeys,
  type PlatformAttribute,
  type PlatformCategory,
  platformLabel,
} from '../../api.ts';
import { ShopPicker } from '../items/ShopPicker.tsx';

const P = MarketplacePermissions.CategoryMappings;
const DATE_TIME = 'YYYY-MM-DD HH:mm';

/**
 * Category mapping of one platform (`/publishingPlatform/{lazada|shopee}/classified`): the tenant's
 * mappings of catalogue categories to the platform's leaf categories per site (the resource kit's
 * list narrowed to the platform: search, sorting and paging in the URL), and the drawer that
 * makes one (the platform's tree read through a shop, its attributes with the mandatory ones marked,
 * each mapped to a catalogue attribute with a value map, or given a default).
 */
export function CategoryMappingPage({ platform }: { platform: MarketPlatform }) {
  const { t } = useTranslation();
  const { message } = useUi();
  const access = useAccess();
  const client = useQueryClient();
  const [editing, setEditing] = useState<CategoryMapping | 'new' | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: mappingKeys.all });

  const columns: CrudColumn<CategoryMapping>[] = [
    {
      key: 'catalogCategoryName',
      title: LM('CatalogCategory'),
      render: (_v, r) => r.catalogCategoryName ?? '—',
    },
    { key: 'region', title: LM('Region'), dataIndex: 'region', sortField: 'region', width: 80 },
    {
      key: 'platformCategoryName',
      title: LM('PlatformCategory'),
      sortField: 'platformCategoryName',
      render: (_v, r) => (
        <span data-testid={`mapping-platform-category-${r.id}`}>
          {r.platformCategoryName} <Typography.Text type="secondary">({r.platformCategoryId})</Typography.Text>
        </span>
      ),
    },
    { key: 'attributes', title: LM('AttributeCount'), width: 110, render: (_v, r) => r.attributes.length },
    {
      key: 'creationTime',
      title: LM('CreationTime'),
      sortField: 'creationTime',
      width: 150,
      render: (_v, r) => dayjs(r.creationTime).format(DATE_TIME),
    },
  ];

  return (
    <>
      <ResourceList<CategoryMapping>
        testid="category-mappings"
        title={`${platformLabel(platform)} · ${LM('Title')}`}
        queryKey={[...mappingKeys.all, platform]}
        list={(q, signal) => categoryMappingApi.list({ ...q, platform }, signal)}
        columns={columns}
        rowActions={(r) => (
          <Space size={0}>
            <Access permission={`${P}.Update`}>
              <LinkButton onClick={() => setEditing(r)} data-testid={`mapping-edit-${r.id}`}>
                {t('crud.edit')}
              </LinkButton>
            </Access>
            <Access permission={`${P}.Delete`}>
              <Popconfirm
                title={LM('ConfirmDelete')}
                onConfirm={async () => {
                  await categoryMappingApi.remove(r.id);
                  message.success(LM('Deleted'));
                  await refresh();
                }}
              >
                <LinkButton danger data-testid={`mapping-delete-${r.id}`}>
                  {t('crud.delete')}
                </LinkButton>
              </Popconfirm>
            </Access>
          </Space>
        )}
        toolbar={
          access.can(`${P}.Create`) ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="mapping-new">
              {LM('New')}
            </Button>
          ) : null
        }
      />
      {editing && (
        <MappingDrawer
          platform={platform}
          mapping={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            message.success(LM('Saved'));
            await refresh();
          }}
        />
      )}
    </>
  );
}

/** One platform attribute's row in the form. */
interface Row {
  /** `purchase:<id>` or `screen:<id>`, or null. */
  catalog: string | null;
  valueMap: Record<string, string>;
  defaultValue: string | null;
}
const emptyRow: Row = { catalog: null, valueMap: {}, defaultValue: null };

interface TreeNode {
  id: string;
  pId: string | null;
  value: string;
  title: string;
  isLeaf: boolean;
  selectable: boolean;
}
const toNode = (c: PlatformCategory, searched = false): TreeNode => ({
  id: c.id,
  pId: searched ? null : c.parentId,
  value: c.id,
  title: searched ? c.path : c.name,
  isLeaf: c.leaf,
  selectable: c.leaf,
});

function MappingDrawer({
  platform,
  mapping,
  onClose,
  onSaved,
}: {
  platform: MarketPlatform;
  mapping: CategoryMapping | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { message } = useUi();
  const options = useQuery({ queryKey: mappingKeys.options, queryFn: () => categoryMappingApi.catalogOptions() });
  const [catalogCategoryId, setCatalogCategoryId] = useState<string | undefined>(mapping?.catalogCategoryId);
  const [shop, setShop] = useState<ListingShop | undefined>();
  const [region, setRegion] = useState<string | undefined>(mapping?.region);
  const [tree, setTree] = useState<TreeNode[]>([]);
  const [searched, setSearched] = useState<TreeNode[] | null>(null);
  const [categoryId, setCategoryId] = useState<string | undefined>(mapping?.platformCategoryId);
  const [categoryLabel, setCategoryLabel] = useState<string | undefined>(mapping?.platformCategoryName);
  const [attributes, setAttributes] = useState<PlatformAttribute[]>([]);
  const [rows, setRows] = useState<Record<string, Row>>(() =>
    Object.fromEntries(
      (mapping?.attributes ?? []).map((a) => [
        a.attribute,
        {
          catalog: a.catalogAttributeId ? `${a.catalogAttributeKind}:${a.catalogAttributeId}` : null,
          valueMap: Object.fromEntries(a.valueMap.map((v) => [v.catalogValueId, v.platformValue])),
          defaultValue: a.defaultValue,
        },
      ]),
    ),
  );
  const [errors, setErrors] = useState<{ member: string; message: string }[]>([]);
  const [saving, setSaving] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const [loadingTree, setLoadingTree] = useState(false);

  const shopId = shop?.id;
  const site = region ?? shop?.regions[0];

  const pickShop = useCallback(
    (_id: string | undefined, s: ListingShop | undefined) => {
      setShop(s);
      if (s && (!region || !s.regions.includes(region))) setRegion(s.regions[0]);
    },
    [region],
  );

  // the top level of the tree whenever the shop or site changes
  useEffect(() => {
    if (!shopId || !site) return;
    let live = true;
    setLoadingTree(true);
    categoryMappingApi
      .platformCategories({ shopId, region: site })
      .then((r) => live && setTree(r.items.map((c) => toNode(c))))
      .catch(() => live && setTree([]))
      .finally(() => live && setLoadingTree(false));
    return () => {
      live = false;
    };
  }, [shopId, site]);

  // the chosen leaf's attributes
  useEffect(() => {
    if (!shopId || !site || !categoryId) {
      setAttributes([]);
      return;
    }
    let live = true;
    categoryMappingApi
      .platformAttributes({ shopId, region: site, categoryId })
      .then((r) => live && setAttributes(r.items))
      .catch(() => live && setAttributes([]));
    return () => {
      live = false;
    };
  }, [shopId, site, categoryId]);

  const loadChildren = async (node: { id?: unknown; value?: unknown }) => {
    if (!shopId || !site) return;
    const parentId = String(node.id ?? node.value);
    if (tree.some((n) => n.pId === parentId)) return;
    const r = await categoryMappingApi.platformCategories({ shopId, region: site, parentId });
    setTree((prev) => [...prev, ...r.items.filter((c) => !prev.some((p) => p.id === c.id)).map((c) => toNode(c))]);
  };

  const search = async (text: string) => {
    if (!shopId || !site) return;
    const filter = text.trim();
    if (!filter) {
      setSearched(null);
      return;
    }
    const r = await categoryMappingApi.platformCategories({ shopId, region: site, filter });
    setSearched(r.items.filter((c) => c.leaf).map((c) => toNode(c, true)));
  };

  const refreshTree = async () => {
    if (!shopId || !site) return;
    setRefreshing(true);
    try {
      const r = await categoryMappingApi.refresh({ shopId, region: site });
      message.success(LM('Refreshed', r.categoryCount));
      setSearched(null);
      const top = await categoryMappingApi.platformCategories({ shopId, region: site });
      setTree(top.items.map((c) => toNode(c)));
    } finally {
      setRefreshing(false);
    }
  };

  const catalogAttributes = options.data?.attributes ?? [];
  const catalogOf = (key: string | null) =>
    key ? catalogAttributes.find((a) => `${a.kind}:${a.id}` === key) : undefined;
  const setRow = (name: string, patch: Partial<Row>) =>
    setRows((prev) => ({ ...prev, [name]: { ...(prev[name] ?? emptyRow), ...patch } }));

  /** The attributes sent, in order (the server's `attributes.{i}` refer to it). */
  const sent = attributes.filter((a) => {
    const r = rows[a.name];
    return r && (r.catalog || r.defaultValue);
  });

  const save = async () => {
    if (!catalogCategoryId || !site || !categoryId) return;
    const input: CategoryMappingInput = {
      catalogCategoryId,
      platform,
      region: site,
      platformCategoryId: categoryId,
      attributes: sent.map((a) => {
        const r = rows[a.name];
        const attr = catalogOf(r.catalog);
        return {
          attribute: a.name,
          catalogAttributeKind: attr?.kind ?? null,
          catalogAttributeId: attr?.id ?? null,
          valueMap: attr
            ? attr.values
                .filter((v) => r.valueMap[v.id])
                .map((v) => ({ catalogValueId: v.id, platformValue: r.valueMap[v.id] }))
            : [],
          defaultValue: r.defaultValue || null,
        };
      }),
    };
    setSaving(true);
    setErrors([]);
    try {
      if (mapping)
        await categoryMappingApi.update(mapping.id, { ...input, concurrencyStamp: mapping.concurrencyStamp });
      else await categoryMappingApi.create(input);
      await onSaved();
    } catch (e) {
      if (e instanceof HttpError && e.status === 400)
        setErrors(e.validationErrors.map((v) => ({ member: v.members?.[0] ?? '', message: v.message })));
    } finally {
      setSaving(false);
    }
  };

  /** The error of one attribute's row (`attributes.{i}…` → the i-th sent attribute). */
  const rowError = (name: string) => {
    const i = sent.findIndex((a) => a.name === name);
    return errors.find((e) => i >= 0 && e.member.startsWith(`attributes.${i}.`))?.message;
  };

  const valueInput = (
    attr: PlatformAttribute,
    value: string | null,
    onChange: (v: string | null) => void,
    testid: string,
  ) =>
    attr.options.length ? (
      <Select
        allowClear
        showSearch
        size="small"
        style={{ width: 180 }}
        value={value ?? undefined}
        options={attr.options.map((o) => ({ value: o.name, label: o.name }))}
        onChange={(v?: string) => onChange(v ?? null)}
        data-testid={testid}
      />
    ) : (
      <Input
        size="small"
        style={{ width: 180 }}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || null)}
        data-testid={testid}
      />
    );

  const attributeColumns = [
    {
      key: 'attribute',
      title: LM('Attribute'),
      width: 200,
      render: (_v: unknown, a: PlatformAttribute) => (
        <Space direction="vertical" size={0}>
          <span>
            {a.mandatory && !PRODUCT_FILLED_ATTRIBUTES.includes(a.name) ? (
              <Typography.Text type="danger" data-testid={`mapping-mandatory-${a.name}`}>
                *{' '}
              </Typography.Text>
            ) : null}
            {a.label}
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {a.name}
            {a.saleProp ? (
              <Tag color="blue" style={{ marginLeft: 4 }}>
                {LM('SaleProp')}
              </Tag>
            ) : null}
          </Typography.Text>
          {rowError(a.name) ? (
            <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid={`mapping-row-error-${a.name}`}>
              {rowError(a.name)}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      key: 'catalog',
      title: LM('CatalogAttribute'),
      width: 170,
      render: (_v: unknown, a: PlatformAttribute) => (
        <Select
          allowClear
          size="small"
          style={{ width: 160 }}
          placeholder={LM('None')}
          value={rows[a.name]?.catalog ?? undefined}
          options={catalogAttributes.map((c) => ({
            value: `${c.kind}:${c.id}`,
            label: `${c.name} · ${LM(c.kind === 'purchase' ? 'Purchase' : 'Screen')}`,
          }))}
          onChange={(v?: string) => setRow(a.name, { catalog: v ?? null, valueMap: {} })}
          data-testid={`mapping-catalog-${a.name}`}
        />
      ),
    },
    {
      key: 'valueMap',
      title: LM('ValueMap'),
      render: (_v: unknown, a: PlatformAttribute) => {
        const attr = catalogOf(rows[a.name]?.catalog ?? null);
        if (!attr) return null;
        return (
          <Space direction="vertical" size={2}>
            {attr.values.map((v) => (
              <Space key={v.id} size={4}>
                <span style={{ display: 'inline-block', minWidth: 56 }}>{v.name}</span>→
                {valueInput(
                  a,
                  rows[a.name]?.valueMap[v.id] ?? null,
                  (next) =>
                    setRow(a.name, {
                      valueMap: { ...(rows[a.name]?.valueMap ?? {}), [v.id]: next ?? '' },
                    }),
                  `mapping-value-${a.name}-${v.name}`,
                )}
              </Space>
            ))}
          </Space>
        );
      },
    },
    {
      key: 'default',
      title: LM('DefaultValue'),
      width: 200,
      render: (_v: unknown, a: PlatformAttribute) =>
        valueInput(
          a,
          rows[a.name]?.defaultValue ?? null,
          (v) => setRow(a.name, { defaultValue: v }),
          `mapping-default-${a.name}`,
        ),
    },
  ];

  const general = errors.filter((e) => !/^attributes\.\d+\./.test(e.member));
  const treeData = searched ?? tree;

  return (
    <Drawer
      open
      width={960}
      title={mapping ? LM('Edit') : LM('New')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            loading={saving}
            disabled={!catalogCategoryId || !categoryId || !site}
            onClick={() => void save()}
            data-testid="mapping-save"
          >
            {t('common.save')}
          </Button>
        </Space>
      }
      data-testid="mapping-drawer"
    >
      <Form layout="vertical">
        {general.length ? (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            title={general.map((e) => e.message).join(' ')}
            data-testid="mapping-errors"
          />
        ) : null}
        <Form.Item label={LM('CatalogCategory')} required>
          <Select
            showSearch
            optionFilterProp="label"
            value={catalogCategoryId}
            options={(options.data?.categories ?? []).map((c: CatalogOptions['categories'][number]) => ({
              value: c.id,
              label: c.name,
            }))}
            onChange={(v: string) => setCatalogCategoryId(v)}
            data-testid="mapping-catalog-category"
          />
        </Form.Item>
        <Space align="end" wrap>
          <Form.Item label={LM('Shop')} required tooltip={LM('PickShop')}>
            <ShopPicker platform={platform} value={shopId} onChange={pickShop} testid="mapping-shop" />
          </Form.Item>
          <Form.Item label={LM('Region')} required>
            <Select
              style={{ width: 100 }}
              value={site}
              options={(shop?.regions ?? (site ? [site] : [])).map((r) => ({ value: r, label: r }))}
              onChange={(v: string) => {
                setRegion(v);
                setCategoryId(undefined);
                setCategoryLabel(undefined);
              }}
              data-testid="mapping-region"
            />
          </Form.Item>
          <Form.Item>
            <Button
              icon={<ReloadOutlined />}
              loading={refreshing}
              disabled={!shopId}
              onClick={() => void refreshTree()}
              data-testid="mapping-refresh-tree"
            >
              {LM('RefreshTree')}
            </Button>
          </Form.Item>
        </Space>
        <Form.Item label={LM('PlatformCategory')} required extra={LM('LeafOnly')}>
          <TreeSelect
            showSearch
            treeDataSimpleMode
            filterTreeNode={false}
            loading={loadingTree}
            disabled={!shopId}
            placeholder={LM('SearchCategory')}
            value={categoryId ? { value: categoryId, label: categoryLabel ?? categoryId } : undefined}
            labelInValue
            treeData={treeData}
            loadData={searched ? undefined : loadChildren}
            onSearch={(text) => void search(text)}
            onChange={(v?: { value: string; label: ReactNode }) => {
              setCategoryId(v?.value);
              const found = treeData.find((n) => n.value === v?.value);
              setCategoryLabel(found?.title ?? (typeof v?.label === 'string' ? v.label : undefined));
              setSearched(null);
            }}
            data-testid="mapping-platform-category"
          />
        </Form.Item>
        {categoryId ? (
          <SmallTable<PlatformAttribute>
            rowKey="name"
            dataSource={attributes.filter((a) => !PRODUCT_FILLED_ATTRIBUTES.includes(a.name))}
            columns={attributeColumns}
            data-testid="mapping-attributes"
          />
        ) : null}
      </Form>
    </Drawer>
  );
}
