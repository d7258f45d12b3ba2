import { crmOrderInput, crmOrderSources } from '@seller/contracts/crm';
import { DatePicker, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { FormDrawer, parseForm, useFormSave } from '../../../../components/crud/index.ts';
import { CL, type CrmOrder, crmOrdersApi } from '../../api/orders.ts';
import { CustomerField, RemoteSelect } from '../business/parts.tsx';

interface Values {
  customerId?: string;
  orderNo?: string;
  source?: string;
  amount?: string;
  currency?: string;
  orderedAt?: Dayjs;
  remark?: string;
  tradeOrderId?: string;
}

/**
 * A customer order entered or edited: customer, number (given when left empty), source, amount and
 * currency, order time, remark and the sales order it follows. Checked with the contract's schema;
 * a field the server refuses shows its message under it.
 */
export function OrderForm({
  order,
  customerId,
  onClose,
  onSaved,
}: {
  order?: CrmOrder;
  customerId?: string;
  onClose: () => void;
  onSaved: (o: CrmOrder) => void;
}) {
  const [form] = Form.useForm<Values>();
  const { saving, save } = useFormSave(form);
  const initial: Values = order
    ? {
        customerId: order.customerId,
        orderNo: order.orderNo,
        source: order.source,
        amount: order.amount,
        currency: order.currency,
        orderedAt: dayjs(order.orderedAt),
        remark: order.remark ?? undefined,
        tradeOrderId: order.tradeOrderId ?? undefined,
      }
    : { customerId, source: 'MANUAL', currency: 'CNY', orderedAt: dayjs() };

  const submit = async () => {
    const v = await form.validateFields();
    const input = {
      customerId: v.customerId,
      orderNo: v.orderNo || undefined,
      source: v.source,
      amount: v.amount,
      currency: v.currency,
      orderedAt: v.orderedAt?.toISOString(),
      remark: v.remark || null,
      tradeOrderId: v.tradeOrderId || null,
    };
    if (!parseForm(crmOrderInput, input, form)) return;
    await save(async () =>
      onSaved(await (order ? crmOrdersApi.update(order.id, input as never) : crmOrdersApi.create(input as never))),
    );
  };

  return (
    <FormDrawer
      title={order ? `${CL('EditOrder')} ${order.orderNo}` : CL('NewOrder')}
      submitText={CL('Save')}
      saving={saving}
      onSubmit={submit}
      onClose={onClose}
      testid="crm-order-form"
      form={form}
      initialValues={initial}
    >
      <CustomerField
        label={CL('Customer')}
        testid="crm-order-form-customer"
        queryKey="order-customers"
        load={crmOrdersApi.customers}
        known={new Map(order ? [[order.customerId, order.customerName]] : [])}
        disabled={!!customerId && !order}
      />
      <Form.Item name="orderNo" label={CL('OrderNo')} extra={order ? undefined : CL('OrderNoHint')}>
        <Input maxLength={40} data-testid="crm-order-form-no" />
      </Form.Item>
      <Space wrap>
        <Form.Item name="source" label={CL('Source')}>
          <Select
            style={{ width: 150 }}
            options={crmOrderSources.map((s) => ({ value: s, label: CL(`Source:${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="amount" label={CL('Amount')} rules={[{ required: true }]}>
          <Input style={{ width: 140 }} data-testid="crm-order-form-amount" />
        </Form.Item>
        <Form.Item name="currency" label={CL('Currency')} rules={[{ required: true }]}>
          <Input maxLength={3} style={{ width: 90 }} data-testid="crm-order-form-currency" />
        </Form.Item>
      </Space>
      <Form.Item name="orderedAt" label={CL('OrderedAt')} rules={[{ required: true }]}>
        <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
      </Form.Item>
      <Form.Item name="tradeOrderId" label={CL('TradeOrder')}>
        <RemoteSelect
          queryKey="order-trade-orders"
          testid="crm-order-form-trade"
          load={crmOrdersApi.tradeOrders}
          label={(o) => `${o.orderNo} · ${o.total} ${o.currency}`}
          known={new Map(order?.tradeOrder ? [[order.tradeOrder.id, order.tradeOrder.orderNo]] : [])}
        />
      </Form.Item>
      <Form.Item name="remark" label={CL('Remark')}>
        <Input.TextArea maxLength={512} rows={2} />
      </Form.Item>
    </FormDrawer>
  );
}
