import { ExclamationCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Modal, Popover, Space, Spin, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { HistoryTimeline } from '../../../../components/HistoryTimeline.tsx';
import { LinkButton } from '../../../../components/LinkButton.tsx';
import { SmallTable } from '../../../../components/SmallTable.tsx';
import {
  type BulkResult,
  type Listing,
  LL,
  listingKeys,
  listingStatusColor,
  listingStatusLabel,
  listingsApi,
} from '../../api.ts';

export const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

/** A listing's state as a coloured tag. */
export function StatusTag({ status, testid }: { status: number; testid?: string }) {
  return (
    <Tag color={listingStatusColor(status)} data-testid={testid}>
      {listingStatusLabel(status)}
    </Tag>
  );
}

/** The marketplace's last refusal; its per-SKU reasons in a popover. */
export function LastError({ listing }: { listing: Listing }) {
  const error = listing.lastError;
  if (!error) return null;
  const text = (
    // cut to its column (the whole text in the popover), never over the next one
    <Typography.Text type="danger" ellipsis style={{ maxWidth: '100%' }} data-testid={`listing-error-${listing.id}`}>
      {error.message}
    </Typography.Text>
  );
  if (error.rows.length === 0 && !error.code && !error.requestId) return text;
  return (
    <Popover
      trigger={['hover', 'click']}
      title={LL('Page:ErrorRows')}
      content={
        <div style={{ maxWidth: 420 }} data-testid={`listing-error-rows-${listing.id}`}>
          <Typography.Paragraph style={{ marginBottom: 8 }}>
            {error.code && <Tag>{error.code}</Tag>}
            {error.message}
          </Typography.Paragraph>
          {error.rows.length > 0 && (
            <SmallTable
              rowKey="key"
              dataSource={error.rows.map((r, i) => ({ ...r, key: i }))}
              columns={[
                { key: 'sku', title: 'SKU', dataIndex: 'sellerSku', render: (v: string | null) => v ?? '—' },
                { key: 'field', title: LL('Page:Field'), dataIndex: 'field', render: (v: string | null) => v ?? '—' },
                { key: 'message', title: LL('Page:Reason'), dataIndex: 'message' },
              ]}
            />
          )}
          {error.requestId && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Request ID: {error.requestId}
            </Typography.Text>
          )}
        </div>
      }
    >
      <LinkButton
        danger
        icon={<ExclamationCircleOutlined />}
        style={{ padding: 0, height: 'auto', maxWidth: '100%', overflow: 'hidden' }}
        aria-label={LL('Page:ErrorRows')}
      >
        {text}
      </LinkButton>
    </Popover>
  );
}

/** The per-row answer of a bulk pause or cancel. */
export function BulkResultDialog({
  result,
  rows,
  onClose,
}: {
  result: { title: string; answer: BulkResult } | null;
  rows: Map<string, Listing>;
  onClose(): void;
}) {
  return (
    <Modal
      open={!!result}
      title={result?.title}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={640}
      destroyOnHidden
    >
      {result && (
        <div data-testid="listing-bulk-result">
          <Typography.Paragraph>
            {LL('Page:BulkSummary', result.answer.succeeded, result.answer.failed)}
          </Typography.Paragraph>
          <Table
            size="small"
            pagination={false}
            rowKey="id"
            dataSource={result.answer.items}
            columns={[
              {
                key: 'product',
                title: LL('Page:Product'),
                render: (_v, r) => {
                  const l = rows.get(r.id);
                  return l ? `${l.productSku} · ${l.shopName}` : r.id;
                },
              },
              {
                key: 'ok',
                title: LL('Page:Result'),
                render: (_v, r) =>
                  r.ok ? (
                    <Space>
                      <Tag color="success">{LL('Page:Ok')}</Tag>
                      {r.status !== null && <StatusTag status={r.status} />}
                    </Space>
                  ) : (
                    <Typography.Text type="danger" data-testid={`listing-bulk-error-${r.id}`}>
                      {r.error}
                    </Typography.Text>
                  ),
              },
            ]}
          />
        </div>
      )}
    </Modal>
  );
}

/** A listing's history, newest first. */
export function EventsDrawer({ listing, onClose }: { listing: Listing | null; onClose(): void }) {
  const id = listing?.id;
  const events = useQuery({
    queryKey: listingKeys.events(id ?? ''),
    queryFn: () => listingsApi.events(id!, { maxResultCount: 100 }),
    enabled: !!id,
  });
  return (
    <Drawer
      open={!!listing}
      onClose={onClose}
      size={520}
      title={listing ? `${LL('Page:Events')} · ${listing.productSku} · ${listing.shopName}` : ''}
      destroyOnHidden
    >
      <div data-testid="listing-events">
        {events.isLoading ? (
          <Spin />
        ) : (events.data?.items.length ?? 0) === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <HistoryTimeline
            entries={events.data?.items ?? []}
            color={(e) => (e.toStatus ? colorOf(e.toStatus) : 'gray')}
            entry={(e) => (
              <div>
                <Space wrap size={4}>
                  <Typography.Text strong>{e.eventName}</Typography.Text>
                  {e.fromStatus !== null && e.toStatus !== null && e.fromStatus !== e.toStatus && (
                    <Typography.Text type="secondary">
                      {listingStatusLabel(e.fromStatus)} → {listingStatusLabel(e.toStatus)}
                    </Typography.Text>
                  )}
                </Space>
                <div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {dayjs(e.at).format(DATE_TIME)} · {e.actor ?? LL('Page:Worker')}
                  </Typography.Text>
                </div>
                {e.message && <Typography.Paragraph style={{ marginBottom: 0 }}>{e.message}</Typography.Paragraph>}
                {e.requestId && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    Request ID: {e.requestId}
                  </Typography.Text>
                )}
              </div>
            )}
          />
        )}
      </div>
    </Drawer>
  );
}

const colorOf = (status: number) => {
  const c = listingStatusColor(status);
  return c === 'success' ? 'green' : c === 'error' ? 'red' : c === 'processing' ? 'blue' : 'gray';
};
