import { LockOutlined } from '@ant-design/icons';
import { Button, Form, type FormInstance, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../lib/session/store.ts';
import { useUi } from '../../../lib/ui-bridge.ts';
import { resolveTenant, TenantNotAvailableError } from '../api.ts';
import { chosenTenant } from './TenantField.tsx';

/**
 * What the register and reset-password pages share: a form verified by a code sent to a phone, in
 * the tenant chosen on it. The tenant is checked before the code is sent and again before the form
 * is; a tenant that is not available is shown above the form, other failures by the HTTP client's
 * notification. Once sent, the page says so and goes back to the sign-in page.
 */
export function usePhoneAccountForm<T extends { tenant?: string }>(
  send: (values: T) => Promise<unknown>,
  done: string,
) {
  const { message } = useUi();
  const navigate = useNavigate();
  const [form] = Form.useForm<T>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const checkTenant = async () => {
    try {
      const tenant = await resolveTenant(chosenTenant((form as FormInstance).getFieldValue('tenant')));
      useSession.getState().setTenant(tenant);
      setError(undefined);
    } catch (e) {
      if (e instanceof TenantNotAvailableError) setError(e.message);
      throw e;
    }
  };

  const submit = async (values: T) => {
    setBusy(true);
    try {
      await checkTenant();
      await send(values);
      message.success(done);
      navigate('/login', { replace: true });
    } catch {
      // shown by the tenant alert or the HTTP client's notification
    } finally {
      setBusy(false);
    }
  };

  return { form, busy, error, checkTenant, submit };
}

/** A new password (`name`) and its confirmation (`confirm`), which must match it. */
export function NewPasswordFields({
  name,
  placeholder,
  testid,
  confirmTestid,
}: {
  name: string;
  placeholder: string;
  testid: string;
  confirmTestid: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name={name}
        rules={[
          { required: true, message: t('login.passwordRequired') },
          { min: 6, message: t('register.passwordRule') },
        ]}
      >
        <Input.Password prefix={<LockOutlined />} placeholder={placeholder} data-testid={testid} />
      </Form.Item>
      <Form.Item
        name="confirm"
        dependencies={[name]}
        rules={[
          { required: true, message: t('login.passwordRequired') },
          ({ getFieldValue }) => ({
            validator: (_r, value) =>
              !value || getFieldValue(name) === value
                ? Promise.resolve()
                : Promise.reject(new Error(t('register.passwordMismatch'))),
          }),
        ]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('register.confirmPassword')}
          data-testid={confirmTestid}
        />
      </Form.Item>
    </>
  );
}

/** The form's submit button, and the way back to the sign-in page. */
export function SubmitOrBack({ busy, label, testid }: { busy: boolean; label: string; testid: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Button type="primary" htmlType="submit" block loading={busy} data-testid={testid}>
        {label}
      </Button>
      <div className="auth-links" style={{ marginTop: 12 }}>
        <Link to="/login">{t('login.backToLogin')}</Link>
      </div>
    </>
  );
}
