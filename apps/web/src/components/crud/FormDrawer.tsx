import { Button, Drawer, type DrawerProps, Form, type FormInstance } from 'antd';
import { type ReactNode, useState } from 'react';
import { applyServerErrors } from './zod-form.ts';

/**
 * Saving a hand-built form: `save(run)` keeps `saving` true while `run` goes, and shows a refusal
 * the server explains field by field under those fields (any other error is thrown on).
 */
export function useFormSave(form: FormInstance) {
  const [saving, setSaving] = useState(false);
  const save = async (run: () => Promise<unknown>) => {
    setSaving(true);
    try {
      await run();
    } catch (e) {
      if (!applyServerErrors(form, e)) throw e;
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}

export interface FormDrawerProps {
  title: ReactNode;
  /** The save button's text. */
  submitText: ReactNode;
  saving: boolean;
  onSubmit(): void;
  onClose(): void;
  /** The form's test id; its save button's is `<testid>-submit`. */
  testid: string;
  size?: DrawerProps['size'];
  form: FormInstance;
  initialValues?: object;
  /** The form's fields. */
  children: ReactNode;
}

/** An open drawer holding a hand-built vertical form, with its save button at the top. */
export function FormDrawer(p: FormDrawerProps) {
  return (
    <Drawer
      open
      size={p.size}
      title={p.title}
      onClose={p.onClose}
      destroyOnHidden
      extra={
        <Button type="primary" loading={p.saving} onClick={p.onSubmit} data-testid={`${p.testid}-submit`}>
          {p.submitText}
        </Button>
      }
    >
      <Form form={p.form} layout="vertical" data-testid={p.testid} initialValues={p.initialValues}>
        {p.children}
      </Form>
    </Drawer>
  );
}
