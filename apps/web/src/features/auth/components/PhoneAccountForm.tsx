import { LockOutlined } from '@ant-design/icons';
import { Button, Form, type FormInstance, Input } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../lib/session/store.ts';
import { useUi } from '../../../lib/ui-bridge.ts';
import { type CodePurpose, resolveTenant, TenantNotAvailableError } from '../api.ts';
import { AuthError, AuthLayout } from './AuthLayout.tsx';
import { PhoneCodeFields } from './PhoneCodeFields.tsx';
import { chosenTenant, TenantField } from './TenantField.tsx';

/** What every form verified by a phone holds: the tenant, the phone, the code sent to it, the password's confirmation. */
export interface PhoneAccountValues {
  tenant?: string;
  phoneNumber: string;
  code: string;
  confirm: string;
}

/** The phone and its code as the server takes them. */
export const phoneAndCode = (v: PhoneAccountValues) => ({ phoneNumber: v.phoneNumber.trim(), code: v.code.trim() });

/**
 * The state of a form verified by a code sent to a phone, in
 * the tenant chosen on it. The tenant is checked before the code is sent and again before the form
 * is; a tenant that is not available is shown above the form, other failures by the HTTP client's
 * notification. Once sent, the page says so and goes back to the sign-in page.
 */
function usePhoneAccountForm<T extends { tenant?: string }>(send: (values: T) => Promise<unknown>, done: string) {
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
function NewPasswordFields({
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
function SubmitOrBack({ busy, label, testid }: { busy: boolean; label: string; testid: string }) {
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

export interface PhoneAccountPageProps<T> {
  /** Prefix of the test ids: `-tenant`, `-password`, `-confirm`, `-submit`. */
  testid: string;
  title: string;
  purpose: CodePurpose;
  /** Sends the form; `done` is said once it is sent. */
  send(values: T): Promise<unknown>;
  done: string;
  /** The new password's field name and placeholder. */
  password: { name: string; placeholder: string };
  submitLabel: string;
  /** The page's own fields, between the phone code and the new password. */
  children?: ReactNode;
}

/**
 * What the register and reset-password pages share: a form verified by a code sent to a phone, in
 * the tenant chosen on it, that sets a new password; see {@link usePhoneAccountForm}.
 */
export function PhoneAccountPage<T extends { tenant?: string }>(p: PhoneAccountPageProps<T>) {
  const { form, busy, error, checkTenant, submit } = usePhoneAccountForm<T>(p.send, p.done);
  return (
    <AuthLayout title={p.title}>
      <AuthError message={error} />
      <Form<T>
        form={form}
        onFinish={submit}
        size="large"
        initialValues={{ tenant: useSession.getState().tenant?.name }}
      >
        <TenantField testid={`${p.testid}-tenant`} />
        <PhoneCodeFields form={form} purpose={p.purpose} before={checkTenant} />
        {p.children}
        <NewPasswordFields
          name={p.password.name}
          placeholder={p.password.placeholder}
          testid={`${p.testid}-password`}
          confirmTestid={`${p.testid}-confirm`}
        />
        <SubmitOrBack busy={busy} label={p.submitLabel} testid={`${p.testid}-submit`} />
      </Form>
    </AuthLayout>
  );
}
