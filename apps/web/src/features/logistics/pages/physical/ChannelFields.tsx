import { channelInput, channelLimitsInput } from '@seller/contracts/logistics';
import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import type { ReactNode } from 'react';
import { CrudField, DecimalField, FormSection, TextField, zodValueRule } from '../../../../components/crud/index.ts';
import { LL, transportModeOptions, volumeModeOptions } from '../../api.ts';

const limits = channelLimitsInput.shape;
const upper = (v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v);
const half = { xs: 24, sm: 12 };

/** A limit of the channel (`limits.<name>`), checked by the limits schema. */
function Limit({
  name,
  label,
  extra,
  children,
}: {
  name: keyof typeof limits;
  label: string;
  extra?: string;
  children: ReactNode;
}) {
  return (
    <Form.Item name={['limits', name]} label={label} extra={extra} rules={[zodValueRule(limits[name], label)]}>
      {children}
    </Form.Item>
  );
}

const number = (testid: string, extra: { min?: number; max?: number; precision?: number } = {}) => (
  <InputNumber style={{ width: '100%' }} min={0} data-testid={testid} {...extra} />
);

/**
 * The channel form in four sections: basic facts; how the chargeable weight is found (the
 * longest-side threshold only for that mode); fees (money as exact decimal text); what the
 * channel accepts.
 */
export function ChannelFields() {
  const form = Form.useFormInstance();
  const volumeMode = Form.useWatch('volumeMode', form);
  return (
    <>
      <FormSection title={LL('Channel:Section:Basic')} />
      <Row gutter={12}>
        <Col {...half}>
          <TextField name="code" label={LL('Channel:Code')} autoFocus maxLength={32} data-testid="channel-code" />
        </Col>
        <Col {...half}>
          <TextField name="name" label={LL('Channel:Name')} maxLength={128} data-testid="channel-name" />
        </Col>
        <Col {...half}>
          <CrudField name="mode" label={LL('Channel:Mode')}>
            <Select options={transportModeOptions()} data-testid="channel-mode" />
          </CrudField>
        </Col>
        <Col {...half}>
          <CrudField name="isActive" label={LL('Channel:IsActive')} valuePropName="checked">
            <Switch data-testid="channel-active" />
          </CrudField>
        </Col>
        <Col xs={12}>
          <CrudField name="transitDaysMin" label={LL('Channel:TransitDaysMin')}>
            {number('channel-transit-min', { max: 365, precision: 0 })}
          </CrudField>
        </Col>
        <Col xs={12}>
          <CrudField name="transitDaysMax" label={LL('Channel:TransitDaysMax')}>
            {number('channel-transit-max', { max: 365, precision: 0 })}
          </CrudField>
        </Col>
      </Row>

      <FormSection title={LL('Channel:Section:Weight')} />
      <CrudField name="volumeMode" label={LL('Channel:VolumeMode')}>
        <Select options={volumeModeOptions()} data-testid="channel-volume-mode" />
      </CrudField>
      <Row gutter={12}>
        <Col {...half}>
          <CrudField name="volumeDivisor" label={LL('Channel:VolumeDivisor')} extra={LL('Channel:VolumeDivisorHint')}>
            {number('channel-divisor', { min: 1000, max: 20000, precision: 0 })}
          </CrudField>
        </Col>
        {volumeMode === 'LONGEST_SIDE' && (
          <Col {...half}>
            <CrudField name="longestSideThreshold" label={LL('Channel:LongestSideThreshold')}>
              {number('channel-threshold', { precision: 1 })}
            </CrudField>
          </Col>
        )}
      </Row>

      <FormSection title={LL('Channel:Section:Fees')} />
      <Row gutter={12}>
        <Col {...half}>
          <Form.Item
            name="currency"
            label={LL('Channel:Currency')}
            required
            normalize={upper}
            rules={[zodValueRule(channelInput.shape.currency, LL('Channel:Currency'))]}
          >
            <Input maxLength={3} data-testid="channel-currency" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <DecimalField
            name="fuelSurchargePct"
            label={LL('Channel:FuelSurchargePct')}
            suffix="%"
            data-testid="channel-fuel"
          />
        </Col>
        <Col {...half}>
          <DecimalField name="minimumCharge" label={LL('Channel:MinimumCharge')} data-testid="channel-minimum" />
        </Col>
        <Col {...half}>
          <DecimalField
            name="registrationFee"
            label={LL('Channel:RegistrationFee')}
            data-testid="channel-registration"
          />
        </Col>
      </Row>

      <FormSection title={LL('Channel:Limits')} />
      <Row gutter={12}>
        <Col xs={12}>
          <Limit name="minWeight" label={LL('Channel:MinWeight')}>
            {number('channel-min-weight', { precision: 0 })}
          </Limit>
        </Col>
        <Col xs={12}>
          <Limit name="maxWeight" label={LL('Channel:MaxWeight')}>
            {number('channel-max-weight', { precision: 0 })}
          </Limit>
        </Col>
        <Col xs={12} sm={8}>
          <Limit name="maxLongestSide" label={LL('Channel:MaxLongestSide')}>
            {number('channel-max-longest', { precision: 1 })}
          </Limit>
        </Col>
        <Col xs={12} sm={8}>
          <Limit name="maxSumOfSides" label={LL('Channel:MaxSumOfSides')}>
            {number('channel-max-sum', { precision: 1 })}
          </Limit>
        </Col>
        <Col xs={24} sm={8}>
          <Limit name="maxGirth" label={LL('Channel:MaxGirth')} extra={LL('Channel:MaxGirthHint')}>
            {number('channel-max-girth', { precision: 1 })}
          </Limit>
        </Col>
        {(['batteryAllowed', 'liquidAllowed', 'magneticAllowed', 'powderAllowed'] as const).map((name) => (
          <Col xs={12} sm={6} key={name}>
            <Form.Item
              name={['limits', name]}
              label={LL(`Channel:${name.charAt(0).toUpperCase()}${name.slice(1)}`)}
              valuePropName="checked"
            >
              <Switch data-testid={`channel-${name.replace('Allowed', '')}`} />
            </Form.Item>
          </Col>
        ))}
        <Col xs={12} sm={8}>
          <Limit name="declaredValueMin" label={LL('Channel:DeclaredValueMin')}>
            <Input inputMode="decimal" data-testid="channel-declared-min" />
          </Limit>
        </Col>
        <Col xs={12} sm={8}>
          <Limit name="declaredValueMax" label={LL('Channel:DeclaredValueMax')}>
            <Input inputMode="decimal" data-testid="channel-declared-max" />
          </Limit>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name={['limits', 'declaredValueCurrency']}
            label={LL('Channel:DeclaredValueCurrency')}
            normalize={upper}
            rules={[zodValueRule(limits.declaredValueCurrency, LL('Channel:DeclaredValueCurrency'))]}
          >
            <Input maxLength={3} data-testid="channel-declared-currency" />
          </Form.Item>
        </Col>
      </Row>
      <CrudField name="remark" label={LL('Channel:Remark')}>
        <Input.TextArea rows={2} maxLength={512} data-testid="channel-remark" />
      </CrudField>
    </>
  );
}
