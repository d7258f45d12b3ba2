import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session/store.ts';
import { resetPasswordByPhone } from '../api.ts';
import { AuthError, AuthLayout } from '../components/AuthLayout.tsx';
import { NewPasswordFields, SubmitOrBack, usePhoneAccountForm } from '../components/PhoneAccountForm.tsx';
import { PhoneCodeFields } from '../components/PhoneCodeFields.tsx';
import { TenantField } from '../components/TenantField.tsx';

interface ResetForm {
  tenant?: string;
  phoneNumber: string;
  code: string;
  newPassword: string;
  confirm: string;
}

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const { form, busy, error, checkTenant, submit } = usePhoneAccountForm<ResetForm>(
    (v) =>
      resetPasswordByPhone({
        phoneNumber: v.phoneNumber.trim(),
        code: v.code.trim(),
        newPassword: v.newPassword,
      }),
    t('reset.success'),
  );

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
        <NewPasswordFields
          name="newPassword"
          placeholder={t('reset.newPassword')}
          testid="reset-password"
          confirmTestid="reset-confirm"
        />
        <SubmitOrBack busy={busy} label={t('reset.submit')} testid="reset-submit" />
      </Form>
    </AuthLayout>
  );
}
