import { CalculatorOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Form, Grid, Row, Segmented, Skeleton, Spin, Typography } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { freightApi, LF } from '../../freight-api.ts';
import {
  AttributesField,
  DestinationFields,
  OriginFields,
  type ParcelMode,
  SizeFields,
  SkuRows,
  StrategyField,
  useEstimateForm,
  ValueFields,
} from './parcel.tsx';
import { ExcludedList, OptionsTable, ParcelSummary, StrategyOutcome } from './results.tsx';

const CompareChart = lazy(() => import('./CompareChart.tsx'));

const P = 'estimate';

/**
 * /physical/Charge: the freight estimate. A parcel (weight and size, or catalogue SKUs) going to a
 * country is priced on every channel that can carry it: the strategy's pick, each option with its
 * breakdown, the channels left out and why, and total against transit days on a chart.
 */
export default function FreightEstimatePage() {
  const [mode, setMode] = useState<ParcelMode>('parcel');
  const { form, run, result, pending } = useEstimateForm(freightApi.estimate);
  const wide = Grid.useBreakpoint().xxl;
  const results = useRef<HTMLDivElement>(null);
  // on a narrow screen the results are under the form: bring each new one into view
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per result, not per resize
  useEffect(() => {
    if (result && !wide) results.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [result]);

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xxl={9}>
        <Card title={LF('Title')}>
          <Form
            form={form}
            layout="vertical"
            initialValues={{ items: [{ quantity: 1 }] }}
            onFinish={() => run(mode)}
            onFinishFailed={() => run(mode)}
            data-testid={`${P}-form`}
          >
            <Form.Item label={LF('ParcelBy')}>
              <Segmented<ParcelMode>
                value={mode}
                onChange={setMode}
                data-testid={`${P}-mode`}
                options={[
                  { value: 'parcel', label: <span data-testid={`${P}-mode-parcel`}>{LF('ModeParcel')}</span> },
                  { value: 'sku', label: <span data-testid={`${P}-mode-sku`}>{LF('ModeSkus')}</span> },
                ]}
              />
            </Form.Item>
            {mode === 'parcel' ? <SizeFields prefix={P} /> : <SkuRows prefix={P} />}
            <DestinationFields prefix={P} />
            <OriginFields prefix={P} />
            <ValueFields prefix={P} />
            <Row gutter={12}>
              <Col xs={24} md={12} xxl={24}>
                <AttributesField prefix={P} />
              </Col>
              <Col xs={24} md={12} xxl={24}>
                <StrategyField prefix={P} />
              </Col>
            </Row>
            <Button
              type="primary"
              htmlType="submit"
              icon={<CalculatorOutlined />}
              loading={pending}
              data-testid={`${P}-submit`}
            >
              {LF('Submit')}
            </Button>
          </Form>
        </Card>
      </Col>
      <Col xs={24} xxl={15} ref={results}>
        <Card title={LF('Results')} data-testid={`${P}-result`}>
          <Spin spinning={pending}>
            {result ? (
              <div style={{ display: 'flex', flexDirection: 'column', gap: 16, minWidth: 0 }}>
                <ParcelSummary estimate={result} />
                <StrategyOutcome estimate={result} testid={`${P}-strategy-result`} />
                <div>
                  <Typography.Title level={5}>{LF('Options', result.options.length)}</Typography.Title>
                  <OptionsTable estimate={result} />
                </div>
                <ExcludedList excluded={result.excluded} testid={`${P}-excluded`} />
                {result.options.length > 0 && (
                  <div>
                    <Typography.Title level={5}>{LF('Compare')}</Typography.Title>
                    <Suspense fallback={<Skeleton active />}>
                      <CompareChart estimate={result} />
                    </Suspense>
                  </div>
                )}
              </div>
            ) : (
              <Empty description={LF('EmptyHint')} data-testid={`${P}-empty`} />
            )}
          </Spin>
        </Card>
      </Col>
    </Row>
  );
}
