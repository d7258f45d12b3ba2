import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { blankStrategyRule, strategyRuleInput } from '@seller/contracts/logistics';
import { Button, Card, Col, Form, Input, InputNumber, Row, Select, Space, Tooltip, Typography } from 'antd';
import { type ReactNode, useRef } from 'react';
import type { z } from 'zod';
import { RemoveRowButton, zodValueRule } from '../../../../components/crud/index.ts';
import { IconButton } from '../../../../components/IconButton.tsx';
import { PickerSelect } from '../../components/PickerSelect.tsx';
import {
  attributeOptions,
  countrySearch,
  LS,
  objectiveOptions,
  platformOptions,
  useChannelOptions,
  useCountryOptions,
  useTenantCurrency,
  useWarehouseOptions,
  useZoneOptions,
} from '../../freight-api.ts';

export type RuleForm = z.input<typeof strategyRuleInput>;

/** A new rule: matches anything, the cheapest of its candidates. */
export const blankRule = (): RuleForm => blankStrategyRule();

const shape = strategyRuleInput.shape;
type Member = keyof typeof shape;

const half = { xs: 24, sm: 12 } as const;
const quarter = { xs: 12, sm: 6 } as const;

/** The ordered rules of a strategy: each one's conditions and action, moved up or down, removed, added. */
export function RuleFields() {
  const countries = useCountryOptions();
  const zones = useZoneOptions();
  const warehouses = useWarehouseOptions();
  const channels = useChannelOptions();
  const currency = useTenantCurrency();
  const box = useRef<HTMLDivElement>(null);
  // keyboard users land in the rule they just added
  const focusLast = () =>
    requestAnimationFrame(() => {
      const cards = box.current?.querySelectorAll('[data-rule]');
      cards?.[cards.length - 1]?.querySelector<HTMLElement>('input')?.focus();
    });

  return (
    <Form.List name="rules">
      {(fields, { add, remove, move }) => (
        <div ref={box} style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {LS('Rules')}
          </Typography.Title>
          <Typography.Text type="secondary">{LS('RulesHint')}</Typography.Text>
          {fields.map((field, index) => {
            const t = `strategy-rule-${index}`;
            /** A member of this rule, checked by the contract's rule schema. */
            const item = (member: Member, label: string, control: ReactNode, extra?: ReactNode) => (
              <Form.Item
                name={[field.name, member]}
                label={label}
                extra={extra}
                rules={[zodValueRule(shape[member], label)]}
              >
                {control}
              </Form.Item>
            );
            const multi = (
              member: Member,
              label: string,
              options: { value: string; label: string }[],
              loading = false,
            ) =>
              item(
                member,
                label,
                <Select
                  mode="multiple"
                  allowClear
                  showSearch={member === 'countries' ? countrySearch : { optionFilterProp: 'label' }}
                  options={options}
                  loading={loading}
                  placeholder={LS('Any')}
                  data-testid={`${t}-${member}`}
                />,
              );
            return (
              <Card
                key={field.key}
                size="small"
                data-rule
                data-testid={t}
                title={LS('Rule', index + 1)}
                extra={
                  <Space size={0}>
                    <IconButton
                      title={LS('MoveUp')}
                      type="text"
                      icon={<ArrowUpOutlined />}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                      data-testid={`${t}-up`}
                    />
                    <IconButton
                      title={LS('MoveDown')}
                      type="text"
                      icon={<ArrowDownOutlined />}
                      disabled={index === fields.length - 1}
                      onClick={() => move(index, index + 1)}
                      data-testid={`${t}-down`}
                    />
                    <Tooltip title={LS('RemoveRule')}>
                      <RemoveRowButton
                        label={LS('RemoveRule')}
                        disabled={fields.length === 1}
                        onClick={() => remove(field.name)}
                        testid={`${t}-remove`}
                      />
                    </Tooltip>
                  </Space>
                }
              >
                {item('name', LS('RuleName'), <Input maxLength={64} data-testid={`${t}-name`} />)}
                <Typography.Text strong>{LS('Conditions')}</Typography.Text>
                <Row gutter={12} style={{ marginTop: 8 }}>
                  <Col {...half}>{multi('countries', LS('Countries'), countries.options, countries.loading)}</Col>
                  <Col {...half}>{multi('zoneIds', LS('Zones'), zones.options, zones.loading)}</Col>
                  <Col {...half}>{multi('platforms', LS('Platforms'), platformOptions())}</Col>
                  <Col {...half}>{multi('warehouseIds', LS('Warehouses'), warehouses.options, warehouses.loading)}</Col>
                  <Col {...quarter}>
                    {item(
                      'weightFrom',
                      LS('WeightFrom'),
                      <InputNumber min={0} precision={0} style={{ width: '100%' }} data-testid={`${t}-weightFrom`} />,
                    )}
                  </Col>
                  <Col {...quarter}>
                    {item(
                      'weightTo',
                      LS('WeightTo'),
                      <InputNumber min={0} precision={0} style={{ width: '100%' }} data-testid={`${t}-weightTo`} />,
                    )}
                  </Col>
                  <Col {...quarter}>
                    {item(
                      'orderValueFrom',
                      `${LS('OrderValueFrom')} (${currency})`,
                      <InputNumber stringMode min="0" style={{ width: '100%' }} data-testid={`${t}-orderValueFrom`} />,
                    )}
                  </Col>
                  <Col {...quarter}>
                    {item(
                      'orderValueTo',
                      `${LS('OrderValueTo')} (${currency})`,
                      <InputNumber stringMode min="0" style={{ width: '100%' }} data-testid={`${t}-orderValueTo`} />,
                    )}
                  </Col>
                  <Col {...half}>{multi('attributesAny', LS('AttributesAny'), attributeOptions())}</Col>
                  <Col {...half}>{multi('attributesNone', LS('AttributesNone'), attributeOptions())}</Col>
                </Row>
                <Typography.Text strong>{LS('Action')}</Typography.Text>
                <Row gutter={12} style={{ marginTop: 8 }}>
                  <Col {...half}>
                    {item(
                      'objective',
                      LS('Objective'),
                      <Select options={objectiveOptions()} data-testid={`${t}-objective`} />,
                      LS('ObjectiveHint'),
                    )}
                  </Col>
                  <Col {...half}>
                    {item(
                      'channelIds',
                      LS('Channels'),
                      <PickerSelect mode="multiple" picker={channels} data-testid={`${t}-channelIds`} />,
                    )}
                  </Col>
                  <Col {...half}>
                    {item(
                      'fallbackChannelId',
                      LS('FallbackChannel'),
                      <PickerSelect
                        allowClear
                        picker={channels}
                        placeholder={LS('NoFallback')}
                        data-testid={`${t}-fallbackChannelId`}
                      />,
                      LS('FallbackHint'),
                    )}
                  </Col>
                </Row>
              </Card>
            );
          })}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => {
              add(blankRule());
              focusLast();
            }}
            data-testid="strategy-add-rule"
          >
            {LS('AddRule')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
