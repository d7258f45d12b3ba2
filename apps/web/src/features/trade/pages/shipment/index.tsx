import { PlusOutlined, ScanOutlined } from '@ant-design/icons';
import { TradePermissions } from '@seller/contracts';
import { type ShipmentAction, shipmentList } from '@seller/contracts/trade';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PrimaryAction } from '../../../../components/crud/index.ts';
import { LinkButton } from '../../../../components/LinkButton.tsx';
import { ListPage } from '../../../../components/list/index.ts';
import { useAccess } from '../../../../lib/access.tsx';
import { useUi } from '../../../../lib/ui-bridge.ts';
import {
  type Shipment,
  type ShipmentStatus,
  SL,
  shipmentKeys,
  shipmentStatusColor,
  shipmentsApi,
  shipmentsUrl,
} from '../../api/shipments.ts';
import { withoutFilters } from '../../list-filters.tsx';
import { ShipmentBulkActions } from './BulkActions.tsx';
import { CreateShipment } from './CreateShipment.tsx';
import { ScanPack } from './ScanPack.tsx';

const P = TradePermissions.Shipments;
/** The channel has no picker here; an order's shipments are opened from the order. */
const shipmentPageList = withoutFilters(shipmentList, 'channelId', 'orderId');
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
 * returned, lost) and a retry when the marketplace refused the tracking number. Selected rows
 * print their labels in one PDF, make a pick list or ship together; "Scan to pack" checks a
 * parcel's items with a scanner before it is packed.
 */
export default function ShipmentPage() {
  const { t } = useTranslation();
  const { message } = useUi();
  const access = useAccess();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: shipmentKeys.all }),
      queryClient.invalidateQueries({ queryKey: [shipmentsUrl] }),
    ]);

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

  const rowActions = (r: Shipment) => (
    <Space size={0} wrap={false} data-testid={`shipment-actions-${r.shipmentNo}`}>
      {r.allowedActions
        .filter((a) => access.can(permissionOf(a)))
        .map((a) => {
          const ask = confirmed[a];
          const button = (
            <LinkButton
              key={a}
              danger={a === 'cancel' || a === 'lose'}
              loading={busy === `${r.id}:${a}`}
              onClick={ask ? undefined : () => void act(r, a)}
              data-testid={`shipment-${a}-${r.shipmentNo}`}
            >
              {SL(`Action:${a}`)}
            </LinkButton>
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
        <LinkButton
          loading={busy === `${r.id}:pdf`}
          onClick={() => void run(r, 'pdf', () => shipmentsApi.label(r))}
          data-testid={`shipment-pdf-${r.shipmentNo}`}
        >
          {SL('Page:DownloadLabel')}
        </LinkButton>
      )}
      {r.platformSyncStatus === 'FAILED' && access.can(`${P}.Ship`) && (
        <LinkButton
          loading={busy === `${r.id}:sync`}
          onClick={() => void run(r, 'sync', () => shipmentsApi.sync(r.id))}
          data-testid={`shipment-retry-${r.shipmentNo}`}
        >
          {SL('Page:Retry')}
        </LinkButton>
      )}
    </Space>
  );

  return (
    <>
      <ListPage<Shipment>
        list={shipmentPageList}
        url={shipmentsUrl}
        testid="shipments"
        title={SL('Page:Title')}
        render={{
          status: (r) => <StatusTag status={r.status} />,
          trackingNo: (r) => r.trackingNo ?? '—',
          channelName: (r) => [r.carrierName, r.channelName].filter(Boolean).join(' · ') || '—',
          estFee: (r) => (r.estFee ? `${r.estFee} ${r.currency ?? ''}` : '—'),
          platformSyncStatus: (r) =>
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
        }}
        rowActions={rowActions}
        actionsWidth={260}
        bulkActions={(rows, done) => <ShipmentBulkActions rows={rows} done={done} onChanged={refresh} />}
        selectionMax={500}
        toolbar={
          <Space>
            {access.can(`${P}.Update`) && (
              <Button icon={<ScanOutlined />} onClick={() => setScanning(true)} data-testid="shipment-scan-open">
                {SL('Scan:Open')}
              </Button>
            )}
            <PrimaryAction
              permission={`${P}.Create`}
              icon={<PlusOutlined />}
              onClick={() => setCreating(true)}
              testid="shipment-create-open"
            >
              {SL('Page:Create')}
            </PrimaryAction>
          </Space>
        }
      />
      <ScanPack open={scanning} onClose={() => setScanning(false)} onPacked={() => void refresh()} />
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
