import { MailOutlined, UserOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session/store.ts';
import { registerByPhone } from '../api.ts';
import { AuthError, AuthLayout } from '../components/AuthLayout.tsx';
import { NewPasswordFields, SubmitOrBack, usePhoneAccountForm } from '../components/PhoneAccountForm.tsx';
import { PhoneCodeFields } from '../components/PhoneCodeFields.tsx';
import { TenantField } from '../components/TenantField.tsx';

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
  const { form, busy, error, checkTenant, submit } = usePhoneAccountForm<RegisterForm>(
    (v) =>
      registerByPhone({
        phoneNumber: v.phoneNumber.trim(),
        code: v.code.trim(),
        password: v.password,
        name: v.name?.trim() || undefined,
        userName: v.userName?.trim() || undefined,
        emailAddress: v.emailAddress?.trim() || undefined,
      }),
    t('register.success'),
  );

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
        <NewPasswordFields
          name="password"
          placeholder={t('register.password')}
          testid="register-password"
          confirmTestid="register-confirm"
        />
        <SubmitOrBack busy={busy} label={t('register.submit')} testid="register-submit" />
      </Form>
    </AuthLayout>
  );
}
