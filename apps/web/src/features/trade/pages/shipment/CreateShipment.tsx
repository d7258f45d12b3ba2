import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Form, Input, InputNumber, Modal, Radio, Select, Space, Switch, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryTable, SmallTable } from '../../../../components/SmallTable.tsx';
import { HttpError } from '../../../../lib/http/errors.ts';
import type { ShipmentEstimate, ShippableOrder } from '../../api/shipments.ts';
import { type ShipmentDetail, SL, shipmentKeys, shipmentsApi } from '../../api/shipments.ts';

interface Values {
  warehouseId?: string;
  channelId?: string;
  lines?: Array<{ quantity: number | null }>;
}

const fee = (o: ShipmentEstimate['options'][number]) =>
  o.currency === o.tenantCurrency
    ? `${o.total} ${o.currency}`
    : `${o.total} ${o.currency} ≈ ${o.totalInTenantCurrency} ${o.tenantCurrency}`;

/**
 * "Create shipment": pick orders in process (their lines with what is left), optionally split one
 * order's lines, the warehouse, and a channel from the freight estimate (its fees; the strategy's
 * or cheapest pick preselected). The server's refusals show under the fields they name.
 */
export function CreateShipment({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose(): void;
  onCreated(s: ShipmentDetail): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [split, setSplit] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const warehouseId = Form.useWatch('warehouseId', form);

  const orders = useQuery({
    queryKey: shipmentKeys.orders(search),
    queryFn: ({ signal }) => shipmentsApi.orders(search || undefined, signal),
    enabled: open,
  });
  const warehouses = useQuery({ queryKey: shipmentKeys.warehouses, queryFn: shipmentsApi.warehouses, enabled: open });
  const known = useMemo(() => new Map<string, ShippableOrder>(), []);
  for (const o of orders.data?.items ?? []) known.set(o.id, o);
  const chosen = selected.map((id) => known.get(id)).filter((o): o is ShippableOrder => !!o);
  const splitOrder = split && chosen.length === 1 ? chosen[0]! : null;

  const estimate = useQuery({
    queryKey: shipmentKeys.estimate(selected, warehouseId),
    queryFn: ({ signal }) => shipmentsApi.estimate(selected, warehouseId, signal),
    enabled: open && selected.length > 0,
    retry: false,
  });

  useEffect(() => {
    if (!open) {
      form.resetFields();
      setSelected([]);
      setSplit(false);
      setSearch('');
      setError(null);
    }
  }, [open, form]);
  // the order's warehouse, else the default
  useEffect(() => {
    if (!open || form.getFieldValue('warehouseId')) return;
    const def = chosen[0]?.warehouseId ?? warehouses.data?.items.find((w) => w.isDefault)?.id;
    if (def) form.setFieldValue('warehouseId', def);
  }, [open, chosen, warehouses.data, form]);
  // the estimate's pick preselected
  useEffect(() => {
    const picked = estimate.data?.pickedChannelId;
    const current = form.getFieldValue('channelId');
    if (picked && !estimate.data?.options.some((o) => o.channelId === current)) form.setFieldValue('channelId', picked);
  }, [estimate.data, form]);
  useEffect(() => {
    if (splitOrder)
      form.setFieldValue(
        'lines',
        splitOrder.lines.map((l) => ({ quantity: l.left })),
      );
  }, [splitOrder?.id, form, splitOrder]);

  const estimateError =
    estimate.error instanceof HttpError
      ? estimate.error.validationErrors.map((v) => v.message).join(' ') || estimate.error.message
      : null;

  const submit = async () => {
    const values = form.getFieldsValue();
    setError(null);
    if (!selected.length) {
      setError(SL('OrdersOrLinesRequired'));
      return;
    }
    // the rows sent (a quantity of 0 stays home); the server names lines by their place in `lines`
    const rows = splitOrder ? splitOrder.lines.map((l, i) => ({ l, i, q: values.lines?.[i]?.quantity ?? 0 })) : [];
    const sent = rows.filter((r) => r.q > 0);
    setSaving(true);
    try {
      const created = await shipmentsApi.create({
        ...(splitOrder ? { lines: sent.map((r) => ({ orderLineId: r.l.id, quantity: r.q })) } : { orderIds: selected }),
        warehouseId: values.warehouseId!,
        ...(values.channelId ? { channelId: values.channelId } : {}),
      });
      onCreated(created);
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      const fields: { name: (string | number)[]; errors: string[] }[] = [];
      const rest: string[] = [];
      for (const v of e.validationErrors) {
        for (const m of v.members ?? []) {
          const line = /^lines\.(\d+)\.quantity$/.exec(m);
          const row = line ? sent[Number(line[1])] : undefined;
          if (row) fields.push({ name: ['lines', row.i, 'quantity'], errors: [v.message] });
          else if (m === 'warehouseId' || m === 'channelId') fields.push({ name: [m], errors: [v.message] });
          else rest.push(v.message);
        }
      }
      form.setFields(fields as never);
      if (rest.length || !e.validationErrors.length) setError(rest.join(' ') || e.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      width={860}
      title={SL('Page:Create')}
      okText={SL('Page:Submit')}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'shipment-create-submit' } as never}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle" data-testid="shipment-create">
        <Input.Search
          allowClear
          placeholder={SL('Page:SearchOrders')}
          onSearch={(v) => setSearch(v.trim())}
          data-testid="shipment-create-search"
        />
        <QueryTable<ShippableOrder>
          query={orders}
          rowKey="id"
          scroll={{ y: 220 }}
          locale={{ emptyText: <Empty description={SL('Page:NoOrders')} /> }}
          rowSelection={{
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setSelected(keys as string[]),
            getCheckboxProps: (r) => ({ 'data-testid': `shipment-order-${r.orderNo}` }) as never,
          }}
          columns={[
            { key: 'orderNo', title: SL('Page:Orders'), dataIndex: 'orderNo', width: 170 },
            { key: 'buyer', title: SL('Page:Buyer'), dataIndex: 'buyerName', width: 130 },
            { key: 'country', title: SL('Page:Country'), dataIndex: 'countryCode', width: 70 },
            {
              key: 'lines',
              title: SL('Page:Left'),
              render: (_v, r) => r.lines.map((l) => `${l.sku} × ${l.left}`).join(', '),
            },
          ]}
        />
        {error && <Alert type="error" showIcon title={error} data-testid="shipment-create-error" />}
        <Form form={form} layout="vertical">
          <Space align="center">
            <Switch
              checked={split}
              disabled={chosen.length !== 1}
              onChange={setSplit}
              data-testid="shipment-create-split"
            />
            <Typography.Text>{SL('Page:Split')}</Typography.Text>
          </Space>
          {splitOrder && (
            <SmallTable
              rowKey="id"
              dataSource={splitOrder.lines}
              style={{ marginTop: 8 }}
              columns={[
                { key: 'sku', title: 'SKU', dataIndex: 'sku' },
                { key: 'name', title: SL('Page:Name'), dataIndex: 'name', ellipsis: true },
                { key: 'left', title: SL('Page:Left'), dataIndex: 'left', width: 80 },
                {
                  key: 'qty',
                  title: SL('Page:Quantity'),
                  width: 140,
                  render: (_v, l, i) => (
                    <Form.Item name={['lines', i, 'quantity']} noStyle={false} style={{ margin: 0 }}>
                      <InputNumber min={0} max={l.left} precision={0} data-testid={`shipment-split-${i}`} />
                    </Form.Item>
                  ),
                },
              ]}
            />
          )}
          <Form.Item name="warehouseId" label={SL('Page:Warehouse')} style={{ marginTop: 12 }} required>
            <Select
              data-testid="shipment-create-warehouse"
              loading={warehouses.isLoading}
              options={(warehouses.data?.items ?? []).map((w) => ({ value: w.id, label: `${w.code} ${w.name}` }))}
            />
          </Form.Item>
          <Form.Item name="channelId" label={SL('Page:Channel')}>
            {selected.length === 0 ? (
              <Typography.Text type="secondary">{SL('Page:ChooseOrdersFirst')}</Typography.Text>
            ) : estimateError ? (
              <Alert type="warning" showIcon title={estimateError} />
            ) : (
              <Radio.Group data-testid="shipment-create-channels" disabled={estimate.isLoading}>
                <Space direction="vertical">
                  {(estimate.data?.options ?? []).map((o) => (
                    <Radio key={o.channelId} value={o.channelId} data-testid={`shipment-channel-${o.channelCode}`}>
                      {o.carrierName} · {o.channelName} — <b>{fee(o)}</b>{' '}
                      <Typography.Text type="secondary">
                        {SL('Page:TransitDays', o.transitDaysMin, o.transitDaysMax)} · {o.chargeableWeight} g
                        {o.picked ? ` · ${SL('Page:Picked')}` : ''}
                      </Typography.Text>
                    </Radio>
                  ))}
                </Space>
              </Radio.Group>
            )}
          </Form.Item>
        </Form>
      </Space>
    </Modal>
  );
}
