import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { freightEstimateInput } from '@seller/contracts/logistics';
import { useMutation } from '@tanstack/react-query';
import { Button, Checkbox, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, issueMessage, parseForm, zodValueRule } from '../../../../components/crud/index.ts';
import { PickerSelect } from '../../components/PickerSelect.tsx';
import {
  attributeOptions,
  countrySearch,
  type EstimateBody,
  type FreightEstimateDto,
  LF,
  platformOptions,
  useCountryOptions,
  useCurrencyOptions,
  useStrategyOptions,
  useTenantCurrency,
  useWarehouseOptions,
} from '../../freight-api.ts';
import { SkuSelect } from './SkuSelect.tsx';

/**
 * The parcel form of the freight estimate and of the strategy test: where it goes and leaves
 * from, its weight and size (or catalogue SKUs), values, platform and special attributes.
 */

export type ParcelMode = 'parcel' | 'sku';

export interface EstimateFormValues {
  countryCode?: string;
  postalCode?: string;
  warehouseId?: string;
  weight?: number | null;
  length?: number | null;
  width?: number | null;
  height?: number | null;
  items?: Array<{ sku?: string; quantity?: number | null } | undefined>;
  declaredValue?: string | null;
  orderValue?: string | null;
  currency?: string;
  attributes?: string[];
  strategyId?: string;
  platform?: string;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * The request body of the form's values: the parcel's weight and size, or its SKUs (rows kept in
 * place, so a refusal of `items.<i>.sku` lands on its row); empty fields left out.
 */
export function toEstimateBody(values: EstimateFormValues, mode: ParcelMode): EstimateBody {
  const { weight, length, width, height, items, ...rest } = values;
  const body: Record<string, unknown> = {
    ...rest,
    ...(mode === 'parcel'
      ? { weight, length, width, height }
      : { items: (items ?? []).map((r) => ({ sku: r?.sku ?? '', quantity: r?.quantity ?? 1 })) }),
  };
  for (const key of Object.keys(body)) if (isEmpty(body[key])) delete body[key];
  return body as EstimateBody;
}

/**
 * Runs the form through the contract's checks (each field's, then the parcel-or-SKUs rules), posts
 * it, and puts the server's 400 refusals under their fields.
 */
export function useEstimateForm(call: (body: EstimateBody) => Promise<FreightEstimateDto>) {
  const [form] = Form.useForm<EstimateFormValues>();
  const mutation = useMutation({ mutationFn: call });
  const run = async (mode: ParcelMode) => {
    const fieldsOk = await form.validateFields().then(
      () => true,
      () => false,
    );
    const body = toEstimateBody(form.getFieldsValue(true), mode);
    if (!fieldsOk) {
      // the fields' own refusals are shown; add the parcel-or-SKUs ones beside them (checked on
      // the parcel's members alone: the contract checks them only once everything else is valid)
      const { weight, length, width, height, items } = body;
      const result = freightEstimateInput.safeParse({ countryCode: 'ZZ', weight, length, width, height, items });
      const others = (result.error?.issues ?? []).filter(
        (i) =>
          i.code === 'custom' &&
          i.path.length === 1 &&
          form.getFieldError(i.path[0] as keyof EstimateFormValues).length === 0,
      );
      form.setFields(others.map((i) => ({ name: i.path[0] as keyof EstimateFormValues, errors: [issueMessage(i)] })));
      return;
    }
    if (!parseForm(freightEstimateInput, body, form)) return;
    try {
      await mutation.mutateAsync(body);
    } catch (e) {
      applyServerErrors(form, e);
    }
  };
  return { form, run, result: mutation.data, pending: mutation.isPending };
}

const shape = freightEstimateInput.shape;

/** A field checked by its member of the estimate contract. */
function Field({
  name,
  label,
  children,
  extra,
}: {
  name: keyof typeof shape;
  label: string;
  children: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <Form.Item name={name} label={label} extra={extra} rules={[zodValueRule(shape[name], label)]}>
      {children}
    </Form.Item>
  );
}

const half = { xs: 24, sm: 12 } as const;
const third = { xs: 24, sm: 8 } as const;
const quarter = { xs: 12, sm: 6 } as const;

/** Destination country (searchable) and postal code. */
export function DestinationFields({ prefix }: { prefix: string }) {
  const countries = useCountryOptions();
  return (
    <Row gutter={12}>
      <Col {...half}>
        <Field name="countryCode" label={LF('Country')}>
          <Select
            showSearch={countrySearch}
            options={countries.options}
            loading={countries.loading}
            placeholder={LF('CountryPlaceholder')}
            data-testid={`${prefix}-country`}
          />
        </Field>
      </Col>
      <Col {...half}>
        <Field name="postalCode" label={LF('PostalCode')}>
          <Input maxLength={16} data-testid={`${prefix}-postal`} />
        </Field>
      </Col>
    </Row>
  );
}

/** The parcel's weight (g) and sides (cm). */
export function SizeFields({ prefix }: { prefix: string }) {
  return (
    <Row gutter={12}>
      <Col {...quarter}>
        <Field name="weight" label={LF('Weight')}>
          <InputNumber min={1} precision={0} style={{ width: '100%' }} data-testid={`${prefix}-weight`} />
        </Field>
      </Col>
      {(['length', 'width', 'height'] as const).map((side) => (
        <Col key={side} {...quarter}>
          <Field name={side} label={LF(side === 'length' ? 'Length' : side === 'width' ? 'Width' : 'Height')}>
            <InputNumber min={0.1} step={1} precision={1} style={{ width: '100%' }} data-testid={`${prefix}-${side}`} />
          </Field>
        </Col>
      ))}
    </Row>
  );
}

/** Catalogue SKUs with their quantities (at least one row). */
export function SkuRows({ prefix }: { prefix: string }) {
  const { t } = useTranslation();
  const row = shape.items.unwrap().element.shape;
  return (
    <Form.List name="items">
      {(fields, { add, remove }) => (
        <div data-testid={`${prefix}-items`}>
          {fields.map((field) => (
            <Row key={field.key} gutter={8} wrap={false} align="top">
              <Col flex="auto" style={{ minWidth: 0 }}>
                <Form.Item
                  name={[field.name, 'sku']}
                  label={field.name === 0 ? LF('Sku') : undefined}
                  rules={[zodValueRule(row.sku, LF('Sku'))]}
                >
                  <SkuSelect testid={`${prefix}-sku-${field.name}`} />
                </Form.Item>
              </Col>
              <Col flex="96px">
                <Form.Item
                  name={[field.name, 'quantity']}
                  label={field.name === 0 ? LF('Quantity') : undefined}
                  rules={[zodValueRule(row.quantity, LF('Quantity'))]}
                >
                  <InputNumber
                    min={1}
                    precision={0}
                    style={{ width: '100%' }}
                    aria-label={LF('Quantity')}
                    data-testid={`${prefix}-qty-${field.name}`}
                  />
                </Form.Item>
              </Col>
              <Col flex="32px" style={{ paddingTop: field.name === 0 ? 30 : 0 }}>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  disabled={fields.length === 1}
                  onClick={() => remove(field.name)}
                  aria-label={t('crud.delete')}
                  data-testid={`${prefix}-remove-sku-${field.name}`}
                />
              </Col>
            </Row>
          ))}
          <Form.Item>
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ sku: undefined, quantity: 1 })}
              data-testid={`${prefix}-add-sku`}
            >
              {LF('AddSku')}
            </Button>
          </Form.Item>
        </div>
      )}
    </Form.List>
  );
}

/** The warehouse it leaves from and the platform the order comes from (what strategy rules match on). */
export function OriginFields({ prefix }: { prefix: string }) {
  const warehouses = useWarehouseOptions();
  return (
    <Row gutter={12}>
      <Col {...half}>
        <Field name="warehouseId" label={LF('Warehouse')}>
          <PickerSelect
            allowClear
            picker={warehouses}
            placeholder={LF('AnyWarehouse')}
            data-testid={`${prefix}-warehouse`}
          />
        </Field>
      </Col>
      <Col {...half}>
        <Field name="platform" label={LF('Platform')}>
          <Select
            allowClear
            options={platformOptions()}
            placeholder={LF('AnyPlatform')}
            data-testid={`${prefix}-platform`}
          />
        </Field>
      </Col>
    </Row>
  );
}

/** Declared value, order value and their currency (the tenant's when empty). */
export function ValueFields({ prefix }: { prefix: string }) {
  const currencies = useCurrencyOptions();
  const tenant = useTenantCurrency();
  return (
    <Row gutter={12}>
      <Col {...third}>
        <Field name="declaredValue" label={LF('DeclaredValue')}>
          <InputNumber stringMode min="0" style={{ width: '100%' }} data-testid={`${prefix}-declared`} />
        </Field>
      </Col>
      <Col {...third}>
        <Field name="orderValue" label={LF('OrderValue')}>
          <InputNumber
            stringMode
            min="0"
            style={{ width: '100%' }}
            placeholder={LF('OrderValuePlaceholder')}
            data-testid={`${prefix}-order-value`}
          />
        </Field>
      </Col>
      <Col {...third}>
        <Field name="currency" label={LF('Currency')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={currencies}
            placeholder={tenant}
            data-testid={`${prefix}-currency`}
          />
        </Field>
      </Col>
    </Row>
  );
}

/** Special attributes (what channels' limits and strategy rules look at). */
export function AttributesField({ prefix }: { prefix: string }) {
  return (
    <Field name="attributes" label={LF('Attributes')}>
      <Checkbox.Group options={attributeOptions()} data-testid={`${prefix}-attributes`} />
    </Field>
  );
}

/** The strategy to try (every active one, by priority, when empty). */
export function StrategyField({ prefix }: { prefix: string }) {
  const strategies = useStrategyOptions();
  return (
    <Field name="strategyId" label={LF('Strategy')} extra={LF('StrategyHint')}>
      <PickerSelect
        allowClear
        picker={strategies}
        placeholder={LF('AllStrategies')}
        data-testid={`${prefix}-strategy`}
      />
    </Field>
  );
}
