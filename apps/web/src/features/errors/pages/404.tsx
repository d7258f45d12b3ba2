import { useTranslation } from 'react-i18next';
import { ErrorResult } from '../components/ErrorResult.tsx';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <ErrorResult status="404" testid="page-404" title={t('error.notFoundTitle')} message={t('error.notFoundMessage')} />
  );
}
