import { CrmPermissions } from '@seller/contracts';
import { Descriptions, Input, Modal, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { HistoryTimeline } from '../../../../components/HistoryTimeline.tsx';
import { useAccess } from '../../../../lib/access.tsx';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { CL, type CrmOrder, type CrmOrderStatus, crmOrderKeys, crmOrdersApi } from '../../api/orders.ts';
import type { RecordDetailProps } from '../../components/CustomerDealsTab.tsx';
import { DealDetailDrawer, useDealRecord } from '../../components/DealDetailDrawer.tsx';
import { money } from '../business/parts.tsx';
import { OrderForm } from './OrderForm.tsx';
import { OrderStatusTag } from './parts.tsx';

const P = CrmPermissions.Orders;
const DATE_TIME = 'YYYY-MM-DD HH:mm';

/**
 * One customer order: its status and the change of status (only the next states the transition
 * table allows, with a remark, confirmed in a dialog), amount, source, the linked sales order, the
 * status history, edit and delete (after confirming).
 */
export function OrderDetail({ id, onClose, onChanged }: RecordDetailProps) {
  const { message } = useUi();
  const access = useAccess();
  const { record: o, done } = useDealRecord(crmOrderKeys.detail(id), () => crmOrdersApi.get(id), onChanged);
  const [next, setNext] = useState<CrmOrderStatus | null>(null);
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const can = (p: string) => !!o?.canEdit && access.can(p);

  return (
    <DealDetailDrawer<CrmOrder>
      record={o}
      title={o ? `${CL('OrderNo')} ${o.orderNo}` : ''}
      testid="crm-order"
      canEdit={can(`${P}.Update`)}
      canDelete={can(`${P}.Delete`)}
      texts={{ edit: CL('EditOrder'), delete: CL('Delete'), confirmDelete: CL('ConfirmDelete', o?.orderNo ?? '') }}
      remove={() => crmOrdersApi.remove(id)}
      onChanged={onChanged}
      onClose={onClose}
      editForm={(order, close) => (
        <OrderForm
          order={order}
          onClose={close}
          onSaved={async (x) => {
            close();
            await done(x);
          }}
        />
      )}
      dialogs={
        <Modal
          open={!!next}
          title={next ? `${CL('ChangeStatus')}: ${CL(`Status:${next}`)}` : ''}
          onCancel={() => setNext(null)}
          confirmLoading={busy}
          okButtonProps={{ 'data-testid': 'crm-order-status-ok' } as never}
          onOk={async () => {
            if (!next) return;
            setBusy(true);
            try {
              const x = await crmOrdersApi.changeStatus(id, next, remark.trim());
              message.success(CL(`Status:${x.status}`));
              setNext(null);
              await done(x);
            } finally {
              setBusy(false);
            }
          }}
          destroyOnHidden
        >
          <Input.TextArea
            rows={3}
            maxLength={512}
            placeholder={CL('Remark')}
            value={remark}
            onChange={(e) => setRemark(e.target.value)}
            data-testid="crm-order-status-remark"
          />
        </Modal>
      }
    >
      {(o) => (
        <>
          <Space wrap style={{ marginBottom: 16 }}>
            <OrderStatusTag status={o.status} />
            {can(`${P}.Update`) &&
              (o.nextStatuses.length ? (
                <Select<CrmOrderStatus>
                  style={{ width: 180 }}
                  placeholder={CL('ChangeStatus')}
                  value={null as never}
                  data-testid="crm-order-status"
                  aria-label={CL('ChangeStatus')}
                  onChange={(s) => {
                    setRemark('');
                    setNext(s);
                  }}
                  options={o.nextStatuses.map((s) => ({ value: s, label: CL(`Status:${s}`) }))}
                />
              ) : (
                <Typography.Text type="secondary">{CL('NoNextStatus')}</Typography.Text>
              ))}
          </Space>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
            <Descriptions.Item label={CL('Customer')}>{o.customerName}</Descriptions.Item>
            <Descriptions.Item label={CL('Source')}>{CL(`Source:${o.source}`)}</Descriptions.Item>
            <Descriptions.Item label={CL('Amount')}>
              <span data-testid="crm-order-amount">{`${money(o.amount)} ${o.currency}`}</span>
            </Descriptions.Item>
            <Descriptions.Item label={CL('OrderedAt')}>{dayjs(o.orderedAt).format(DATE_TIME)}</Descriptions.Item>
            <Descriptions.Item label={CL('TradeOrder')}>
              {o.tradeOrder ? `${o.tradeOrder.orderNo} (${o.tradeOrder.status})` : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={CL('Remark')}>{o.remark ?? '—'}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {CL('History')}
          </Typography.Title>
          <HistoryTimeline
            testid="crm-order-history"
            entries={o.history}
            entry={(h) => (
              <>
                <div>
                  {h.fromStatus ? `${CL(`Status:${h.fromStatus}`)} → ` : ''}
                  {CL(`Status:${h.toStatus}`)}
                </div>
                <Typography.Text type="secondary">
                  {[dayjs(h.time).format(DATE_TIME), h.byUserName, h.remark].filter(Boolean).join(' · ')}
                </Typography.Text>
              </>
            )}
          />
        </>
      )}
    </DealDetailDrawer>
  );
}
