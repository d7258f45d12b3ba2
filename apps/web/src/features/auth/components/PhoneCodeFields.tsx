import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Form, type FormInstance, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUi } from '../../../lib/ui-bridge.ts';
import { type CodePurpose, PHONE_PATTERN, sendPhoneCode } from '../api.ts';
import { SmsCodeButton } from './SmsCodeButton.tsx';

/** Phone number + verification code with the resend countdown, for register and reset. */
export function PhoneCodeFields({
  form,
  purpose,
  before,
}: {
  form: FormInstance;
  purpose: CodePurpose;
  /** Runs before sending (e.g. the tenant check); throwing aborts. */
  before?: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { message } = useUi();
  const send = async () => {
    try {
      await form.validateFields(['phoneNumber']);
      await before?.();
      await sendPhoneCode(purpose, String(form.getFieldValue('phoneNumber')).trim());
      message.success(t('login.codeSent'));
      return true;
    } catch {
      return false;
    }
  };
  return (
    <>
      <Form.Item
        name="phoneNumber"
        rules={[
          { required: true, whitespace: true, message: t('login.phoneRequired') },
          { pattern: PHONE_PATTERN, message: t('login.phoneInvalid') },
        ]}
      >
        <Input prefix={<MobileOutlined />} placeholder={t('login.phoneNumber')} data-testid={`${purpose}-phone`} />
      </Form.Item>
      <div className="auth-code-row">
        <Form.Item
          name="code"
          style={{ flex: 1 }}
          rules={[{ required: true, whitespace: true, message: t('login.codeRequired') }]}
        >
          <Input prefix={<SafetyOutlined />} placeholder={t('login.code')} data-testid={`${purpose}-code`} />
        </Form.Item>
        <SmsCodeButton onSend={send} testid={`${purpose}-send-code`} />
      </div>
    </>
  );
}
