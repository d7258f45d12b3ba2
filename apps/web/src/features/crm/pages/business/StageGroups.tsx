import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { businessStatusTypeInput } from '@seller/contracts/crm';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Form, Input, InputNumber, List, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';
import { parseForm, useFormSave } from '../../../../components/crud/index.ts';
import { BL, businessesApi, businessKeys, type StageGroup } from '../../api/businesses.ts';

interface Values {
  name?: string;
  statuses?: Array<{ id?: string; name?: string; percent?: number }>;
}

/**
 * Stage groups (`Crm.Businesses.Stages`): each group with its stages in order and their win rates;
 * a new group, a group edited (stages renamed, added, removed, reordered by their order in the
 * form) or deleted after confirming. The server refuses removing a stage or group still in use.
 */
export function StageGroups({ onClose }: { onClose: () => void }) {
  const client = useQueryClient();
  const groups = useQuery({ queryKey: businessKeys.stageGroups, queryFn: () => businessesApi.stageGroups() });
  const [editing, setEditing] = useState<StageGroup | 'new' | null>(null);
  const [form] = Form.useForm<Values>();
  const { saving, save: whileSaving } = useFormSave(form);
  const refresh = () => client.invalidateQueries({ queryKey: businessKeys.all });

  const save = async () => {
    const v = await form.validateFields();
    if (!parseForm(businessStatusTypeInput, { name: v.name, statuses: v.statuses ?? [] }, form)) return;
    await whileSaving(async () => {
      const input = { name: v.name!, statuses: (v.statuses ?? []) as never };
      if (editing === 'new') await businessesApi.createStageGroup(input);
      else if (editing) await businessesApi.updateStageGroup(editing.id, { ...input, sort: editing.sort });
      setEditing(null);
      await refresh();
    });
  };

  return (
    <Drawer open size="large" title={BL('StageGroups')} onClose={onClose} destroyOnHidden>
      <div data-testid="stage-groups">
        {editing ? (
          <Form<Values>
            form={form}
            layout="vertical"
            data-testid="stage-group-form"
            initialValues={
              editing === 'new'
                ? { statuses: [{ percent: 10 }] }
                : {
                    name: editing.name,
                    statuses: editing.statuses.map((s) => ({ id: s.id, name: s.name, percent: s.percent })),
                  }
            }
          >
            <Form.Item name="name" label={BL('StageGroup')} rules={[{ required: true }]}>
              <Input maxLength={64} data-testid="stage-group-name" />
            </Form.Item>
            <Form.List name="statuses">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((f, i) => (
                    <Space key={f.key} align="start" wrap>
                      <Form.Item name={[f.name, 'id']} hidden>
                        <Input />
                      </Form.Item>
                      <Form.Item name={[f.name, 'name']} rules={[{ required: true }]} style={{ marginBottom: 8 }}>
                        <Input placeholder={BL('Stage')} maxLength={64} data-testid={`stage-name-${i}`} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'percent']} rules={[{ required: true }]} style={{ marginBottom: 8 }}>
                        <InputNumber min={0} max={100} precision={0} suffix="%" data-testid={`stage-percent-${i}`} />
                      </Form.Item>
                      <Button icon={<DeleteOutlined />} aria-label={BL('Delete')} onClick={() => remove(f.name)} />
                    </Space>
                  ))}
                  <Button icon={<PlusOutlined />} onClick={() => add({ percent: 50 })} style={{ marginBottom: 16 }}>
                    {BL('AddStage')}
                  </Button>
                </>
              )}
            </Form.List>
            <Space>
              <Button type="primary" loading={saving} onClick={save} data-testid="stage-group-save">
                {BL('Save')}
              </Button>
              <Button onClick={() => setEditing(null)}>{BL('List')}</Button>
            </Space>
          </Form>
        ) : (
          <>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => {
                form.resetFields();
                setEditing('new');
              }}
              style={{ marginBottom: 12 }}
              data-testid="stage-group-new"
            >
              {BL('NewStageGroup')}
            </Button>
            <List
              loading={groups.isLoading}
              dataSource={groups.data?.items ?? []}
              renderItem={(g) => (
                <List.Item
                  actions={[
                    <Button
                      key="edit"
                      size="small"
                      onClick={() => {
                        form.resetFields();
                        setEditing(g);
                      }}
                    >
                      {BL('EditStageGroup')}
                    </Button>,
                    <Popconfirm
                      key="delete"
                      title={BL('Delete')}
                      okButtonProps={{ danger: true }}
                      onConfirm={async () => {
                        await businessesApi.removeStageGroup(g.id);
                        await refresh();
                      }}
                    >
                      <Button size="small" danger>
                        {BL('Delete')}
                      </Button>
                    </Popconfirm>,
                  ]}
                >
                  <List.Item.Meta
                    title={g.displayName}
                    description={
                      <Space wrap size={4}>
                        {g.statuses.map((s) => (
                          <Tag key={s.id}>{`${s.displayName} ${s.percent}%`}</Tag>
                        ))}
                      </Space>
                    }
                  />
                </List.Item>
              )}
            />
          </>
        )}
      </div>
    </Drawer>
  );
}
