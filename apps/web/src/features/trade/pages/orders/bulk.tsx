import { TradePermissions } from '@seller/contracts';
import { ORDER_BULK_MAX, type OrderBulkResult } from '@seller/contracts/trade';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { SmallTable } from '../../../../components/SmallTable.tsx';
import { useAccess } from '../../../../lib/access.tsx';
import { useNotificationHub } from '../../../../lib/realtime.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import {
  OL,
  type OrderBulkKind,
  type OrderBulkOutcome,
  orderKeys,
  ordersApi,
  type SalesOrderRow,
} from '../../api/orders.ts';
import { refreshTrade } from '../../api/refresh.ts';

/** How often the page asks how a bulk job is doing (the hub's pushes ask sooner). */
const POLL_MS = 1000;
const FINISHED = new Set(['completed', 'failed', 'cancelled']);

type BulkJob = { jobId: string; kind: OrderBulkKind };

/**
 * The running job, kept for this browser tab: a seller who leaves the orders page while it runs
 * finds its progress, then its result, on coming back (the job runs on the server meanwhile).
 */
const JOB_KEY = 'seller.orders.bulkJob';
function rememberedJob(): BulkJob | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(JOB_KEY) ?? 'null') as BulkJob | null;
    return v && typeof v.jobId === 'string' && (v.kind === 'confirm' || v.kind === 'shipments') ? v : null;
  } catch {
    return null;
  }
}
function rememberJob(job: BulkJob | null) {
  if (job) sessionStorage.setItem(JOB_KEY, JSON.stringify(job));
  else sessionStorage.removeItem(JOB_KEY);
}

/** Who may start each kind of bulk work (as the server declares). */
const needs: Record<OrderBulkKind, string> = {
  confirm: `${TradePermissions.Orders}.Confirm`,
  shipments: `${TradePermissions.Shipments}.Create`,
};
const label: Record<OrderBulkKind, string> = { confirm: 'Bulk:Confirm', shipments: 'Bulk:Shipments' };
const ask: Record<OrderBulkKind, string> = { confirm: 'Bulk:ConfirmAsk', shipments: 'Bulk:ShipmentsAsk' };
const title: Record<OrderBulkKind, string> = { confirm: 'Bulk:ConfirmResult', shipments: 'Bulk:ShipmentsResult' };

/**
 * Bulk work on the selected orders: confirm them, or make each its shipment (the channel the
 * freight strategy picks), each after a confirmation. The work runs as a background job whose
 * progress the job toast shows; once it is done the result lists every order (done, or refused
 * with the reason) and every order, shipment and stock figure is read again.
 */
export function useOrderBulk(): {
  max: number;
  actions?: (rows: SalesOrderRow[], done: () => void) => ReactNode;
  result: ReactNode;
} {
  const { message } = useUi();
  const access = useAccess();
  const client = useQueryClient();
  const [job, keepJob] = useState<BulkJob | null>(rememberedJob);
  const setJob = (next: BulkJob | null) => {
    rememberJob(next);
    keepJob(next);
  };
  const [starting, setStarting] = useState<OrderBulkKind | null>(null);
  const [shown, setShown] = useState<OrderBulkResult | null>(null);

  const state = useQuery({
    enabled: Boolean(job),
    queryKey: orderKeys.bulk(job?.jobId ?? ''),
    queryFn: ({ signal }) => ordersApi.bulkState(job!.jobId, signal),
    refetchInterval: (q) => (q.state.data && FINISHED.has(q.state.data.state) ? false : POLL_MS),
  });
  useNotificationHub({
    onJobProgress: (p) => {
      if (p.id === job?.jobId) void client.invalidateQueries({ queryKey: orderKeys.bulk(p.id) });
    },
  });
  const s = state.data;
  useEffect(() => {
    if (!job) return;
    // a job this tab remembers that the server does not know (any more, or for this user)
    if (state.isError) {
      rememberJob(null);
      keepJob(null);
      return;
    }
    if (!s || s.jobId !== job.jobId || !FINISHED.has(s.state)) return;
    rememberJob(null);
    keepJob(null);
    if (s.result) setShown(s.result);
    else message.error(OL('Bulk:JobFailed'));
    void refreshTrade(client);
  }, [s, job, state.isError, client, message]);

  const start = async (kind: OrderBulkKind, rows: SalesOrderRow[], done: () => void) => {
    setStarting(kind);
    try {
      const { jobId } = await ordersApi.bulk(
        kind,
        rows.map((r) => r.id),
      );
      setJob({ jobId, kind });
      message.info(OL('Bulk:Started'));
      done();
    } catch {
      // the HTTP client has notified
    } finally {
      setStarting(null);
    }
  };

  const kinds = (['confirm', 'shipments'] as const).filter((k) => access.can(needs[k]));
  const actions = kinds.length
    ? (rows: SalesOrderRow[], done: () => void) => (
        <>
          {kinds.map((kind) => (
            <Popconfirm
              key={kind}
              title={OL(ask[kind], rows.length)}
              onConfirm={() => start(kind, rows, done)}
              okButtonProps={{ 'data-testid': `orders-bulk-${kind}-ok` } as never}
            >
              <Button
                type={kind === 'confirm' ? 'primary' : 'default'}
                loading={starting === kind}
                disabled={Boolean(job)}
                data-testid={`orders-bulk-${kind}`}
              >
                {OL(label[kind])}
              </Button>
            </Popconfirm>
          ))}
          {job && s && !FINISHED.has(s.state) && (
            <Typography.Text type="secondary" data-testid="orders-bulk-running">
              {OL('Bulk:Running', s.done, s.total)}
            </Typography.Text>
          )}
        </>
      )
    : undefined;

  const result = (
    <Modal
      open={Boolean(shown)}
      title={shown ? OL(title[shown.kind]) : ''}
      onCancel={() => setShown(null)}
      footer={null}
      width={760}
      destroyOnHidden
    >
      {shown && <BulkResult result={shown} />}
    </Modal>
  );
  return { max: ORDER_BULK_MAX, actions, result };
}

/** What a bulk job did: the counts, then every order, the refused ones first with their reasons. */
function BulkResult({ result }: { result: OrderBulkResult }) {
  const items = [...result.items].sort((a, b) => Number(a.ok) - Number(b.ok));
  return (
    <div data-testid="orders-bulk-result">
      <Typography.Paragraph strong data-testid="orders-bulk-summary">
        {OL('Bulk:Result', result.done, result.refused)}
      </Typography.Paragraph>
      <SmallTable<OrderBulkOutcome>
        rowKey="id"
        dataSource={items}
        columns={[
          {
            key: 'orderNo',
            title: OL('OrderNo'),
            width: 190,
            render: (_v, o) =>
              o.orderNo ?? <Typography.Text type="secondary">{OL('Bulk:UnknownOrder')}</Typography.Text>,
          },
          {
            key: 'ok',
            title: OL('Bulk:Outcome'),
            width: 110,
            render: (_v, o) => (
              <Space size={4}>
                <Tag color={o.ok ? 'success' : 'error'}>{OL(o.ok ? 'Bulk:Done' : 'Bulk:Refused')}</Tag>
                {o.status && <Tag>{OL(`Status:${o.status}`)}</Tag>}
              </Space>
            ),
          },
          ...(result.kind === 'shipments'
            ? [
                { key: 'shipmentNo', title: OL('Bulk:Shipment'), dataIndex: 'shipmentNo', width: 170 },
                { key: 'channelName', title: OL('Bulk:Channel'), dataIndex: 'channelName', width: 150 },
              ]
            : []),
          { key: 'reason', title: OL('Bulk:Reason'), dataIndex: 'reason' },
        ]}
      />
    </div>
  );
}
