import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { salesOrderInput } from '@seller/contracts/trade';
import { Button, Form, Input, InputNumber, Space } from 'antd';
import { FormDrawer, TextField, useFormSave } from '../../../../components/crud/index.ts';
import { OL, ordersApi, type SalesOrder } from '../../api/orders.ts';
import { VariantSelect } from './parts.tsx';

interface Values {
  buyerName: string;
  buyerEmail?: string;
  countryCode: string;
  currency: string;
  shippingFee?: string;
  discount?: string;
  remark?: string;
  address?: { line1?: string; city?: string; postCode?: string; phone?: string };
  lines: Array<{ variantId?: string; quantity?: number; unitPrice?: string }>;
}

/**
 * A manual order: buyer, country, currency, address, lines by catalogue SKU with quantity and
 * unit price, shipping fee and discount. Checked with the contract's schema; the totals are the
 * server's. A field the server refuses shows its message under it.
 */
export function OrderForm({
  order,
  onClose,
  onSaved,
}: {
  /** The pending manual order to edit; a new order when absent. */
  order?: SalesOrder;
  onClose: () => void;
  onSaved: (o: SalesOrder) => void;
}) {
  const [form] = Form.useForm<Values>();
  const { saving, save } = useFormSave(form);
  const known = new Map(
    (order?.lines ?? []).filter((l) => l.variantId).map((l) => [l.variantId!, `${l.sku ?? l.sellerSku} · ${l.name}`]),
  );
  const initial: Partial<Values> = order
    ? {
        buyerName: order.buyerName ?? '',
        buyerEmail: order.buyerEmail ?? undefined,
        countryCode: order.countryCode ?? '',
        currency: order.currency,
        shippingFee: order.shippingFee,
        discount: order.discount,
        remark: order.remark ?? undefined,
        address: {
          line1: order.address?.line1 ?? undefined,
          city: order.address?.city ?? undefined,
          postCode: order.address?.postCode ?? undefined,
          phone: order.address?.phone ?? undefined,
        },
        lines: order.lines.map((l) => ({
          variantId: l.variantId ?? undefined,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
        })),
      }
    : { currency: 'MYR', countryCode: 'MY', shippingFee: '0', discount: '0', lines: [{ quantity: 1 }] };

  const submit = async () => {
    const v = await form.validateFields();
    const input = {
      buyerName: v.buyerName,
      buyerEmail: v.buyerEmail || undefined,
      countryCode: v.countryCode,
      currency: v.currency,
      shippingFee: v.shippingFee || '0',
      discount: v.discount || '0',
      remark: v.remark || undefined,
      address: v.address ? { ...v.address, name: v.buyerName } : undefined,
      lines: (v.lines ?? []).map((l) => ({ variantId: l.variantId, quantity: l.quantity, unitPrice: l.unitPrice })),
    };
    const parsed = salesOrderInput.safeParse(input);
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((i) => ({ name: i.path as (string | number)[], errors: [i.message] })) as never,
      );
      return;
    }
    await save(async () =>
      onSaved(await (order ? ordersApi.update(order.id, parsed.data) : ordersApi.create(parsed.data))),
    );
  };

  return (
    <FormDrawer
      size={720}
      title={order ? `${OL('EditOrder')} ${order.orderNo}` : OL('NewOrder')}
      submitText={order ? OL('Save') : OL('NewOrder')}
      saving={saving}
      onSubmit={submit}
      onClose={onClose}
      testid="order-form"
      form={form}
      initialValues={initial}
    >
      <Space wrap>
        <Form.Item name="buyerName" label={OL('Buyer')} rules={[{ required: true }]}>
          <Input data-testid="order-form-buyer" maxLength={128} />
        </Form.Item>
        <TextField name="buyerEmail" label={OL('BuyerEmail')} maxLength={256} />
        <Form.Item name="countryCode" label={OL('Country')} rules={[{ required: true }]}>
          <Input data-testid="order-form-country" maxLength={2} style={{ width: 80 }} />
        </Form.Item>
        <Form.Item name="currency" label={OL('Currency')} rules={[{ required: true }]}>
          <Input data-testid="order-form-currency" maxLength={3} style={{ width: 90 }} />
        </Form.Item>
      </Space>
      <Space wrap>
        <Form.Item name={['address', 'line1']} label={OL('Address')}>
          <Input style={{ width: 300 }} />
        </Form.Item>
        <Form.Item name={['address', 'city']} label={OL('City')}>
          <Input />
        </Form.Item>
        <Form.Item name={['address', 'postCode']} label={OL('PostCode')}>
          <Input style={{ width: 110 }} />
        </Form.Item>
      </Space>
      <Form.List name="lines">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f, i) => (
              <Space key={f.key} align="start" style={{ display: 'flex' }}>
                <Form.Item name={[f.name, 'variantId']} label={i === 0 ? OL('Sku') : undefined} style={{ width: 320 }}>
                  <VariantSelect
                    known={known}
                    testid={`order-form-variant-${i}`}
                    onChange={(id, price, priceCurrency) => {
                      form.setFieldValue(['lines', f.name, 'variantId'], id);
                      // the catalogue price is a suggestion only in the order's own currency
                      const same = priceCurrency === form.getFieldValue('currency');
                      if (price && same && !form.getFieldValue(['lines', f.name, 'unitPrice'])) {
                        form.setFieldValue(['lines', f.name, 'unitPrice'], price);
                      }
                    }}
                  />
                </Form.Item>
                <Form.Item name={[f.name, 'quantity']} label={i === 0 ? OL('Quantity') : undefined}>
                  <InputNumber min={1} precision={0} data-testid={`order-form-qty-${i}`} />
                </Form.Item>
                <Form.Item name={[f.name, 'unitPrice']} label={i === 0 ? OL('UnitPrice') : undefined}>
                  <Input style={{ width: 110 }} data-testid={`order-form-price-${i}`} />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined />}
                  onClick={() => remove(f.name)}
                  style={{ marginTop: i === 0 ? 30 : 0 }}
                />
              </Space>
            ))}
            <Form.Item name="linesError" noStyle>
              <span />
            </Form.Item>
            <Button icon={<PlusOutlined />} onClick={() => add({ quantity: 1 })} style={{ marginBottom: 16 }}>
              {OL('Lines')}
            </Button>
          </>
        )}
      </Form.List>
      <Space wrap>
        <TextField
          name="shippingFee"
          label={OL('ShippingFee')}
          style={{ width: 120 }}
          data-testid="order-form-shipping"
        />
        <TextField name="discount" label={OL('Discount')} style={{ width: 120 }} data-testid="order-form-discount" />
        <TextField name="remark" label={OL('Remark')} style={{ width: 300 }} maxLength={512} />
      </Space>
    </FormDrawer>
  );
}
