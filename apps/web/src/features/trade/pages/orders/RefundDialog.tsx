import { Input, InputNumber, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { OL, ordersApi, type SalesOrder } from '../../api/orders.ts';

/**
 * A full or partial refund of an order, confirmed here (it cannot be undone): the amount refunded
 * now (required for a partial refund; a full refund proposes what is left), the shipped units the
 * buyer sent back, line by line, and a reason. Amounts stay text (exact decimals), never numbers.
 */
export function RefundDialog({
  order,
  action,
  onClose,
  onDone,
}: {
  order: SalesOrder;
  action: 'refund' | 'partialRefund';
  onClose: () => void;
  onDone: (o: SalesOrder) => unknown;
}) {
  const left = order.refundable;
  const [amount, setAmount] = useState(action === 'refund' ? left : '');
  const [reason, setReason] = useState('');
  const [back, setBack] = useState<Record<string, number>>({});
  const [busy, setBusy] = useState(false);
  const shipped = order.lines.filter((l) => l.shippedQty > l.returnedQty);
  const submit = async () => {
    setBusy(true);
    try {
      const o = await ordersApi.refund(order.id, action, {
        amount: amount.trim() || undefined,
        reason: reason.trim() || undefined,
        returns: Object.entries(back)
          .filter(([, q]) => q > 0)
          .map(([lineId, quantity]) => ({ lineId, quantity })),
      });
      await onDone(o);
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={OL(`Action:${action}`)}
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={{ danger: true, disabled: !amount.trim(), 'data-testid': 'order-refund-ok' } as never}
      onOk={submit}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text>{OL('ConfirmRefund')}</Typography.Text>
        <Typography.Text type="secondary">{OL('RefundLeft', left, order.currency)}</Typography.Text>
        <Input
          data-testid="order-refund-amount"
          addonBefore={OL('RefundAmount')}
          addonAfter={order.currency}
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        {shipped.length > 0 && <Typography.Text>{OL('RefundReturns')}</Typography.Text>}
        {shipped.map((l) => (
          <Space key={l.id}>
            <span>{l.sku ?? l.sellerSku}</span>
            <InputNumber
              data-testid={`order-refund-return-${l.lineNo}`}
              min={0}
              max={l.shippedQty - l.returnedQty}
              precision={0}
              value={back[l.id] ?? 0}
              onChange={(q) => setBack((b) => ({ ...b, [l.id]: q ?? 0 }))}
            />
          </Space>
        ))}
        <Input.TextArea
          data-testid="order-refund-reason"
          placeholder={OL('RefundReason')}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Space>
    </Modal>
  );
}
