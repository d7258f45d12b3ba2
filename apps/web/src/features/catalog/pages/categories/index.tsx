import { PlusOutlined } from '@ant-design/icons';
import { categoryInput } from '@seller/contracts/catalog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Col, Descriptions, Empty, InputNumber, Row, Select, Space, Spin, Tree, Typography } from 'antd';
import type { DataNode, TreeProps } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CrudField,
  EditDeleteActions,
  FormOverlay,
  PrimaryAction,
  RowAction,
  TextField,
} from '../../../../components/crud/index.ts';
import { dropRows, useTreeExpansion } from '../../../../components/useTreeExpansion.ts';
import { useAccess } from '../../../../lib/access.tsx';
import { useUi } from '../../../../lib/ui-bridge.ts';
import {
  attributeGroupsApi,
  type CategoryDto,
  type CategoryNode,
  categoriesApi,
  LC,
  toCategoryTree,
} from '../../api.ts';
import { Data } from '../../components/Data.tsx';
import { emptyNumber } from '../../form.ts';

const P = 'Catalog.Categories';
const L = (key: string) => LC(`DisplayName:${key}`);

/** The server's rules; the parent is the tree node the form was opened from. */
const schema = () => categoryInput.omit({ parentId: true }).extend({ sort: emptyNumber(categoryInput.shape.sort) });

type Editing = { mode: 'create'; parent: CategoryDto | null } | { mode: 'edit'; category: CategoryDto };

/** /product/catalog: the category tree (drag to move or reorder), with code, names and attribute group. */
export default function CategoriesPage() {
  const { i18n } = useTranslation();
  const { message } = useUi();
  const { t } = useTranslation();
  const access = useAccess();
  const client = useQueryClient();
  const canMove = access.can(`${P}.Update`);
  const categories = useQuery({ queryKey: ['catalog', 'categories', 'all'], queryFn: categoriesApi.all });
  const groups = useQuery({ queryKey: ['catalog', 'attribute-groups', 'all'], queryFn: attributeGroupsApi.all });
  const list = categories.data?.items ?? [];
  const tree = useMemo(() => toCategoryTree(list), [list]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editing, setEditingState] = useState<Editing | null>(null);
  // the title of the last opened form stays while the drawer closes
  const [formTitle, setFormTitle] = useState('');
  const setEditing = (next: Editing | null) => {
    if (next) {
      setFormTitle(
        next.mode === 'edit' ? LC('Edit:Category', next.category.name) : LC(next.parent ? 'AddChild' : 'AddRoot'),
      );
    }
    setEditingState(next);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: texts follow the language
  const formSchema = useMemo(schema, [i18n.language]);
  const refresh = () => client.invalidateQueries({ queryKey: ['catalog', 'categories'] });
  const selected = list.find((c) => c.id === selectedId) ?? null;
  const groupName = (id: string | null) => groups.data?.items.find((g) => g.id === id)?.name ?? '';

  const expansion = useTreeExpansion(list);

  const toData = (nodes: CategoryNode[]): DataNode[] =>
    nodes.map((n) => ({
      key: n.id,
      title: (
        <span data-testid={`category-${n.code}`} data-content="data">
          {n.name} <Typography.Text type="secondary">{n.code}</Typography.Text>
        </span>
      ),
      children: toData(n.children),
    }));

  /** Drop inside a node = first child; in a gap = before/after the target among its siblings. */
  const onDrop: TreeProps['onDrop'] = (info) => {
    const drop = dropRows(list, info);
    if (!drop) return;
    const { dragged, target } = drop;
    const pos = info.node.pos.split('-');
    const relative = info.dropPosition - Number(pos[pos.length - 1]);
    let parentId: string | null;
    let index: number;
    if (!info.dropToGap) {
      parentId = target.id;
      index = 0;
    } else {
      parentId = target.parentId;
      const siblings = list.filter((c) => c.parentId === parentId && c.id !== dragged.id);
      const at = siblings.findIndex((c) => c.id === target.id);
      index = relative === -1 ? at : at + 1;
    }
    void categoriesApi
      .move(dragged.id, parentId, Math.max(index, 0))
      .then(async () => {
        message.success(t('crud.saved'));
        await refresh();
      })
      .catch(() => {});
  };

  const initial = useMemo(() => {
    if (!editing) return undefined;
    if (editing.mode === 'create')
      return { code: '', name: '', sort: 0, attributeGroupId: editing.parent?.attributeGroupId };
    return editing.category;
  }, [editing]);

  return (
    <Row gutter={16}>
      <Col xs={24} lg={10}>
        <Card
          title={LC('Categories')}
          data-testid="categories-tree"
          extra={
            <PrimaryAction
              permission={`${P}.Create`}
              small
              icon={<PlusOutlined />}
              onClick={() => setEditing({ mode: 'create', parent: null })}
              testid="category-add-root"
            >
              {LC('AddRoot')}
            </PrimaryAction>
          }
        >
          {categories.isLoading ? (
            <Spin />
          ) : tree.length === 0 ? (
            <Empty />
          ) : (
            <>
              {canMove && (
                <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
                  {LC('DragHint')}
                </Typography.Paragraph>
              )}
              <Tree
                blockNode
                draggable={canMove ? { icon: false } : false}
                onDrop={onDrop}
                {...expansion}
                treeData={toData(tree)}
                selectedKeys={selected ? [selected.id] : []}
                onSelect={(keys) => setSelectedId((keys[0] as string | undefined) ?? null)}
              />
            </>
          )}
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card
          title={selected ? <Data>{`${selected.name} (${selected.code})`}</Data> : LC('Category')}
          data-testid="category-detail"
          extra={
            selected && (
              <Space size={0}>
                <RowAction
                  permission={`${P}.Create`}
                  icon={<PlusOutlined />}
                  onClick={() => setEditing({ mode: 'create', parent: selected })}
                  testid="category-add-child"
                >
                  {LC('AddChild')}
                </RowAction>
                <EditDeleteActions
                  permission={P}
                  onEdit={() => setEditing({ mode: 'edit', category: selected })}
                  onDelete={async () => {
                    await categoriesApi.remove(selected.id);
                    setSelectedId(null);
                    await refresh();
                  }}
                  testid="category"
                />
              </Space>
            )
          }
        >
          {selected ? (
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={L('Code')}>{selected.code}</Descriptions.Item>
              <Descriptions.Item label={L('Name')}>
                <Data>{selected.name}</Data>
              </Descriptions.Item>
              <Descriptions.Item label={L('NameEn')}>
                <Data>{selected.nameEn}</Data>
              </Descriptions.Item>
              <Descriptions.Item label={L('Parent')}>
                <Data>{list.find((c) => c.id === selected.parentId)?.name ?? '—'}</Data>
              </Descriptions.Item>
              <Descriptions.Item label={L('AttributeGroup')}>
                <Data>{groupName(selected.attributeGroupId)}</Data>
              </Descriptions.Item>
              <Descriptions.Item label={L('Sort')}>{selected.sort}</Descriptions.Item>
            </Descriptions>
          ) : (
            <Empty description={LC('NoSelection')} />
          )}
        </Card>
      </Col>

      <FormOverlay
        open={!!editing}
        title={formTitle}
        schema={formSchema}
        initialValues={initial}
        onSubmit={async (values) => {
          if (editing?.mode === 'edit') {
            await categoriesApi.update(editing.category.id, {
              ...values,
              concurrencyStamp: editing.category.concurrencyStamp,
            });
          } else if (editing) {
            const created = await categoriesApi.create({ ...values, parentId: editing.parent?.id ?? null });
            setSelectedId(created.id);
          }
          await refresh();
        }}
        onClose={() => setEditing(null)}
        testid="category-form"
      >
        {editing?.mode === 'create' && editing.parent && (
          <Typography.Paragraph type="secondary">
            {L('Parent')}: <Data>{editing.parent.name}</Data>
          </Typography.Paragraph>
        )}
        <TextField name="code" label={L('Code')} autoFocus data-testid="category-code" />
        <TextField name="name" label={L('Name')} data-testid="category-name" />
        <TextField name="nameEn" label={L('NameEn')} data-testid="category-name-en" />
        <CrudField name="attributeGroupId" label={L('AttributeGroup')}>
          <Select
            allowClear
            options={(groups.data?.items ?? []).map((g) => ({ value: g.id, label: g.name }))}
            data-testid="category-attribute-group"
          />
        </CrudField>
        <CrudField name="sort" label={L('Sort')}>
          <InputNumber style={{ width: 160 }} />
        </CrudField>
      </FormOverlay>
    </Row>
  );
}
