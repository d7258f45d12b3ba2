import { ExperimentOutlined } from '@ant-design/icons';
import { Button, Divider, Form, Modal } from 'antd';
import { LS, strategiesApi } from '../../freight-api.ts';
import {
  AttributesField,
  DestinationFields,
  OriginFields,
  SizeFields,
  useEstimateForm,
  ValueFields,
} from '../charge/parcel.tsx';
import { ExcludedList, OptionsBrief, StrategyOutcome } from '../charge/results.tsx';

const P = 'strategy-test';

export interface TestedStrategy {
  id: string;
  name: string;
}

/**
 * Runs one saved strategy on a parcel (`POST /api/logistics/freight-strategies/test`): which rule
 * matched, why the others were skipped, the channel picked (or the fallback), the options in short.
 */
export function TestPanel({ strategy, onClose }: { strategy: TestedStrategy | null; onClose(): void }) {
  return (
    <Modal
      open={!!strategy}
      title={strategy ? LS('TestTitle', strategy.name) : ''}
      onCancel={onClose}
      footer={null}
      width={880}
      destroyOnHidden
    >
      {strategy && <TestForm strategy={strategy} />}
    </Modal>
  );
}

function TestForm({ strategy }: { strategy: TestedStrategy }) {
  const { form, run, result, pending } = useEstimateForm((body) =>
    strategiesApi.test({ ...body, strategyId: strategy.id }),
  );
  return (
    <>
      <Form
        form={form}
        layout="vertical"
        onFinish={() => run('parcel')}
        onFinishFailed={() => run('parcel')}
        data-testid={`${P}-form`}
      >
        <DestinationFields prefix={P} />
        <OriginFields prefix={P} />
        <SizeFields prefix={P} />
        <ValueFields prefix={P} />
        <AttributesField prefix={P} />
        <Button
          type="primary"
          htmlType="submit"
          icon={<ExperimentOutlined />}
          loading={pending}
          data-testid={`${P}-submit`}
        >
          {LS('RunTest')}
        </Button>
      </Form>
      {result && (
        <>
          <Divider />
          <StrategyOutcome estimate={result} testid={`${P}-result`} />
          <div style={{ marginTop: 12 }}>
            <OptionsBrief estimate={result} testid={`${P}-options`} />
          </div>
          <div style={{ marginTop: 12 }}>
            <ExcludedList excluded={result.excluded} testid={`${P}-excluded`} />
          </div>
        </>
      )}
    </>
  );
}
