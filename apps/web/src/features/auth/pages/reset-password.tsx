import { useTranslation } from 'react-i18next';
import { resetPasswordByPhone } from '../api.ts';
import { PhoneAccountPage } from '../components/PhoneAccountForm.tsx';

interface ResetForm {
  tenant?: string;
  phoneNumber: string;
  code: string;
  newPassword: string;
  confirm: string;
}

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  return (
    <PhoneAccountPage<ResetForm>
      testid="reset"
      title={t('reset.title')}
      purpose="password-reset"
      send={(v) =>
        resetPasswordByPhone({
          phoneNumber: v.phoneNumber.trim(),
          code: v.code.trim(),
          newPassword: v.newPassword,
        })
      }
      done={t('reset.success')}
      password={{ name: 'newPassword', placeholder: t('reset.newPassword') }}
      submitLabel={t('reset.submit')}
    />
  );
}
