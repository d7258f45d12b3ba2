import { useTranslation } from 'react-i18next';
import { ErrorResult } from '../components/ErrorResult.tsx';

/** The 401 page, also shown for 403 (a signed-in user opening a page they may not see). */
export default function NoPermissionPage() {
  const { t } = useTranslation();
  return (
    <ErrorResult
      status="403"
      testid="page-401"
      title={t('error.noPermissionTitle')}
      message={t('error.noPermissionMessage')}
      back
    />
  );
}
