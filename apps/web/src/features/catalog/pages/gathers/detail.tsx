import { LinkOutlined } from '@ant-design/icons';
import { addGatherLogInput } from '@seller/contracts/catalog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Descriptions,
  Divider,
  Drawer,
  Empty,
  Form,
  Input,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Access, applyServerErrors, zodValueRule } from '../../../../components/crud/index.ts';
import { HistoryTimeline } from '../../../../components/HistoryTimeline.tsx';
import { LC } from '../../api.ts';
import {
  type GatherDetail,
  gathersApi,
  platformLabel,
  priceRange,
  statusColor,
  statusLabel,
} from '../../gathers-api.ts';
import { GatherImage } from './GatherImage.tsx';

const T = (key: string, ...args: unknown[]) => LC(`GatherPage:${key}`, ...args);
const DATE_TIME = 'YYYY-MM-DD HH:mm';

/** The drawer of one gathered item: images, facts, SKU matrix, source attributes, the log and a note. */
export function GatherDrawer({
  id,
  onClose,
  actions,
}: {
  id: string | null;
  onClose(): void;
  /** The item's actions (claim, mark claimed…), shown in the drawer's header. */
  actions?: (item: GatherDetail) => ReactNode;
}) {
  const detail = useQuery({
    queryKey: ['catalog', 'gathers', 'detail', id],
    queryFn: () => gathersApi.get(id!),
    enabled: !!id,
  });
  const item = detail.data;
  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      size={860}
      title={T('DetailTitle')}
      extra={item && actions?.(item)}
      destroyOnHidden
      data-testid="gather-detail"
    >
      {!item ? <Skeleton active /> : <GatherBody item={item} />}
    </Drawer>
  );
}

function GatherBody({ item }: { item: GatherDetail }) {
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={5} style={{ margin: 0 }} data-testid="gather-detail-title">
        {item.title}
      </Typography.Title>
      {item.images.length > 0 ? (
        <Space wrap size={8} data-testid="gather-detail-images">
          {item.images.map((src, i) => (
            <GatherImage key={src} src={src} size={i === 0 ? 120 : 80} alt={item.title} />
          ))}
        </Space>
      ) : (
        <Typography.Text type="secondary">{T('NoImages')}</Typography.Text>
      )}
      <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={T('Column:Platform')}>{platformLabel(item.sourcePlatform)}</Descriptions.Item>
        <Descriptions.Item label={T('Column:Status')}>
          <Tag color={statusColor[item.status]}>{statusLabel(item.status)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={T('Column:SourceUrl')} span="filled">
          <a href={item.sourceUrl} target="_blank" rel="noopener noreferrer">
            <LinkOutlined /> {item.sourceUrl}
          </a>
        </Descriptions.Item>
        <Descriptions.Item label={T('Column:ItemId')}>{item.sourceItemId ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={T('Column:Price')}>
          {priceRange(item.priceMin, item.priceMax, item.currency)}
        </Descriptions.Item>
        <Descriptions.Item label={T('Column:Supplier')}>
          {item.supplierShopUrl ? (
            <a href={item.supplierShopUrl} target="_blank" rel="noopener noreferrer">
              {item.supplierName ?? item.supplierShopUrl}
            </a>
          ) : (
            (item.supplierName ?? '—')
          )}
        </Descriptions.Item>
        <Descriptions.Item label={T('Column:ClaimCount')}>{item.claimCount}</Descriptions.Item>
        <Descriptions.Item label={T('Column:Gatherer')}>{item.gathererName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={T('Column:GatheredAt')}>{dayjs(item.gatheredAt).format(DATE_TIME)}</Descriptions.Item>
        <Descriptions.Item label={T('Column:Origin')}>{T(`Origin:${item.origin}`)}</Descriptions.Item>
      </Descriptions>

      <Divider titlePlacement="start" style={{ margin: '8px 0' }}>
        {T('SkuMatrix', item.skus.length)}
      </Divider>
      <Table
        rowKey={(s) => JSON.stringify(s.options)}
        size="small"
        dataSource={item.skus}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: T('NoSkus') }}
        data-testid="gather-detail-skus"
        columns={[
          {
            key: 'image',
            title: T('Column:Image'),
            width: 64,
            render: (_, s) => <GatherImage src={s.image} size={40} alt={Object.values(s.options).join(' / ')} />,
          },
          ...item.optionNames.map((name) => ({
            key: `option-${name}`,
            title: name,
            render: (_: unknown, s: GatherDetail['skus'][number]) => s.options[name],
          })),
          {
            key: 'price',
            title: T('Column:Price'),
            align: 'right' as const,
            render: (_, s) => `${s.price} ${item.currency}`,
          },
          { key: 'stock', title: T('Column:Stock'), dataIndex: 'stock', align: 'right' as const },
          { key: 'sourceSkuId', title: T('Column:SourceSkuId'), dataIndex: 'sourceSkuId' },
        ]}
      />

      <Divider titlePlacement="start" style={{ margin: '8px 0' }}>
        {T('Attributes')}
      </Divider>
      {item.attributes.length ? (
        <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} data-testid="gather-detail-attributes">
          {item.attributes.map((a) => (
            <Descriptions.Item key={a.name} label={a.name}>
              {a.value}
            </Descriptions.Item>
          ))}
        </Descriptions>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T('NoAttributes')} />
      )}

      <Divider titlePlacement="start" style={{ margin: '8px 0' }}>
        {T('Log')}
      </Divider>
      <Access permission="Catalog.Gathers.Update">
        <AddNote id={item.id} />
      </Access>
      <HistoryTimeline
        testid="gather-detail-log"
        entries={item.logs}
        entry={(log) => (
          <div>
            <Space size={6} wrap>
              <Typography.Text strong>{T(`Log:${log.action}`)}</Typography.Text>
              <Typography.Text type="secondary">
                {dayjs(log.creationTime).format(DATE_TIME)}
                {log.userName ? ` · ${log.userName}` : ''}
              </Typography.Text>
              {log.productId && (
                <Link to={`/product/product-detail?id=${log.productId}`}>{log.productSku ?? T('ViewProduct')}</Link>
              )}
            </Space>
            {log.text && <div style={{ whiteSpace: 'pre-wrap' }}>{log.text}</div>}
          </div>
        )}
      />
    </Space>
  );
}

/** A note added to the item's log (`add-log`). */
function AddNote({ id }: { id: string }) {
  const [form] = Form.useForm<{ text: string }>();
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const submit = async ({ text }: { text: string }) => {
    setBusy(true);
    try {
      await gathersApi.addLog(id, text.trim());
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: ['catalog', 'gathers', 'detail', id] });
    } catch (e) {
      applyServerErrors(form, e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} onFinish={(v) => void submit(v)} style={{ marginBottom: 16 }}>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item
          name="text"
          noStyle
          rules={[zodValueRule(addGatherLogInput.shape.text, T('Note'))]}
          validateTrigger="onSubmit"
        >
          <Input maxLength={1000} placeholder={T('NotePlaceholder')} data-testid="gather-note-input" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="gather-note-add">
          {T('AddNote')}
        </Button>
      </Space.Compact>
      <Form.Item shouldUpdate noStyle>
        {() => {
          const errors = form.getFieldError('text');
          return errors.length ? <Typography.Text type="danger">{errors[0]}</Typography.Text> : null;
        }}
      </Form.Item>
    </Form>
  );
}
