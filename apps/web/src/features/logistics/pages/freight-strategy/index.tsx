import { ExperimentOutlined } from '@ant-design/icons';
import { type ParcelAttribute, strategyInput } from '@seller/contracts/logistics';
import { Button, Col, Form, Input, InputNumber, Row, Switch } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { activeColumn, CrudField, ResourcePage, resourceTitles, TextField } from '../../../../components/crud/index.ts';
import { LinkButton } from '../../../../components/LinkButton.tsx';
import { LL } from '../../api.ts';
import { LS, type StrategyDto, strategiesApi } from '../../freight-api.ts';
import { blankRule, RuleFields } from './RuleFields.tsx';
import { type TestedStrategy, TestPanel } from './TestPanel.tsx';

/** The strategy's input; the id of a saved one rides along (for its test) and is not sent. */
const schema = () => strategyInput.extend({ id: z.string().optional() });

/** /physical/FreightStrategy: freight strategies, each an ordered list of rules that pick a channel. */
export default function FreightStrategiesPage() {
  const [testing, setTesting] = useState<TestedStrategy | null>(null);
  return (
    <>
      <ResourcePage<StrategyDto, ReturnType<typeof schema>>
        testid="strategies"
        queryKey={['logistics', 'freight-strategies']}
        {...resourceTitles(LS, 'FreightStrategies', 'New', 'Edit')}
        permission="Logistics.FreightStrategies"
        api={strategiesApi}
        defaultSorting="priority asc"
        label={(r) => r.name}
        formWidth={960}
        columns={[
          { key: 'name', title: LS('Name'), dataIndex: 'name', sortField: 'name' },
          { key: 'priority', title: LS('Priority'), dataIndex: 'priority', sortField: 'priority', width: 90 },
          activeColumn(LS('IsActive'), { active: LL('Active'), inactive: LL('Inactive') }),
          {
            key: 'rules',
            title: LS('RuleCount'),
            width: 80,
            render: (_v, r) => r.rules.length,
          },
          { key: 'description', title: LS('Description'), dataIndex: 'description', ellipsis: true },
          {
            key: 'test',
            title: LS('Test'),
            fit: { texts: [LS('Test')] },
            render: (_v, r) => (
              <LinkButton
                icon={<ExperimentOutlined />}
                onClick={() => setTesting({ id: r.id, name: r.name })}
                data-testid={`strategies-test-${r.name}`}
              >
                {LS('Test')}
              </LinkButton>
            ),
          },
        ]}
        schema={schema}
        blank={{ name: '', priority: 100, isActive: true, description: '', rules: [blankRule()] }}
        toForm={(r) => ({
          ...r,
          description: r.description ?? '',
          rules: r.rules.map((rule) => ({
            ...rule,
            attributesAny: rule.attributesAny as ParcelAttribute[],
            attributesNone: rule.attributesNone as ParcelAttribute[],
          })),
        })}
        toInput={({ id: _id, ...input }) => input}
        fields={
          <>
            <Row gutter={12}>
              <Col xs={24} sm={12}>
                <TextField name="name" label={LS('Name')} autoFocus maxLength={64} data-testid="strategy-name" />
              </Col>
              <Col xs={12} sm={6}>
                <CrudField name="priority" label={LS('Priority')} extra={LS('PriorityHint')}>
                  <InputNumber
                    min={0}
                    max={10000}
                    precision={0}
                    style={{ width: '100%' }}
                    data-testid="strategy-priority"
                  />
                </CrudField>
              </Col>
              <Col xs={12} sm={6}>
                <CrudField name="isActive" label={LS('IsActive')} valuePropName="checked">
                  <Switch
                    checkedChildren={LL('Active')}
                    unCheckedChildren={LL('Inactive')}
                    data-testid="strategy-active"
                  />
                </CrudField>
              </Col>
            </Row>
            <CrudField name="description" label={LS('Description')}>
              <Input.TextArea rows={2} maxLength={512} data-testid="strategy-description" />
            </CrudField>
            <SavedStrategyTest />
            <RuleFields />
          </>
        }
      />
      <TestPanel strategy={testing} onClose={() => setTesting(null)} />
    </>
  );
}

/** In the form of a saved strategy: its test (of what is saved, not of unsaved changes). */
function SavedStrategyTest() {
  const id = Form.useWatch('id', { preserve: true }) as string | undefined;
  const form = Form.useFormInstance();
  const [testing, setTesting] = useState<TestedStrategy | null>(null);
  if (!id) return null;
  return (
    <Form.Item extra={LS('TestSavedHint')}>
      <Button
        icon={<ExperimentOutlined />}
        onClick={() => setTesting({ id, name: form.getFieldValue('name') as string })}
        data-testid="strategy-test-open"
      >
        {LS('TestThis')}
      </Button>
      <TestPanel strategy={testing} onClose={() => setTesting(null)} />
    </Form.Item>
  );
}
