import { LockOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../lib/session/store.ts';
import { useUi } from '../../../lib/ui-bridge.ts';
import { registerByPhone, resolveTenant, TenantNotAvailableError } from '../api.ts';
import { AuthError, AuthLayout } from '../components/AuthLayout.tsx';
import { PhoneCodeFields } from '../components/PhoneCodeFields.tsx';
import { chosenTenant, TenantField } from '../components/TenantField.tsx';

interface RegisterForm {
  tenant?: string;
  phoneNumber: string;
  code: string;
  name?: string;
  userName?: string;
  emailAddress?: string;
  password: string;
  confirm: string;
}

export default function RegisterPage() {
  const { t } = useTranslation();
  const { message } = useUi();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterForm>();
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

  const submit = async (v: RegisterForm) => {
    setBusy(true);
    try {
      await checkTenant();
      await registerByPhone({
        phoneNumber: v.phoneNumber.trim(),
        code: v.code.trim(),
        password: v.password,
        name: v.name?.trim() || undefined,
        userName: v.userName?.trim() || undefined,
        emailAddress: v.emailAddress?.trim() || undefined,
      });
      message.success(t('register.success'));
      navigate('/login', { replace: true });
    } catch {
      // shown by the tenant alert or the HTTP client's notification
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={t('register.title')}>
      <AuthError message={error} />
      <Form<RegisterForm>
        form={form}
        onFinish={submit}
        size="large"
        initialValues={{ tenant: useSession.getState().tenant?.name }}
      >
        <TenantField testid="register-tenant" />
        <PhoneCodeFields form={form} purpose="register" before={checkTenant} />
        <Form.Item name="userName">
          <Input prefix={<UserOutlined />} placeholder={t('register.userName')} data-testid="register-username" />
        </Form.Item>
        <Form.Item name="name">
          <Input prefix={<UserOutlined />} placeholder={t('register.name')} data-testid="register-name" />
        </Form.Item>
        <Form.Item name="emailAddress" rules={[{ type: 'email', message: t('validation.email') }]}>
          <Input prefix={<MailOutlined />} placeholder={t('register.email')} data-testid="register-email" />
        </Form.Item>
        <Form.Item
          name="password"
          rules={[
            { required: true, message: t('login.passwordRequired') },
            { min: 6, message: t('register.passwordRule') },
          ]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('register.password')}
            data-testid="register-password"
          />
        </Form.Item>
        <Form.Item
          name="confirm"
          dependencies={['password']}
          rules={[
            { required: true, message: t('login.passwordRequired') },
            ({ getFieldValue }) => ({
              validator: (_r, value) =>
                !value || getFieldValue('password') === value
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('register.passwordMismatch'))),
            }),
          ]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('register.confirmPassword')}
            data-testid="register-confirm"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="register-submit">
          {t('register.submit')}
        </Button>
        <div className="auth-links" style={{ marginTop: 12 }}>
          <Link to="/login">{t('login.backToLogin')}</Link>
        </div>
      </Form>
    </AuthLayout>
  );
}
