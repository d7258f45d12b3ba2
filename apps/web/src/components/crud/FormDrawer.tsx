import { Button, Drawer, type DrawerProps, type FormInstance } from 'antd';
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
  /** The save button's test id is `<testid>-submit`. */
  testid: string;
  size?: DrawerProps['size'];
  /** The form itself. */
  children: ReactNode;
}

/** An open drawer holding a hand-built form, with its save button at the top. */
export function FormDrawer({ title, submitText, saving, onSubmit, onClose, testid, size, children }: FormDrawerProps) {
  return (
    <Drawer
      open
      size={size}
      title={title}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Button type="primary" loading={saving} onClick={onSubmit} data-testid={`${testid}-submit`}>
          {submitText}
        </Button>
      }
    >
      {children}
    </Drawer>
  );
}
