import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PricingPermissions } from '@seller/contracts/pricing';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Space, type TableColumnsType, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Access, createOrUpdate, DeleteAction, EditAction, FormOverlay } from '../../../../components/crud/index.ts';
import { SmallTable } from '../../../../components/SmallTable.tsx';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { type ChildApi, PL, pricingKeys } from '../../api.ts';

interface Row {
  id: string;
  concurrencyStamp: string;
}

export interface ChildRulesProps<T extends Row, S extends z.ZodObject> {
  testid: string;
  title: string;
  hint: string;
  ruleId: string;
  queryKey: readonly unknown[];
  api: ChildApi<T>;
  columns: TableColumnsType<T>;
  schema: S;
  blank: Partial<z.input<S>>;
  toForm(row: T): Partial<z.input<S>>;
  createTitle: string;
  editTitle: string;
  fields: ReactNode;
}

const write = `${PricingPermissions.PriceRules}.Update`;

/**
 * A price rule's retail-price or tier-price rules: a table with add and edit in a dialog checked by
 * the shared schema (the server's refusals shown on their fields), delete of a row or of the
 * selected rows after confirming.
 */
export function ChildRules<T extends Row, S extends z.ZodObject>(p: ChildRulesProps<T, S>) {
  const { t } = useTranslation();
  const { message } = useUi();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [initial, setInitial] = useState<Partial<z.input<S>>>();
  const [selected, setSelected] = useState<string[]>([]);
  const { data, isLoading } = useQuery({ queryKey: p.queryKey, queryFn: () => p.api.list(p.ruleId) });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: p.queryKey });
    // the rules list shows how many each rule has
    await queryClient.invalidateQueries({ queryKey: pricingKeys.rules, exact: false, refetchType: 'active' });
  };
  const open = (target: T | 'new') => {
    setInitial(target === 'new' ? p.blank : p.toForm(target));
    setEditing(target);
  };
  const remove = async (ids: string[]) => {
    await p.api.removeMany(ids);
    setSelected((s) => s.filter((id) => !ids.includes(id)));
    await refresh();
  };

  return (
    <Card
      size="small"
      title={p.title}
      data-testid={p.testid}
      extra={
        <Access permission={write}>
          <Space>
            <Popconfirm
              title={PL('ConfirmDelete', selected.length)}
              description={t('crud.deleteWarning')}
              okText={t('crud.delete')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true, 'data-testid': `${p.testid}-confirm-delete` } as never}
              disabled={!selected.length}
              onConfirm={async () => {
                await remove(selected);
                message.success(t('crud.deleted'));
              }}
            >
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                disabled={!selected.length}
                data-testid={`${p.testid}-delete-selected`}
              >
                {PL('DeleteSelected')}
              </Button>
            </Popconfirm>
            <Button
              size="small"
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => open('new')}
              data-testid={`${p.testid}-add`}
            >
              {PL('Add')}
            </Button>
          </Space>
        </Access>
      }
    >
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {p.hint}
      </Typography.Paragraph>
      <SmallTable<T>
        rowKey="id"
        loading={isLoading}
        dataSource={data?.items ?? []}
        scroll={{ x: 'max-content' }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
        columns={[
          ...p.columns,
          {
            key: 'actions',
            width: 150,
            render: (_v, r, index) => (
              <Space size={0}>
                <EditAction permission={write} onClick={() => open(r)} testid={`${p.testid}-edit-${index}`}>
                  {PL('Edit')}
                </EditAction>
                <DeleteAction
                  permission={write}
                  onConfirm={() => remove([r.id])}
                  testid={`${p.testid}-delete-${index}`}
                />
              </Space>
            ),
          },
        ]}
      />
      <FormOverlay
        mode="modal"
        open={!!editing}
        title={editing === 'new' ? p.createTitle : p.editTitle}
        schema={p.schema}
        initialValues={initial}
        onSubmit={async (values) => {
          await createOrUpdate(editing, values, { create: (v) => p.api.add(p.ruleId, v), update: p.api.update });
          await refresh();
        }}
        onClose={() => setEditing(null)}
        testid={`${p.testid}-form`}
      >
        {p.fields}
      </FormOverlay>
    </Card>
  );
}
