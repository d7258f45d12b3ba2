import { type FeeMode, rateRowInput } from '@seller/contracts/logistics';
import { Button, Col, DatePicker, Form, type FormInstance, Input, InputNumber, Modal, Row, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRequired, parseForm, zodValueRule } from '../../../../components/crud/index.ts';
import { feeModeOptions, LL } from '../../api.ts';
import { blankRow, type EditRow, GRAM_MEMBERS, memberLabel, membersOf, priceMembers } from './rate-rows.ts';

const shape = rateRowInput.shape;
type Member = keyof typeof shape;

export interface RateRowFormProps {
  /** The row edited, `new` for a new one, null when closed. */
  row: EditRow | 'new' | null;
  /** Changes with each opening (the dialog keeps its content while it closes). */
  opening: number;
  /** Messages on the row's members (the server's or the table check's). */
  errors?: Record<string, string[]>;
  zones: { value: string; label: string }[];
  onSubmit(row: Omit<EditRow, 'key'>): void;
  onClose(): void;
}

/** One rate row in a dialog: zone, band, fee mode with the members it needs, effective dates. */
export function RateRowForm({ row, opening, errors, zones, onSubmit, onClose }: RateRowFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  return (
    <Modal
      open={!!row}
      title={LL(row === 'new' ? 'Rate:NewRow' : 'Rate:EditRow')}
      onCancel={onClose}
      destroyOnHidden
      width={560}
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" onClick={() => form.submit()} data-testid="rate-row-submit">
            {t('common.ok')}
          </Button>
        </Space>
      }
    >
      {row && <RowFields key={opening} form={form} row={row} errors={errors} zones={zones} onSubmit={onSubmit} />}
    </Modal>
  );
}

const dateProps = {
  getValueProps: (v: string | null | undefined) => ({ value: v ? dayjs(v) : null }),
  normalize: (d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null),
};

function RowFields({
  form,
  row,
  errors,
  zones,
  onSubmit,
}: Pick<RateRowFormProps, 'errors' | 'zones' | 'onSubmit'> & { form: FormInstance; row: EditRow | 'new' }) {
  const feeMode: FeeMode = Form.useWatch('feeMode', form) ?? (row === 'new' ? 'FIRST_ADDITIONAL' : row.feeMode);

  // the form instance outlives the dialog's content: start from this row, with the refusals it came with
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opening
  useEffect(() => {
    form.resetFields();
    if (errors) form.setFields(Object.entries(errors).map(([name, list]) => ({ name, errors: list })));
  }, []);

  const item = (name: Member, input: ReactNode) => (
    <Form.Item
      name={name}
      label={memberLabel(name)}
      required={isRequired(rateRowInput, name) || membersOf(feeMode).includes(name)}
      rules={[zodValueRule(shape[name], memberLabel(name))]}
      {...(name === 'effectiveFrom' || name === 'effectiveTo' ? dateProps : {})}
    >
      {input}
    </Form.Item>
  );
  const grams = (testid: string) => (
    <InputNumber style={{ width: '100%' }} min={0} precision={0} data-testid={testid} />
  );

  const submit = () => {
    const parsed = parseForm(rateRowInput, form.getFieldsValue(true), form);
    if (!parsed) return;
    // the members of other fee modes are left out
    const members = membersOf(parsed.feeMode);
    const cleared = Object.fromEntries(priceMembers.filter((m) => !members.includes(m)).map((m) => [m, null]));
    onSubmit({
      ...parsed,
      ...cleared,
      zoneName: zones.find((z) => z.value === parsed.zoneId)?.label ?? (row === 'new' ? '' : row.zoneName),
    } as Omit<EditRow, 'key'>);
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={row === 'new' ? blankRow() : row}
      onFinish={submit}
      data-testid="rate-row-form"
    >
      {item(
        'zoneId',
        <Select autoFocus showSearch={{ optionFilterProp: 'label' }} options={zones} data-testid="rate-zone" />,
      )}
      <Row gutter={12}>
        <Col xs={12}>{item('weightFrom', grams('rate-weight-from'))}</Col>
        <Col xs={12}>{item('weightTo', grams('rate-weight-to'))}</Col>
      </Row>
      {item('feeMode', <Select options={feeModeOptions()} data-testid="rate-fee-mode" />)}
      <Row gutter={12}>
        {membersOf(feeMode).map((m) => (
          <Col xs={12} key={m}>
            {item(
              m as Member,
              GRAM_MEMBERS.has(m) ? grams(`rate-${m}`) : <Input inputMode="decimal" data-testid={`rate-${m}`} />,
            )}
          </Col>
        ))}
      </Row>
      <Row gutter={12}>
        <Col xs={12}>
          {item('effectiveFrom', <DatePicker style={{ width: '100%' }} data-testid="rate-effective-from" />)}
        </Col>
        <Col xs={12}>
          {item('effectiveTo', <DatePicker style={{ width: '100%' }} data-testid="rate-effective-to" />)}
        </Col>
      </Row>
      <button type="submit" hidden aria-hidden />
    </Form>
  );
}
