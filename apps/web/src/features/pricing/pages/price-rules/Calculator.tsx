import { CalculatorOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { applyServerErrors, TextField } from '../../../../components/crud/index.ts';
import { SmallTable } from '../../../../components/SmallTable.tsx';
import { HttpError } from '../../../../lib/http/errors.ts';
import {
  type CalcQuery,
  calcApi,
  PL,
  type PriceRuleDto,
  priceRulesApi,
  pricingKeys,
  type TierPriceResult,
} from '../../api.ts';

type Result = Awaited<ReturnType<typeof calcApi.tierPrice>> | Awaited<ReturnType<typeof calcApi.retailPrice>>;
type Step = TierPriceResult['steps'][number];

/** One part of the result: its heading over a small table without paging. */
function ResultTable<T extends object>(p: {
  heading: string;
  testid: string;
  rowKey: keyof T & string;
  rows: T[];
  columns: TableColumnsType<T>;
}) {
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {p.heading}
      </Typography.Title>
      <SmallTable<T> rowKey={p.rowKey} dataSource={p.rows} data-testid={p.testid} columns={p.columns} />
    </>
  );
}

/** The unit price of a tier or a quantity, in the result's currency. */
const unitPriceColumn = (currency: string) => ({
  key: 'unit',
  title: PL('Field:UnitPrice'),
  align: 'right' as const,
  render: (_v: unknown, r: { unitPrice: string }) => `${r.unitPrice} ${currency}`,
});

interface Values {
  priceRuleId?: string;
  by: 'sku' | 'cost';
  sku?: string;
  cost?: string;
  weight?: number | null;
  countryCode?: string;
  quantities?: string;
}

const trimmed = (v: string | undefined) => v?.trim() || undefined;
const upper = (v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v);

/**
 * The price calculator: a rule, a SKU or a cost (with its weight when the rule estimates freight),
 * the destination; the price with each step of its computation, and the rule's tier table with
 * the prices of the quantities asked.
 */
export function Calculator({ rule }: { rule: PriceRuleDto | null }) {
  const [form] = Form.useForm<Values>();
  const by = Form.useWatch('by', form) ?? 'sku';
  const [result, setResult] = useState<Result | null>(null);
  const [problem, setProblem] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const rules = useQuery({ queryKey: [...pricingKeys.rules, 'all'], queryFn: () => priceRulesApi.all() }).data?.items;
  useEffect(() => {
    if (rule) form.setFieldValue('priceRuleId', rule.id);
  }, [rule, form]);

  const calculate = async (v: Values) => {
    if (!v.priceRuleId) return;
    const chosen = rules?.find((r) => r.id === v.priceRuleId) ?? rule;
    const q: CalcQuery = {
      priceRuleId: v.priceRuleId,
      ...(v.by === 'sku' ? { sku: trimmed(v.sku) } : { cost: trimmed(v.cost), weight: v.weight ?? undefined }),
      countryCode: trimmed(v.countryCode),
      quantities: trimmed(v.quantities),
    };
    setBusy(true);
    setProblem(null);
    try {
      // the tier table when the rule has tiers or quantities are asked, else the retail price alone
      setResult(q.quantities || chosen?.tierRuleCount ? await calcApi.tierPrice(q) : await calcApi.retailPrice(q));
    } catch (e) {
      setResult(null);
      applyServerErrors(form, e);
      if (e instanceof HttpError)
        setProblem(e.validationErrors.length ? e.validationErrors.map((x) => x.message) : [e.message]);
    } finally {
      setBusy(false);
    }
  };

  const tiers = result && 'tiers' in result ? result : null;
  return (
    <Card size="small" title={PL('Calculator')} data-testid="price-calculator">
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ by: 'sku', priceRuleId: rule?.id }}
        onFinish={calculate}
        onValuesChange={() => setProblem(null)}
      >
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item
              name="priceRuleId"
              label={PL('PriceRules')}
              rules={[{ required: true, message: PL('Calc:RuleRequired') }]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                options={rules?.map((r) => ({ value: r.id, label: r.name }))}
                data-testid="calc-rule"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="by" label={PL('Calc:By')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'sku', label: PL('Calc:BySku') },
                  { value: 'cost', label: PL('Calc:ByCost') },
                ]}
                data-testid="calc-by"
              />
            </Form.Item>
          </Col>
          {by === 'sku' ? (
            <Col xs={24} md={8}>
              <TextField name="sku" label={PL('Calc:Sku')} data-testid="calc-sku" />
            </Col>
          ) : (
            <>
              <Col xs={12} md={4}>
                <TextField name="cost" label={PL('Calc:Cost')} inputMode="decimal" data-testid="calc-cost" />
              </Col>
              <Col xs={12} md={4}>
                <Form.Item name="weight" label={PL('Calc:Weight')}>
                  <InputNumber style={{ width: '100%' }} min={1} precision={0} data-testid="calc-weight" />
                </Form.Item>
              </Col>
            </>
          )}
          <Col xs={12} md={6}>
            <Form.Item
              name="countryCode"
              label={PL('Calc:CountryCode')}
              extra={PL('Calc:CountryHint')}
              normalize={upper}
            >
              <Input maxLength={2} data-testid="calc-country" />
            </Form.Item>
          </Col>
          <Col xs={12} md={10}>
            <Form.Item name="quantities" label={PL('Calc:Quantities')} extra={PL('Calc:QuantitiesHint')}>
              <Input placeholder="1, 5, 10" data-testid="calc-quantities" />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" icon={<CalculatorOutlined />} loading={busy} data-testid="calc-submit">
          {PL('Calc:Calculate')}
        </Button>
      </Form>

      {problem && (
        <Alert type="error" showIcon style={{ marginTop: 16 }} title={problem.join(' ')} data-testid="calc-error" />
      )}
      {result && (
        <div style={{ marginTop: 16 }} data-testid="calc-result">
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
            <Descriptions.Item label={PL('Calc:Price')}>
              <Typography.Text strong style={{ fontSize: 18 }} data-testid="calc-price">
                {result.price} {result.currency}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={PL('Calc:Cost')}>
              {result.cost} {result.costCurrency} {result.sku ? `(${result.sku})` : ''}
            </Descriptions.Item>
            {result.freightChannel && (
              <Descriptions.Item label={PL('Calc:Channel')}>
                {result.freightChannel.carrierName} {result.freightChannel.channelName}
              </Descriptions.Item>
            )}
          </Descriptions>
          <ResultTable<Step>
            heading={PL('Calc:Steps')}
            testid="calc-steps"
            rowKey="key"
            rows={result.steps}
            columns={[
              { key: 'n', title: '#', width: 40, render: (_v, _r, i) => i + 1 },
              { key: 'label', title: PL('Calc:Step'), dataIndex: 'label' },
              {
                key: 'amount',
                title: PL('Calc:Amount'),
                dataIndex: 'amount',
                align: 'right',
                render: (v: string, r) => <span data-testid={`calc-step-${r.key}`}>{v}</span>,
              },
              { key: 'currency', title: PL('Calc:Currency'), dataIndex: 'currency', width: 80 },
            ]}
          />
          {tiers && tiers.tiers.length > 0 && (
            <ResultTable
              heading={PL('Calc:Tiers')}
              testid="calc-tiers"
              rowKey="tierPriceRuleId"
              rows={tiers.tiers}
              columns={[
                {
                  key: 'range',
                  title: PL('Field:Quantity'),
                  render: (_v, r) => `${r.minQuantity} – ${r.maxQuantity ?? PL('NoUpperBound')}`,
                },
                { key: 'discount', title: PL('Field:DiscountPct'), dataIndex: 'discountPct', align: 'right' },
                unitPriceColumn(tiers.currency),
              ]}
            />
          )}
          {tiers && tiers.quantities.length > 0 && (
            <ResultTable
              heading={PL('Calc:QuantityPrices')}
              testid="calc-quantity-prices"
              rowKey="quantity"
              rows={tiers.quantities}
              columns={[
                { key: 'q', title: PL('Field:Quantity'), dataIndex: 'quantity' },
                unitPriceColumn(tiers.currency),
                {
                  key: 'total',
                  title: PL('Field:Total'),
                  align: 'right',
                  render: (_v, r) => `${r.total} ${tiers.currency}`,
                },
              ]}
            />
          )}
        </div>
      )}
    </Card>
  );
}
