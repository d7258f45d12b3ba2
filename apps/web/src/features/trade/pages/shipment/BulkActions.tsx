import { TradePermissions } from '@seller/contracts';
import { Alert, Button, Drawer, Popconfirm, Progress, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../../lib/access.tsx';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { type PickList, type Shipment, type ShipmentBulkResult, SL, shipmentsApi } from '../../api/shipments.ts';

const P = TradePermissions.Shipments;
/** Shipments one bulk request moves (the server takes at most 100); the toast follows request by request. */
const CHUNK = 25;

/**
 * The shipments list's bulk actions on the selected rows: print their labels in one PDF (those
 * without a tracking number get one first), the pick list, and ship (asked first: it tells the
 * marketplaces). Long work goes in requests of 25 with a progress toast; refusals are listed.
 */
export function ShipmentBulkActions({
  rows,
  done,
  onChanged,
}: {
  rows: Shipment[];
  done(): void;
  onChanged(): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { notification } = useUi();
  const access = useAccess();
  const [busy, setBusy] = useState<string | null>(null);
  const [pickList, setPickList] = useState<PickList | null>(null);
  const ids = rows.map((r) => r.id);

  /** `action` on `ids` request by request, with a progress toast; the refusals shown at the end. */
  const inChunks = async (action: 'label' | 'ship', targets: string[], title: string) => {
    const key = `shipments-bulk-${action}`;
    const result: ShipmentBulkResult = { done: [], failed: [] };
    const show = (n: number) =>
      notification.info({
        key,
        duration: 0,
        placement: 'bottomRight',
        title: SL('Bulk:Progress', title, n, targets.length),
        description: <Progress percent={Math.round((n / targets.length) * 100)} size="small" />,
      });
    show(0);
    const summary = () => SL('Bulk:Result', result.done.length, result.failed.length);
    try {
      for (let i = 0; i < targets.length; i += CHUNK) {
        const part = await shipmentsApi.bulk(action, targets.slice(i, i + CHUNK));
        result.done.push(...part.done);
        result.failed.push(...part.failed);
        show(Math.min(targets.length, i + CHUNK));
      }
    } catch (e) {
      // what was done before the failure stays done (each request commits its own)
      notification.warning({ key, title: `${title}: ${summary()}` });
      throw e;
    }
    if (result.failed.length)
      notification.warning({
        key,
        duration: 0,
        title: `${title}: ${summary()}`,
        description: (
          <ul style={{ paddingInlineStart: 16, margin: 0 }} data-testid="shipments-bulk-refused">
            {result.failed.slice(0, 20).map((f) => (
              <li key={f.id}>
                {f.shipmentNo}: {f.message}
              </li>
            ))}
            {result.failed.length > 20 && <li>…</li>}
          </ul>
        ),
      });
    else notification.success({ key, title: `${title}: ${summary()}` });
    return result;
  };

  const run = async (key: string, fn: () => Promise<unknown>) => {
    setBusy(key);
    try {
      await fn();
    } finally {
      setBusy(null);
    }
  };

  const printLabels = () =>
    run('labels', async () => {
      const bare = access.can(`${P}.Update`)
        ? rows.filter((r) => !r.trackingNo && r.allowedActions.includes('label')).map((r) => r.id)
        : [];
      let printable = rows.filter((r) => r.trackingNo).map((r) => r.id);
      if (bare.length) {
        const labelled = await inChunks('label', bare, SL('Bulk:Label'));
        printable = ids.filter((id) => printable.includes(id) || labelled.done.includes(id));
        await onChanged();
      }
      if (printable.length) await shipmentsApi.labels(printable);
    });

  const ship = () =>
    run('ship', async () => {
      await inChunks('ship', ids, SL('Bulk:Ship'));
      await onChanged();
      done();
    });

  const openPickList = () => run('pick', async () => setPickList(await shipmentsApi.pickList(ids)));

  return (
    <>
      <Button loading={busy === 'labels'} onClick={() => void printLabels()} data-testid="shipments-bulk-labels">
        {SL('Bulk:Labels')}
      </Button>
      <Button loading={busy === 'pick'} onClick={() => void openPickList()} data-testid="shipments-bulk-pick">
        {SL('Bulk:PickList')}
      </Button>
      {access.can(`${P}.Ship`) && (
        <Popconfirm
          title={SL('Bulk:ConfirmShip', rows.length)}
          okText={SL('Bulk:Ship')}
          cancelText={t('common.cancel')}
          okButtonProps={{ ...({ 'data-testid': 'shipments-bulk-ship-confirm' } as Record<`data-${string}`, string>) }}
          onConfirm={() => ship()}
        >
          <Button loading={busy === 'ship'} data-testid="shipments-bulk-ship">
            {SL('Bulk:Ship')}
          </Button>
        </Popconfirm>
      )}
      <Drawer
        open={pickList !== null}
        onClose={() => setPickList(null)}
        title={SL('Pick:Title')}
        size={860}
        data-testid="pick-list"
        extra={
          <Button
            type="primary"
            loading={busy === 'pick-pdf'}
            onClick={() => void run('pick-pdf', () => shipmentsApi.pickListPdf(ids))}
            data-testid="pick-list-pdf"
          >
            {SL('Pick:Print')}
          </Button>
        }
      >
        {pickList && (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Typography.Text>
              {SL(
                'Pick:Subtitle',
                pickList.shipments,
                pickList.quantity,
                new Date().toISOString().slice(0, 16).replace('T', ' '),
              )}
            </Typography.Text>
            {pickList.skipped > 0 && <Alert type="info" title={SL('Pick:Skipped', pickList.skipped)} />}
            {pickList.warehouses.map((w) => (
              <Table
                key={w.warehouseId}
                size="small"
                rowKey="sku"
                pagination={false}
                title={() => <Typography.Text strong>{w.warehouseName}</Typography.Text>}
                dataSource={w.lines}
                columns={[
                  { title: SL('Pick:Sku'), dataIndex: 'sku', width: 150 },
                  { title: SL('Pick:Name'), dataIndex: 'name', ellipsis: true },
                  {
                    title: SL('Pick:Variant'),
                    dataIndex: 'variant',
                    width: 120,
                    render: (v: string | null) => v ?? '—',
                  },
                  { title: SL('Pick:Quantity'), dataIndex: 'quantity', width: 70, align: 'right' },
                  {
                    title: SL('Page:Orders'),
                    dataIndex: 'orderNos',
                    width: 200,
                    render: (nos: string[]) => nos.join(', '),
                  },
                ]}
              />
            ))}
          </Space>
        )}
      </Drawer>
    </>
  );
}
