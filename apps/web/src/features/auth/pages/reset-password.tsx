import { LockOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../lib/session/store.ts';
import { useUi } from '../../../lib/ui-bridge.ts';
import { resetPasswordByPhone, resolveTenant, TenantNotAvailableError } from '../api.ts';
import { AuthError, AuthLayout } from '../components/AuthLayout.tsx';
import { PhoneCodeFields } from '../components/PhoneCodeFields.tsx';
import { chosenTenant, TenantField } from '../components/TenantField.tsx';

interface ResetForm {
  tenant?: string;
  phoneNumber: string;
  code: string;
  newPassword: string;
  confirm: string;
}

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const { message } = useUi();
  const navigate = useNavigate();
  const [form] = Form.useForm<ResetForm>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const checkTenant = async () => {
    try {
      const tenant = await resolveTenant(chosenTenant(form.getFieldValue('tenant')));
      useSession.getState().setTenant(tenant);
      setError(undefined);
    } catch (e) {
      if (e instanceof TenantNotAvailableError) setError(e.message);
      throw e;
    }
  };

  const submit = async (v: ResetForm) => {
    setBusy(true);
    try {
      await checkTenant();
      await resetPasswordByPhone({
        phoneNumber: v.phoneNumber.trim(),
        code: v.code.trim(),
        newPassword: v.newPassword,
      });
      message.success(t('reset.success'));
      navigate('/login', { replace: true });
    } catch {
      // shown by the tenant alert or the HTTP client's notification
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={t('reset.title')}>
      <AuthError message={error} />
      <Form<ResetForm>
        form={form}
        onFinish={submit}
        size="large"
        initialValues={{ tenant: useSession.getState().tenant?.name }}
      >
        <TenantField testid="reset-tenant" />
        <PhoneCodeFields form={form} purpose="password-reset" before={checkTenant} />
        <Form.Item
          name="newPassword"
          rules={[
            { required: true, message: t('login.passwordRequired') },
            { min: 6, message: t('register.passwordRule') },
          ]}
        >
          <Input.Password prefix={<LockOutlined />} placeholder={t('reset.newPassword')} data-testid="reset-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('login.passwordRequired') },
            ({ getFieldValue }) => ({
              validator: (_r, value) =>
                !value || getFieldValue('newPassword') === value
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('register.passwordMismatch'))),
            }),
          ]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('register.confirmPassword')}
            data-testid="reset-confirm"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="reset-submit">
          {t('reset.submit')}
        </Button>
        <div className="auth-links" style={{ marginTop: 12 }}>
          <Link to="/login">{t('login.backToLogin')}</Link>
        </div>
      </Form>
    </AuthLayout>
  );
}
