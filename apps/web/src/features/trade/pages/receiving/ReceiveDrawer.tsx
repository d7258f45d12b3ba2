import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Form, InputNumber, Popconfirm, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { applyServerErrors, TextField } from '../../../../components/crud/index.ts';
import { SmallTable } from '../../../../components/SmallTable.tsx';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { dottedMembers, type PurchaseOrderDetail, purchaseApi } from '../../api/purchase.ts';
import { LR, receivingApi } from '../../api/receiving.ts';

interface LineValues {
  poLineId: string;
  qtyArrived: number | null;
  qtyAccepted: number | null;
  qtyDamaged: number | null;
}

/**
 * Receiving against one PO: each line's ordered, received and remaining quantities with inputs for
 * arrived, accepted and damaged (accepted follows arrived − damaged until typed); saved as a draft
 * and posted after confirming, or saved as a draft only.
 */
export function ReceiveDrawer({ poId, onClose, onDone }: { poId: string | null; onClose(): void; onDone(): void }) {
  const ui = useUi();
  const [form] = Form.useForm<{ trackingNo?: string; remark?: string; lines: LineValues[] }>();
  const [busy, setBusy] = useState(false);
  const po = useQuery({
    queryKey: ['trade', 'purchase', 'detail', poId],
    queryFn: () => purchaseApi.get(poId!),
    enabled: !!poId,
  });
  const order: PurchaseOrderDetail | undefined = po.data;

  useEffect(() => {
    if (!order) return;
    form.resetFields();
    form.setFieldsValue({
      lines: order.lines.map((l) => {
        const remaining = Math.max(0, l.qtyOrdered - l.qtyReceived);
        return { poLineId: l.id, qtyArrived: remaining, qtyAccepted: remaining, qtyDamaged: 0 };
      }),
    });
  }, [order, form]);

  const save = async (post: boolean) => {
    const v = form.getFieldsValue(true) as { trackingNo?: string; remark?: string; lines: LineValues[] };
    setBusy(true);
    try {
      const draft = await receivingApi.create({
        poId: poId!,
        trackingNo: v.trackingNo || null,
        remark: v.remark || null,
        lines: v.lines.map((l) => ({
          poLineId: l.poLineId,
          qtyArrived: Number(l.qtyArrived) || 0,
          qtyAccepted: Number(l.qtyAccepted) || 0,
          qtyDamaged: Number(l.qtyDamaged) || 0,
        })),
      });
      if (post) {
        try {
          await receivingApi.post(draft.id);
        } catch (e) {
          // the draft stays; the refusal is shown under its line
          applyServerErrors(form, dottedMembers(e));
          onDone();
          return;
        }
      }
      ui.message.success(`${draft.receiptNo} ${post ? LR('Page:Posted') : ''}`);
      onDone();
      onClose();
    } catch (e) {
      applyServerErrors(form, dottedMembers(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer
      open={!!poId}
      onClose={onClose}
      size={900}
      title={LR('Page:ReceiveFrom', order?.poNo ?? '')}
      extra={
        <Space>
          <Button onClick={() => save(false)} loading={busy} data-testid="receive-draft">
            {LR('Page:SaveDraft')}
          </Button>
          <Popconfirm
            title={LR('Page:ConfirmPost')}
            onConfirm={() => save(true)}
            okButtonProps={{ 'data-testid': 'receive-post-ok' } as never}
          >
            <Button type="primary" loading={busy} data-testid="receive-post">
              {LR('Page:SaveAndPost')}
            </Button>
          </Popconfirm>
        </Space>
      }
      destroyOnHidden
    >
      {order && (
        <Typography.Paragraph type="secondary">
          {order.supplierName} · {order.warehouseName}
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" data-testid="receive-form">
        <Space wrap>
          <TextField
            name="trackingNo"
            label={LR('Field:TrackingNo')}
            style={{ width: 220 }}
            maxLength={64}
            data-testid="receive-tracking"
          />
          <TextField name="remark" label={LR('Field:Remark')} style={{ width: 320 }} maxLength={512} />
        </Space>
        <Form.List name="lines">
          {(fields, _ops, { errors }) => (
            <>
              <SmallTable
                rowKey="key"
                loading={po.isLoading}
                dataSource={fields}
                data-testid="receive-lines"
                columns={[
                  { key: 'sku', title: 'SKU', render: (_v, f) => order?.lines[f.name]?.sku },
                  {
                    key: 'name',
                    title: LR('Field:Product'),
                    ellipsis: true,
                    render: (_v, f) => order?.lines[f.name]?.productName,
                  },
                  {
                    key: 'ordered',
                    title: LR('Field:QtyOrdered'),
                    render: (_v, f) => order?.lines[f.name]?.qtyOrdered,
                  },
                  {
                    key: 'received',
                    title: LR('Field:QtyReceived'),
                    render: (_v, f) => order?.lines[f.name]?.qtyReceived,
                  },
                  {
                    key: 'remaining',
                    title: LR('Page:Remaining'),
                    render: (_v, f) => {
                      const l = order?.lines[f.name];
                      return l ? Math.max(0, l.qtyOrdered - l.qtyReceived) : '';
                    },
                  },
                  ...(['qtyArrived', 'qtyAccepted', 'qtyDamaged'] as const).map((field) => ({
                    key: field,
                    title: LR(`Field:${field.charAt(0).toUpperCase()}${field.slice(1)}`),
                    render: (_v: unknown, f: { name: number }) => (
                      <Form.Item name={[f.name, field]} style={{ margin: 0 }}>
                        <InputNumber
                          min={0}
                          precision={0}
                          style={{ width: 90 }}
                          data-testid={`receive-${field}-${f.name}`}
                          onChange={(n) => {
                            if (field === 'qtyAccepted') return;
                            const arrived = Number(form.getFieldValue(['lines', f.name, 'qtyArrived'])) || 0;
                            const damaged = Number(form.getFieldValue(['lines', f.name, 'qtyDamaged'])) || 0;
                            const next =
                              field === 'qtyArrived' ? (Number(n) || 0) - damaged : arrived - (Number(n) || 0);
                            form.setFieldValue(['lines', f.name, 'qtyAccepted'], Math.max(0, next));
                          }}
                        />
                      </Form.Item>
                    ),
                  })),
                ]}
              />
              <Form.ErrorList errors={errors} />
            </>
          )}
        </Form.List>
      </Form>
    </Drawer>
  );
}
