import { useTranslation } from 'react-i18next';
import { resetPasswordByPhone } from '../api.ts';
import { PhoneAccountPage, type PhoneAccountValues, phoneAndCode } from '../components/PhoneAccountForm.tsx';

interface ResetForm extends PhoneAccountValues {
  newPassword: string;
}

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  return (
    <PhoneAccountPage<ResetForm>
      testid="reset"
      title={t('reset.title')}
      purpose="password-reset"
      send={(v) => resetPasswordByPhone({ ...phoneAndCode(v), newPassword: v.newPassword })}
      done={t('reset.success')}
      password={{ name: 'newPassword', placeholder: t('reset.newPassword') }}
      submitLabel={t('reset.submit')}
    />
  );
}
