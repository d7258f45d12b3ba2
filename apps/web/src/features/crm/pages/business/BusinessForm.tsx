import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { businessInput } from '@seller/contracts/crm';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { FormDrawer, parseForm, TextField, useFormSave } from '../../../../components/crud/index.ts';
import { BL, type Business, businessesApi, businessKeys } from '../../api/businesses.ts';
import { customersApi } from '../../api/customers.ts';
import { CustomerField, cents, money, RemoteSelect } from './parts.tsx';

interface Values {
  customerId?: string;
  name?: string;
  ownerUserId?: string;
  statusTypeId?: string;
  statusId?: string;
  dealTime?: Dayjs | null;
  currency?: string;
  discountPercent?: string;
  totalProductPrice?: string;
  contactNextTime?: Dayjs | null;
  remark?: string;
  products?: Array<{ productId?: string; businessPrice?: string; count?: number; listPrice?: string }>;
}

/** What the server will work out (lines, then the discount, half up), shown while typing; the saved figures are the server's. */
function preview(v: Values): string | null {
  const lines = (v.products ?? []).filter((p) => p.businessPrice && p.count);
  let sum = 0n;
  if (lines.length) {
    for (const p of lines) {
      const c = cents(p.businessPrice);
      if (c === null) return null;
      sum += c * BigInt(p.count!);
    }
  } else {
    const c = cents(v.totalProductPrice || '0');
    if (c === null) return null;
    sum = c;
  }
  const d = cents(v.discountPercent || '0');
  if (d === null || d > 10000n) return null;
  // sum (cents) × (10000 − d) / 10000, rounded half up to cents
  const total = (sum * (10000n - d) * 2n + 10000n) / 20000n;
  return `${total / 100n}.${String(total % 100n).padStart(2, '0')}`;
}

/**
 * A new business or an open one edited: customer (those the user may write), name, owner, stage
 * group and stage, expected close date, currency, products from the catalogue at a business price,
 * discount, next contact and remark. Checked with the contract's schema; the totals are the
 * server's; a field the server refuses shows its message under it.
 */
export function BusinessForm({
  business,
  customerId,
  onClose,
  onSaved,
}: {
  business?: Business;
  /** A new business of this customer (the customer detail's tab). */
  customerId?: string;
  onClose: () => void;
  onSaved: (b: Business) => void;
}) {
  const [form] = Form.useForm<Values>();
  const { saving, save } = useFormSave(form);
  const groups = useQuery({ queryKey: businessKeys.stageGroups, queryFn: () => businessesApi.stageGroups() });
  const owners = useQuery({ queryKey: businessKeys.owners, queryFn: () => businessesApi.owners() });
  const typeId = Form.useWatch('statusTypeId', form);
  const values = Form.useWatch([], form) as Values | undefined;
  const group = groups.data?.items.find((g) => g.id === typeId) ?? groups.data?.items[0];
  // a new business of a given customer names it at once (not its id while the options load)
  const given = useQuery({
    queryKey: ['crm', 'customers', 'name', customerId],
    queryFn: () => customersApi.get(customerId!),
    enabled: !!customerId && !business,
  });
  const knownCustomers = new Map(
    business
      ? [[business.customerId, business.customerName]]
      : customerId && given.data
        ? [[customerId, given.data.name]]
        : [],
  );
  const knownProducts = new Map(
    (business?.products ?? []).map((p) => [p.productId, `${p.productSku} · ${p.productName}`]),
  );
  const initial: Values = business
    ? {
        customerId: business.customerId,
        name: business.name,
        ownerUserId: business.ownerUserId ?? undefined,
        statusTypeId: business.statusTypeId,
        statusId: business.statusId ?? undefined,
        dealTime: business.dealTime ? dayjs(business.dealTime) : null,
        currency: business.currency,
        discountPercent: business.discountPercent,
        totalProductPrice: business.products.length ? undefined : business.totalProductPrice,
        contactNextTime: business.contactNextTime ? dayjs(business.contactNextTime) : null,
        remark: business.remark ?? undefined,
        products: business.products.map((p) => ({
          productId: p.productId,
          businessPrice: p.businessPrice,
          count: p.count,
          listPrice: p.productPrice,
        })),
      }
    : { customerId, currency: 'CNY', discountPercent: '0', products: [] };

  const submit = async () => {
    const v = await form.validateFields();
    const input = {
      customerId: v.customerId,
      name: v.name,
      ownerUserId: v.ownerUserId,
      statusTypeId: v.statusTypeId,
      statusId: v.statusId,
      dealTime: v.dealTime ? v.dealTime.startOf('day').toISOString() : null,
      currency: v.currency,
      discountPercent: v.discountPercent || '0',
      totalProductPrice: v.totalProductPrice || undefined,
      contactNextTime: v.contactNextTime ? v.contactNextTime.toISOString() : null,
      remark: v.remark || null,
      products: (v.products ?? []).map((p) => ({
        productId: p.productId,
        businessPrice: p.businessPrice,
        count: p.count,
      })),
    };
    if (!parseForm(businessInput, input, form)) return;
    await save(async () =>
      onSaved(
        await (business ? businessesApi.update(business.id, input as never) : businessesApi.create(input as never)),
      ),
    );
  };

  const total = values ? preview(values) : null;
  return (
    <FormDrawer
      size="large"
      title={business ? BL('EditBusiness') : BL('NewBusiness')}
      submitText={BL('Save')}
      saving={saving}
      onSubmit={submit}
      onClose={onClose}
      testid="business-form"
      form={form}
      initialValues={initial}
    >
      <CustomerField
        label={BL('Customer')}
        testid="business-form-customer"
        queryKey="business-customers"
        load={businessesApi.customers}
        known={knownCustomers}
        disabled={!!customerId && !business}
      />
      <Form.Item name="name" label={BL('Name')} rules={[{ required: true }]}>
        <Input maxLength={128} data-testid="business-form-name" />
      </Form.Item>
      <Space wrap>
        <Form.Item name="ownerUserId" label={BL('Owner')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 200 }}
            loading={owners.isLoading}
            labelRender={(o) => o.label ?? ''}
            options={(owners.data?.items ?? []).map((o) => ({ value: o.id, label: o.name }))}
          />
        </Form.Item>
        <Form.Item name="statusTypeId" label={BL('StageGroup')}>
          <Select
            style={{ width: 160 }}
            placeholder={groups.data?.items[0]?.displayName}
            onChange={() => form.setFieldValue('statusId', undefined)}
            labelRender={(o) => o.label ?? ''}
            options={(groups.data?.items ?? []).map((g) => ({ value: g.id, label: g.displayName }))}
          />
        </Form.Item>
        <Form.Item name="statusId" label={BL('Stage')}>
          <Select
            style={{ width: 180 }}
            data-testid="business-form-stage"
            placeholder={group?.statuses[0]?.displayName}
            labelRender={(o) => o.label ?? ''}
            options={(group?.statuses ?? []).map((s) => ({ value: s.id, label: `${s.displayName} (${s.percent}%)` }))}
          />
        </Form.Item>
      </Space>
      <Space wrap>
        <Form.Item name="currency" label={BL('Currency')} rules={[{ required: true }]}>
          <Input maxLength={3} style={{ width: 90 }} data-testid="business-form-currency" />
        </Form.Item>
        <Form.Item name="dealTime" label={BL('DealTime')}>
          <DatePicker />
        </Form.Item>
        <Form.Item name="contactNextTime" label={BL('ContactNextTime')}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
        </Form.Item>
      </Space>
      <Typography.Text strong>{BL('Products')}</Typography.Text>
      <Form.List name="products">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f, i) => (
              <Space key={f.key} align="start" wrap style={{ display: 'flex', marginTop: 8 }}>
                <Form.Item name={[f.name, 'productId']} style={{ width: 260, marginBottom: 8 }}>
                  <RemoteSelect
                    queryKey="business-products"
                    testid={`business-form-product-${i}`}
                    placeholder={BL('Product')}
                    load={businessesApi.products}
                    label={(p) => `${p.sku} · ${p.name}`}
                    known={knownProducts}
                    onPick={(p) => {
                      form.setFieldValue(['products', f.name, 'listPrice'], p.price);
                      if (!form.getFieldValue(['products', f.name, 'businessPrice'])) {
                        form.setFieldValue(['products', f.name, 'businessPrice'], p.price);
                      }
                    }}
                  />
                </Form.Item>
                <Form.Item name={[f.name, 'businessPrice']} style={{ marginBottom: 8 }}>
                  <Input
                    placeholder={BL('BusinessPrice')}
                    style={{ width: 110 }}
                    data-testid={`business-form-price-${i}`}
                  />
                </Form.Item>
                <Form.Item name={[f.name, 'count']} style={{ marginBottom: 8 }}>
                  <InputNumber
                    min={1}
                    precision={0}
                    placeholder={BL('Count')}
                    data-testid={`business-form-count-${i}`}
                  />
                </Form.Item>
                <Button icon={<DeleteOutlined />} aria-label={BL('Delete')} onClick={() => remove(f.name)} />
              </Space>
            ))}
            <Button
              icon={<PlusOutlined />}
              onClick={() => add({ count: 1 })}
              style={{ margin: '8px 0 16px' }}
              data-testid="business-form-add-product"
            >
              {BL('AddProduct')}
            </Button>
          </>
        )}
      </Form.List>
      <Space wrap>
        {!values?.products?.length && (
          <TextField
            name="totalProductPrice"
            label={BL('TotalProductPrice')}
            style={{ width: 140 }}
            data-testid="business-form-amount"
          />
        )}
        <TextField
          name="discountPercent"
          label={BL('DiscountPercent')}
          style={{ width: 100 }}
          data-testid="business-form-discount"
        />
        <Form.Item label={BL('TotalPrice')}>
          <Typography.Text data-testid="business-form-total">
            {total ? `${money(total)} ${values?.currency ?? ''}` : '—'}
          </Typography.Text>
        </Form.Item>
      </Space>
      <Form.Item name="remark" label={BL('Remark')}>
        <Input.TextArea maxLength={1024} rows={2} />
      </Form.Item>
    </FormDrawer>
  );
}
