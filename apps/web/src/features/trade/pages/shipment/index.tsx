import { PlusOutlined } from '@ant-design/icons';
import { TradePermissions } from '@seller/contracts';
import { type ShipmentAction, shipmentStatuses } from '@seller/contracts/trade';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Popconfirm, Space, Tabs, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Access, type CrudColumn, CrudPage } from '../../../../components/crud/index.ts';
import { useAccess } from '../../../../lib/access.tsx';
import { useUi } from '../../../../lib/ui-bridge.ts';
import {
  type Shipment,
  type ShipmentStatus,
  SL,
  shipmentKeys,
  shipmentStatusColor,
  shipmentsApi,
} from '../../api/shipments.ts';
import { CreateShipment } from './CreateShipment.tsx';

const P = TradePermissions.Shipments;
const DATE_TIME = 'YYYY-MM-DD HH:mm';
/** The permission each action needs. */
const permissionOf = (a: ShipmentAction) =>
  a === 'ship' ? `${P}.Ship` : a === 'cancel' ? `${P}.Cancel` : `${P}.Update`;
/** Actions that ask first. */
const confirmed: Partial<Record<ShipmentAction, string>> = {
  ship: 'Page:ConfirmShip',
  cancel: 'Page:ConfirmCancel',
  lose: 'Page:ConfirmLost',
  return: 'Page:ConfirmReturn',
};

export function StatusTag({ status }: { status: ShipmentStatus }) {
  return <Tag color={shipmentStatusColor[status]}>{SL(`Status:${status}`)}</Tag>;
}

/**
 * Shipments (`/order/shipment`): tabs per status with counts, search by shipment, tracking or
 * order number, sortable columns, Excel export; "Create shipment" from orders in process; per row
 * the actions its state allows (label → PDF, pack, ship and cancel after confirming, delivered,
 * returned, lost) and a retry when the marketplace refused the tracking number.
 */
export default function ShipmentPage() {
  const { t } = useTranslation();
  const { message } = useUi();
  const access = useAccess();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<ShipmentStatus | undefined>();
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const filters = { status };
  const counts = useQuery({ queryKey: shipmentKeys.counts, queryFn: ({ signal }) => shipmentsApi.counts({}, signal) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: shipmentKeys.all });

  const run = async (r: Shipment, key: string, fn: () => Promise<unknown>) => {
    setBusy(`${r.id}:${key}`);
    try {
      await fn();
      await refresh();
    } finally {
      setBusy(null);
    }
  };
  const act = (r: Shipment, a: ShipmentAction) =>
    run(r, a, async () => {
      const after = await shipmentsApi.act(r.id, a);
      message.success(SL('Page:Done', SL(`Status:${after.status}`)));
      // the label comes with its PDF
      if (a === 'label') await shipmentsApi.label(after);
    });

  const columns = useMemo<CrudColumn<Shipment>[]>(
    () => [
      {
        key: 'shipmentNo',
        title: SL('Page:ShipmentNo'),
        dataIndex: 'shipmentNo',
        sortField: 'shipmentNo',
        fit: { texts: ['SHP-000000-XXXXXX'] },
      },
      {
        key: 'status',
        title: SL('Page:Status'),
        sortField: 'status',
        fit: { texts: ['已发货'], tag: true },
        render: (_v, r) => <StatusTag status={r.status} />,
      },
      {
        key: 'trackingNo',
        title: SL('Page:TrackingNo'),
        dataIndex: 'trackingNo',
        sortField: 'trackingNo',
        render: (_v, r) => r.trackingNo ?? '—',
      },
      { key: 'orders', title: SL('Page:Orders'), dataIndex: 'orderNos', ellipsis: true, width: 180 },
      { key: 'warehouse', title: SL('Page:Warehouse'), dataIndex: 'warehouseName', width: 120 },
      {
        key: 'channel',
        title: SL('Page:Channel'),
        width: 180,
        render: (_v, r) => [r.carrierName, r.channelName].filter(Boolean).join(' · ') || '—',
      },
      { key: 'quantity', title: SL('Page:Quantity'), dataIndex: 'quantity', align: 'right', width: 70 },
      {
        key: 'estFee',
        title: SL('Page:EstFee'),
        sortField: 'estFee',
        align: 'right',
        width: 120,
        render: (_v, r) => (r.estFee ? `${r.estFee} ${r.currency ?? ''}` : '—'),
      },
      {
        key: 'sync',
        title: SL('Page:Sync'),
        width: 110,
        render: (_v, r) =>
          r.platformSyncStatus ? (
            <Tooltip title={r.platformSyncError}>
              <Tag
                color={
                  r.platformSyncStatus === 'SENT'
                    ? 'success'
                    : r.platformSyncStatus === 'FAILED'
                      ? 'error'
                      : 'processing'
                }
                data-testid={`shipment-sync-${r.shipmentNo}`}
              >
                {SL(`Sync:${r.platformSyncStatus}`)}
              </Tag>
            </Tooltip>
          ) : (
            '—'
          ),
      },
      {
        key: 'shippedAt',
        title: SL('Page:ShippedAt'),
        sortField: 'shippedAt',
        fit: { texts: [DATE_TIME] },
        render: (_v, r) => (r.shippedAt ? dayjs(r.shippedAt).format(DATE_TIME) : '—'),
      },
      {
        key: 'created',
        title: SL('Page:Created'),
        sortField: 'creationTime',
        fit: { texts: [DATE_TIME] },
        defaultHidden: true,
        render: (_v, r) => dayjs(r.creationTime).format(DATE_TIME),
      },
    ],
    [],
  );

  const rowActions = (r: Shipment) => (
    <Space size={0} wrap={false} data-testid={`shipment-actions-${r.shipmentNo}`}>
      {r.allowedActions
        .filter((a) => access.can(permissionOf(a)))
        .map((a) => {
          const ask = confirmed[a];
          const button = (
            <Button
              key={a}
              type="link"
              size="small"
              danger={a === 'cancel' || a === 'lose'}
              loading={busy === `${r.id}:${a}`}
              onClick={ask ? undefined : () => void act(r, a)}
              data-testid={`shipment-${a}-${r.shipmentNo}`}
            >
              {SL(`Action:${a}`)}
            </Button>
          );
          return ask ? (
            <Popconfirm
              key={a}
              title={SL(ask, r.shipmentNo)}
              okText={SL(`Action:${a}`)}
              cancelText={t('common.cancel')}
              okButtonProps={{
                danger: a !== 'ship',
                ...({ 'data-testid': `shipment-${a}-confirm-${r.shipmentNo}` } as Record<`data-${string}`, string>),
              }}
              onConfirm={() => act(r, a)}
            >
              {button}
            </Popconfirm>
          ) : (
            button
          );
        })}
      {r.trackingNo && (
        <Button
          type="link"
          size="small"
          loading={busy === `${r.id}:pdf`}
          onClick={() => void run(r, 'pdf', () => shipmentsApi.label(r))}
          data-testid={`shipment-pdf-${r.shipmentNo}`}
        >
          {SL('Page:DownloadLabel')}
        </Button>
      )}
      {r.platformSyncStatus === 'FAILED' && access.can(`${P}.Ship`) && (
        <Button
          type="link"
          size="small"
          loading={busy === `${r.id}:sync`}
          onClick={() => void run(r, 'sync', () => shipmentsApi.sync(r.id))}
          data-testid={`shipment-retry-${r.shipmentNo}`}
        >
          {SL('Page:Retry')}
        </Button>
      )}
    </Space>
  );

  const count = (key: string) => counts.data?.[key] ?? 0;
  const tabLabel = (label: string, n: number) => (
    <Space size={4}>
      {label}
      <Badge count={n} showZero overflowCount={99999} color={n ? undefined : '#d9d9d9'} />
    </Space>
  );

  return (
    <>
      <Tabs
        data-testid="shipment-tabs"
        activeKey={status ?? 'all'}
        onChange={(key) => setStatus(key === 'all' ? undefined : (key as ShipmentStatus))}
        items={[
          { key: 'all', label: <span data-testid="shipment-tab-all">{tabLabel(SL('Page:All'), count('all'))}</span> },
          ...shipmentStatuses.map((s) => ({
            key: s,
            label: <span data-testid={`shipment-tab-${s}`}>{tabLabel(SL(`Status:${s}`), count(s))}</span>,
          })),
        ]}
      />
      <CrudPage<Shipment>
        testid="shipments"
        title={SL('Page:Title')}
        queryKey={shipmentKeys.list(filters)}
        rowKey="id"
        defaultSorting="creationTime desc"
        searchPlaceholder={SL('Page:SearchPlaceholder')}
        request={(q, signal) => shipmentsApi.list({ ...q, ...filters }, signal)}
        columns={columns}
        columnSettings
        exportExcel={{
          run: (q) => shipmentsApi.export({ ...q, ...filters }, `${SL('Page:Export')}.xlsx`),
        }}
        rowActions={rowActions}
        actionsWidth={260}
        toolbar={
          <Access permission={`${P}.Create`}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setCreating(true)}
              data-testid="shipment-create-open"
            >
              {SL('Page:Create')}
            </Button>
          </Access>
        }
      />
      <CreateShipment
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(s) => {
          setCreating(false);
          message.success(SL('Page:CreatedOk', s.shipmentNo));
          void refresh();
        }}
      />
    </>
  );
}
