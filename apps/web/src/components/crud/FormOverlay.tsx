import { Button, Divider, Drawer, Form, Input, type InputProps, Modal, Space } from 'antd';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useUi } from '../../lib/ui-bridge.ts';
import { type AnyObjectSchema, applyServerErrors, isRequired, parseForm, zodRule } from './zod-form.ts';

const SchemaContext = createContext<AnyObjectSchema | undefined>(undefined);

export interface FormOverlayProps<S extends AnyObjectSchema> {
  open: boolean;
  title: ReactNode;
  schema: S;
  /** 'drawer' (default) or 'modal'. */
  mode?: 'drawer' | 'modal';
  initialValues?: Partial<z.input<S>>;
  /** Receives the Zod-parsed values; throw to keep the form open (server field errors are mapped). */
  onSubmit(values: z.output<S>): Promise<unknown>;
  onClose(): void;
  width?: number;
  testid?: string;
  children: ReactNode;
}

/** A drawer or modal form whose fields validate with a Zod schema, client- and server-side errors alike. */
export function FormOverlay<S extends AnyObjectSchema>({
  open,
  title,
  schema,
  mode = 'drawer',
  initialValues,
  onSubmit,
  onClose,
  width = 520,
  testid,
  children,
}: FormOverlayProps<S>) {
  const { t } = useTranslation();
  const { message } = useUi();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(initialValues ?? {});
    }
  }, [open, initialValues, form]);

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const parsed = parseForm(schema, form.getFieldsValue(true), form);
    if (!parsed) return;
    setSaving(true);
    try {
      await onSubmit(parsed);
      message.success(t('crud.saved'));
      onClose();
    } catch (e) {
      applyServerErrors(form, e);
    } finally {
      setSaving(false);
    }
  };

  const body = (
    <SchemaContext value={schema}>
      <Form form={form} layout="vertical" onFinish={submit} data-testid={testid}>
        {children}
        <button type="submit" hidden aria-hidden />
      </Form>
    </SchemaContext>
  );
  const footer = (
    <Space>
      <Button onClick={onClose}>{t('common.cancel')}</Button>
      <Button
        type="primary"
        loading={saving}
        onClick={() => void submit()}
        data-testid={testid ? `${testid}-submit` : undefined}
      >
        {t('common.save')}
      </Button>
    </Space>
  );

  return mode === 'modal' ? (
    <Modal open={open} title={title} onCancel={onClose} footer={footer} width={width} destroyOnHidden forceRender>
      {body}
    </Modal>
  ) : (
    <Drawer open={open} title={title} onClose={onClose} size={width} extra={footer} destroyOnHidden forceRender>
      {body}
    </Drawer>
  );
}

export interface CrudFieldProps {
  name: string;
  label: ReactNode;
  children: ReactNode;
  extra?: ReactNode;
  valuePropName?: string;
}

/**
 * A form item validated by the overlay's Zod schema (required mark derived from it); outside a
 * {@link FormOverlay} a plain form item.
 */
export function CrudField({ name, label, children, extra, valuePropName }: CrudFieldProps) {
  const schema = useContext(SchemaContext);
  return (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      valuePropName={valuePropName}
      required={schema ? isRequired(schema, name) : undefined}
      rules={schema ? [zodRule(schema, name, typeof label === 'string' ? label : undefined)] : undefined}
    >
      {children}
    </Form.Item>
  );
}

export type TextFieldProps = Omit<CrudFieldProps, 'children' | 'valuePropName'> & Omit<InputProps, 'name'>;

/** A form's one-line text input in a {@link CrudField}; the input takes the other props (`data-testid` too). */
export function TextField({ name, label, extra, ...input }: TextFieldProps) {
  return (
    <CrudField name={name} label={label} extra={extra}>
      <Input {...input} />
    </CrudField>
  );
}

/** A decimal typed as text, so it reaches the schema exact (money, rates, percentages). */
export function DecimalField(props: TextFieldProps) {
  return <TextField inputMode="decimal" {...props} />;
}

/** A titled divider opening a section of a long form. */
export function FormSection({ title }: { title: ReactNode }) {
  return (
    <Divider titlePlacement="start" style={{ marginTop: 8 }}>
      {title}
    </Divider>
  );
}
