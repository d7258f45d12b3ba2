import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { CrudField, DecimalField, FormSection, TextField } from '../../../../components/crud/index.ts';
import type { ListResult } from '../../../../lib/abp/types.ts';
import { http } from '../../../../lib/http/index.ts';
import { freightSourceOptions, modeOptions, PL, platformOptions, roundingOptions } from '../../api.ts';

const half = { xs: 24, sm: 12 };
const upper = (v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v);

/** A decimal typed as text (kept exact), with an optional unit after it. */
function Decimal({ name, label, suffix, extra }: { name: string; label: string; suffix?: string; extra?: string }) {
  return <DecimalField name={name} label={label} extra={extra} suffix={suffix} data-testid={`rule-${name}`} />;
}

type Named = { id: string; name: string };

/** Pickers of other areas' records: shown empty when the user may not read them. */
function usePicker(key: string, url: string, enabled = true) {
  return useQuery({
    queryKey: ['pricing', 'picker', key],
    queryFn: () => http.get<ListResult<Named>>(url, undefined, { notify: false }),
    enabled,
    staleTime: 60_000,
  }).data?.items;
}

/**
 * The price rule form in sections: scope, currencies, pricing mode, marketplace fees, the costs
 * added per unit (international freight fixed, cheapest, or a strategy's), rounding and bounds.
 */
export function RuleFields() {
  const form = Form.useFormInstance();
  const mode = Form.useWatch('mode', form);
  const freightSource = Form.useWatch('freightSource', form);
  const categories = usePicker('categories', '/api/catalog/categories/all');
  const strategies = usePicker('strategies', '/api/logistics/freight-strategies/all', freightSource === 'STRATEGY');
  return (
    <>
      <FormSection title={PL('Field:Scope')} />
      <Row gutter={12}>
        <Col xs={24} sm={16}>
          <TextField name="name" label={PL('Field:Name')} autoFocus maxLength={128} data-testid="rule-name" />
        </Col>
        <Col xs={24} sm={8}>
          <CrudField name="isActive" label={PL('Field:IsActive')} valuePropName="checked">
            <Switch data-testid="rule-isActive" />
          </CrudField>
        </Col>
        <Col {...half}>
          <CrudField name="platform" label={PL('Field:Platform')}>
            <Select allowClear placeholder={PL('Any')} options={platformOptions()} data-testid="rule-platform" />
          </CrudField>
        </Col>
        <Col {...half}>
          <Form.Item name="siteCode" label={PL('Field:SiteCode')} normalize={upper}>
            <Input maxLength={2} placeholder="MY" data-testid="rule-siteCode" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <CrudField name="categoryId" label={PL('Field:CategoryId')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={PL('Any')}
              options={categories?.map((c) => ({ value: c.id, label: c.name }))}
              data-testid="rule-categoryId"
            />
          </CrudField>
        </Col>
        <Col {...half}>
          <CrudField name="priority" label={PL('Field:Priority')} extra={PL('Field:PriorityHint')}>
            <InputNumber style={{ width: '100%' }} min={0} max={10000} precision={0} data-testid="rule-priority" />
          </CrudField>
        </Col>
      </Row>

      <FormSection title={PL('Field:Currencies')} />
      <Row gutter={12}>
        <Col {...half}>
          <Form.Item name="currencyFrom" label={PL('Field:CurrencyFrom')} normalize={upper}>
            <Input maxLength={3} data-testid="rule-currencyFrom" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <TextField name="currencyTo" label={PL('Field:CurrencyTo')} maxLength={3} data-testid="rule-currencyTo" />
        </Col>
        <Col {...half}>
          <Decimal name="exchangeRate" label={PL('Field:ExchangeRate')} extra={PL('Field:ExchangeRateHint')} />
        </Col>
        <Col {...half}>
          <Decimal name="fxBufferPct" label={PL('Field:FxBufferPct')} suffix="%" />
        </Col>
      </Row>

      <FormSection title={PL('Field:Mode')} />
      <Row gutter={12}>
        <Col {...half}>
          <CrudField name="mode" label={PL('Field:Mode')}>
            <Select options={modeOptions()} data-testid="rule-mode" />
          </CrudField>
        </Col>
        <Col {...half}>
          {mode === 'MARGIN' ? (
            <Decimal name="targetMarginPct" label={PL('Field:TargetMarginPct')} suffix="%" />
          ) : (
            <Decimal name="markupPct" label={PL('Field:MarkupPct')} suffix="%" />
          )}
        </Col>
      </Row>

      <FormSection title={PL('Field:Fees')} />
      <Row gutter={12}>
        {(['commissionPct', 'paymentPct', 'withdrawalPct', 'promotionPct'] as const).map((name) => (
          <Col xs={12} sm={6} key={name}>
            <Decimal name={name} label={PL(`Field:${name[0].toUpperCase()}${name.slice(1)}`)} suffix="%" />
          </Col>
        ))}
      </Row>

      <FormSection title={PL('Field:Costs')} />
      <Row gutter={12}>
        <Col xs={12} sm={8}>
          <Decimal name="packagingFee" label={PL('Field:PackagingFee')} />
        </Col>
        <Col xs={12} sm={8}>
          <Decimal name="domesticFreight" label={PL('Field:DomesticFreight')} />
        </Col>
        <Col xs={12} sm={8}>
          <Decimal name="fixedFee" label={PL('Field:FixedFee')} />
        </Col>
        <Col xs={24}>
          <CrudField name="freightSource" label={PL('Field:FreightSource')}>
            <Select options={freightSourceOptions()} data-testid="rule-freightSource" />
          </CrudField>
        </Col>
        {(freightSource ?? 'FIXED') === 'FIXED' && (
          <Col {...half}>
            <Decimal name="internationalFreight" label={PL('Field:InternationalFreight')} />
          </Col>
        )}
        {freightSource === 'STRATEGY' && (
          <Col xs={24}>
            <CrudField name="freightStrategyId" label={PL('Field:FreightStrategyId')}>
              <Select
                options={strategies?.map((s) => ({ value: s.id, label: s.name }))}
                data-testid="rule-freightStrategyId"
              />
            </CrudField>
          </Col>
        )}
      </Row>

      <FormSection title={PL('Field:Rounding')} />
      <Row gutter={12}>
        <Col xs={24} sm={8}>
          <CrudField name="rounding" label={PL('Field:Rounding')}>
            <Select options={roundingOptions()} data-testid="rule-rounding" />
          </CrudField>
        </Col>
        <Col xs={12} sm={8}>
          <Decimal name="minPrice" label={PL('Field:MinPrice')} />
        </Col>
        <Col xs={12} sm={8}>
          <Decimal name="maxPrice" label={PL('Field:MaxPrice')} />
        </Col>
      </Row>
    </>
  );
}
