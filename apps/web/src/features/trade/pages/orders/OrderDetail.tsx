import { TradePermissions } from '@seller/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Empty, Input, Modal, Space, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { HistoryTimeline } from '../../../../components/HistoryTimeline.tsx';
import { QueryTable, SmallTable } from '../../../../components/SmallTable.tsx';
import { useAccess } from '../../../../lib/access.tsx';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { OL, orderKeys, ordersApi, type SalesOrder, type SalesOrderAction } from '../../api/orders.ts';
import { type Shipment, SL, shipmentStatusColor } from '../../api/shipments.ts';
import { OrderForm } from './OrderForm.tsx';
import { StatusTag, VariantSelect } from './parts.tsx';
import { RefundDialog } from './RefundDialog.tsx';

const P = TradePermissions.Orders;
const DATE_TIME = 'YYYY-MM-DD HH:mm';
/** Which permission each action needs (as the server declares). */
const needs: Record<SalesOrderAction, string> = {
  markPaid: `${P}.Update`,
  confirm: `${P}.Confirm`,
  pack: `${P}.Update`,
  deliver: `${P}.Update`,
  complete: `${P}.Update`,
  partialRefund: `${P}.Update`,
  refund: `${P}.Update`,
  cancel: `${P}.Cancel`,
};
type Line = SalesOrder['lines'][number];

/**
 * One order: status and the actions the state table allows now (cancelling asks for a reason
 * first), lines with their reservations (an unmatched line has a "Map SKU" action), its shipments
 * with their tracking numbers and marketplace sync, buyer and address, amounts, payment and the
 * history.
 */
export function OrderDetail({ id, onClose, onChanged }: { id: string; onClose: () => void; onChanged: () => unknown }) {
  const { message } = useUi();
  const access = useAccess();
  const client = useQueryClient();
  const order = useQuery({ queryKey: orderKeys.detail(id), queryFn: () => ordersApi.get(id) });
  const [busy, setBusy] = useState<string | null>(null);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [mapping, setMapping] = useState<Line | null>(null);
  const [variantId, setVariantId] = useState<string | undefined>();
  const [editing, setEditing] = useState(false);
  const [refunding, setRefunding] = useState<'refund' | 'partialRefund' | null>(null);

  const done = async (o: SalesOrder) => {
    client.setQueryData(orderKeys.detail(id), o);
    await onChanged();
  };
  const act = async (action: SalesOrderAction, why?: string) => {
    setBusy(action);
    try {
      const o = await ordersApi.act(id, action, why);
      message.success(OL(`Status:${o.status}`));
      await done(o);
      return true;
    } finally {
      setBusy(null);
    }
  };
  const o = order.data;

  return (
    <Drawer
      open
      width={860}
      title={o ? `${OL('OrderNo')} ${o.orderNo}` : OL('Title')}
      onClose={onClose}
      destroyOnHidden
    >
      {!o ? (
        order.isError ? (
          <Empty />
        ) : (
          <Spin />
        )
      ) : (
        <div data-testid="order-detail">
          <Space wrap style={{ marginBottom: 16 }}>
            <StatusTag status={o.status} />
            {o.platformStatus && <Typography.Text type="secondary">{o.platformStatus}</Typography.Text>}
            {o.actions
              .filter((a) => access.can(needs[a]))
              .map((a) => (
                <Button
                  key={a}
                  data-testid={`order-action-${a}`}
                  type={a === 'confirm' ? 'primary' : 'default'}
                  danger={a === 'cancel'}
                  loading={busy === a}
                  onClick={() =>
                    a === 'cancel'
                      ? setCancelOpen(true)
                      : a === 'refund' || a === 'partialRefund'
                        ? setRefunding(a)
                        : void act(a)
                  }
                >
                  {OL(`Action:${a}`)}
                </Button>
              ))}
            {o.source === 'MANUAL' && o.status === 'Pending' && access.can(`${P}.Update`) && (
              <Button data-testid="order-edit" onClick={() => setEditing(true)}>
                {OL('EditOrder')}
              </Button>
            )}
          </Space>
          <Descriptions size="small" bordered column={2} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={OL('Shop')}>{o.shopName ?? OL(`Source:${o.source}`)}</Descriptions.Item>
            <Descriptions.Item label={OL('PlatformOrderId')}>{o.platformOrderId ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={OL('Buyer')}>
              {o.buyerName ?? '—'} {o.buyerEmail ? `<${o.buyerEmail}>` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={OL('OrderedAt')}>{dayjs(o.orderedAt).format(DATE_TIME)}</Descriptions.Item>
            <Descriptions.Item label={OL('Address')} span={2}>
              {o.address
                ? [
                    o.address.name,
                    o.address.phone,
                    o.address.line1,
                    o.address.line2,
                    o.address.city,
                    o.address.state,
                    o.address.postCode,
                    o.address.countryCode,
                  ]
                    .filter(Boolean)
                    .join(', ')
                : '—'}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>{OL('Lines')}</Typography.Title>
          <SmallTable<Line>
            rowKey="id"
            dataSource={o.lines}
            style={{ marginBottom: 16 }}
            columns={[
              {
                key: 'sku',
                title: OL('Sku'),
                render: (_v, l) =>
                  l.variantId ? (
                    <span>
                      {l.sku}
                      {l.sku !== l.sellerSku && <Typography.Text type="secondary"> ({l.sellerSku})</Typography.Text>}
                    </span>
                  ) : (
                    <Space>
                      <Tag color="warning">{OL('Unmatched')}</Tag>
                      {l.sellerSku}
                      {access.can(`${P}.Update`) && ['Pending', 'Paid', 'Outofstock'].includes(o.status) && (
                        <Button size="small" data-testid={`order-map-${l.lineNo}`} onClick={() => setMapping(l)}>
                          {OL('MapSku')}
                        </Button>
                      )}
                    </Space>
                  ),
              },
              { key: 'name', title: OL('Lines'), dataIndex: 'name', ellipsis: true },
              { key: 'q', title: OL('Quantity'), dataIndex: 'quantity', align: 'right', width: 70 },
              { key: 'p', title: OL('UnitPrice'), dataIndex: 'unitPrice', align: 'right', width: 90 },
              { key: 'a', title: OL('Amount'), dataIndex: 'amount', align: 'right', width: 100 },
              {
                key: 'r',
                title: OL('Reserved'),
                align: 'right',
                width: 80,
                render: (_v, l) => <span data-testid={`order-line-reserved-${l.lineNo}`}>{l.reservedQty}</span>,
              },
              { key: 's', title: OL('Shipped'), dataIndex: 'shippedQty', align: 'right', width: 80 },
            ]}
          />
          {access.can(TradePermissions.Shipments) && <OrderShipments id={o.id} />}
          <Descriptions size="small" bordered column={2} title={OL('Fees')} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={OL('GoodsAmount')}>{`${o.goodsAmount} ${o.currency}`}</Descriptions.Item>
            <Descriptions.Item label={OL('ShippingFee')}>{`${o.shippingFee} ${o.currency}`}</Descriptions.Item>
            <Descriptions.Item label={OL('Discount')}>{`${o.discount} ${o.currency}`}</Descriptions.Item>
            <Descriptions.Item label={OL('Total')}>
              <strong data-testid="order-total">{`${o.total} ${o.currency}`}</strong>
            </Descriptions.Item>
            {/[1-9]/.test(o.refundedAmount) && (
              <Descriptions.Item label={OL('RefundedAmount')}>
                <span data-testid="order-refunded">{`${o.refundedAmount} ${o.currency}`}</span>
              </Descriptions.Item>
            )}
          </Descriptions>
          <Descriptions size="small" bordered column={2} title={OL('Payments')} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={OL('PaymentMethod')}>{o.paymentMethod ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={OL('PaidAt')}>
              {o.paidAt ? dayjs(o.paidAt).format(DATE_TIME) : '—'}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>{OL('History')}</Typography.Title>
          <HistoryTimeline
            testid="order-history"
            entries={o.events}
            entry={(e) => (
              <span>
                {dayjs(e.time).format(DATE_TIME)} · {OL(`Event:${e.event}`)}
                {e.toStatus && e.toStatus !== e.fromStatus ? ` → ${OL(`Status:${e.toStatus}`)}` : ''}
                {e.message ? ` · ${e.message}` : ''}
              </span>
            )}
          />
        </div>
      )}
      <Modal
        open={cancelOpen}
        title={OL('ConfirmCancel')}
        onCancel={() => setCancelOpen(false)}
        okButtonProps={{ danger: true, disabled: !reason.trim(), 'data-testid': 'order-cancel-ok' } as never}
        confirmLoading={busy === 'cancel'}
        onOk={async () => {
          if (await act('cancel', reason.trim())) {
            setCancelOpen(false);
            setReason('');
          }
        }}
      >
        <Input.TextArea
          data-testid="order-cancel-reason"
          placeholder={OL('CancelReason')}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
      <Modal
        open={!!mapping}
        title={`${OL('MapSku')}: ${mapping?.sellerSku ?? ''}`}
        onCancel={() => setMapping(null)}
        okButtonProps={{ disabled: !variantId, 'data-testid': 'order-map-ok' } as never}
        onOk={async () => {
          if (!mapping || !variantId) return;
          await done(await ordersApi.match(id, mapping.id, variantId));
          setMapping(null);
          setVariantId(undefined);
        }}
        destroyOnHidden
      >
        <VariantSelect testid="order-map-variant" value={variantId} onChange={(v) => setVariantId(v)} />
      </Modal>
      {refunding && o && <RefundDialog order={o} action={refunding} onClose={() => setRefunding(null)} onDone={done} />}
      {editing && o && (
        <OrderForm
          order={o}
          onClose={() => setEditing(false)}
          onSaved={async (saved) => {
            setEditing(false);
            message.success(OL('Save'));
            await done(saved);
          }}
        />
      )}
    </Drawer>
  );
}

/** The order's shipments: number, status, tracking number, carrier and channel, and whether the marketplace was told. */
function OrderShipments({ id }: { id: string }) {
  const shipments = useQuery({
    queryKey: orderKeys.shipments(id),
    queryFn: ({ signal }) => ordersApi.shipments(id, signal),
  });
  return (
    <div data-testid="order-shipments">
      <Typography.Title level={5}>{OL('Bulk:OrderShipments')}</Typography.Title>
      <QueryTable<Shipment>
        rowKey="id"
        query={shipments}
        style={{ marginBottom: 16 }}
        columns={[
          { key: 'no', title: SL('Page:ShipmentNo'), dataIndex: 'shipmentNo', width: 170 },
          {
            key: 'status',
            title: SL('Page:Status'),
            width: 90,
            render: (_v, s) => <Tag color={shipmentStatusColor[s.status]}>{SL(`Status:${s.status}`)}</Tag>,
          },
          {
            key: 'tracking',
            title: SL('Page:TrackingNo'),
            width: 170,
            render: (_v, s) => (
              <span data-testid={`order-shipment-tracking-${s.shipmentNo}`}>{s.trackingNo ?? '—'}</span>
            ),
          },
          {
            key: 'channel',
            title: SL('Page:Channel'),
            render: (_v, s) => [s.carrierName, s.channelName].filter(Boolean).join(' · ') || '—',
          },
          {
            key: 'sync',
            title: SL('Page:Sync'),
            width: 110,
            render: (_v, s) =>
              s.platformSyncStatus ? (
                <Tag
                  color={{ PENDING: 'processing', SENT: 'success', FAILED: 'error' }[s.platformSyncStatus]}
                  title={s.platformSyncError ?? undefined}
                  data-testid={`order-shipment-sync-${s.shipmentNo}`}
                >
                  {SL(`Sync:${s.platformSyncStatus}`)}
                </Tag>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </div>
  );
}
