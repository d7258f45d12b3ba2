import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The 401 page, also shown for 403 (a signed-in user opening a page they may not see). */
export default function NoPermissionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      data-testid="page-401"
      title={t('error.noPermissionTitle')}
      subTitle={t('error.noPermissionMessage')}
      extra={
        <Space>
          <Button onClick={() => navigate(-1)}>{t('common.back')}</Button>
          <Button type="primary" onClick={() => navigate('/')}>
            {t('common.backHome')}
          </Button>
        </Space>
      }
    />
  );
}
