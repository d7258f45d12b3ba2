import { MailOutlined, UserOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { registerByPhone } from '../api.ts';
import { PhoneAccountPage, type PhoneAccountValues, phoneAndCode } from '../components/PhoneAccountForm.tsx';

interface RegisterForm extends PhoneAccountValues {
  name?: string;
  userName?: string;
  emailAddress?: string;
  password: string;
}

export default function RegisterPage() {
  const { t } = useTranslation();
  return (
    <PhoneAccountPage<RegisterForm>
      testid="register"
      title={t('register.title')}
      purpose="register"
      send={(v) =>
        registerByPhone({
          ...phoneAndCode(v),
          password: v.password,
          name: v.name?.trim() || undefined,
          userName: v.userName?.trim() || undefined,
          emailAddress: v.emailAddress?.trim() || undefined,
        })
      }
      done={t('register.success')}
      password={{ name: 'password', placeholder: t('register.password') }}
      submitLabel={t('register.submit')}
    >
      <Form.Item name="userName">
        <Input prefix={<UserOutlined />} placeholder={t('register.userName')} data-testid="register-username" />
      </Form.Item>
      <Form.Item name="name">
        <Input prefix={<UserOutlined />} placeholder={t('register.name')} data-testid="register-name" />
      </Form.Item>
      <Form.Item name="emailAddress" rules={[{ type: 'email', message: t('validation.email') }]}>
        <Input prefix={<MailOutlined />} placeholder={t('register.email')} data-testid="register-email" />
      </Form.Item>
    </PhoneAccountPage>
  );
}
